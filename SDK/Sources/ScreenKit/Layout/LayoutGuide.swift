/// A rectangle that takes part in layout without being a view, as `UILayoutGuide`.
///
/// User guides are free rectangles positioned by constraints. The system guides
/// (`safeAreaLayoutGuide`, `layoutMarginsGuide`, a scroll view's content and frame guides) are
/// pinned by the engine to their view's insets.
@MainActor
public final class LayoutGuide: LayoutItem {
  enum Kind {
    case user
    case safeArea
    case layoutMargins
    case scrollContent
    case scrollFrame
  }

  /// The view that owns the guide.
  public private(set) weak var owningView: View?
  /// A name for debugging and constraint descriptions.
  public var identifier: String
  /// The guide's frame in its owning view's coordinates, after layout.
  public internal(set) var layoutFrame: Rect = .zero
  let kind: Kind
  let node = LayoutNode()

  /// A user guide; add it to a view with `View.addLayoutGuide(_:)`.
  public init() {
    kind = .user
    identifier = "LayoutGuide"
  }

  init(kind: Kind, owner: View, identifier: String) {
    self.kind = kind
    self.owningView = owner
    self.identifier = identifier
  }

  func attach(to view: View?) { owningView = view }

  public var owningLayoutView: View? { owningView }
  public var layoutDebugName: String {
    "\(owningView?.layoutDebugName ?? "nil").\(identifier)"
  }
}
