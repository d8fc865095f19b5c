/// The layout side of a view, held by composition so that `View` stays small: its
/// constraints, guides, margins, safe area, content priorities and the pass's bookkeeping.
///
/// Direct stack evaluation reads and writes a few fields of every view in a pass, so those
/// come first and fit in a couple of cache lines; what only constraint passes, guides or
/// constraint scopes use lives in `Rare`, allocated on first use. The fields are
/// `@exclusivity(unchecked)`: only the main actor touches them, never across an `inout`
/// access, and the runtime check was a tenth of a large pass.
@MainActor
final class ViewLayoutState {
  // Hot: touched per view by every direct pass.

  /// Active constraints installed on this view (the nearest common ancestor of their items).
  @exclusivity(unchecked) var constraints: [LayoutConstraint] = []
  /// Children that were marked since the last arrangement. Held strongly (a child leaving
  /// takes itself out, `View.removeFromSuperview`): a weak reference would give every view
  /// a side table, which slows each retain and release of it.
  @exclusivity(unchecked) var dirtyChildren: [View] = []
  /// The view's answer to its parent's measure call (`DirectStackLayout.naturalSize`) with
  /// the input it answered for, valid while the view is not dirty.
  @exclusivity(unchecked) var measure: Measure?

  /// A measure cache entry: the size a view wants and the input it was measured with, as a
  /// per-node layout cache keys its entries (Taffy's `Cache`, by known dimensions and
  /// available space).
  struct Measure {
    /// The natural size: what a stack arranges the view by.
    var size: Size
    /// For a fitted scope's root, the breadth across the stack arranging it that it was
    /// measured at (its length depends on it); nil when measured compressed, and for views
    /// whose measure does not depend on a breadth.
    var breadth: Double?
  }
  // The six one-byte fields below fill the padding after `measure` (and `hasCustomMargins`
  // and `determinedNaturalLengths` the padding after `arrangedBy`), so that the object is
  // 248 bytes, a 256-byte heap chunk, with the fields a pass reads per view together at its
  // start; placed first, they make it 256 bytes, a 272-byte chunk: 6% more memory for every
  // pass to walk (`LayoutStateSizeTests`).
  /// The view or a descendant needs layout.
  @exclusivity(unchecked) var needsLayout = true
  /// `setNeedsLayout()` was called on the view itself (not only on a descendant).
  @exclusivity(unchecked) var selfDirty = true
  /// How the subtree qualifies for direct stack layout, valid while the view is not dirty.
  @exclusivity(unchecked) var directQualification: DirectStackLayout.Qualification?
  /// Whether the view is a **relayout boundary**, and which: its frame does not depend on
  /// its own content (fixed by its superview's direct arrangement or by its own frame), so
  /// that marking stops at it and a change inside it lays it out alone, by direct evaluation,
  /// or (a framed scope that a simplex pass placed) by its own simplex session.
  @exclusivity(unchecked) var relayoutBoundary = RelayoutBoundary.none

  /// The kinds of relayout boundary (`relayoutBoundary`).
  enum RelayoutBoundary: UInt8 {
    /// Not a boundary: a change inside marks the superview too.
    case none
    /// Laid out alone by direct evaluation.
    case direct
    /// A framed scope laid out alone by its own simplex session.
    case scope
  }
  @exclusivity(unchecked) var translatesAutoresizingMaskIntoConstraints = true
  /// Set for the root view of a view controller: its margins are at least the system
  /// minimum. `ViewController` sets this when it installs its view.
  @exclusivity(unchecked) var isViewControllerRootView = false
  /// The parts of the view's measure that its superview's last arrangement depended on,
  /// NaN on an axis it did not depend on (as Yoga marks undefined values); nil until the view
  /// is arranged. A stack depends on an arranged view's length unless it shares lengths
  /// equally, and on its breadth unless it fills across (`StackView.measureParts`); anchor
  /// chains on the axes where an island took its natural size. A relayout boundary whose
  /// change moves one of these parts relayouts its root (`LayoutEngine.measureMoved`).
  @exclusivity(unchecked) var arrangedBy: Size?
  /// Whether `natural` differs from `used` (an `arrangedBy` record) on an axis it holds.
  nonisolated static func moved(_ used: Size, _ natural: Size) -> Bool {
    (!used.width.isNaN && used.width != natural.width)
      || (!used.height.isNaN && used.height != natural.height)
  }
  /// Whether `layoutMargins` was set explicitly (a root view's system minimum then yields
  /// to larger custom values only).
  @exclusivity(unchecked) var hasCustomMargins = false
  /// For a stack, whether its natural width and height are determined
  /// (`DirectStackLayout.hasDeterminedNaturalSize`), each once known, dropped with the
  /// measure: the answer reads only the stack's subtree, whose changes drop it.
  @exclusivity(unchecked) var determinedNaturalLengths = DeterminedNaturalLengths()

  /// Per axis, whether a stack's natural length is known to be determined, or not, or not
  /// yet known (`determinedNaturalLengths`).
  struct DeterminedNaturalLengths {
    private var bits: UInt8 = 0

    /// The answer on an axis, nil while not known.
    func isDetermined(horizontal: Bool) -> Bool? {
      let shift: UInt8 = horizontal ? 0 : 2
      guard bits & (1 << shift) != 0 else { return nil }
      return bits & (2 << shift) != 0
    }

    /// Records the answer on an axis.
    mutating func record(_ determined: Bool, horizontal: Bool) {
      let shift: UInt8 = horizontal ? 0 : 2
      bits = bits & ~(3 << shift) | (determined ? 3 : 1) << shift
    }
  }
  /// The size the view had when its arranged subviews were last placed.
  @exclusivity(unchecked) var lastArrangedSize: Size?
  /// The intrinsic size of the last measurement, valid until invalidated.
  @exclusivity(unchecked) var cachedIntrinsicSize: Size?
  /// The margins set on the view (directional, leading = left).
  @exclusivity(unchecked) var layoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
  /// The margins the last pass used (with safe area and preserved superview margins).
  @exclusivity(unchecked) var effectiveLayoutMargins = EdgeInsets(
    top: 8, left: 8, bottom: 8, right: 8)
  /// The safe-area insets of the last pass.
  @exclusivity(unchecked) var safeAreaInsets: EdgeInsets = .zero
  /// The part used by constraint passes, guides and constraint scopes.
  @exclusivity(unchecked) private var rareFields: Rare?
  /// The view's reference for anchors, constraints and guides (`View.layoutItemReference`);
  /// `nonisolated(unsafe)` for the view's deinit, which empties it.
  @exclusivity(unchecked) nonisolated(unsafe) var itemReference: LayoutItemReference?

  /// The fields most views never use, allocated on first write.
  final class Rare {
    var node: LayoutNode?
    var guides: [LayoutGuide] = []
    var safeAreaGuide: LayoutGuide?
    var marginsGuide: LayoutGuide?
    var preservesSuperviewLayoutMargins = false
    var insetsLayoutMarginsFromSafeArea = true
    /// How the view's content flips in right-to-left layouts (`View+LayoutDirection.swift`).
    var semanticContentAttribute = SemanticContentAttribute.unspecified
    /// Whether the margins were set as directional ones (leading and trailing), which swap
    /// their sides in right-to-left layouts.
    var marginsAreDirectional = false
    var huggingPriority = (
      horizontal: LayoutPriority.defaultLow, vertical: LayoutPriority.defaultLow
    )
    var compressionPriority = (
      horizontal: LayoutPriority.defaultHigh, vertical: LayoutPriority.defaultHigh
    )
    /// What only the root of a hierarchy holds, allocated on first use, so that every other
    /// view's rare part pays one reference for it.
    var root: Root?
    var wrappingWidth: Double = 0
    var absoluteOrigin = Point.zero
    var priorityTieBreak: (hugging: Float, compression: Float) = (0, 0)
    var simplexSession: SimplexSession?
    var scopeInput: LayoutPass.ScopeInput?
    var solvedScopeInput: SolvedScopeInput?
    /// The constraint scope rooted at the view (`ConstraintScope.rooted(at:)`) and the
    /// generation it was computed in.
    var constraintScope: (generation: Int, scope: ConstraintScope?)?
    /// For a stack: whether views it arranges (or stacks it arranges arrange) have constant
    /// widths and heights (`DirectStackLayout.arrangesFixedLength`), and the
    /// `ConstraintScope.generation` it was computed in.
    var arrangedFixedLengths: (generation: Int, horizontal: Bool, vertical: Bool)?
    /// For an island's root: the lowest priority inside it that may hold its width and its
    /// height (`SimplexPresolve.Islands.lowestPriority`), and the `ConstraintScope.generation`
    /// it was computed in (priorities change only with a new generation).
    var lowestPriorityInside: (generation: Int, horizontal: Float?, vertical: Float?) = (
      0, nil, nil
    )
    init() {}

    /// Drops `solvedScopeInput` (`ViewLayoutState.forgetSolvedScopeInput()`).
    @inline(never) func forgetSolvedScopeInput() {
      if solvedScopeInput != nil { solvedScopeInput = nil }
    }
  }

  /// Drops the view's measure: it or a view inside changed.
  func dropMeasure() {
    measure = nil
    determinedNaturalLengths = DeterminedNaturalLengths()
  }

  /// The rarely used fields, created on first use; mutate arrays through it (the forwarding
  /// properties below would copy them).
  var rare: Rare {
    if let rareFields { return rareFields }
    let created = Rare()
    rareFields = created
    return created
  }

  init() {}

  /// Whether the view has layout guides or preserves its superview's margins (which direct
  /// evaluation does not handle).
  var usesGuidesOrPreservedMargins: Bool {
    guard let rare = rareFields else { return false }
    return rare.safeAreaGuide != nil || rare.marginsGuide != nil || !rare.guides.isEmpty
      || rare.preservesSuperviewLayoutMargins
  }

  // Rare: read as defaults until something sets them.

  /// The view's semantic content attribute (`.unspecified` until set).
  var semanticContentAttribute: SemanticContentAttribute {
    rareFields?.semanticContentAttribute ?? .unspecified
  }

  /// Whether the margins were set directionally.
  var marginsAreDirectional: Bool { rareFields?.marginsAreDirectional ?? false }

  /// The solver-facing identity of the view in constraint passes.
  var node: LayoutNode {
    @inline(__always) get {
      if let node = rareFields?.node { return node }
      return makeNode()
    }
  }

  /// Creates the view's node on first use (`node`), out of line.
  @inline(never) private func makeNode() -> LayoutNode {
    let created = LayoutNode()
    rare.node = created
    return created
  }
  /// User guides added with `addLayoutGuide(_:)`.
  var guides: [LayoutGuide] {
    get { rareFields?.guides ?? [] }
    set { rare.guides = newValue }
  }
  var safeAreaGuide: LayoutGuide? {
    get { rareFields?.safeAreaGuide }
    set { rare.safeAreaGuide = newValue }
  }
  var marginsGuide: LayoutGuide? {
    get { rareFields?.marginsGuide }
    set { rare.marginsGuide = newValue }
  }
  var preservesSuperviewLayoutMargins: Bool {
    get { rareFields?.preservesSuperviewLayoutMargins ?? false }
    set { rare.preservesSuperviewLayoutMargins = newValue }
  }
  var insetsLayoutMarginsFromSafeArea: Bool {
    get { rareFields?.insetsLayoutMarginsFromSafeArea ?? true }
    set { rare.insetsLayoutMarginsFromSafeArea = newValue }
  }
  var huggingPriority: (horizontal: LayoutPriority, vertical: LayoutPriority) {
    get { rareFields?.huggingPriority ?? (.defaultLow, .defaultLow) }
    set { rare.huggingPriority = newValue }
  }
  var compressionPriority: (horizontal: LayoutPriority, vertical: LayoutPriority) {
    get { rareFields?.compressionPriority ?? (.defaultHigh, .defaultHigh) }
    set { rare.compressionPriority = newValue }
  }
  /// The state of a view as a hierarchy root (the topmost superview).
  final class Root {
    /// The options its passes use.
    var options = LayoutOptions()
    /// Dirty relayout boundaries below it, laid out by the next `layoutIfNeeded()`.
    var pendingBoundaries: [WeakView] = []
  }

  /// The view's root state, created on first use; mutate its arrays through it.
  var root: Root {
    if let root = rare.root { return root }
    let created = Root()
    rare.root = created
    return created
  }

  /// The options a pass uses when this view is the hierarchy root.
  var layoutOptions: LayoutOptions {
    get { rareFields?.root?.options ?? LayoutOptions() }
    set { root.options = newValue }
  }
  /// Dirty relayout boundaries below this root, laid out by the next `layoutIfNeeded()`.
  var pendingBoundaries: [WeakView] { rareFields?.root?.pendingBoundaries ?? [] }
  /// The width a wrapping label was given by the last pass (for its intrinsic height).
  var wrappingWidth: Double {
    get { rareFields?.wrappingWidth ?? 0 }
    set { rare.wrappingWidth = newValue }
  }
  /// Frames the pass computed, absolute, for converting child frames.
  var absoluteOrigin: Point {
    get { rareFields?.absoluteOrigin ?? .zero }
    set { rare.absoluteOrigin = newValue }
  }
  /// Lowered by a stack view so that equal priorities resolve by arranged order.
  var priorityTieBreak: (hugging: Float, compression: Float) {
    get { rareFields?.priorityTieBreak ?? (0, 0) }
    set { rare.priorityTieBreak = newValue }
  }
  /// The persistent simplex of the passes this view is the pass root of (as the hierarchy
  /// root or a constraint scope's root).
  var simplexSession: SimplexSession? {
    get { rareFields?.simplexSession }
    set { rare.simplexSession = newValue }
  }
  /// For a framed scope's root: its origin and inherited safe rectangle from the last outer
  /// pass; nil for other views.
  var scopeInput: LayoutPass.ScopeInput? {
    get { rareFields?.scopeInput }
    set { rare.scopeInput = newValue }
  }
  /// What a framed scope's own pass last solved with: if all of it is unchanged (and
  /// nothing inside needs layout), solving again would give the same frames.
  struct SolvedScopeInput: Equatable {
    /// The origin and inherited safe rectangle from the pass around it.
    var input: LayoutPass.ScopeInput
    var size: Size
    var safeAreaInsets: EdgeInsets
    var effectiveLayoutMargins: EdgeInsets
  }

  /// For a framed scope's root: the input, size and margins its own pass last solved with.
  var solvedScopeInput: SolvedScopeInput? {
    get { rareFields?.solvedScopeInput }
    set { rare.solvedScopeInput = newValue }
  }

  /// Drops the record of a framed scope's last solve, so that its next chance solves it
  /// again: direct evaluation set frames inside it. Every view a direct pass visits calls
  /// this and almost none has a record: the test for the rare part is inlined, and the
  /// record (a large optional struct, which testing copies to the stack) is dropped out of
  /// line, so that the recursive pass's stack frames stay small.
  @inline(__always) func forgetSolvedScopeInput() {
    if let rare = rareFields { rare.forgetSolvedScopeInput() }
  }

  /// Whether a framed scope must be solved by its own pass with `input` at `size`: it
  /// needs layout, `force` is set, or its input, size, safe area or margins differ from its
  /// last solve. When it must, records them as the ones solved with.
  func shouldSolveScope(with input: LayoutPass.ScopeInput, size: Size, force: Bool = false)
    -> Bool
  {
    let current = SolvedScopeInput(
      input: input, size: size, safeAreaInsets: safeAreaInsets,
      effectiveLayoutMargins: effectiveLayoutMargins)
    if !needsLayout && !force && solvedScopeInput == current { return false }
    solvedScopeInput = current
    return true
  }
}

/// A view held as weakly, so that layout bookkeeping never keeps a removed view alive
/// (through its `LayoutItemReference`, which gives it no side table).
@MainActor
struct WeakView {
  private let reference: LayoutItemReference
  /// The view, nil once it died.
  var view: View? { reference.view }
  init(_ view: View) { reference = view.layoutItemReference }
}
