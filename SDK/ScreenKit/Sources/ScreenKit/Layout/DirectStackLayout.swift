/// Direct evaluation of hierarchies made only of stack views and content views, without the
/// simplex: measure natural sizes bottom-up (cached per view until it is marked dirty), then
/// arrange top-down, skipping subtrees whose frame did not change and that are not dirty.
///
/// It computes what the generated stack constraints give, with one documented difference:
/// a nested stack stretches (or shrinks) as a unit with the lowest hugging (compression)
/// priority of its arranged views, where the simplex weighs every arranged view of the
/// nested stack at once. A hierarchy qualifies when every view is a stack view (fill,
/// fillEqually, fillProportionally or equalSpacing distribution; no baseline alignment,
/// margins- or baseline-relative arrangement), or a view whose subviews keep their frames;
/// its only constraints are required constant widths and heights of single views; it uses no
/// layout guides; and its labels are single-line; no safe area reaches it (no window insets,
/// no controller views) and no view preserves its superview's margins. Everything else is
/// solved by the simplex.
///
/// One exception scopes the simplex instead of handing it the whole hierarchy: a
/// **fitted scope** (`ConstraintScope.isFitted(_:)`), a constraint scope placed by
/// constraints, such as a form row of labels pinned with anchors and inequalities.
/// Arranged in a `fill` stack that fills it across, its natural length is its fitting size
/// (`systemLayoutSizeFitting`) at the breadth the stack gives it, and its subtree is solved by
/// its own simplex session inside the frame the stack gives it: each row is a small solve,
/// so cost grows with the number of rows, not with their square. This is exact when the
/// stack takes its natural length (as an island of a simplex pass does), because then nothing
/// outside the row pulls on its length; when the stack would stretch or shrink it, or its
/// length at its final breadth differs from the measured one, the pass falls back to the
/// simplex for the whole root (`layout(root:)` returns false).
@MainActor
struct DirectStackLayout {
  /// The engine of the hierarchy laid out: its options and statistics.
  let engine: LayoutEngine

  /// How a view's hierarchy qualifies for direct evaluation, cached until the view is
  /// marked (`ViewLayoutState.directQualification`).
  enum Qualification {
    /// The simplex lays it out.
    case no
    /// Direct evaluation lays it out.
    case yes
    /// A fitted scope in a stack (`ConstraintScope.isFitted(_:)`).
    case fittedScope
    /// A stack that arranges fitted scopes.
    case arrangesFittedScopes
  }

  /// Whether `root`'s hierarchy qualifies (see the type's documentation).
  ///
  /// A qualifying stack inside a stack is measured in the same walk (its arranged views were
  /// just measured), so that a full pass reads each view's state twice rather than three
  /// times; both caches are cleared together when the view is marked.
  func qualifies(_ root: View) -> Bool { qualification(of: root) != .no }

  func qualification(of root: View) -> Qualification {
    if let cached = root.layoutState.directQualification { return cached }
    let result = computeQualification(root)
    root.layoutState.directQualification = result
    if result != .no, root.layoutAlgorithm == .stack, let parent = root.superview,
      parent.layoutAlgorithm == .stack
    {
      _ = naturalSize(of: root)
    }
    return result
  }

  private func computeQualification(_ root: View) -> Qualification {
    let state = root.layoutState
    // (A stack's subviews that are not arranged keep their frames: this one is arranged.)
    if root.superview?.layoutAlgorithm == .stack && ConstraintScope.isFitted(root) {
      return .fittedScope
    }
    // Safe areas, guides and preserved margins need the frames of the whole chain: the
    // simplex pass computes them.
    if (root.isControllerRootView && root.owningViewController != nil)
      || state.usesGuidesOrPreservedMargins
    {
      return .no
    }
    for constraint in state.constraints {
      guard constraint.lacksSecondItem, constraint.hasFirstItem(root),
        constraint.priority.isRequired, constraint.relation == .equal,
        constraint.firstAttribute.isDimension
      else { return .no }
    }
    switch root.layoutAlgorithm {
    case .content: break
    case .scroll, .list: return .no
    case .window:
      if unsafeDowncast(root, to: Window.self).hostSafeAreaInsets != .zero { return .no }
    case .text:
      if unsafeDowncast(root, to: Label.self).numberOfLines != 1 { return .no }
    case .stack:
      let stack = unsafeDowncast(root, to: StackView.self)
      if stack.isLayoutMarginsRelativeArrangement || stack.isBaselineRelativeArrangement
        || stack.distribution == .equalCentering
      {
        return .no
      }
      switch stack.alignment {
      case .firstBaseline, .lastBaseline: if stack.axis == .horizontal { return .no }
      default: break
      }
      let subviews = stack.subviews
      if subviews.count != stack.arrangedSubviews.count {
        // Subviews that are not arranged must keep their frames.
        var arranged = Set<ObjectIdentifier>()
        for view in stack.arrangedSubviews { arranged.insert(ObjectIdentifier(view)) }
        for subview in subviews where !arranged.contains(ObjectIdentifier(subview)) {
          if !subview.translatesAutoresizingMaskIntoConstraints { return .no }
        }
      }
      var arrangesFittedScopes = false
      for subview in subviews {
        switch qualification(of: subview) {
        case .no: return .no
        case .yes: break
        case .fittedScope: arrangesFittedScopes = true
        // A stack of fitted scopes takes its natural length only as an island or a pass
        // root, not arranged in another stack.
        case .arrangesFittedScopes: return .no
        }
      }
      guard arrangesFittedScopes else { return .yes }
      // Exact only where the stack gives each view its own length and the full breadth.
      return stack.distribution == .fill && stack.alignment == .fill ? .arrangesFittedScopes : .no
    }
    for subview in root.subviews {
      if !subview.layoutState.translatesAutoresizingMaskIntoConstraints { return .no }
      if !qualifies(subview) { return .no }
    }
    return .yes
  }

  /// The fitting size of a fitted scope: at the breadth its stack gave it in the last
  /// pass (or `breadth`), its length compressed; compressed both ways before its first pass.
  /// The entry holds the breadth it was measured at (nil when compressed).
  private func measureFittedScope(_ view: View, breadth: Double? = nil)
    -> ViewLayoutState
    .Measure
  {
    var across: Double?
    var vertical = true
    if let stack = view.superview as? StackView {
      vertical = stack.axis == .vertical
      let current = vertical ? view.frame.width : view.frame.height
      across = breadth ?? (current > 0 ? current : nil)
    }
    guard let across else {
      let size = engine.fittingSize(
        of: view, target: .zero, horizontal: .fittingSizeLevel, vertical: .fittingSizeLevel,
        exact: true)
      return ViewLayoutState.Measure(size: Self.withFixedDimensions(size, of: view), breadth: nil)
    }
    // In the view's own session: its layout at this breadth then swaps only its size rows.
    let size = engine.fittingSize(
      of: view, target: vertical ? Size(width: across, height: 0) : Size(width: 0, height: across),
      horizontal: vertical ? .required : .fittingSizeLevel,
      vertical: vertical ? .fittingSizeLevel : .required, exact: true,
      session: engine.simplexSession(of: view))
    return ViewLayoutState.Measure(size: Self.withFixedDimensions(size, of: view), breadth: across)
  }

  /// Lays out the hierarchy under `root` (whose frame is fixed), visiting only dirty views
  /// and views whose frames change. Returns false when a fitted scope could not be
  /// placed exactly (its stack would stretch or shrink it): the root is then laid out by
  /// the simplex.
  func layout(root: View) -> Bool {
    arrangeChildren(of: root, force: false)
  }

  /// Arranges the subtree of `island`, a qualifying view whose frame a simplex pass set
  /// (`force` when its size changed); keeps the insets and margins it derived for
  /// `island` itself. Returns false as `layout(root:)` does.
  func arrange(island: View, force: Bool) -> Bool {
    arrangeChildren(of: island, force: force, keepsInsets: true)
  }

  /// The natural size, where the breadth `view` (a stack) will have across its axis is
  /// already known (the presolve fixes an island's width before the height it asks for): a
  /// stack of fitted scopes measures them at that breadth, rather than compressed and
  /// then again when it is arranged.
  func naturalSize(of view: View, across: Double?) -> Size {
    if let across, view.layoutAlgorithm == .stack,
      qualification(of: view) == .arrangesFittedScopes
    {
      measureFittedScopes(of: unsafeDowncast(view, to: StackView.self), at: across)
    }
    return naturalSize(of: view)
  }

  /// Measures the visible fitted scopes `stack` arranges at `breadth` (the stack's, which
  /// `fill` alignment gives them), those not measured there yet, and drops the natural sizes
  /// above them that were added up from other measures.
  private func measureFittedScopes(of stack: StackView, at breadth: Double) {
    var measured = false
    for child in stack.arrangedSubviews where !child.isHidden {
      let state = child.layoutState
      // (Cheap tests first: this runs for every row of a form on each pass.)
      guard state.measure?.breadth != breadth, ConstraintScope.isFitted(child) else { continue }
      state.measure = measureFittedScope(child, breadth: breadth)
      measured = true
    }
    guard measured else { return }
    var ancestor: View? = stack
    while let view = ancestor, view.layoutState.measure != nil {
      view.layoutState.measure = nil
      ancestor = view.superview
    }
  }

  /// Whether the simplex gives `view` its direct natural size on the axis when nothing else
  /// constrains it (a session pass takes an island's natural size only then): a constant
  /// size, an intrinsic size, a fitted scope along the stack that arranges it
  /// (`ConstraintScope.isFitted`), or a stack with visible arranged views whose natural
  /// sizes are determined, filling along its axis (`fill`, or `fillEqually` without a fixed
  /// length shorter than another view's) and, across it with `fill` alignment, without a
  /// fixed breadth narrower than another view's. A stack's answer is kept with its measure
  /// (`ViewLayoutState.determinedNaturalLengths`).
  func hasDeterminedNaturalSize(_ view: View, horizontal: Bool) -> Bool {
    let attribute: LayoutAttribute = horizontal ? .width : .height
    guard view.layoutAlgorithm == .stack else {
      if Self.fixedDimension(view, attribute) != nil { return true }
      if ConstraintScope.isFitted(view) {
        // Its fitting length along the stack that arranges it, never across.
        guard let parent = view.superview as? StackView else { return false }
        return (parent.axis == .horizontal) == horizontal
      }
      let intrinsic = view.measuredIntrinsicSize
      let value = horizontal ? intrinsic.width : intrinsic.height
      return value >= 0 && value.isFinite
    }
    let state = view.layoutState
    if let known = state.determinedNaturalLengths.isDetermined(horizontal: horizontal) {
      return known
    }
    let determined =
      Self.fixedDimension(view, attribute) != nil
      || stackHasDeterminedNaturalSize(
        unsafeDowncast(view, to: StackView.self), horizontal: horizontal)
    state.determinedNaturalLengths.record(determined, horizontal: horizontal)
    return determined
  }

  /// `hasDeterminedNaturalSize` of a stack without a constant length on the axis.
  private func stackHasDeterminedNaturalSize(_ stack: StackView, horizontal: Bool) -> Bool {
    let attribute: LayoutAttribute = horizontal ? .width : .height
    let arranged = stack.arrangedSubviews
    var anyVisible = false
    for child in arranged where !child.isHidden {
      guard hasDeterminedNaturalSize(child, horizontal: horizontal) else { return false }
      anyVisible = true
    }
    guard anyVisible else { return false }
    let along = (stack.axis == .horizontal) == horizontal
    let equalized: Bool
    if along {
      switch stack.distribution {
      case .fill: return true
      case .fillEqually: equalized = true
      default: return false
      }
    } else {
      equalized = stack.alignment == .fill
    }
    guard equalized else { return true }
    // Every view takes the same length: a fixed one must be the longest.
    var fixed: Double?
    var longest = 0.0
    for child in arranged where !child.isHidden {
      let natural = naturalSize(of: child)
      longest = max(longest, horizontal ? natural.width : natural.height)
      if let value = Self.fixedDimension(child, attribute) {
        if let fixed, fixed != value { return false }
        fixed = value
      }
    }
    if let fixed { return fixed >= longest }
    return true
  }

  /// The natural size: fixed constant constraints, else the intrinsic size (0 where there is
  /// none), else for a stack the sum along its axis and the maximum across; a fitted
  /// scope's root its fitting size. The view's measure entry, computed once per marking.
  func naturalSize(of view: View) -> Size {
    let state = view.layoutState
    if let cached = state.measure { return cached.size }
    engine.statistics?.counts.visitedViews += 1
    if ConstraintScope.isFitted(view) {
      let measure = measureFittedScope(view)
      state.measure = measure
      return measure.size
    }
    var size: Size
    if view.layoutAlgorithm == .stack {
      let stack = unsafeDowncast(view, to: StackView.self)
      let vertical = stack.axis == .vertical
      var along = 0.0
      var across = 0.0
      var largest = 0.0
      var spacing = 0.0
      var count = 0
      var previous: View?
      var narrowest = Double.infinity
      for child in stack.arrangedSubviews where !child.isHidden {
        let natural = naturalSize(of: child)
        let a = vertical ? natural.height : natural.width
        if let previous { spacing += stack.spacing(after: previous) }
        along += a
        largest = max(largest, a)
        let breadth = vertical ? natural.width : natural.height
        narrowest = min(narrowest, breadth)
        across = max(across, breadth)
        count += 1
        previous = child
      }
      if stack.distribution == .fillEqually { along = Double(count) * largest }
      // Views of one breadth leave no choice; otherwise the priority order decides.
      if stack.alignment == .fill && narrowest < across {
        across = fillBreadth(of: stack, largest: across)
      }
      along += spacing
      size = vertical ? Size(width: across, height: along) : Size(width: along, height: across)
    } else {
      let intrinsic = view.measuredIntrinsicSize
      size = Size(width: max(0, intrinsic.width), height: max(0, intrinsic.height))
    }
    size = Self.withFixedDimensions(size, of: view)
    state.measure = ViewLayoutState.Measure(size: size, breadth: nil)
    return size
  }

  /// The breadth of a `fill`-aligned stack sized by its content: every arranged view is as
  /// broad as the stack, each wanting its natural breadth no more (hugging) and no less
  /// (compression resistance) at its priorities, with the arranged-order tie-breaks of
  /// `StackView`. As the simplex, the levels are met in priority order: each narrows the
  /// breadths that are optimal so far to those minimising its own error (a convex
  /// piecewise-linear function of one variable, minimised at its breakpoints). Usually the
  /// widest view's compression resistance wins and the breadth is the largest natural one,
  /// which is also kept where the levels leave a choice; a narrower view that hugs above the
  /// widest view's resistance holds the stack to its own breadth. An arranged stack counts
  /// as its widest view (its own hugging is not one priority).
  private func fillBreadth(of stack: StackView, largest: Double) -> Double {
    let axis: LayoutAxis = stack.axis == .vertical ? .horizontal : .vertical
    let vertical = stack.axis == .vertical
    // The common case in one pass over the cached natural sizes: no narrower view hugs
    // anywhere near the widest one's compression resistance (tie-breaks move priorities by
    // less than 1).
    var widestCompression: Float = 0
    var narrowerHugging: Float = 0
    for child in stack.arrangedSubviews where !child.isHidden {
      if child.layoutAlgorithm == .stack { return largest }
      let natural = naturalSize(of: child)
      if (vertical ? natural.width : natural.height) >= largest {
        widestCompression = max(
          widestCompression, child.contentCompressionResistancePriority(for: axis).rawValue)
      } else {
        narrowerHugging = max(narrowerHugging, child.contentHuggingPriority(for: axis).rawValue)
      }
    }
    if narrowerHugging < widestCompression - 1 { return largest }
    let visible = stack.arrangedSubviews.filter { !$0.isHidden }
    let breadths = visible.map { child -> Double in
      let natural = naturalSize(of: child)
      return vertical ? natural.width : natural.height
    }
    // (level, breadth, whether it bounds from above)
    var terms: [(level: Float, breadth: Double, hugs: Bool)] = []
    for (rank, child) in visible.enumerated() {
      var hugging = Self.priority(child, axis, growing: true)
      var compression = Self.priority(child, axis, growing: false)
      if hugging < 1000 { hugging -= Float(visible.count - rank) * 0.001 }
      if compression < 1000 { compression -= Float(rank + 1) * 0.001 }
      terms.append((hugging, breadths[rank], true))
      terms.append((compression, breadths[rank], false))
    }
    var low = 0.0
    var high = Double.infinity
    for level in Set(terms.map(\.level)).sorted(by: >) where level > 0 {
      let active = terms.filter { $0.level == level }
      func error(_ w: Double) -> Double {
        active.reduce(0) { sum, term in
          sum + (term.hugs ? max(0, w - term.breadth) : max(0, term.breadth - w))
        }
      }
      var candidates = [low] + active.map(\.breadth).filter { $0 > low && $0 < high }
      if high.isFinite { candidates.append(high) }
      let best = candidates.map(error).min()!
      let optimal = candidates.filter { error($0) <= best + Solver.epsilon }
      let newLow = optimal.min()!
      // Beyond the last breakpoint the error only grows with a hugging term.
      let grows = active.contains { $0.hugs }
      let newHigh =
        (!grows && optimal.max()! >= (active.map(\.breadth).max() ?? low))
        ? high : optimal.max()!
      (low, high) = (newLow, newHigh)
    }
    return min(max(largest, low), high)
  }

  /// `size` with the view's constant width and height constraints, where it has them.
  private static func withFixedDimensions(_ size: Size, of view: View) -> Size {
    guard !view.layoutState.constraints.isEmpty else { return size }
    var size = size
    if let width = Self.fixedDimension(view, .width) { size.width = width }
    if let height = Self.fixedDimension(view, .height) { size.height = height }
    return size
  }

  /// What the views a stack arranges fix of their lengths on one axis: what decides whether
  /// a length given to the stack from outside contradicts its required constraints.
  struct ArrangedLengths {
    /// The sum, the smallest and the largest of the visible views' constant lengths.
    var fixedSum = 0.0
    var lowest = Double.infinity
    var highest = -Double.infinity
    var fixedCount = 0
    /// Visible views without a constant length.
    var flexibleCount = 0
    /// Along the stack, the spacing between the visible views.
    var spacing = 0.0
    /// Something the sums above do not decide: a nested stack that holds constant lengths,
    /// or a hidden view with a constant length along the stack (which its collapse to zero
    /// contradicts).
    var undecided = false
  }

  /// Whether `stack`, given `length` on an axis from outside (`horizontal` for its width),
  /// can hold its required constraints: along its axis, the constant lengths and the
  /// spacing fit in it (exactly, for `fill` and `fillProportionally` when no view can
  /// stretch) or each constant is the equal share (`fillEqually`); across, each constant
  /// breadth is the stack's (`fill` alignment) or fits in it. A contradiction is a conflict
  /// that only a solve of the whole system finds and reports, so a session pass then solves
  /// the island whole. (A fitted scope's inside is its own session's.)
  static func takesLength(_ stack: StackView, _ length: Double, horizontal: Bool) -> Bool {
    let along = (stack.axis == .horizontal) == horizontal
    // Without constant lengths only the spacing can contradict it, and only along.
    let readsConstants = arrangesFixedLength(stack, horizontal: horizontal)
    guard readsConstants || along else { return true }
    let lengths = arrangedLengths(of: stack, horizontal: horizontal, readsConstants: readsConstants)
    if lengths.undecided { return false }
    let visible = lengths.fixedCount + lengths.flexibleCount
    guard visible > 0 else { return true }
    let tolerance = 1e-6 * max(1, abs(length), lengths.fixedSum)
    if along {
      let needed = lengths.fixedSum + lengths.spacing
      switch stack.distribution {
      case .fill, .fillProportionally:
        return lengths.flexibleCount > 0
          ? needed <= length + tolerance : abs(needed - length) <= tolerance
      case .fillEqually:
        let share = (length - lengths.spacing) / Double(visible)
        return length - lengths.spacing >= -tolerance
          && (lengths.fixedCount == 0
            || (abs(lengths.lowest - share) <= tolerance
              && abs(lengths.highest - share) <= tolerance))
      case .equalSpacing, .equalCentering:
        return needed <= length + tolerance
      }
    }
    guard lengths.fixedCount > 0 else { return true }
    var fills = stack.alignment == .fill
    if stack.axis == .vertical
      && (stack.alignment == .firstBaseline || stack.alignment == .lastBaseline)
    {
      fills = true
    }
    return fills
      ? abs(lengths.lowest - length) <= tolerance && abs(lengths.highest - length) <= tolerance
      : lengths.highest <= length + tolerance
  }

  /// `ArrangedLengths` of `stack` on an axis; without `readsConstants` (no arranged view
  /// has one, `arrangesFixedLength`) only the counts and the spacing.
  private static func arrangedLengths(
    of stack: StackView, horizontal: Bool, readsConstants: Bool
  ) -> ArrangedLengths {
    let attribute: LayoutAttribute = horizontal ? .width : .height
    let along = (stack.axis == .horizontal) == horizontal
    var lengths = ArrangedLengths()
    var previous: View?
    for child in stack.arrangedSubviews {
      let constant = readsConstants ? fixedDimension(child, attribute) : nil
      if child.isHidden {
        if along, let constant, constant != 0 { lengths.undecided = true }
        continue
      }
      if along, let previous { lengths.spacing += stack.spacing(after: previous) }
      previous = child
      if let constant {
        lengths.fixedSum += constant
        lengths.lowest = min(lengths.lowest, constant)
        lengths.highest = max(lengths.highest, constant)
        lengths.fixedCount += 1
      } else {
        lengths.flexibleCount += 1
        if readsConstants && child.layoutAlgorithm == .stack {
          let nested = arrangedLengths(
            of: unsafeDowncast(child, to: StackView.self), horizontal: horizontal,
            readsConstants: true)
          if nested.undecided || nested.fixedCount > 0 { lengths.undecided = true }
        }
      }
    }
    return lengths
  }

  /// Whether a view that `stack` arranges (hidden or not), or one arranged deeper by a stack
  /// it arranges, has a constant width (`horizontal`) or height: without one, a length given
  /// from outside can contradict only the stack's spacing (`takesLength`).
  /// Computed once per change of the constraints or the hierarchy anywhere (a constant's
  /// value does not change the answer).
  static func arrangesFixedLength(_ stack: StackView, horizontal: Bool) -> Bool {
    // A few arranged views are read in less time than a cache entry takes to allocate.
    let cached = stack.arrangedSubviews.count > 8
    if cached, let entry = stack.layoutState.rare.arrangedFixedLengths,
      entry.generation == ConstraintScope.generation
    {
      return horizontal ? entry.horizontal : entry.vertical
    }
    var fixed = (horizontal: false, vertical: false)
    for child in stack.arrangedSubviews {
      if !child.layoutState.constraints.isEmpty {
        if fixedDimension(child, .width) != nil { fixed.horizontal = true }
        if fixedDimension(child, .height) != nil { fixed.vertical = true }
      }
      if child.layoutAlgorithm == .stack {
        let nested = unsafeDowncast(child, to: StackView.self)
        if arrangesFixedLength(nested, horizontal: true) { fixed.horizontal = true }
        if arrangesFixedLength(nested, horizontal: false) { fixed.vertical = true }
      }
    }
    if cached {
      stack.layoutState.rare.arrangedFixedLengths = (
        ConstraintScope.generation, fixed.horizontal, fixed.vertical
      )
    }
    return horizontal ? fixed.horizontal : fixed.vertical
  }

  private static func fixedDimension(_ view: View, _ attribute: LayoutAttribute) -> Double? {
    for constraint in view.layoutState.constraints
    where constraint.firstAttribute == attribute && constraint.hasFirstItem(view)
      && constraint.lacksSecondItem
    {
      return constraint.constant
    }
    return nil
  }

  /// How willing the view is to grow (`hugging`) or shrink (`compression`) along `axis`:
  /// a fixed dimension never; a view without intrinsic size freely (0); a stack as its most
  /// willing arranged view.
  private static func priority(_ view: View, _ axis: LayoutAxis, growing: Bool) -> Float {
    if Self.fixedDimension(view, axis == .horizontal ? .width : .height) != nil { return 1000 }
    if view.layoutAlgorithm == .stack {
      let stack = unsafeDowncast(view, to: StackView.self)
      var lowest: Float = 1000
      var any = false
      for child in stack.arrangedSubviews where !child.isHidden {
        lowest = min(lowest, Self.priority(child, axis, growing: growing))
        any = true
      }
      return any ? lowest : 0
    }
    let intrinsic = view.measuredIntrinsicSize
    if (axis == .horizontal ? intrinsic.width : intrinsic.height) < 0 { return 0 }
    return growing
      ? view.contentHuggingPriority(for: axis).rawValue
      : view.contentCompressionResistancePriority(for: axis).rawValue
  }

  /// Arranges `view`'s subtree; false when a fitted scope in it could not be placed
  /// exactly (the rest is arranged all the same).
  private func arrangeChildren(of view: View, force: Bool, keepsInsets: Bool = false)
    -> Bool
  {
    engine.statistics?.counts.visitedViews += 1
    // Frames inside a framed scope that this pass sets outdate its last solve.
    view.layoutState.forgetSolvedScopeInput()
    if ConstraintScope.isFitted(view) {
      // Inside the frame it was given, with the insets given to it.
      let safe = Rect(origin: .zero, size: view.frame.size).inset(
        by: view.layoutState.safeAreaInsets)
      if !keepsInsets { Self.takeOwnInsets(view) }
      engine.layOutFittedScope(view, safeRect: safe)
      return true
    }
    var exact = true
    if view.layoutAlgorithm == .stack {
      exact = arrange(unsafeDowncast(view, to: StackView.self))
    } else {
      for subview in view.subviews where subview.layoutState.needsLayout || force {
        // A subview that keeps its frame is a relayout boundary.
        subview.layoutState.relayoutBoundary = .direct
        if !arrangeChildren(of: subview, force: force) { exact = false }
      }
    }
    view.layoutState.needsLayout = false
    view.layoutState.selfDirty = false
    view.layoutState.dirtyChildren.removeAll(keepingCapacity: true)
    if !keepsInsets { Self.takeOwnInsets(view) }
    view.layoutSubviews()
    return exact
  }

  /// No safe area reaches a qualifying hierarchy, so the view's insets are zero and its
  /// margins its own.
  private static func takeOwnInsets(_ view: View) {
    let state = view.layoutState
    if state.safeAreaInsets != .zero { state.safeAreaInsets = .zero }
    let margins = view.layoutMargins
    if state.effectiveLayoutMargins != margins { state.effectiveLayoutMargins = margins }
  }

  /// Arranges a stack's views; false when a fitted scope could not be placed exactly.
  private func arrange(_ stack: StackView) -> Bool {
    if let exact = arrangeDirtyChildrenOnly(stack) { return exact }
    let vertical = stack.axis == .vertical
    let distribution = stack.distribution
    let alignment = stack.alignment
    let bounds = stack.frame.size
    stack.layoutState.lastArrangedSize = bounds
    // Right to left, the arrangement is mirrored across the stack: leading is its right edge.
    let mirrorWidth: Double? = View.rightToLeftInUse && stack.isRightToLeft ? bounds.width : nil
    let available = vertical ? bounds.height : bounds.width
    let crossAvailable = vertical ? bounds.width : bounds.height
    let arranged = stack.arrangedSubviews
    if stack.layoutState.directQualification == .arrangesFittedScopes {
      // Measured where they will be, once (a pass root's breadth is known only now).
      measureFittedScopes(of: stack, at: crossAvailable)
    }
    // The natural sizes of the visible arranged views, in order, and the spacing between them.
    var naturals: [Size] = []
    naturals.reserveCapacity(arranged.count)
    // Lengths along the axis start as the natural ones; the distribution adjusts them.
    var lengths: [Double] = []
    lengths.reserveCapacity(arranged.count)
    var spacing = 0.0
    var total = 0.0
    var previous: View?
    let parts = StackView.MeasureParts(
      vertical: vertical, distribution: distribution, alignment: alignment)
    for child in arranged where !child.isHidden {
      let natural = naturalSize(of: child)
      child.layoutState.arrangedBy = parts.record(natural)
      naturals.append(natural)
      lengths.append(vertical ? natural.height : natural.width)
      total += vertical ? natural.height : natural.width
      if let previous { spacing += stack.spacing(after: previous) }
      previous = child
    }
    let count = naturals.count
    var gap: Double? = nil
    var stretched = -1
    switch distribution {
    case .fillEqually:
      let each = count == 0 ? 0 : max(0, (available - spacing) / Double(count))
      for index in lengths.indices { lengths[index] = each }
    case .fillProportionally:
      let room = max(0, available - spacing)
      for index in lengths.indices {
        lengths[index] = total > 0 ? room * lengths[index] / total : room / Double(count)
      }
    case .equalSpacing where count > 1 && available - total >= spacing:
      gap = (available - total) / Double(count - 1)
    default:
      let delta = available - total - spacing
      if stack.layoutState.directQualification == .arrangesFittedScopes {
        // Nothing outside a fitted scope may pull on its length (the views were measured
        // at the breadth they get, above: a stack sized from other measures is off here).
        // (Within the 1e-6 to which solved frames are rounded.)
        guard abs(delta) <= 2e-6 else { return false }
      }
      if delta > 1e-9 || delta < -1e-9 {
        // (A loop, not `filter`: the closure would check its isolation per view.)
        var visible: [View] = []
        visible.reserveCapacity(count)
        for child in arranged where !child.isHidden { visible.append(child) }
        stretched = Self.resolve(
          delta, of: &lengths, visible: visible, axis: vertical ? .vertical : .horizontal)
      }
    }

    var position = 0.0
    previous = nil
    var visibleIndex = 0
    var exact = true
    for child in arranged {
      if child.isHidden {
        // As the stack's constraints collapse it: no length, its natural breadth at the
        // leading (top) edge, apart from the alignment of the views it shows.
        exact =
          place(
            child, natural: naturalSize(of: child), vertical: vertical, alignment: .leading,
            along: position, length: 0, crossAvailable: .infinity, mirrorWidth: mirrorWidth)
          && exact
        continue
      }
      if let previous { position += gap ?? stack.spacing(after: previous) }
      let length = lengths[visibleIndex]
      // The child's frame ignores its content when its length is fixed (or shared equally)
      // and it fills the stack across: a change inside it relayouts it alone.
      let state = child.layoutState
      let fixedAlong: Bool
      let fixedAcross: Bool
      if state.constraints.isEmpty {
        fixedAlong = distribution == .fillEqually
        fixedAcross = alignment == .fill
      } else {
        fixedAlong =
          distribution == .fillEqually
          || (distribution == .fill && visibleIndex != stretched
            && Self.fixedDimension(child, vertical ? .height : .width) != nil)
        fixedAcross =
          alignment == .fill || Self.fixedDimension(child, vertical ? .width : .height) != nil
      }
      state.relayoutBoundary =
        (fixedAlong && fixedAcross) || child.layoutAlgorithm == .list ? .direct : .none
      exact =
        place(
          child, natural: naturals[visibleIndex], vertical: vertical, alignment: alignment,
          along: position, length: length, crossAvailable: crossAvailable,
          mirrorWidth: mirrorWidth) && exact
      position += length
      previous = child
      visibleIndex += 1
    }
    return exact
  }

  /// Spreads `delta` (room left, or overflow when negative) over the lengths of a `fill`
  /// stack's visible views: the lowest hugging priority stretches (ties to the first view),
  /// the lowest compression resistance shrinks first (ties to the last). Returns the index
  /// of the view that stretched or shrank last, or -1.
  private static func resolve(
    _ delta: Double, of lengths: inout [Double], visible: [View], axis: LayoutAxis
  ) -> Int {
    var stretched = -1
    if delta > 1e-9 {
      var best = -1
      var bestPriority: Float = 1000
      for (index, child) in visible.enumerated() {
        let p = Self.priority(child, axis, growing: true)
        if p < bestPriority {
          bestPriority = p
          best = index
        }
      }
      if best >= 0 {
        lengths[best] += delta
        stretched = best
      }
      return stretched
    }
    var delta = delta
    var remaining = Set(visible.indices)
    while delta < -1e-9 && !remaining.isEmpty {
      var best = -1
      var bestPriority: Float = 1001
      for index in remaining {
        let p = Self.priority(visible[index], axis, growing: false)
        if p < bestPriority || (p == bestPriority && index > best) {
          bestPriority = p
          best = index
        }
      }
      guard best >= 0, bestPriority < 1000 else { break }
      remaining.remove(best)
      stretched = best
      let cut = min(lengths[best], -delta)
      lengths[best] -= cut
      delta += cut
    }
    return stretched
  }

  /// When only descendants changed, the stack kept its size and the changed children kept
  /// their natural size along the axis (and across it unless the stack fills), every frame
  /// stays: only the changed children are arranged. Returns nil when that was not the case,
  /// else whether they were placed exactly (as `arrange`).
  private func arrangeDirtyChildrenOnly(_ stack: StackView) -> Bool? {
    let state = stack.layoutState
    guard !state.selfDirty, let size = state.lastArrangedSize, size == stack.frame.size,
      !state.dirtyChildren.isEmpty
    else { return nil }
    for child in state.dirtyChildren {
      guard child.superview === stack, let used = child.layoutState.arrangedBy,
        !ViewLayoutState.moved(used, naturalSize(of: child))
      else { return nil }
    }
    var exact = true
    let parts = stack.measureParts
    for child in state.dirtyChildren {
      guard child.layoutState.needsLayout else { continue }
      child.layoutState.arrangedBy = parts.record(naturalSize(of: child))
      if !arrangeChildren(of: child, force: false) { exact = false }
    }
    return exact
  }

  private func place(
    _ child: View, natural: Size, vertical: Bool, alignment: StackView.Alignment, along: Double,
    length: Double, crossAvailable: Double, mirrorWidth: Double? = nil
  ) -> Bool {
    let naturalCross = min(vertical ? natural.width : natural.height, crossAvailable)
    var cross = naturalCross
    var crossPosition = 0.0
    switch alignment {
    case .fill, .firstBaseline, .lastBaseline: cross = crossAvailable
    case .leading, .top: crossPosition = 0
    case .center: crossPosition = (crossAvailable - cross) / 2
    case .trailing, .bottom: crossPosition = crossAvailable - cross
    }
    var frame =
      vertical
      ? Rect(x: crossPosition, y: along, width: cross, height: length)
      : Rect(x: along, y: crossPosition, width: length, height: cross)
    if let mirrorWidth { frame.origin.x = mirrorWidth - frame.maxX }
    let old = child.frame
    let changed = old.size != frame.size
    if old != frame {
      LayoutEngine.isApplyingFrames = true
      child.frame = frame
      LayoutEngine.isApplyingFrames = false
    }
    guard changed || child.layoutState.needsLayout else { return true }
    return arrangeChildren(of: child, force: changed)
  }
}

extension StackView {
  /// The parts of an arranged view's measure that this stack's arrangement depends on
  /// (`ViewLayoutState.arrangedBy`): the length unless lengths are shared equally, the
  /// breadth unless the stack fills across.
  var measureParts: MeasureParts {
    MeasureParts(vertical: axis == .vertical, distribution: distribution, alignment: alignment)
  }

  /// Which parts of an arranged view's measure a stack depends on (`measureParts`).
  struct MeasureParts {
    var vertical: Bool
    var length: Bool
    var breadth: Bool

    /// The parts a stack along `vertical` with `distribution` and `alignment` depends on
    /// (an arrangement that has read its stack's properties already passes them here).
    init(vertical: Bool, distribution: Distribution, alignment: Alignment) {
      self.vertical = vertical
      length = distribution != .fillEqually
      breadth = alignment != .fill
    }

    /// `natural` with NaN on the axes the stack does not depend on.
    func record(_ natural: Size) -> Size {
      let along = length ? (vertical ? natural.height : natural.width) : .nan
      let across = breadth ? (vertical ? natural.width : natural.height) : .nan
      return vertical ? Size(width: across, height: along) : Size(width: along, height: across)
    }
  }

  /// The spacing after `view`: its custom spacing, else `spacing`.
  func spacing(after view: View) -> Double {
    let custom = customSpacing(after: view)
    return custom == StackView.spacingUseDefault ? spacing : custom
  }
}
