/// The drawing attributes of a view that clients render, a small part of `CALayer`.
@MainActor
public final class Layer {
  /// The radius of the rounded corners.
  public var cornerRadius: Double = 0
  /// The width of the border, drawn inside the bounds.
  public var borderWidth: Double = 0
  /// The border colour.
  public var borderColor: Color? = .black
  /// Whether sublayers are clipped to the rounded bounds.
  public var masksToBounds = false
  /// The opacity of the shadow, 0 for none.
  public var shadowOpacity: Double = 0

  init() {}
}
