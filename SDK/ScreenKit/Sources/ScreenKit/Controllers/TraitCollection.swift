/// The environment a controller's content adapts to, as `UITraitCollection`.
///
/// The scene sets it on its ``Window``; every controller gets it from its parent (or its
/// window) and hears `traitCollectionDidChange(_:)` when it changes.
public struct TraitCollection: Sendable, Hashable, CustomStringConvertible {
  /// Light or dark appearance.
  public enum UserInterfaceStyle: String, Sendable, Hashable, CaseIterable {
    /// Not set.
    case unspecified
    /// Light.
    case light
    /// Dark.
    case dark
  }

  /// A coarse width or height class.
  public enum SizeClass: String, Sendable, Hashable, CaseIterable {
    /// Not set.
    case unspecified
    /// Compact (a phone's width, or a phone's height in landscape).
    case compact
    /// Regular.
    case regular
  }

  /// The user's preferred text size, as `UIContentSizeCategory`.
  public enum ContentSizeCategory: String, Sendable, Hashable, CaseIterable {
    /// Not set.
    case unspecified
    /// The `extraSmall` text size.
    case extraSmall
    /// The `small` text size.
    case small
    /// The `medium` text size.
    case medium
    /// The `large` text size.
    case large
    /// The `extraLarge` text size.
    case extraLarge
    /// The `extraExtraLarge` text size.
    case extraExtraLarge
    /// The `extraExtraExtraLarge` text size.
    case extraExtraExtraLarge
    /// The `accessibilityMedium` text size.
    case accessibilityMedium
    /// The `accessibilityLarge` text size.
    case accessibilityLarge
    /// The `accessibilityExtraLarge` text size.
    case accessibilityExtraLarge
    /// The `accessibilityExtraExtraLarge` text size.
    case accessibilityExtraExtraLarge
    /// The `accessibilityExtraExtraExtraLarge` text size.
    case accessibilityExtraExtraExtraLarge

    /// Whether this is one of the accessibility sizes.
    public var isAccessibilityCategory: Bool { rawValue.hasPrefix("accessibility") }
  }

  /// Light or dark.
  public var userInterfaceStyle: UserInterfaceStyle
  /// The width class.
  public var horizontalSizeClass: SizeClass
  /// The height class.
  public var verticalSizeClass: SizeClass
  /// Pixels per point.
  public var displayScale: Double
  /// The preferred text size.
  public var preferredContentSizeCategory: ContentSizeCategory
  /// The direction of the scene's language (see ``LayoutDirection``).
  public var layoutDirection: LayoutDirection
  /// Normal or increased contrast (see ``AccessibilityContrast``).
  public var accessibilityContrast: AccessibilityContrast

  /// A trait collection; unspecified values by default (scale 1, content size `large`).
  public init(
    userInterfaceStyle: UserInterfaceStyle = .unspecified,
    horizontalSizeClass: SizeClass = .unspecified, verticalSizeClass: SizeClass = .unspecified,
    displayScale: Double = 1, preferredContentSizeCategory: ContentSizeCategory = .large,
    layoutDirection: LayoutDirection = .unspecified,
    accessibilityContrast: AccessibilityContrast = .unspecified
  ) {
    self.userInterfaceStyle = userInterfaceStyle
    self.horizontalSizeClass = horizontalSizeClass
    self.verticalSizeClass = verticalSizeClass
    self.displayScale = displayScale
    self.preferredContentSizeCategory = preferredContentSizeCategory
    self.layoutDirection = layoutDirection
    self.accessibilityContrast = accessibilityContrast
  }

  /// `style=light h=compact v=regular scale=2 size=large`, with ` direction=rightToLeft`
  /// when the direction is right to left and ` contrast=high` when the contrast is high.
  public var description: String {
    let direction = layoutDirection == .rightToLeft ? " direction=rightToLeft" : ""
    let contrast = accessibilityContrast == .high ? " contrast=high" : ""
    return
      "style=\(userInterfaceStyle.rawValue) h=\(horizontalSizeClass.rawValue) v=\(verticalSizeClass.rawValue) scale=\(displayScale) size=\(preferredContentSizeCategory.rawValue)\(direction)\(contrast)"
  }
}

extension ViewController {
  /// The traits of the controller's environment: its parent's, or its window's, or the
  /// presenting controller's; the default collection when it is in none.
  public var traitCollection: TraitCollection {
    if let parent { return parent.traitCollection }
    if let window = viewIfLoaded?.window { return window.traitCollection }
    if let presenting = presentingViewController { return presenting.traitCollection }
    return lifecycle.traitCollection ?? TraitCollection()
  }

  /// Tells this controller and, after it, every child and presented controller that the
  /// traits changed from `previous`.
  func propagateTraitChange(from previous: TraitCollection) {
    lifecycle.traitCollection = traitCollection
    traitCollectionDidChange(previous)
    for child in children { child.propagateTraitChange(from: previous) }
    lifecycle.presentedViewController?.propagateTraitChange(from: previous)
  }
}
