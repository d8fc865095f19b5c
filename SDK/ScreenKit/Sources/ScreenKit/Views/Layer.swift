/// The drawing attributes of a view that clients render, a small part of `CALayer`.
@MainActor
public final class Layer {
  /// The radius of the rounded corners.
  public var cornerRadius: Double = 0 { didSet { owner?.setNeedsDisplay() } }
  /// The width of the border, drawn inside the bounds.
  public var borderWidth: Double = 0 { didSet { owner?.setNeedsDisplay() } }
  /// The border colour.
  public var borderColor: Color? = .black { didSet { owner?.setNeedsDisplay() } }
  /// Whether sublayers are clipped to the rounded bounds.
  public var masksToBounds = false { didSet { owner?.setNeedsDisplay() } }
  /// The opacity of the shadow, 0 for none.
  public var shadowOpacity: Double = 0 { didSet { owner?.setNeedsDisplay() } }

  // The view this layer draws; it clears this when it dies.
  nonisolated(unsafe) unowned(unsafe) var owner: View?

  init(owner: View) { self.owner = owner }
}
