/// A text field's overlay views (left view, right view, clear button) and the rectangles
/// UIKit's `UITextField` lays them out in.
///
/// UIKit documents the methods (`textRect(forBounds:)`, `leftViewRect(forBounds:)`,
/// `rightViewRect(forBounds:)`, `clearButtonRect(forBounds:)`) but not their figures; ScreenKit
/// places the left view flush with the leading edge and the right view flush with the
/// trailing edge, each at its own size and centred vertically, as UIKit does for every
/// border style, and the clear button as a 19-point square (the size of UIKit's clear glyph)
/// 6 points in from the trailing edge, or left of a shown right view. The text takes what
/// lies between, inside the border style's padding.
extension TextField {
  /// The side of the clear button's square.
  public static let clearButtonSide = 19.0
  /// The gap between the clear button and the trailing edge (or the right view).
  public static let clearButtonTrailingGap = 6.0

  /// Whether the clear button shows now: the mode allows it in the current editing state
  /// and the field has text (UIKit hides it over an empty field).
  public var isClearButtonShown: Bool {
    !(text ?? "").isEmpty && shows(clearButtonMode)
  }

  /// Whether the left view shows now.
  public var isLeftViewShown: Bool { leftView != nil && shows(leftViewMode) }

  /// Whether the right view shows now.
  public var isRightViewShown: Bool { rightView != nil && shows(rightViewMode) }

  /// Where the left view goes in `bounds`: flush with the leading edge, at its size,
  /// centred vertically.
  public func leftViewRect(forBounds bounds: Rect) -> Rect {
    let size = accessorySize(leftView)
    return Rect(
      x: bounds.minX, y: bounds.minY + (bounds.height - size.height) / 2, width: size.width,
      height: size.height)
  }

  /// Where the right view goes in `bounds`: flush with the trailing edge, at its size,
  /// centred vertically.
  public func rightViewRect(forBounds bounds: Rect) -> Rect {
    let size = accessorySize(rightView)
    return Rect(
      x: bounds.maxX - size.width, y: bounds.minY + (bounds.height - size.height) / 2,
      width: size.width, height: size.height)
  }

  /// Where the clear button goes in `bounds`: a 19-point square, 6 points in from the
  /// trailing edge or from a shown right view, centred vertically.
  public func clearButtonRect(forBounds bounds: Rect) -> Rect {
    let side = TextField.clearButtonSide
    let trailing = isRightViewShown ? rightViewRect(forBounds: bounds).minX : bounds.maxX
    return Rect(
      x: trailing - TextField.clearButtonTrailingGap - side,
      y: bounds.minY + (bounds.height - side) / 2, width: side, height: side)
  }

  /// Where the text is drawn in `bounds`: inside the border style's padding, right of a
  /// shown left view and left of a shown clear button or right view.
  public func textRect(forBounds bounds: Rect) -> Rect {
    let padding = textPadding
    var minX = bounds.minX + padding.horizontal
    var maxX = bounds.maxX - padding.horizontal
    if isLeftViewShown { minX = max(minX, leftViewRect(forBounds: bounds).maxX) }
    if isClearButtonShown {
      maxX = min(maxX, clearButtonRect(forBounds: bounds).minX)
    } else if isRightViewShown {
      maxX = min(maxX, rightViewRect(forBounds: bounds).minX)
    }
    return Rect(
      x: minX, y: bounds.minY + padding.vertical, width: max(0, maxX - minX),
      height: max(0, bounds.height - 2 * padding.vertical))
  }

  /// The text's area while editing; the same as ``textRect(forBounds:)``.
  public func editingRect(forBounds bounds: Rect) -> Rect { textRect(forBounds: bounds) }

  /// Places the left and right views at their rectangles and hides the ones their modes
  /// hide now.
  func layoutAccessories() {
    if let leftView {
      leftView.isHidden = !isLeftViewShown
      leftView.frame = leftViewRect(forBounds: bounds)
    }
    if let rightView {
      rightView.isHidden = !isRightViewShown
      rightView.frame = rightViewRect(forBounds: bounds)
    }
    // Right to left the left view is at the right edge and the right view at the left, as
    // UIKit's text fields place them.
    mirrorPlacedSubviews([leftView, rightView])
  }

  /// Swaps an overlay view: the old one leaves the field, the new one joins it.
  func replaceAccessory(_ old: View?, with new: View?) {
    guard old !== new else { return }
    if let old, old.superview === self { old.removeFromSuperview() }
    if let new { addSubview(new) }
    setNeedsLayout()
    setNeedsDisplay()
  }

  /// An overlay view's size: its frame's, or its intrinsic size where it has one.
  private func accessorySize(_ view: View?) -> Size {
    guard let view else { return .zero }
    if view.frame.width > 0 || view.frame.height > 0 { return view.frame.size }
    let intrinsic = view.intrinsicContentSize
    return Size(
      width: max(0, intrinsic.width == View.noIntrinsicMetric ? 0 : intrinsic.width),
      height: max(0, intrinsic.height == View.noIntrinsicMetric ? 0 : intrinsic.height))
  }

  /// Whether `mode` shows its view in the current editing state.
  private func shows(_ mode: ViewMode) -> Bool {
    switch mode {
    case .never: false
    case .always: true
    case .whileEditing: isFirstResponder
    case .unlessEditing: !isFirstResponder
    }
  }
}
