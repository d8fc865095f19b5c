/// Runs layout passes with one of three evaluators, chosen per root: direct stack
/// evaluation (`DirectStackLayout`), anchor chains (`AnchorChainLayout`), else the simplex:
/// collects a hierarchy's constraints (user, generated, intrinsic, frame-fixing and guide
/// constraints) into one simplex, solves it and applies the frames.
///
/// A pass re-solves while the safe-area insets, margins or wrapping widths it derived from
/// the solution differ from the ones it assumed (at most `maximumIterations` times), as UIKit
/// lays out again after `safeAreaInsetsDidChange`.
@MainActor
enum LayoutEngine {
  /// Counters that tests read to assert how much work a pass did.
  struct Statistics {
    /// Layout passes run.
    var passes = 0
    /// Views visited by passes.
    var visitedViews = 0
    /// Solver runs (a pass may solve more than once).
    var solves = 0
    /// Passes evaluated directly, without the solver.
    var directPasses = 0
    /// Passes evaluated as anchor chains (`AnchorChainLayout`), without the solver.
    var anchorChainPasses = 0
    /// Rows added to a simplex tableau (a fresh solve adds all of its constraints).
    var solverRowsAdded = 0
    /// Rows removed from a persistent tableau because their constraint changed or went away.
    var solverRowsRemoved = 0
    /// Times a persistent simplex session solved from scratch.
    var sessionRebuilds = 0
    /// The most views one simplex solve (a pass or a fitting) has held: how well solves are
    /// scoped.
    var largestSolve = 0
  }

  static var statistics = Statistics()

  /// How a direct or anchor-chain evaluation of a root ended.
  enum Outcome {
    /// The hierarchy does not qualify; the simplex lays it out.
    case declined
    /// Every view was placed as one solve of the hierarchy would place it.
    case laidOut
    /// A self-sizing view could not be placed exactly (its stack would stretch or shrink
    /// it, or its length at its final breadth differs from its measure): the simplex lays
    /// the root out again, its new measures kept for the next pass.
    case needsSimplex
  }
  static var isApplyingFrames = false
  /// Tests set this to lay out with the simplex even where direct evaluation qualifies.
  static var forceSolver = false
  static let maximumIterations = 4
  static var nextPassID = 1

  /// Lays out the hierarchy under `root`, keeping `root`'s own frame.
  static func layout(root: View) {
    statistics.passes += 1
    // viewWillLayoutSubviews before the solve, viewDidLayoutSubviews after
    let controllers = ViewController.controllersLaidOut(under: root)
    for controller in controllers { controller.viewWillLayoutSubviews() }
    defer { for controller in controllers { controller.viewDidLayoutSubviews() } }
    var fellBack = false
    if !forceSolver && DirectStackLayout.qualifies(root) {
      statistics.directPasses += 1
      let exact = DirectStackLayout.layout(root: root)
      root.layoutState.needsLayout = false
      if exact { return }
      fellBack = true
    } else if !forceSolver {
      switch AnchorChainLayout.layout(root: root) {
      case .declined: break
      case .laidOut:
        statistics.anchorChainPasses += 1
        return
      case .needsSimplex:
        statistics.anchorChainPasses += 1
        fellBack = true
      }
    }
    // A self-sizing view that direct evaluation could not place exactly left frames that the
    // simplex recomputes, and flags anywhere below, which the simplex clears.
    solveWithSimplex(root: root, nested: nil, top: root)
    clearNeedsLayout(root, everywhere: fellBack)
    runLayoutSubviews(root)
  }

  /// Lays out the dirty relayout boundaries under `root` alone; falls back to a full pass
  /// when one of them no longer qualifies for direct evaluation, the safe area reaches it,
  /// or its change alters the natural size an anchor chain gave an island above it.
  static func layoutPendingBoundaries(of root: View) {
    let pending = root.layoutState.pendingBoundaries
    root.layoutState.rare.pendingBoundaries.removeAll(keepingCapacity: true)
    for (index, entry) in pending.enumerated() {
      guard let boundary = entry.view, boundary.layoutState.needsLayout else { continue }
      let state = boundary.layoutState
      if state.relayoutBoundary == .sealed, !forceSolver, let input = state.containerInput,
        boundary.isDescendant(of: root),
        state.shouldSolveContainer(with: input, size: boundary.frame.size)
      {
        // A sealed container that anchor chains placed: its session solves its inside in
        // the frame and safe area of the last pass, which did not depend on it.
        statistics.passes += 1
        layOutSubtree(of: boundary, nested: input, top: root)
        state.relayoutBoundary = .sealed
        continue
      }
      guard boundary.isDescendant(of: root), !forceSolver, DirectStackLayout.qualifies(boundary),
        boundary.layoutState.safeAreaInsets == .zero,
        !measureMoved(above: boundary, below: root)
      else {
        // This boundary and the ones left that still need layout when their turn comes
        // (flagging one flags its ancestors).
        layOutWhole(
          root,
          flagging: pending[index...].lazy.compactMap(\.view).filter(\.layoutState.needsLayout))
        return
      }
      statistics.passes += 1
      statistics.directPasses += 1
      if !DirectStackLayout.layout(root: boundary) {
        // The failed pass cleared this boundary's flags: flag it and the ones left.
        layOutWhole(root, flagging: pending[index...].lazy.compactMap(\.view))
        return
      }
    }
  }

  /// Whether the measure of `boundary` or a view above it, below `root`, moved in a part its
  /// superview's last arrangement depended on (`ViewLayoutState.arrangedBy`). A relayout
  /// boundary's frame does not depend on its content, but its measure still feeds its
  /// ancestors' (a column's width is its widest row's): when something above arranges by a
  /// part that moved, frames above the boundary move too. The measures on the path were
  /// dropped when the boundary was marked, so this measures the changed path only.
  static func measureMoved(above boundary: View, below root: View) -> Bool {
    var view = boundary
    while view !== root {
      if let used = view.layoutState.arrangedBy,
        ViewLayoutState.moved(used, DirectStackLayout.naturalSize(of: view))
      {
        return true
      }
      guard let parent = view.superview else { return false }
      view = parent
    }
    return false
  }

  /// Flags the chains of `boundaries` (those still under `root`) up to the root, through
  /// the boundaries above them, and lays the root out the ordinary way.
  private static func layOutWhole(_ root: View, flagging boundaries: some Sequence<View>) {
    for view in boundaries where view.isDescendant(of: root) {
      view.propagateNeedsLayout(throughBoundaries: true)
    }
    root.layoutState.needsLayout = true
    layout(root: root)
  }

  /// Solves the subtree of a self-sizing view (`DirectStackLayout.isSelfSizing`) inside the
  /// frame a direct or anchor-chain pass gave it, with its own simplex session; `safeRect` is
  /// the part of its bounds inside the safe area.
  static func layoutSelfSizing(_ view: View, safeRect: Rect) {
    layOutSubtree(of: view, nested: LayoutPass.Nested(origin: .zero, safeRect: safeRect), top: view)
  }

  /// Solves the subtree of `view`, whose frame an outer pass fixed, with its own simplex
  /// session, as a sealed container of the layout root `top`: `nested` is its origin and the
  /// safe rectangle around it in that pass.
  static func layOutSubtree(of view: View, nested: LayoutPass.Nested, top: View) {
    solveWithSimplex(root: view, nested: nested, top: top)
    clearNeedsLayout(view)
    runLayoutSubviews(view)
  }

  /// The size `view` takes with its constraints when asked to be `target` at the given
  /// priorities, rounded to 1e-6 unless `exact`; the view's frame is not changed. With
  /// `session`, the view's own simplex session solves it (a self-sizing view, whose next
  /// pass in that session then only swaps the rows of its size), else a new solver.
  static func fittingSize(
    of view: View, target: Size, horizontal: LayoutPriority, vertical: LayoutPriority,
    exact: Bool = false, session: SimplexSession? = nil
  ) -> Size {
    let pass = LayoutPass(
      root: view, passID: nextPassID,
      fitting: LayoutPass.Fitting(target: target, horizontal: horizontal, vertical: vertical),
      session: session)
    nextPassID += 1
    pass.build()
    statistics.solves += 1
    statistics.largestSolve = max(statistics.largestSolve, pass.views.count)
    return exact ? pass.exactRootSize : pass.rootSize
  }

  /// Clears the layout flags of the dirty part of `view`'s subtree, or of all of it.
  private static func clearNeedsLayout(_ view: View, everywhere: Bool = false) {
    guard view.layoutState.needsLayout || everywhere else { return }
    view.layoutState.needsLayout = false
    view.layoutState.selfDirty = false
    view.layoutState.dirtyChildren.removeAll()
    view.layoutState.lastArrangedSize = nil
    for subview in view.subviews { clearNeedsLayout(subview, everywhere: everywhere) }
  }

  private static func runLayoutSubviews(_ view: View) {
    view.layoutSubviews()
    for subview in view.subviews { runLayoutSubviews(subview) }
  }
}

/// Switches for this package's benchmarks, which import ScreenKit without `@testable`.
@MainActor
package enum LayoutEngineOptions {
  /// Lays out with the simplex even where direct or anchor-chain evaluation qualifies, to
  /// compare the evaluators (`LayoutEngine.forceSolver`).
  package static var forceSolver: Bool {
    get { LayoutEngine.forceSolver }
    set { LayoutEngine.forceSolver = newValue }
  }
}
