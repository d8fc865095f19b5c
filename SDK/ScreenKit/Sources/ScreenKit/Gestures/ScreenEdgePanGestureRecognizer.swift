/// A pan that starts at an edge of the screen, as `UIScreenEdgePanGestureRecognizer`: the
/// finger must land within ``edgeWidth`` points of one of ``edges`` of the window, and the
/// pan is recognized as ``PanGestureRecognizer`` recognizes one (a back swipe from the
/// leading edge, a drawer pulled in from the side).
@MainActor
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
  /// Edges of a rectangle, as `UIRectEdge`.
  public struct RectEdge: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt
    /// Edges from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = RectEdge(rawValue: 1 << 0)
    /// The left edge.
    public static let left = RectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = RectEdge(rawValue: 1 << 2)
    /// The right edge.
    public static let right = RectEdge(rawValue: 1 << 3)
    /// Every edge.
    public static let all: RectEdge = [.top, .left, .bottom, .right]
  }

  /// The edges a pan may start from (none: set them).
  public var edges: RectEdge = []

  /// How close to an edge the finger must land, in points.
  public static let edgeWidth = 20.0

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    super.touchesBegan(touches, with: event)
    guard state == .possible, let window = view?.window else { return }
    for touch in touches where !startsAtEdge(touch.windowLocation, of: window.bounds.size) {
      state = .failed
      return
    }
  }

  private func startsAtEdge(_ point: Point, of size: Size) -> Bool {
    let width = Self.edgeWidth
    return (edges.contains(.left) && point.x <= width)
      || (edges.contains(.right) && point.x >= size.width - width)
      || (edges.contains(.top) && point.y <= width)
      || (edges.contains(.bottom) && point.y >= size.height - width)
  }
}
