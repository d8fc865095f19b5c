/// A **constraint scope**: a subtree whose constraints stay inside it, so that once its
/// root's frame is known its subtree is a system of its own, which a simplex session of its
/// own (`SimplexSession`) can solve rather than one solve with everything around it. This is
/// the engine's one idea of "a subtree whose constraints are solved apart from its
/// ancestors".
///
/// The root of a scope is a plain `View` (not a subclass: no generated constraints or
/// content), with subviews, not a view controller's view, such that
///
/// * no constraint installed outside the subtree relates the root or anything inside it, and
/// * every constraint installed inside the subtree relates only items inside it (the root
///   and its descendants, and their guides).
///
/// `rooted(at:)` is the one test of that. Whether the engine solves a scope apart depends
/// only on how its root's frame is set, which names its two kinds (a scope of neither kind is
/// solved with the pass around it):
///
/// * a **fitted scope** (`isFitted(_:)`): the root is placed by constraints
///   (`translatesAutoresizingMaskIntoConstraints` off) and answers a measure by fitting. A
///   stack arranging it measures it with `systemLayoutSizeFitting` at the breadth the stack
///   gives it, and its session then solves its inside in the frame the stack gave it;
/// * a **framed scope** (`isFramed(_:)`): the root keeps its frame and is not arranged in a
///   stack. Its frame is fixed from outside, so a simplex pass around it takes it as a leaf
///   and its session solves its inside afterwards (`LayoutPass`).
///
/// The constraint facts of a subtree are computed once per change of the constraints or the
/// hierarchy anywhere (`generation`), not per pass.
@MainActor
struct ConstraintScope: Equatable {
  /// Some constraint inside relates a layout guide (whose frame follows the safe area the
  /// scope lies in, which a fitting measure does not know).
  var relatesGuides = false
  /// Some constraint inside is at or below `fittingSizeLevel`, where a fitting measure's own
  /// pull on the root's size would compete with it.
  var hasFittingLevelConstraints = false
  /// The subtree holds a wrapping label (whose height follows the width a solve gives it,
  /// which a fitting measure does not iterate on) or a scroll view (sized by its content).
  var holdsContentSizedViews = false

  /// Whether a stack may measure the scope by fitting: nothing in it depends on what a
  /// fitting solve of the scope alone cannot know.
  var answersMeasureByFitting: Bool {
    !relatesGuides && !hasFittingLevelConstraints && !holdsContentSizedViews
  }

  /// Whether `view` is the root of a fitted scope: placed by constraints
  /// (`translatesAutoresizingMaskIntoConstraints` off) and answering a measure by fitting (no
  /// guides, nothing at or below the fitting-size priority, no wrapping label or scroll view),
  /// so that its fitting size is what a solve of the whole hierarchy would give it. Direct
  /// evaluation takes it as such where a stack arranges it.
  static func isFitted(_ view: View) -> Bool {
    // (The class first: this runs for every view a pass visits, and most are subclasses.)
    guard type(of: view) == View.self, !view.layoutState.translatesAutoresizingMaskIntoConstraints,
      let scope = rooted(at: view)
    else { return false }
    return scope.answersMeasureByFitting
  }

  /// Whether `view` is the root of a framed scope: it keeps its frame and is not arranged in a
  /// stack, so that once the pass around it fixed its frame, its subtree's variables are
  /// independent of the rest.
  static func isFramed(_ view: View) -> Bool {
    guard view.isPlacedByFrame, rooted(at: view) != nil, let parent = view.superview else {
      return false
    }
    if let stack = parent as? StackView, stack.arrangedSubviews.contains(where: { $0 === view }) {
      return false
    }
    return true
  }

  /// Bumped whenever a constraint is installed, uninstalled or changes priority, a view
  /// moves, a stack's arranged views change, or a label's line count changes: the cached
  /// scopes (and the other constraint facts cached with this generation) are then computed
  /// again.
  static var generation = 1

  /// Invalidates every cached scope (see `generation`).
  static func constraintsOrHierarchyChanged() { generation &+= 1 }

  /// The scope rooted at `view`, or nil when `view` is not the root of one.
  static func rooted(at view: View) -> ConstraintScope? {
    guard type(of: view) == View.self, !view.subviews.isEmpty,
      !(view.isControllerRootView && view.owningViewController != nil)
    else { return nil }
    let rare = view.layoutState.rare
    if let cached = rare.constraintScope, cached.generation == generation {
      return cached.scope
    }
    let scope = compute(view)
    rare.constraintScope = (generation, scope)
    return scope
  }

  private static func compute(_ view: View) -> ConstraintScope? {
    // Nothing outside reaches in: constraints are installed on the nearest common ancestor
    // of their items, so one relating something inside with something outside sits above.
    var ancestor = view.superview
    while let current = ancestor {
      for constraint in current.layoutState.constraints {
        for item in [constraint.firstItem, constraint.secondItem] {
          guard let owner = item?.owningLayoutView else { continue }
          if owner.isDescendant(of: view) { return nil }
        }
      }
      ancestor = current.superview
    }
    var scope = ConstraintScope()
    // Nothing inside reaches out (a constraint whose item moved out of the subtree while it
    // stayed installed would).
    func inside(_ item: (any LayoutItem)?) -> Bool {
      guard let item else { return true }
      guard let owner = item.owningLayoutView, owner.isDescendant(of: view) else { return false }
      if !(item is View) { scope.relatesGuides = true }
      return true
    }
    func walk(_ current: View) -> Bool {
      switch current.layoutAlgorithm {
      case .text:
        if unsafeDowncast(current, to: Label.self).numberOfLines != 1 {
          scope.holdsContentSizedViews = true
        }
      case .scroll, .list: scope.holdsContentSizedViews = true
      default: break
      }
      for constraint in current.layoutState.constraints {
        guard inside(constraint.firstItem), inside(constraint.secondItem) else { return false }
        if constraint.priority <= .fittingSizeLevel { scope.hasFittingLevelConstraints = true }
      }
      for subview in current.subviews where !walk(subview) { return false }
      return true
    }
    return walk(view) ? scope : nil
  }
}
