/// Layout direction: how a view's leading and trailing edges map to left and right.
///
/// UIKit's rules (`UIView.effectiveUserInterfaceLayoutDirection`): a view whose
/// `semanticContentAttribute` forces a direction takes it, and so does everything inside it
/// (their trait collection's direction); `.playback` and `.spatial` views stay left to right
/// themselves; every other view follows its trait direction: the nearest ancestor that forces
/// one, else its window's `traitCollection.layoutDirection` (from the scene's locale).
///
/// Frames stay in left-origin coordinates whatever the direction: a right-to-left layout
/// places views mirrored, it does not change what `x` means.
extension View {
  /// Whether any window or view has asked for a right-to-left layout in this process: until
  /// then every view is left to right without looking (the layout engine's fast path).
  static var rightToLeftInUse = false

  /// How the view's content flips in right-to-left layouts (`.unspecified` by default).
  /// Setting it lays the view and its subviews out again.
  public var semanticContentAttribute: SemanticContentAttribute {
    get { layoutState.semanticContentAttribute }
    set {
      guard newValue != layoutState.semanticContentAttribute else { return }
      layoutState.rare.semanticContentAttribute = newValue
      if newValue == .forceRightToLeft { View.rightToLeftInUse = true }
      markSubtreeForDirectionChange()
      superview?.setNeedsLayout()
    }
  }

  /// The direction of the view's own content (see the extension's rules).
  public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
    isRightToLeft ? .rightToLeft : .leftToRight
  }

  /// The direction a view with `attribute` has in the current trait collection's direction
  /// (`TraitCollection.current`, the scene being served), as
  /// `UIView.userInterfaceLayoutDirection(for:)`.
  public static func userInterfaceLayoutDirection(for attribute: SemanticContentAttribute)
    -> UserInterfaceLayoutDirection
  {
    let direction: UserInterfaceLayoutDirection =
      TraitCollection.current.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
    return userInterfaceLayoutDirection(for: attribute, relativeTo: direction)
  }

  /// The direction a view with `attribute` has inside a layout running `direction`, as
  /// `UIView.userInterfaceLayoutDirection(for:relativeTo:)`.
  public static func userInterfaceLayoutDirection(
    for attribute: SemanticContentAttribute, relativeTo direction: UserInterfaceLayoutDirection
  ) -> UserInterfaceLayoutDirection {
    switch attribute {
    case .forceLeftToRight, .playback, .spatial: .leftToRight
    case .forceRightToLeft: .rightToLeft
    case .unspecified: direction
    }
  }

  /// Whether the view's effective direction is right to left; false at once while no
  /// right-to-left layout was ever asked for.
  var isRightToLeft: Bool {
    guard View.rightToLeftInUse else { return false }
    switch layoutState.semanticContentAttribute {
    case .forceLeftToRight, .playback, .spatial: return false
    case .forceRightToLeft: return true
    case .unspecified: return inheritsRightToLeft
    }
  }

  /// The view's trait direction: the nearest ancestor's forced direction, else the window's.
  private var inheritsRightToLeft: Bool {
    if let window = self as? Window {
      return window.traitCollection.layoutDirection == .rightToLeft
    }
    var current = superview
    while let view = current {
      switch view.layoutState.semanticContentAttribute {
      case .forceLeftToRight: return false
      case .forceRightToLeft: return true
      default: break
      }
      if let window = view as? Window {
        return window.traitCollection.layoutDirection == .rightToLeft
      }
      current = view.superview
    }
    return false
  }

  /// Lays the view and everything inside it out again, and has clients draw them again:
  /// the direction of each changed.
  func markSubtreeForDirectionChange() {
    layoutState.cachedIntrinsicSize = nil
    setNeedsLayout()
    setNeedsDisplay()
    for subview in subviews { subview.markSubtreeForDirectionChange() }
  }
}

extension View {
  /// Mirrors the frames of `views` (subviews this view just placed by hand, left to right)
  /// across its width when it lays out right to left: `x' = width − x − w`. Views that lay
  /// out their subviews in code place them as if left to right and call this last, as UIKit's
  /// own controls flip their hand-made layouts.
  func mirrorPlacedSubviews(_ views: [View?], width: Double? = nil) {
    guard View.rightToLeftInUse, isRightToLeft else { return }
    let width = width ?? frame.width
    for case let view? in views {
      var frame = view.frame
      frame.origin.x = width - frame.maxX
      if frame != view.frame { view.frame = frame }
    }
  }
}
