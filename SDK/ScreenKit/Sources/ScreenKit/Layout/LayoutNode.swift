/// The solver-facing identity of a layout item (a view or a layout guide): where its four
/// variables (x, y, width, height in the pass's absolute space) start in the current pass.
@MainActor
final class LayoutNode {
  /// The first of the item's four consecutive solver variables, or -1 outside a pass.
  var variableBase = -1
  /// The pass that allocated `variableBase`.
  var passID = 0
  /// The simplex session (`SimplexSession.id`) that owns `sessionBase`, or 0.
  var sessionID = 0
  /// The item's first variable in that session's solver, kept between passes.
  var sessionBase = -1
  init() {}
}

/// Something constraints can relate: a `View` or a `LayoutGuide`.
@MainActor
public protocol LayoutItem: AnyObject {
  /// The view whose hierarchy this item belongs to (the view itself, or a guide's owner).
  var owningLayoutView: View? { get }
  /// A name for constraint descriptions.
  var layoutDebugName: String { get }
}

/// The attributes an anchor stands for, as `NSLayoutConstraint.Attribute`.
public enum LayoutAttribute: String, Sendable, Hashable, CaseIterable {
  /// The left edge.
  case left
  /// The right edge.
  case right
  /// The top edge.
  case top
  /// The bottom edge.
  case bottom
  /// The leading edge: left, or right in a right-to-left layout.
  case leading
  /// The trailing edge: right, or left in a right-to-left layout.
  case trailing
  /// The width.
  case width
  /// The height.
  case height
  /// The horizontal centre.
  case centerX
  /// The vertical centre.
  case centerY
  /// The baseline of the first line of text (the bottom for views without text).
  case firstBaseline
  /// The baseline of the last line of text (the bottom for views without text).
  case lastBaseline

  var isHorizontal: Bool {
    switch self {
    case .left, .right, .leading, .trailing, .width, .centerX: true
    default: false
    }
  }

  var isDimension: Bool { self == .width || self == .height }

  /// Whether the attribute depends on the layout direction (leading or trailing).
  var isDirectional: Bool { self == .leading || self == .trailing }
}
