/// One solve of a hierarchy: variables for every view and guide under the root, the
/// constraints that relate them, the solution and its application to frames.
///
/// Without a session the pass owns a new solver and adds each constraint as it is gathered.
/// With a `SimplexSession` (the layout root's persistent simplex) it gathers the records and
/// hands them to the session, which adds and removes only what changed since its last pass.
///
/// A session pass gathers the scope only: sealed containers (solved by their own sessions
/// afterwards) and **islands** (stack subtrees that `DirectStackLayout` qualifies for) are
/// leaves holding only their frame rows. The presolve fixes each island's frame, its size
/// from outside or its natural size (`SimplexPresolve.Islands` says when that is exact), and
/// `arrangeIslands()` arranges each inside its frame directly. When an island cannot be a
/// leaf exactly (something outside trades its size or reaches inside it), the pass gathers
/// every island whole, as one solve of the hierarchy.
@MainActor
final class LayoutPass {
  /// A `systemLayoutSizeFitting` request: the root's size is free and pulled towards
  /// `target` at the given priorities.
  struct Fitting {
    var target: Size
    var horizontal: LayoutPriority
    var vertical: LayoutPriority
  }

  /// A linear expression over the pass's variables.
  struct Expression {
    var terms: [(variable: Int, coefficient: Double)] = []
    var constant = 0.0

    mutating func add(_ other: Expression, times factor: Double) {
      for term in other.terms { terms.append((term.variable, term.coefficient * factor)) }
      constant += other.constant * factor
    }
  }

  /// One row for the solver: `expression (relation) 0` at `priority`, or (in a session
  /// pass) an issue to report in its place in the fixed order. Records are equal when their
  /// rows are: same terms, constant, relation and priority, whatever their source.
  struct Record: Hashable {
    var expression: Expression
    var relation: Solver.Relation
    var priority: LayoutPriority
    var source: LayoutConstraint?
    var issue: LayoutIssue?

    static func == (lhs: Record, rhs: Record) -> Bool {
      guard lhs.relation == rhs.relation, lhs.priority == rhs.priority,
        lhs.expression.constant == rhs.expression.constant,
        lhs.expression.terms.count == rhs.expression.terms.count
      else { return false }
      for (a, b) in zip(lhs.expression.terms, rhs.expression.terms)
      where a.variable != b.variable || a.coefficient != b.coefficient {
        return false
      }
      return true
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(relation)
      hasher.combine(priority)
      hasher.combine(expression.constant)
      for term in expression.terms {
        hasher.combine(term.variable)
        hasher.combine(term.coefficient)
      }
    }
  }

  let root: View
  let passID: Int
  let fitting: Fitting?
  /// The root's persistent simplex, or nil for a pass with its own solver.
  let session: SimplexSession?
  /// The engine running the pass, whose statistics count its rows.
  let engine: LayoutEngine
  /// Whether the session takes what required equalities fix one by one off its tableau
  /// (`SimplexPresolve`): unless the hierarchy is laid out by the simplex alone
  /// (`LayoutOptions.simplexOnly`).
  let presolves: Bool
  // The arrays of a pass are read and written only by its own methods, one access at a
  // time: they skip the dynamic exclusivity check a class's stored property pays on each.
  @exclusivity(unchecked) private(set) var views: [View] = []
  @exclusivity(unchecked) private var guides: [LayoutGuide] = []
  /// The solver of a pass without a session.
  private lazy var ownSolver = Solver()
  /// The records added (own solver) or gathered (session), in the fixed order.
  @exclusivity(unchecked) private var records: [Record] = []
  /// The value of `variable` in this pass's solution.
  private func value(of variable: Int) -> Double {
    session?.value(of: variable) ?? ownSolver.value(of: variable)
  }
  /// Set when the root is a sealed container inside another pass (see `isSealedContainer`):
  /// the root's absolute origin and the safe rectangle it inherits, from the outer pass.
  let nested: Nested?
  /// Sealed containers met by a session pass: laid out as the leaves of this pass, their
  /// subtrees by their own sessions afterwards.
  @exclusivity(unchecked) private(set) var containers: [View] = []
  /// Whether islands are gathered as leaves: a session pass that presolves, unless its
  /// session declined them (`SimplexSession.takesIslands`).
  private var gathersIslands: Bool
  /// Per view in `views`, the index of its superview there (-1 for the root).
  @exclusivity(unchecked) private var parentIndexes: [Int] = []
  /// The islands gathered as leaves, and per view in `views` whether it is one.
  @exclusivity(unchecked) private(set) var islands: [View] = []
  @exclusivity(unchecked) private var isIsland: [Bool] = []
  /// A constraint gathered relates an item inside an island: the islands must be whole.
  private var reachesIntoIsland = false

  /// What the pass of a sealed container takes from the pass around it.
  struct Nested: Equatable {
    var origin: Point
    var safeRect: Rect
  }
  /// The assumed safe-area insets and margins of each view, by index in `views`.
  @exclusivity(unchecked) private var assumedSafeArea: [EdgeInsets] = []
  @exclusivity(unchecked) private var assumedMargins: [EdgeInsets] = []
  /// Per island, what `apply()` derived: its absolute frame and insets, and whether it had
  /// safe-area insets before (then the views inside may hold stale ones).
  @exclusivity(unchecked) private var islandInsets:
    [(absolute: Rect, derived: View.DerivedInsets, hadInsets: Bool)] = []

  init(
    root: View, passID: Int, fitting: Fitting?, session: SimplexSession? = nil,
    engine: LayoutEngine, nested: Nested? = nil
  ) {
    self.root = root
    self.passID = passID
    self.fitting = fitting
    self.session = session
    self.engine = engine
    self.nested = nested
    presolves = !engine.options.simplexOnly
    gathersIslands = presolves && fitting == nil && (session?.takesIslands ?? false)
  }

  /// Whether `view` (not the root) is an island this pass gathers as a leaf.
  private func isLeafIsland(_ view: View) -> Bool {
    gathersIslands && view !== root && view.layoutAlgorithm == .stack
      && engine.direct.qualifies(view)
  }

  /// Whether `view` is a sealed container of this (session) pass.
  private func isContainer(_ view: View) -> Bool {
    session != nil && view !== root && view.layoutState.containerInput != nil
  }

  /// Whether `view` (not the root) is solved by its own session: the root of a constraint
  /// scope (`ConstraintScope`) that keeps its frame and is not arranged in a stack, so that
  /// its subtree's variables are independent of the rest once its frame is fixed.
  private func isSealedContainer(_ view: View) -> Bool {
    guard session != nil, fitting == nil, view !== root,
      view.translatesAutoresizingMaskIntoConstraints, ConstraintScope.rooted(at: view) != nil,
      let parent = view.superview
    else { return false }
    if let stack = parent as? StackView, stack.arrangedSubviews.contains(where: { $0 === view }) {
      return false
    }
    return true
  }

  /// Allocates variables, adds every constraint and solves.
  func build() {
    gather()
    guard let session else { return }
    if !islands.isEmpty && !reachesIntoIsland,
      session.synchronize(
        records, items: views.count + guides.count, presolves: true, held: heldVariable,
        islands: islandLengths, statistics: engine.statistics)
    {
      engine.statistics?.counts.leafIslands += islands.count
      return
    }
    if !islands.isEmpty {
      // Not exact as leaves: gather everything, as one solve of the hierarchy does.
      session.declineIslands()
      gathersIslands = false
      views.removeAll(keepingCapacity: true)
      guides.removeAll(keepingCapacity: true)
      records.removeAll(keepingCapacity: true)
      assumedSafeArea.removeAll(keepingCapacity: true)
      assumedMargins.removeAll(keepingCapacity: true)
      parentIndexes.removeAll(keepingCapacity: true)
      containers.removeAll(keepingCapacity: true)
      islands.removeAll(keepingCapacity: true)
      isIsland.removeAll(keepingCapacity: true)
      gather()
    }
    _ = session.synchronize(
      records, items: views.count + guides.count, presolves: presolves, held: heldVariable,
      islands: nil, statistics: engine.statistics)
  }

  /// A self-sizing view's passes alternate between fitting ones (its length along its stack
  /// free) and ones at its frame (that length fixed): left to the tableau, the length makes
  /// both presolve the same variables, so that they swap only the rows of the length.
  private var heldVariable: Int {
    guard let stack = root.superview as? StackView else { return -1 }
    return root.layoutState.node.variableBase + (stack.axis == .vertical ? 3 : 2)
  }

  /// The islands' lengths for the presolve: their variables, natural lengths and the
  /// priorities inside that hold them.
  private var islandLengths: SimplexPresolve.Islands {
    let islands = self.islands
    let direct = engine.direct
    return SimplexPresolve.Islands(
      lengths: islands.map { island in
        let base = island.layoutState.node.variableBase
        return (base + 2, base + 3)
      },
      naturalLength: { index, horizontal, width in
        let island = islands[index]
        guard direct.hasDeterminedNaturalSize(island, horizontal: horizontal) else { return nil }
        // A vertical stack of self-sizing rows measures them at its width.
        var across: Double?
        if !horizontal, (island as? StackView)?.axis == .vertical {
          guard !width.isNaN else { return nil }
          across = width
        }
        let natural = direct.naturalSize(of: island, across: across)
        return horizontal ? natural.width : natural.height
      },
      lowestPriority: { index, horizontal in
        let rare = islands[index].layoutState.rare
        if let cached = horizontal
          ? rare.lowestPriorityInside.horizontal : rare.lowestPriorityInside.vertical
        {
          return cached
        }
        let lowest = Self.lowestPriority(inside: islands[index], horizontal: horizontal)
        if horizontal {
          rare.lowestPriorityInside.horizontal = lowest
        } else {
          rare.lowestPriorityInside.vertical = lowest
        }
        return lowest
      },
      takesLengthFromOutside: { index, horizontal, length in
        let island = unsafeDowncast(islands[index], to: StackView.self)
        return DirectStackLayout.takesLength(island, length, horizontal: horizontal)
      })
  }

  /// The lowest priority inside `view`'s subtree that may hold its length on an axis: the
  /// intrinsic sizes' hugging and compression resistance (less their tie-breaks), optional
  /// constraints, and a stack's own pull towards zero (priority 49); required when nothing
  /// optional is inside.
  private static func lowestPriority(inside view: View, horizontal: Bool) -> Float {
    var lowest = LayoutPriority.required.rawValue
    if view.layoutAlgorithm == .stack { lowest = 49 }
    let intrinsic = view.measuredIntrinsicSize
    if (horizontal ? intrinsic.width : intrinsic.height) >= 0 {
      let axis: LayoutAxis = horizontal ? .horizontal : .vertical
      lowest = min(
        lowest, view.contentHuggingPriority(for: axis).rawValue - 1,
        view.contentCompressionResistancePriority(for: axis).rawValue - 1)
    }
    for constraint in view.layoutState.constraints where !constraint.priority.isRequired {
      lowest = min(lowest, constraint.priority.rawValue)
    }
    for subview in view.subviews {
      lowest = min(lowest, lowestPriority(inside: subview, horizontal: horizontal))
    }
    return lowest
  }

  /// Collects the views, allocates their variables and gathers every record.
  private func gather() {
    collect(root, parent: nil, parentIndex: -1)
    session?.beginPass()
    for (index, view) in views.enumerated() {
      view.layoutState.node.passID = passID
      view.layoutState.node.variableBase = allocate(view.layoutState.node, isRoot: view === root)
      if let stack = view as? StackView, stack.isLayoutMarginsRelativeArrangement {
        _ = stack.layoutMarginsGuide
      }
      // A container's guides belong to its own pass, an island's to its arrangement.
      if isContainer(view) || isIsland[index] { continue }
      for guide in view.systemAndUserGuides {
        guide.node.passID = passID
        guide.node.variableBase = allocate(guide.node, isRoot: false)
        guides.append(guide)
      }
    }
    addFrameConstraints()
    addGuideConstraints()
    // Stack views set their arranged views' priority tie-breaks here, before the intrinsic
    // constraints read them.
    for (index, view) in views.enumerated() where !isIsland[index] {
      addGeneratedConstraints(of: view)
    }
    addIntrinsicConstraints()
    for view in views {
      // A container's constraints (all inside it) belong to its own pass; an island's own
      // are its constant sizes.
      if isContainer(view) { continue }
      for constraint in view.layoutState.constraints { add(constraint) }
    }
    if session != nil { engine.statistics?.counts.solverRecordsGathered += records.count }
  }

  /// Collects `view` and its subtree down to the leaves (islands and sealed containers),
  /// with the safe-area insets and margins the pass assumes for their guides: derived from
  /// the frames the views have now, parents first, as `apply()` derives them from the
  /// solved ones. Views that keep their frames (a window and its controllers' views) thus
  /// get their final insets in the first pass, as anchor chains derive them while placing,
  /// and a pass solves again only where a solved frame moved a safe area or margin.
  /// `parent` is the superview's derivation (nil for the root), `parentIndex` its index.
  private func collect(_ view: View, parent: View.ParentInsetsContext?, parentIndex: Int) {
    let index = views.count
    views.append(view)
    parentIndexes.append(parentIndex)
    var context: View.ParentInsetsContext?
    if fitting != nil {
      assumedSafeArea.append(view.layoutState.safeAreaInsets)
      assumedMargins.append(view.layoutState.effectiveLayoutMargins)
    } else if let parent {
      let frame = view.frame
      let absolute = Rect(
        x: parent.frame.minX + frame.minX, y: parent.frame.minY + frame.minY,
        width: frame.width, height: frame.height)
      let derived = view.deriveInsets(frame: absolute, isPassRoot: false, parent: parent)
      assumedSafeArea.append(derived.safeAreaInsets)
      assumedMargins.append(derived.effectiveMargins)
      context = View.ParentInsetsContext(
        frame: absolute, safeRect: derived.safeRect, effectiveMargins: derived.effectiveMargins)
    } else {
      let absolute = Rect(origin: nested?.origin ?? .zero, size: view.frame.size)
      if let nested {
        // A container's own insets come from the pass around it.
        assumedSafeArea.append(view.layoutState.safeAreaInsets)
        assumedMargins.append(view.layoutState.effectiveLayoutMargins)
        context = View.ParentInsetsContext(
          frame: absolute, safeRect: nested.safeRect,
          effectiveMargins: view.layoutState.effectiveLayoutMargins)
      } else {
        let derived = view.deriveInsets(frame: absolute, isPassRoot: true, parent: nil)
        assumedSafeArea.append(derived.safeAreaInsets)
        assumedMargins.append(derived.effectiveMargins)
        context = View.ParentInsetsContext(
          frame: absolute, safeRect: derived.safeRect, effectiveMargins: derived.effectiveMargins)
      }
    }
    let island = isLeafIsland(view)
    isIsland.append(island)
    if island {
      islands.append(view)
      return
    }
    if isSealedContainer(view) {
      containers.append(view)
      if view.layoutState.containerInput == nil {
        view.layoutState.containerInput = Nested(origin: .zero, safeRect: .zero)
      }
      return
    }
    // A former layout root or container inside this pass no longer needs its own tableau.
    if view !== root && session != nil {
      if view.layoutState.containerInput != nil {
        view.layoutState.containerInput = nil
        view.layoutState.solvedContainerInput = nil
      }
      if view.layoutState.simplexSession != nil { view.layoutState.simplexSession = nil }
    }
    for subview in view.subviews { collect(subview, parent: context, parentIndex: index) }
  }

  private func allocate(_ node: LayoutNode, isRoot: Bool) -> Int {
    if let session { return session.base(of: node, isRoot: isRoot) }
    let base = ownSolver.makeVariable()
    _ = ownSolver.makeVariable()
    _ = ownSolver.makeVariable()
    _ = ownSolver.makeVariable()
    return base
  }

  /// The base variable of `item` in this pass, if it takes part.
  func base(of item: any LayoutItem) -> Int? {
    let node: LayoutNode
    if let view = item as? View {
      node = view.layoutState.node
    } else if let guide = item as? LayoutGuide {
      node = guide.node
    } else {
      return nil
    }
    return base(of: node)
  }

  /// `attribute` of `item` as an expression, following a baseline to the view that
  /// provides it.
  func expression(_ item: any LayoutItem, _ attribute: LayoutAttribute) -> Expression? {
    if attribute == .firstBaseline || attribute == .lastBaseline, let view = item as? View {
      if let delegate = view.baselineView(first: attribute == .firstBaseline) {
        return expression(delegate, attribute)
      }
      guard let base = base(of: view) else { return nil }
      let offset = view.baselineOffset(first: attribute == .firstBaseline) ?? (1, 0)
      return Expression(
        terms: [(base + 1, 1), (base + 3, offset.heightFactor)], constant: offset.constant)
    }
    guard let base = base(of: item) else { return nil }
    switch attribute {
    case .left, .leading: return Expression(terms: [(base, 1)])
    case .right, .trailing: return Expression(terms: [(base, 1), (base + 2, 1)])
    case .centerX: return Expression(terms: [(base, 1), (base + 2, 0.5)])
    case .width: return Expression(terms: [(base + 2, 1)])
    case .top: return Expression(terms: [(base + 1, 1)])
    case .bottom, .firstBaseline, .lastBaseline:
      return Expression(terms: [(base + 1, 1), (base + 3, 1)])
    case .centerY: return Expression(terms: [(base + 1, 1), (base + 3, 0.5)])
    case .height: return Expression(terms: [(base + 3, 1)])
    }
  }

  /// Adds `first.a (relation) second.b × multiplier + constant` at `priority`; items
  /// outside the pass make it a no-op (returns false).
  @discardableResult
  func add(
    _ first: any LayoutItem, _ firstAttribute: LayoutAttribute,
    _ relation: LayoutConstraint.Relation,
    _ second: (any LayoutItem)?, _ secondAttribute: LayoutAttribute?, multiplier: Double = 1,
    constant: Double = 0, priority: LayoutPriority = .required, source: LayoutConstraint? = nil
  ) -> Bool {
    guard var expression = expression(first, firstAttribute) else { return false }
    if let second, let secondAttribute {
      guard let other = self.expression(second, secondAttribute) else { return false }
      expression.add(other, times: -multiplier)
    }
    expression.constant -= constant
    add(expression, relation, priority: priority, source: source)
    return true
  }

  /// Adds `expression (relation) 0`.
  func add(
    _ expression: Expression, _ relation: LayoutConstraint.Relation, priority: LayoutPriority,
    source: LayoutConstraint? = nil
  ) {
    let solverRelation: Solver.Relation =
      switch relation {
      case .lessThanOrEqual: .lessThanOrEqual
      case .equal: .equal
      case .greaterThanOrEqual: .greaterThanOrEqual
      }
    let record = Record(
      expression: expression, relation: solverRelation, priority: priority, source: source)
    if session != nil {
      records.append(record)
      return
    }
    var ids: [Int] = []
    if let issue = Self.add(
      record, to: &ownSolver, holding: &records, ids: &ids, statistics: engine.statistics)
    {
      LayoutDiagnostics.report(issue)
    }
  }

  /// Reports `issue` now, or in its place among the records of a session pass.
  private func report(_ issue: LayoutIssue) {
    if session != nil {
      records.append(
        Record(
          expression: Expression(), relation: .equal, priority: .required, source: nil,
          issue: issue))
    } else {
      LayoutDiagnostics.report(issue)
    }
  }

  /// Adds `record` to `solver` and returns its identifier there.
  @discardableResult
  static func insert(_ record: Record, into solver: Solver, statistics: LayoutStatistics?)
    throws(Solver.Failure) -> Int
  {
    statistics?.counts.solverRowsAdded += 1
    return try solver.add(
      terms: record.expression.terms, constant: record.expression.constant,
      relation: record.relation, required: record.priority.isRequired,
      level: record.priority.solverLevel)
  }

  /// Adds `record` to `solver`, which holds `kept` (with solver identifiers `ids`, when the
  /// caller keeps them), and returns the issue to report if the record is left out.
  ///
  /// A required constraint is broken only when the required constraints kept before it and
  /// it cannot hold together (a fresh solver of just those confirms it): then it is dropped
  /// for the pass, as UIKit breaks the constraint whose addition makes the system
  /// unsatisfiable and keeps the others. Any other failure is rounding trouble in this
  /// tableau, not a conflict: the solver is rebuilt from scratch (required rows first) with
  /// the record, and nothing is reported.
  static func add(
    _ record: Record, to solver: inout Solver, holding kept: inout [Record], ids: inout [Int],
    statistics: LayoutStatistics?
  ) -> LayoutIssue? {
    do {
      ids.append(try insert(record, into: solver, statistics: statistics))
      kept.append(record)
      return nil
    } catch {
      let variables = solver.variableCount
      if record.priority.isRequired,
        !requiredConstraintsHold(kept + [record], variables, statistics: statistics)
      {
        // The tableau may hold part of the failed row: rebuild it from what was kept.
        (solver, ids) = rebuiltSolver(variables: variables, records: kept, statistics: statistics)
        guard let source = record.source else { return nil }
        return .unsatisfiable(broken: source, conflicting: conflicting(with: source, in: kept))
      }
      kept.append(record)
      (solver, ids) = rebuiltSolver(variables: variables, records: kept, statistics: statistics)
      return nil
    }
  }

  /// Whether the required records among `records` hold together, decided by a fresh
  /// solver of only those (no objective to round).
  private static func requiredConstraintsHold(
    _ records: [Record], _ variables: Int, statistics: LayoutStatistics?
  ) -> Bool {
    let fresh = Solver()
    for _ in 0..<variables { _ = fresh.makeVariable() }
    for record in records where record.priority.isRequired {
      do {
        try insert(record, into: fresh, statistics: statistics)
      } catch {
        if error == .unsatisfiable { return false }
      }
    }
    return true
  }

  /// A solver with `variables` variables and `records` added, required ones first, and
  /// their identifiers in the order of `records` (-1 for a row that failed).
  static func rebuiltSolver(variables: Int, records: [Record], statistics: LayoutStatistics?)
    -> (Solver, [Int])
  {
    let fresh = Solver()
    for _ in 0..<variables { _ = fresh.makeVariable() }
    var ids = [Int](repeating: -1, count: records.count)
    for required in [true, false] {
      for (index, record) in records.enumerated() where record.priority.isRequired == required {
        ids[index] = (try? insert(record, into: fresh, statistics: statistics)) ?? -1
      }
    }
    return (fresh, ids)
  }

  /// The required constraints among `records` that share an item with `constraint`.
  static func conflicting(with constraint: LayoutConstraint, in records: [Record])
    -> [LayoutConstraint]
  {
    let items = [constraint.firstItem, constraint.secondItem].compactMap { $0 }
    var result: [LayoutConstraint] = []
    for record in records {
      guard let source = record.source, record.priority.isRequired else { continue }
      let related = [source.firstItem, source.secondItem].contains { candidate in
        guard let candidate else { return false }
        return items.contains { $0 === candidate }
      }
      if related { result.append(source) }
    }
    result.append(constraint)
    return result
  }

  /// A user constraint; a scroll view's edges mean its content guide to its descendants.
  private func add(_ constraint: LayoutConstraint) {
    guard var first = constraint.firstItem else { return }
    guard constraint.constant.isFinite, constraint.multiplier.isFinite else {
      report(.invalidConstraint(constraint, reason: "its constant or multiplier is not finite"))
      return
    }
    var second = constraint.secondItem
    if let scroll = first as? ScrollView, let other = second?.owningLayoutView,
      other !== scroll, other.isDescendant(of: scroll), !constraint.firstAttribute.isDimension
    {
      first = scroll.contentLayoutGuide
    }
    if let scroll = second as? ScrollView, let other = first.owningLayoutView,
      other !== scroll, other.isDescendant(of: scroll),
      !(constraint.secondAttribute?.isDimension ?? true)
    {
      second = scroll.contentLayoutGuide
    }
    let added = add(
      first, constraint.firstAttribute, constraint.relation, second, constraint.secondAttribute,
      multiplier: constraint.multiplier, constant: constraint.constant,
      priority: constraint.priority, source: constraint)
    // Its items are under the root (it is installed on their common ancestor): one without
    // variables is inside an island.
    if !added && !islands.isEmpty { reachesIntoIsland = true }
  }

  private func addFrameConstraints() {
    for view in views {
      var frame = view.frame
      // A frame with NaN or infinite values is treated as zero rather than poisoning the
      // tableau.
      if !(frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite
        && frame.height.isFinite)
      {
        frame = .zero
      }
      if view === root {
        guard let base = base(of: view) else { continue }
        let origin = nested?.origin ?? .zero
        add(Expression(terms: [(base, 1)], constant: -origin.x), .equal, priority: .required)
        add(Expression(terms: [(base + 1, 1)], constant: -origin.y), .equal, priority: .required)
        if let fitting {
          add(view, .width, .greaterThanOrEqual, nil, nil, constant: 0)
          add(view, .height, .greaterThanOrEqual, nil, nil, constant: 0)
          add(
            view, .width, .equal, nil, nil, constant: fitting.target.width,
            priority: fitting.horizontal)
          add(
            view, .height, .equal, nil, nil, constant: fitting.target.height,
            priority: fitting.vertical)
        } else {
          add(view, .width, .equal, nil, nil, constant: frame.width)
          add(view, .height, .equal, nil, nil, constant: frame.height)
        }
        continue
      }
      // (The rows `add(view, .left, .equal, parent, .left, constant: …)` and the like give,
      // written out: a pass adds them for every view.)
      guard let own = base(of: view.layoutState.node) else { continue }
      if view.translatesAutoresizingMaskIntoConstraints {
        guard let parent = view.superview, let parentBase = base(of: parent.layoutState.node)
        else { continue }
        add(
          Expression(terms: [(own, 1), (parentBase, -1)], constant: -frame.minX), .equal,
          priority: .required)
        add(
          Expression(terms: [(own + 1, 1), (parentBase + 1, -1)], constant: -frame.minY),
          .equal, priority: .required)
        add(Expression(terms: [(own + 2, 1)], constant: -frame.width), .equal, priority: .required)
        add(
          Expression(terms: [(own + 3, 1)], constant: -frame.height), .equal, priority: .required)
      } else {
        add(Expression(terms: [(own + 2, 1)]), .greaterThanOrEqual, priority: .required)
        add(Expression(terms: [(own + 3, 1)]), .greaterThanOrEqual, priority: .required)
      }
    }
  }

  /// The base variable of `node` in this pass, if it takes part.
  private func base(of node: LayoutNode) -> Int? {
    node.passID == passID ? node.variableBase : nil
  }

  private func addGuideConstraints() {
    for (index, view) in views.enumerated() where !isIsland[index] {
      guard let viewBase = base(of: view.layoutState.node) else { continue }
      if let guide = view.layoutState.safeAreaGuide, let guideBase = base(of: guide.node) {
        pin(guideBase, to: viewBase, insets: assumedSafeArea[index])
      }
      if let guide = view.layoutState.marginsGuide, let guideBase = base(of: guide.node) {
        pin(guideBase, to: viewBase, insets: assumedMargins[index])
      }
      for guide in view.layoutState.guides {
        add(guide, .width, .greaterThanOrEqual, nil, nil, constant: 0)
        add(guide, .height, .greaterThanOrEqual, nil, nil, constant: 0)
      }
    }
  }

  /// Pins the item with base variable `guide` inside the one with base `view` by `insets`:
  /// its edges `insets` inside the view's, its size theirs less the insets.
  private func pin(_ guide: Int, to view: Int, insets: EdgeInsets) {
    add(
      Expression(terms: [(guide, 1), (view, -1)], constant: -insets.left), .equal,
      priority: .required)
    add(
      Expression(terms: [(guide + 1, 1), (view + 1, -1)], constant: -insets.top), .equal,
      priority: .required)
    add(
      Expression(terms: [(guide + 2, 1), (view + 2, -1)], constant: insets.left + insets.right),
      .equal, priority: .required)
    add(
      Expression(terms: [(guide + 3, 1), (view + 3, -1)], constant: insets.top + insets.bottom),
      .equal, priority: .required)
  }

  /// Pins `guide` inside `view` by `insets`; items outside the pass make it a no-op.
  func pin(_ guide: any LayoutItem, to view: View, insets: EdgeInsets) {
    guard let guideBase = base(of: guide), let viewBase = base(of: view) else { return }
    pin(guideBase, to: viewBase, insets: insets)
  }

  private func addIntrinsicConstraints() {
    for view in views where view !== root || fitting != nil {
      guard !view.translatesAutoresizingMaskIntoConstraints || view === root else { continue }
      var size = view.measuredIntrinsicSize
      if !size.width.isFinite { size.width = View.noIntrinsicMetric }
      if !size.height.isFinite { size.height = View.noIntrinsicMetric }
      let tieBreak = view.layoutState.priorityTieBreak
      func adjusted(_ priority: LayoutPriority, _ amount: Float) -> LayoutPriority {
        priority.isRequired ? priority : priority - amount
      }
      if size.width >= 0 {
        add(
          view, .width, .lessThanOrEqual, nil, nil, constant: size.width,
          priority: adjusted(view.contentHuggingPriority(for: .horizontal), tieBreak.hugging))
        add(
          view, .width, .greaterThanOrEqual, nil, nil, constant: size.width,
          priority: adjusted(
            view.contentCompressionResistancePriority(for: .horizontal), tieBreak.compression))
      }
      if size.height >= 0 {
        add(
          view, .height, .lessThanOrEqual, nil, nil, constant: size.height,
          priority: adjusted(view.contentHuggingPriority(for: .vertical), tieBreak.hugging))
        add(
          view, .height, .greaterThanOrEqual, nil, nil, constant: size.height,
          priority: adjusted(
            view.contentCompressionResistancePriority(for: .vertical), tieBreak.compression))
      }
    }
  }

  /// The solved size of the root.
  var rootSize: Size {
    let size = exactRootSize
    return Size(width: clean(size.width), height: clean(size.height))
  }

  /// The solved size of the root as the solver holds it: what a stack adds up when it
  /// arranges the root, as the whole solve would (`rootSize` is rounded to 1e-6).
  var exactRootSize: Size {
    let base = root.layoutState.node.variableBase
    return Size(width: value(of: base + 2), height: value(of: base + 3))
  }

  /// The solved absolute frame of `item`.
  func solvedFrame(of item: any LayoutItem) -> Rect? {
    guard let base = base(of: item) else { return nil }
    return Rect(
      x: clean(value(of: base)), y: clean(value(of: base + 1)),
      width: clean(value(of: base + 2)), height: clean(value(of: base + 3)))
  }

  private func clean(_ value: Double) -> Double {
    let rounded = (value * 1_000_000).rounded() / 1_000_000
    return rounded == 0 ? 0 : rounded
  }

  /// Applies the solution to frames, guides, safe areas and margins. Returns whether the
  /// derived insets and wrapping widths matched what the pass assumed.
  func apply() -> Bool {
    LayoutEngine.isApplyingFrames = true
    defer { LayoutEngine.isApplyingFrames = false }
    var stable = true
    islandInsets.removeAll(keepingCapacity: true)
    var absolute: [Rect] = []
    absolute.reserveCapacity(views.count)
    for view in views { absolute.append(solvedFrame(of: view)!) }
    for (index, view) in views.enumerated() {
      let frame = absolute[index]
      let parentIndex = parentIndexes[index]
      if parentIndex >= 0, !view.translatesAutoresizingMaskIntoConstraints {
        let origin = absolute[parentIndex].origin
        view.frame = Rect(
          x: frame.minX - origin.x, y: frame.minY - origin.y, width: frame.width,
          height: frame.height)
      }
      view.layoutState.absoluteOrigin = frame.origin
      view.layoutState.isRelayoutBoundary = false
      // (An island's and a container's guides are not in this pass.)
      if !isIsland[index] && !isContainer(view) {
        for guide in view.systemAndUserGuides {
          if let guideFrame = solvedFrame(of: guide) {
            guide.layoutFrame = Rect(
              x: guideFrame.minX - frame.minX, y: guideFrame.minY - frame.minY,
              width: guideFrame.width, height: guideFrame.height)
          }
        }
      }
      if deliverSolution(to: view) { stable = false }
    }
    // Safe areas and margins, outer views first, from the solved frames.
    var safeRects: [Rect] = []
    safeRects.reserveCapacity(views.count)
    for (index, view) in views.enumerated() {
      if let nested, view === root {
        // A container's insets and margins come from the pass around it.
        safeRects.append(nested.safeRect)
        continue
      }
      var parent: View.ParentInsetsContext?
      let parentIndex = parentIndexes[index]
      if parentIndex >= 0 {
        parent = View.ParentInsetsContext(
          frame: absolute[parentIndex], safeRect: safeRects[parentIndex],
          effectiveMargins: views[parentIndex].layoutState.effectiveLayoutMargins)
      }
      let derived = view.deriveInsets(
        frame: absolute[index], isPassRoot: view === root, parent: parent)
      safeRects.append(derived.safeRect)
      if isContainer(view) {
        view.layoutState.containerInput = Nested(
          origin: absolute[index].origin, safeRect: derived.safeRect)
      }
      if isIsland[index] {
        islandInsets.append(
          (absolute[index], derived, view.layoutState.safeAreaInsets != .zero))
      }
      view.layoutState.safeAreaInsets = derived.safeAreaInsets
      view.layoutState.effectiveLayoutMargins = derived.effectiveMargins
      // (An island's guides are not in this pass: its insets change none of its rows.)
      if isIsland[index] { continue }
      if derived.safeAreaInsets != assumedSafeArea[index] { stable = false }
      if derived.effectiveMargins != assumedMargins[index] && view.layoutState.marginsGuide != nil {
        stable = false
      }
    }
    return stable
  }

  /// The islands that had safe-area insets before the last `apply()`.
  var islandsWithInsets: [View] {
    var result: [View] = []
    for (index, island) in islands.enumerated() where islandInsets[index].hadInsets {
      result.append(island)
    }
    return result
  }

  /// Arranges each island inside the frame the applied solution gave it (after the last
  /// `apply()`), records the lengths it took as natural (`ViewLayoutState.arrangedBy`) and
  /// derives the insets inside where the safe area reaches or reached before the layout
  /// (`hadInsetsBefore`: islands an earlier pass of it found with insets, `islandsWithInsets`).
  /// False when a self-sizing view inside could not be placed exactly
  /// (`DirectStackLayout.arrange(island:force:)`).
  func arrangeIslands(hadInsetsBefore: [View] = []) -> Bool {
    guard let session else { return true }
    var natural = [Size](
      repeating: Size(width: .nan, height: .nan), count: islands.count)
    for taken in session.naturalLengths {
      if taken.horizontal {
        natural[taken.island].width = taken.length
      } else {
        natural[taken.island].height = taken.length
      }
    }
    var exact = true
    for (index, island) in islands.enumerated() {
      let state = island.layoutState
      let sizeChanged = state.lastArrangedSize != island.frame.size
      if (sizeChanged || state.needsLayout)
        && !engine.direct.arrange(island: island, force: sizeChanged)
      {
        exact = false
      }
      let taken = natural[index]
      state.arrangedBy = taken.width.isNaN && taken.height.isNaN ? nil : taken
      let (absolute, derived, hadInsets) = islandInsets[index]
      if derived.safeAreaInsets != .zero || hadInsets
        || hadInsetsBefore.contains(where: { $0 === island })
      {
        island.deriveInsetsBelow(absolute: absolute, derived: derived)
      }
    }
    return exact
  }
}

extension View {
  /// The guides of this view that take part in layout.
  var systemAndUserGuides: [LayoutGuide] {
    var result: [LayoutGuide] = []
    if let guide = layoutState.safeAreaGuide { result.append(guide) }
    if let guide = layoutState.marginsGuide { result.append(guide) }
    if let scroll = self as? ScrollView {
      result.append(scroll.contentLayoutGuide)
      result.append(scroll.frameLayoutGuide)
    }
    result.append(contentsOf: layoutState.guides)
    return result
  }
}

extension Rect {
  func inset(by insets: EdgeInsets) -> Rect {
    Rect(
      x: minX + insets.left, y: minY + insets.top,
      width: max(0, width - insets.left - insets.right),
      height: max(0, height - insets.top - insets.bottom))
  }

  /// How far `safe` reaches into this rectangle from each edge (0 where it does not).
  func overlapInsets(with safe: Rect) -> EdgeInsets {
    EdgeInsets(
      top: min(max(0, safe.minY - minY), height), left: min(max(0, safe.minX - minX), width),
      bottom: min(max(0, maxY - safe.maxY), height), right: min(max(0, maxX - safe.maxX), width))
  }
}
