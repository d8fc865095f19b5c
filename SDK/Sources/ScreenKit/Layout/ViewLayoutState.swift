/// The layout side of a view, held by composition so that `View` stays small: its
/// constraints, guides, margins, safe area, content priorities and the pass's bookkeeping.
@MainActor
final class ViewLayoutState {
  let node = LayoutNode()
  var translatesAutoresizingMaskIntoConstraints = true
  /// Active constraints installed on this view (the nearest common ancestor of their items).
  var constraints: [LayoutConstraint] = []
  /// User guides added with `addLayoutGuide(_:)`.
  var guides: [LayoutGuide] = []
  var safeAreaGuide: LayoutGuide?
  var marginsGuide: LayoutGuide?
  /// The margins set on the view (directional, leading = left).
  var layoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
  /// Whether `layoutMargins` was set explicitly (a root view's system minimum then yields
  /// to larger custom values only).
  var hasCustomMargins = false
  var preservesSuperviewLayoutMargins = false
  var insetsLayoutMarginsFromSafeArea = true
  /// Set for the root view of a view controller: its margins are at least the system
  /// minimum. The controllers branch sets this when it installs a controller's view.
  var isViewControllerRootView = false
  /// The safe-area insets of the last pass.
  var safeAreaInsets: EdgeInsets = .zero
  /// The margins the last pass used (with safe area and preserved superview margins).
  var effectiveLayoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
  var huggingPriority = (horizontal: LayoutPriority.defaultLow, vertical: LayoutPriority.defaultLow)
  var compressionPriority = (
    horizontal: LayoutPriority.defaultHigh, vertical: LayoutPriority.defaultHigh
  )
  /// The view or a descendant needs layout.
  var needsLayout = true
  /// The natural size direct stack layout measured, valid while the view is not dirty.
  var naturalSize: Size?
  /// `setNeedsLayout()` was called on the view itself (not only on a descendant).
  var selfDirty = true
  /// Children that were marked since the last arrangement.
  var dirtyChildren: [WeakView] = []
  /// The natural size the last direct arrangement of the superview used.
  var lastNaturalSize: Size?
  /// The size the view had when its arranged subviews were last placed.
  var lastArrangedSize: Size?
  /// Whether the view's frame does not depend on its own content (fixed by its superview's
  /// direct arrangement or by its own frame), so a change inside it relayouts it alone.
  var isRelayoutBoundary = false
  /// Dirty relayout boundaries below this root, laid out by the next `layoutIfNeeded()`.
  var pendingBoundaries: [WeakView] = []
  /// The natural width and height an anchor-chain pass gave this island (`nil` on axes the
  /// chains determined); a boundary below whose change alters them relayouts the root.
  var chainNaturalSize: (width: Double?, height: Double?) = (nil, nil)
  /// Whether the subtree qualifies for direct stack layout, valid while the view is not dirty.
  var qualifiesForDirectLayout: Bool?
  /// The intrinsic size of the last measurement, valid until invalidated.
  var cachedIntrinsicSize: Size?
  /// The width a wrapping label was given by the last pass (for its intrinsic height).
  var wrappingWidth: Double = 0
  /// Frames the pass computed, absolute, for converting child frames.
  var absoluteOrigin = Point.zero
  /// Lowered by a stack view so that equal priorities resolve by arranged order.
  var priorityTieBreak: (hugging: Float, compression: Float) = (0, 0)
  /// The persistent simplex of the hierarchy this view is the layout root (or sealed
  /// container) of.
  var simplexSession: SimplexSession?
  /// For a sealed container: its origin and inherited safe rectangle from the last outer
  /// pass; nil for other views.
  var containerInput: LayoutPass.Nested?
  /// For a sealed container: the input, size and margins its own pass last solved with.
  var solvedContainerInput: (LayoutPass.Nested, Size, EdgeInsets, EdgeInsets)?
  init() {}
}

/// A view held weakly, so that layout bookkeeping never keeps a removed view alive.
@MainActor
struct WeakView {
  weak var view: View?
  init(_ view: View) { self.view = view }
}
