/// How one hierarchy is laid out, set on its root (`View.layoutOptions`, the topmost
/// superview) and passed explicitly to every evaluator of its passes (`LayoutEngine`). The
/// defaults are what every hierarchy uses; tests set others on the trees they compare, so
/// that no switch of the engine is global.
package struct LayoutOptions {
  /// Lays out with the simplex alone even where direct evaluation qualifies, every record
  /// in the tableau (no `SimplexPresolve`, no islands): the one full solve that every
  /// shortcut is compared with.
  package var simplexOnly = false
  /// Whether simplex passes keep their tableau from pass to pass (`SimplexSession`); off,
  /// every pass builds a new solver, a fresh solve to compare incremental ones with.
  package var reusesSimplexTableaus = true
  /// Where the passes count their work, a debugging facility (`LayoutStatistics`); nil,
  /// the default, counts nothing.
  var statistics: LayoutStatistics?

  /// The defaults: every evaluator, persistent tableaus, nothing counted.
  package init() {}
}

/// Runs layout passes over one hierarchy with its `LayoutOptions`, with one of two
/// evaluators, chosen per pass root: direct stack evaluation (`DirectStackLayout`) when the
/// pass root is a stack subtree it qualifies for, else the pass root's simplex session: a
/// pass (`LayoutPass`) gathers its constraints (user, generated, intrinsic, frame-fixing and
/// guide constraints) down to its leaves (islands and framed scopes), the session presolves
/// them (anchor chains hanging from the root's frame need no tableau) and keeps the rest in
/// its tableau (`SimplexSession`), and the pass applies the frames and arranges the islands.
///
/// A pass re-solves while the safe-area insets, margins or wrapping widths it derived from
/// the solution differ from the ones it assumed (at most `maximumIterations` times), as UIKit
/// lays out again after `safeAreaInsetsDidChange`.
@MainActor
struct LayoutEngine {
  /// Set while the engine writes frames, so that `View.frameDidChange(from:)` does not
  /// mark what the pass itself placed.
  static var isApplyingFrames = false {
    didSet {
      // Views whose autoresizing subviews moved while frames were written are laid out
      // again, so that the engine places what those subviews hold at their new frames.
      guard !isApplyingFrames, !View.autoresizedWhileApplying.isEmpty else { return }
      let views = View.autoresizedWhileApplying
      View.autoresizedWhileApplying.removeAll()
      for view in views { view.setNeedsLayout() }
    }
  }
  static let maximumIterations = 4
  static var nextPassID = 1

  /// The options of the hierarchy laid out.
  let options: LayoutOptions
  /// Where the passes count their work, if anywhere.
  var statistics: LayoutStatistics? { options.statistics }
  /// Direct stack evaluation with these options.
  var direct: DirectStackLayout { DirectStackLayout(engine: self) }

  /// The engine of the hierarchy `view` belongs to, with its root's options.
  init(laying view: View) {
    options = view.hierarchyRoot.layoutState.layoutOptions
  }

  /// Lays out the hierarchy under `root`, keeping `root`'s own frame.
  func layout(root: View) {
    statistics?.counts.passes += 1
    // viewWillLayoutSubviews before the solve, viewDidLayoutSubviews after
    let controllers = ViewController.controllersLaidOut(under: root)
    for controller in controllers { controller.viewWillLayoutSubviews() }
    defer { for controller in controllers { controller.viewDidLayoutSubviews() } }
    var fellBack = false
    if !options.simplexOnly && direct.qualifies(root) {
      statistics?.counts.directPasses += 1
      let exact = direct.layout(root: root)
      root.layoutState.needsLayout = false
      if exact { return }
      fellBack = true
    }
    // A fitted scope that direct evaluation could not place exactly (its stack would
    // stretch or shrink it, or its length at its final breadth differs from its measure)
    // left frames that the simplex recomputes, and flags anywhere below, which the simplex
    // clears. The islands it arranged are arranged again (and found inexact, and solved
    // whole by their sessions).
    if fellBack { Self.forgetArrangements(root) }
    layOutSubtree(of: root, scopeInput: nil, hierarchyRoot: root, clearingEverywhere: fellBack)
  }

  /// Lays out the dirty relayout boundaries under `root` alone; falls back to a full pass
  /// when one of them no longer qualifies for direct evaluation, the safe area reaches it,
  /// or its change alters the natural size a pass gave an island above it.
  func layoutPendingBoundaries(of root: View) {
    let pending = root.layoutState.pendingBoundaries
    root.layoutState.root.pendingBoundaries.removeAll(keepingCapacity: true)
    for (index, entry) in pending.enumerated() {
      guard let boundary = entry.view, boundary.layoutState.needsLayout else { continue }
      let state = boundary.layoutState
      if boundary.layoutAlgorithm == .list, boundary.isDescendant(of: root) {
        // A list's content never moves its frame: it arranges its rows in the frame the
        // last pass gave it (a scroll), and nothing around it is laid out again.
        statistics?.counts.passes += 1
        state.needsLayout = false
        state.selfDirty = false
        state.dirtyChildren.removeAll()
        boundary.layoutSubviews()
        continue
      }
      if state.relayoutBoundary == .scope, !options.simplexOnly, let input = state.scopeInput,
        boundary.isDescendant(of: root),
        state.shouldSolveScope(with: input, size: boundary.frame.size)
      {
        // A framed scope that a simplex pass placed: its session solves its inside in the
        // frame and safe area of the last pass, which did not depend on it.
        statistics?.counts.passes += 1
        layOutSubtree(of: boundary, scopeInput: input, hierarchyRoot: root)
        state.relayoutBoundary = .scope
        continue
      }
      guard boundary.isDescendant(of: root), !options.simplexOnly, direct.qualifies(boundary),
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
      statistics?.counts.passes += 1
      statistics?.counts.directPasses += 1
      if !direct.layout(root: boundary) {
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
  func measureMoved(above boundary: View, below root: View) -> Bool {
    var view = boundary
    while view !== root {
      if let used = view.layoutState.arrangedBy,
        ViewLayoutState.moved(used, direct.naturalSize(of: view))
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
  private func layOutWhole(_ root: View, flagging boundaries: some Sequence<View>) {
    for view in boundaries where view.isDescendant(of: root) {
      view.propagateNeedsLayout(throughBoundaries: true)
    }
    root.layoutState.needsLayout = true
    layout(root: root)
  }

  /// Solves the subtree of a fitted scope's root (`ConstraintScope.isFitted(_:)`) inside the
  /// frame a direct pass gave it, with its own simplex session; `safeRect` is
  /// the part of its bounds inside the safe area.
  func layOutFittedScope(_ view: View, safeRect: Rect) {
    layOutSubtree(
      of: view, scopeInput: LayoutPass.ScopeInput(origin: .zero, safeRect: safeRect),
      hierarchyRoot: nil)
  }

  /// Solves the subtree of `view` with its own simplex session, clears the layout flags of
  /// its dirty part (of all of it, `clearingEverywhere`) and runs `layoutSubviews()` of the
  /// views the passes placed, parents first. `view` is `hierarchyRoot` itself (`scopeInput`
  /// nil), or the root of a constraint scope whose frame an outer pass fixed: `scopeInput` is
  /// its origin and the safe rectangle around it in that pass. `hierarchyRoot` is nil for a
  /// fitted scope that a direct pass placed, whose solve the relayout boundaries pending
  /// elsewhere do not concern (see `solveWithSimplex`).
  func layOutSubtree(
    of view: View, scopeInput: LayoutPass.ScopeInput?, hierarchyRoot: View?,
    clearingEverywhere: Bool = false
  ) {
    var placed: [View] = []
    solveWithSimplex(
      root: view, scopeInput: scopeInput, hierarchyRoot: hierarchyRoot, placed: &placed)
    Self.clearNeedsLayout(view, everywhere: clearingEverywhere)
    for placedView in placed { placedView.layoutSubviews() }
  }

  /// The size `view` takes with its constraints when asked to be `target` at the given
  /// priorities, rounded to 1e-6 unless `exact`; the view's frame is not changed. With
  /// `session`, the view's own simplex session solves it (a fitted scope, whose next
  /// pass in that session then only swaps the rows of its size), else a new solver.
  func fittingSize(
    of view: View, target: Size, horizontal: LayoutPriority, vertical: LayoutPriority,
    exact: Bool = false, session: SimplexSession? = nil
  ) -> Size {
    let pass = LayoutPass(
      root: view, passID: Self.nextPassID,
      fitting: LayoutPass.Fitting(target: target, horizontal: horizontal, vertical: vertical),
      session: session, engine: self)
    Self.nextPassID += 1
    pass.build()
    defer { pass.recycle() }
    if let statistics {
      statistics.counts.solves += 1
      statistics.counts.largestSolve = max(statistics.counts.largestSolve, pass.views.count)
    }
    return exact ? pass.exactRootSize : pass.rootSize
  }

  /// Clears the layout flags of the dirty part of `view`'s subtree, or of all of it.
  static func clearNeedsLayout(_ view: View, everywhere: Bool = false) {
    guard view.layoutState.needsLayout || everywhere else { return }
    view.layoutState.needsLayout = false
    view.layoutState.selfDirty = false
    view.layoutState.dirtyChildren.removeAll()
    view.layoutState.lastArrangedSize = nil
    for subview in view.subviews { clearNeedsLayout(subview, everywhere: everywhere) }
  }

  /// Forgets the size every stack under `view` was last arranged at.
  private static func forgetArrangements(_ view: View) {
    view.layoutState.lastArrangedSize = nil
    for subview in view.subviews { forgetArrangements(subview) }
  }
}
