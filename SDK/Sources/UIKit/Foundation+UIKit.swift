// Names iOS screens use that are not types of ScreenKit: UIKit's nested spellings, Core
// Animation's colour, the nib initialiser's spelling.

extension Color {
  /// The colour as Core Animation takes it (`layer.borderColor = color.cgColor`); ScreenKit's
  /// layer takes its colours as they are.
  public var cgColor: Color { self }
}

extension LayoutConstraint {
  /// An axis, as `NSLayoutConstraint.Axis`.
  public typealias Axis = LayoutAxis
  /// An attribute, as `NSLayoutConstraint.Attribute`.
  public typealias Attribute = LayoutAttribute
}

extension NSValue {
  /// A value holding `rect`, as `NSValue(cgRect:)`.
  public convenience init(cgRect rect: CGRect) {
    self.init(
      rect: NSRect(
        x: Foundation.CGFloat(rect.minX), y: Foundation.CGFloat(rect.minY),
        width: Foundation.CGFloat(rect.width), height: Foundation.CGFloat(rect.height)))
  }

  /// The rectangle the value holds, as `cgRectValue` (the keyboard notifications' frames).
  public var cgRectValue: CGRect {
    let rect = rectValue
    return CGRect(
      x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width),
      height: Double(rect.size.height))
  }
}
