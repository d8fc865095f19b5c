/// A rectangle that takes part in layout without being a view, as `UILayoutGuide`.
///
/// User guides are free rectangles positioned by constraints. The system guides
/// (`safeAreaLayoutGuide`, `layoutMarginsGuide`, a scroll view's content and frame guides) are
/// pinned by the engine to their view's insets.
@MainActor
public class LayoutGuide: LayoutItem {  // not final: FocusGuide is one
  enum Kind {
    case user
    case safeArea
    case layoutMargins
    case scrollContent
    case scrollFrame
  }

  /// The view that owns the guide.
  public var owningView: View? { ownerReference?.view }
  private var ownerReference: LayoutItemReference?
  /// What anchors and constraints hold of this guide; `nonisolated(unsafe)` for the deinit,
  /// which empties it.
  nonisolated(unsafe) private(set) var reference: LayoutItemReference!
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
    reference = LayoutItemReference(guide: self)
  }

  init(kind: Kind, owner: View, identifier: String) {
    self.kind = kind
    self.ownerReference = owner.layoutItemReference
    self.identifier = identifier
    reference = LayoutItemReference(guide: self)
  }

  deinit { reference.guide = nil }

  func attach(to view: View?) { ownerReference = view?.layoutItemReference }

  public var owningLayoutView: View? { owningView }
  public var layoutDebugName: String {
    "\(owningView?.layoutDebugName ?? "nil").\(identifier)"
  }
}
