// Names iOS screens use that are not types of ScreenKit: UIKit's nested spellings, animation
// blocks, Core Animation's colour, the nib initialiser's spelling.

extension View {
  /// Options of an animation, as `UIView.AnimationOptions`.
  public typealias AnimationOptions = ScreenKit.AnimationOptions

  /// Runs `animations` and then `completion`, as `UIView.animate(withDuration:animations:
  /// completion:)`. compd lays out headlessly and clients draw the resulting state, so the
  /// changes take effect at once: the final state is what UIKit shows after `duration`.
  public static func animate(
    withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
    animations: () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    animations()
    completion?(true)
  }

  /// Runs `animations` and then `completion` at once, as the spring variant of
  /// `UIView.animate` (see ``animate(withDuration:delay:options:animations:completion:)``).
  public static func animate(
    withDuration duration: Double, delay: Double, usingSpringWithDamping damping: Double,
    initialSpringVelocity velocity: Double, options: AnimationOptions = [],
    animations: () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    animations()
    completion?(true)
  }

  /// Runs `actions` with animations off, as `UIView.performWithoutAnimation(_:)`.
  public static func performWithoutAnimation(_ actions: () -> Void) { actions() }
}

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
