/// One solve of a hierarchy: variables for every view and guide under the root, the
/// constraints that relate them, the solution and its application to frames.
///
/// Without a session the pass owns a new solver and adds each constraint as it is gathered.
/// With a `SimplexSession` (the pass root's persistent simplex) it gathers the records and
/// hands them to the session, which adds and removes only what changed since its last pass.
///
/// A session pass stops at its **leaves** (`Leaf`), views it places but does not descend
/// into: framed scopes (`ConstraintScope`, solved by their own sessions afterwards) and
/// **islands** (stack subtrees that `DirectStackLayout` qualifies for), each holding only its
/// frame rows. The presolve fixes each island's frame, its size
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
  /// The solver of a pass without a session.
  private lazy var ownSolver = Solver()
  /// The value of `variable` in this pass's solution.
  private func value(of variable: Int) -> Double {
    session?.value(of: variable) ?? ownSolver.value(of: variable)
  }
  /// Set when the root is a constraint scope's root inside another pass (a framed scope,
  /// `isFramedScope`, or a fitted one): the root's absolute origin and the safe rectangle it
  /// inherits, from the outer pass.
  let scopeInput: ScopeInput?
  /// Whether islands are gathered as leaves: a session pass that presolves, unless its
  /// session declined them (`SimplexSession.takesIslands`).
  private var gathersIslands: Bool
  /// A constraint gathered relates an item inside an island: the islands must be whole.
  private var reachesIntoIsland = false

  /// What the pass of a constraint scope takes from the pass around it.
  struct ScopeInput: Equatable {
    var origin: Point
    var safeRect: Rect
  }

  /// What a pass collects and gathers, by view in the order collected. A pass takes the
  /// spare set (emptied, its storage kept) when it starts and gives its own back once its
  /// layout is done (`recycle()`), so that passes one after another allocate none of these
  /// arrays; a pass that starts while the spare set is out (a framed scope's, inside the
  /// layout of the pass around it) makes its own.
  struct Arrays {
    var views: [View] = []
    var guides: [LayoutGuide] = []
    /// The records added (own solver) or gathered (session), in the fixed order.
    var records = RecordList()
    /// Per view, the index of its superview in `views` (-1 for the root).
    var parentIndexes: [Int] = []
    /// Framed scopes met by a session pass: laid out as the leaves of this pass, their
    /// subtrees by their own sessions afterwards.
    var framedScopes: [View] = []
    /// The islands gathered as leaves.
    var islands: [View] = []
    /// Per view, whether it is a leaf of the pass, and which.
    var leaves: [Leaf] = []
    /// The assumed safe-area insets and margins of each view.
    var assumedSafeArea: [EdgeInsets] = []
    var assumedMargins: [EdgeInsets] = []
    /// Per island, what `apply()` derived: its absolute frame and insets, and whether it
    /// had safe-area insets before (then the views inside may hold stale ones).
    var islandInsets: [(absolute: Rect, derived: View.DerivedInsets, hadInsets: Bool)] = []
    /// Per view, `apply()`'s solved absolute frame and derived safe rectangle.
    var absolute: [Rect] = []
    var safeRects: [Rect] = []

    /// Empties every array, keeping its storage.
    mutating func removeAll() {
      views.removeAll(keepingCapacity: true)
      guides.removeAll(keepingCapacity: true)
      records.removeAll()
      parentIndexes.removeAll(keepingCapacity: true)
      framedScopes.removeAll(keepingCapacity: true)
      islands.removeAll(keepingCapacity: true)
      leaves.removeAll(keepingCapacity: true)
      assumedSafeArea.removeAll(keepingCapacity: true)
      assumedMargins.removeAll(keepingCapacity: true)
      islandInsets.removeAll(keepingCapacity: true)
      absolute.removeAll(keepingCapacity: true)
      safeRects.removeAll(keepingCapacity: true)
    }

    /// Above this many records a pass's set is dropped rather than kept spare: a large
    /// hierarchy's arrays would otherwise stay allocated after its layout.
    static let largestSpare = 4096
  }
  /// The set the next pass takes (see `Arrays`).
  private static var spareArrays: Arrays?
  // A pass's arrays are read and written only by its own methods, one access at a time:
  // they skip the dynamic exclusivity check a class's stored property pays on each.
  @exclusivity(unchecked) private var arrays: Arrays

  /// The views collected, in order.
  var views: [View] { arrays.views }
  /// The framed scopes met (see `Arrays.framedScopes`).
  var framedScopes: [View] { arrays.framedScopes }

  /// What a view is to the pass: placed and descended into, or a leaf whose subtree is laid
  /// out on its own inside the frame the pass gives it.
  enum Leaf {
    /// Not a leaf: the pass gathers its constraints, guides and subviews.
    case no
    /// An island, arranged by direct evaluation after the pass (`arrangeIslands()`).
    case island
    /// A framed scope, solved by its own session after the pass.
    case framedScope
  }

  init(
    root: View, passID: Int, fitting: Fitting?, session: SimplexSession? = nil,
    engine: LayoutEngine, scopeInput: ScopeInput? = nil
  ) {
    self.root = root
    self.passID = passID
    self.fitting = fitting
    self.session = session
    self.engine = engine
    self.scopeInput = scopeInput
    presolves = !engine.options.simplexOnly
    gathersIslands = presolves && fitting == nil && (session?.takesIslands ?? false)
    arrays = Self.spareArrays.take() ?? Arrays()
  }

  /// Gives the pass's arrays back for the next pass to take, once nothing reads them (see
  /// `Arrays`).
  func recycle() {
    session?.recycle(&arrays.records)
    guard arrays.records.capacity <= Arrays.largestSpare else { return }
    arrays.removeAll()
    var spare = Arrays()
    swap(&spare, &arrays)
    Self.spareArrays = consume spare
  }

  /// Whether `view` (not the root) is an island this pass gathers as a leaf.
  private func isLeafIsland(_ view: View) -> Bool {
    gathersIslands && view !== root && view.layoutAlgorithm == .stack
      && engine.direct.qualifies(view)
  }

  /// Whether `view` (not the root) is a framed scope this (session) pass takes as a leaf, to
  /// be solved by its own session afterwards (`ConstraintScope.isFramed(_:)`).
  private func isFramedScope(_ view: View) -> Bool {
    session != nil && fitting == nil && view !== root && ConstraintScope.isFramed(view)
  }

  /// Allocates variables, adds every constraint and solves.
  func build() {
    gather()
    guard let session else { return }
    if !arrays.islands.isEmpty && !reachesIntoIsland,
      session.synchronize(
        arrays.records, items: arrays.views.count + arrays.guides.count, presolves: true,
        held: heldVariable,
        islands: SimplexPresolve.Islands(views: arrays.islands, direct: engine.direct),
        statistics: engine.statistics)
    {
      engine.statistics?.counts.leafIslands += arrays.islands.count
      return
    }
    if !arrays.islands.isEmpty {
      // Not exact as leaves: gather everything, as one solve of the hierarchy does.
      session.declineIslands()
      gathersIslands = false
      arrays.removeAll()
      gather()
    }
    _ = session.synchronize(
      arrays.records, items: arrays.views.count + arrays.guides.count, presolves: presolves,
      held: heldVariable,
      islands: nil, statistics: engine.statistics)
  }

  /// A fitted scope's passes alternate between fitting ones (its length along its stack
  /// free) and ones at its frame (that length fixed): left to the tableau, the length makes
  /// both presolve the same variables, so that they swap only the rows of the length.
  private var heldVariable: Int {
    guard let stack = root.superview as? StackView else { return -1 }
    return root.layoutState.node.variableBase + (stack.axis == .vertical ? 3 : 2)
  }

  /// Collects the views, allocates their variables and gathers every record.
  private func gather() {
    collect(root, parent: nil, parentIndex: -1)
    session?.beginPass()
    for (index, view) in arrays.views.enumerated() {
      view.layoutState.node.passID = passID
      view.layoutState.node.variableBase = allocate(view.layoutState.node, isRoot: view === root)
      if let stack = view as? StackView, stack.isLayoutMarginsRelativeArrangement {
        _ = stack.layoutMarginsGuide
      }
      // A framed scope's guides belong to its own pass, an island's to its arrangement.
      if arrays.leaves[index] != .no { continue }
      view.forEachLayoutGuide { guide in
        guide.node.passID = passID
        guide.node.variableBase = allocate(guide.node, isRoot: false)
        arrays.guides.append(guide)
      }
    }
    addFrameConstraints()
    addGuideConstraints()
    // Stack views set their arranged views' priority tie-breaks here, before the intrinsic
    // constraints read them.
    for (index, view) in arrays.views.enumerated() where arrays.leaves[index] != .island {
      addGeneratedConstraints(of: view)
    }
    addIntrinsicConstraints()
    for (index, view) in arrays.views.enumerated() {
      // A framed scope's constraints (all inside it) belong to its own pass; an island's own
      // are its constant sizes.
      if arrays.leaves[index] == .framedScope { continue }
      for constraint in view.layoutState.constraints { add(constraint) }
    }
    if session != nil { engine.statistics?.counts.solverRecordsGathered += arrays.records.count }
  }

  /// Collects `view` and its subtree down to the leaves (islands and framed scopes),
  /// with the safe-area insets and margins the pass assumes for their guides: derived from
  /// the frames the views have now, parents first, as `apply()` derives them from the
  /// solved ones. Views that keep their frames (a window and its controllers' views) thus
  /// get their final insets in the first pass, and a pass solves again only where a solved
  /// frame moved a safe area or margin.
  /// `parent` is the superview's derivation (nil for the root), `parentIndex` its index.
  private func collect(_ view: View, parent: View.ParentInsetsContext?, parentIndex: Int) {
    let index = arrays.views.count
    arrays.views.append(view)
    arrays.parentIndexes.append(parentIndex)
    var context: View.ParentInsetsContext?
    if fitting != nil {
      arrays.assumedSafeArea.append(view.layoutState.safeAreaInsets)
      arrays.assumedMargins.append(view.layoutState.effectiveLayoutMargins)
    } else if let parent {
      let frame = view.frame
      let absolute = Rect(
        x: parent.frame.minX + frame.minX, y: parent.frame.minY + frame.minY,
        width: frame.width, height: frame.height)
      let derived = view.deriveInsets(frame: absolute, isPassRoot: false, parent: parent)
      arrays.assumedSafeArea.append(derived.safeAreaInsets)
      arrays.assumedMargins.append(derived.effectiveMargins)
      context = View.ParentInsetsContext(
        frame: absolute, safeRect: derived.safeRect, effectiveMargins: derived.effectiveMargins)
    } else {
      let absolute = Rect(origin: scopeInput?.origin ?? .zero, size: view.frame.size)
      if let scopeInput {
        // A scope's own insets come from the pass around it.
        arrays.assumedSafeArea.append(view.layoutState.safeAreaInsets)
        arrays.assumedMargins.append(view.layoutState.effectiveLayoutMargins)
        context = View.ParentInsetsContext(
          frame: absolute, safeRect: scopeInput.safeRect,
          effectiveMargins: view.layoutState.effectiveLayoutMargins)
      } else {
        let derived = view.deriveInsets(frame: absolute, isPassRoot: true, parent: nil)
        arrays.assumedSafeArea.append(derived.safeAreaInsets)
        arrays.assumedMargins.append(derived.effectiveMargins)
        context = View.ParentInsetsContext(
          frame: absolute, safeRect: derived.safeRect, effectiveMargins: derived.effectiveMargins)
      }
    }
    if isLeafIsland(view) {
      arrays.leaves.append(.island)
      arrays.islands.append(view)
      return
    }
    if isFramedScope(view) {
      arrays.leaves.append(.framedScope)
      arrays.framedScopes.append(view)
      if view.layoutState.scopeInput == nil {
        view.layoutState.scopeInput = ScopeInput(origin: .zero, safeRect: .zero)
      }
      return
    }
    arrays.leaves.append(.no)
    // A list arranges its own subviews; the pass places the list only.
    if view.layoutAlgorithm == .list { return }
    // A former pass root or framed scope inside this pass no longer needs its own tableau.
    if view !== root && session != nil {
      if view.layoutState.scopeInput != nil {
        view.layoutState.scopeInput = nil
        view.layoutState.solvedScopeInput = nil
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
  ///
  /// `mirrored` reads the horizontal positions of a right-to-left layout, where x grows
  /// leftwards from the right edge: leading is the right edge, trailing the left, and each is
  /// negated (as is a centre tied to them), so that `a.leading = b.leading + 8` places `a`
  /// 8 points left of `b`'s right edge, as UIKit does.
  func expression(_ item: any LayoutItem, _ attribute: LayoutAttribute, mirrored: Bool = false)
    -> Expression?
  {
    if mirrored, let base = base(of: item) {
      switch attribute {
      case .leading: return Expression((base, -1), (base + 2, -1))
      case .trailing: return Expression((base, -1))
      case .centerX: return Expression((base, -1), (base + 2, -0.5))
      default: break
      }
    }
    if attribute == .firstBaseline || attribute == .lastBaseline, let view = item as? View {
      if let delegate = view.baselineView(first: attribute == .firstBaseline) {
        return expression(delegate, attribute)
      }
      guard let base = base(of: view) else { return nil }
      let offset = view.baselineOffset(first: attribute == .firstBaseline) ?? (1, 0)
      return Expression((base + 1, 1), (base + 3, offset.heightFactor), constant: offset.constant)
    }
    guard let base = base(of: item) else { return nil }
    switch attribute {
    case .left, .leading: return Expression((base, 1))
    case .right, .trailing: return Expression((base, 1), (base + 2, 1))
    case .centerX: return Expression((base, 1), (base + 2, 0.5))
    case .width: return Expression((base + 2, 1))
    case .top: return Expression((base + 1, 1))
    case .bottom, .firstBaseline, .lastBaseline:
      return Expression((base + 1, 1), (base + 3, 1))
    case .centerY: return Expression((base + 1, 1), (base + 3, 0.5))
    case .height: return Expression((base + 3, 1))
    }
  }

  /// Adds `first.a (relation) second.b × multiplier + constant` at `priority`; items
  /// outside the pass make it a no-op (returns false).
  @discardableResult
  func add(
    _ first: any LayoutItem, _ firstAttribute: LayoutAttribute,
    _ relation: LayoutConstraint.Relation,
    _ second: (any LayoutItem)?, _ secondAttribute: LayoutAttribute?, multiplier: Double = 1,
    constant: Double = 0, priority: LayoutPriority = .required, source: LayoutConstraint? = nil,
    direction directionView: View? = nil
  ) -> Bool {
    // Leading and trailing follow the direction of the first item's view (or `direction`'s,
    // a stack's own for its arrangement): right to left mirrors the constraint.
    let mirrored =
      View.rightToLeftInUse
      && (firstAttribute.isDirectional || secondAttribute?.isDirectional == true)
      && Self.isRightToLeft(directionView ?? Self.view(of: first))
    guard var expression = expression(first, firstAttribute, mirrored: mirrored) else {
      return false
    }
    if let second, let secondAttribute {
      guard let other = self.expression(second, secondAttribute, mirrored: mirrored) else {
        return false
      }
      expression.add(other, times: -multiplier)
    }
    expression.constant -= constant
    add(expression, relation, priority: priority, source: source)
    return true
  }

  /// The view `item` is or belongs to (a guide's owning view).
  private static func view(of item: any LayoutItem) -> View? {
    if let view = item as? View { return view }
    return (item as? LayoutGuide)?.owningView
  }

  /// Whether `view` lays out right to left.
  private static func isRightToLeft(_ view: View?) -> Bool { view?.isRightToLeft ?? false }

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
    arrays.records.append(expression, solverRelation, priority: priority, source: source)
    if session != nil { return }
    var ids: [Int] = []
    if let issue = Self.addLast(
      to: &ownSolver, holding: &arrays.records, ids: &ids, statistics: engine.statistics)
    {
      LayoutDiagnostics.report(issue)
    }
  }

  /// Reports `issue` now, or in its place among the records of a session pass.
  private func report(_ issue: LayoutIssue) {
    if session != nil {
      arrays.records.append(issue: issue)
    } else {
      LayoutDiagnostics.report(issue)
    }
  }

  /// Adds record `index` of `records` to `solver` and returns its identifier there.
  @discardableResult
  static func insert(
    _ index: Int, of records: RecordList, into solver: Solver, statistics: LayoutStatistics?
  ) throws(Solver.Failure) -> Int {
    statistics?.counts.solverRowsAdded += 1
    let record = records[index]
    return try solver.add(
      terms: records.terms[record.termIndices], constant: record.constant,
      relation: record.relation, required: record.priority.isRequired,
      level: record.priority.solverLevel)
  }

  /// Adds the last record of `kept` (just appended) to `solver`, which holds the records
  /// before it (with solver identifiers `ids`, when the caller keeps them), and returns the
  /// issue to report if the record is left out (then it is removed from `kept`).
  ///
  /// A required constraint is broken only when the required constraints kept before it and
  /// it cannot hold together (a fresh solver of just those confirms it): then it is dropped
  /// for the pass, as UIKit breaks the constraint whose addition makes the system
  /// unsatisfiable and keeps the others. Any other failure is rounding trouble in this
  /// tableau, not a conflict: the solver is rebuilt from scratch (required rows first) with
  /// the record, and nothing is reported.
  static func addLast(
    to solver: inout Solver, holding kept: inout RecordList, ids: inout [Int],
    statistics: LayoutStatistics?
  ) -> LayoutIssue? {
    let last = kept.count - 1
    do {
      ids.append(try insert(last, of: kept, into: solver, statistics: statistics))
      return nil
    } catch {
      let variables = solver.variableCount
      let record = kept[last]
      if record.priority.isRequired,
        !requiredConstraintsHold(kept, variables, statistics: statistics)
      {
        kept.removeLast()
        // The tableau may hold part of the failed row: rebuild it from what was kept.
        (solver, ids) = rebuiltSolver(variables: variables, records: kept, statistics: statistics)
        guard let source = record.source else { return nil }
        return .unsatisfiable(broken: source, conflicting: conflicting(with: source, in: kept))
      }
      (solver, ids) = rebuiltSolver(variables: variables, records: kept, statistics: statistics)
      return nil
    }
  }

  /// Whether the required records among `records` hold together, decided by a fresh
  /// solver of only those (no objective to round).
  private static func requiredConstraintsHold(
    _ records: RecordList, _ variables: Int, statistics: LayoutStatistics?
  ) -> Bool {
    let fresh = Solver()
    for _ in 0..<variables { _ = fresh.makeVariable() }
    for index in records.indices where records[index].priority.isRequired {
      do {
        try insert(index, of: records, into: fresh, statistics: statistics)
      } catch {
        if error == .unsatisfiable { return false }
      }
    }
    return true
  }

  /// A solver with `variables` variables and `records` added, required ones first, and
  /// their identifiers in the order of `records` (-1 for a row that failed).
  static func rebuiltSolver(variables: Int, records: RecordList, statistics: LayoutStatistics?)
    -> (Solver, [Int])
  {
    let fresh = Solver()
    for _ in 0..<variables { _ = fresh.makeVariable() }
    var ids = [Int](repeating: -1, count: records.count)
    for required in [true, false] {
      for index in records.indices where records[index].priority.isRequired == required {
        ids[index] = (try? insert(index, of: records, into: fresh, statistics: statistics)) ?? -1
      }
    }
    return (fresh, ids)
  }

  /// The required constraints among `records` that share an item with `constraint`.
  static func conflicting(with constraint: LayoutConstraint, in records: RecordList)
    -> [LayoutConstraint]
  {
    let items = [constraint.firstItem, constraint.secondItem].compactMap { $0 }
    var result: [LayoutConstraint] = []
    for index in records.indices {
      let record = records[index]
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
    if !added && !arrays.islands.isEmpty { reachesIntoIsland = true }
  }

  private func addFrameConstraints() {
    for view in arrays.views {
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
        let origin = scopeInput?.origin ?? .zero
        add(Expression((base, 1), constant: -origin.x), .equal, priority: .required)
        add(Expression((base + 1, 1), constant: -origin.y), .equal, priority: .required)
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
      if view.isPlacedByFrame {
        guard let parent = view.superview, let parentBase = base(of: parent.layoutState.node)
        else { continue }
        add(
          Expression((own, 1), (parentBase, -1), constant: -frame.minX), .equal,
          priority: .required)
        add(
          Expression((own + 1, 1), (parentBase + 1, -1), constant: -frame.minY),
          .equal, priority: .required)
        add(Expression((own + 2, 1), constant: -frame.width), .equal, priority: .required)
        add(
          Expression((own + 3, 1), constant: -frame.height), .equal, priority: .required)
      } else {
        add(Expression((own + 2, 1)), .greaterThanOrEqual, priority: .required)
        add(Expression((own + 3, 1)), .greaterThanOrEqual, priority: .required)
      }
    }
  }

  /// The base variable of `node` in this pass, if it takes part.
  private func base(of node: LayoutNode) -> Int? {
    node.passID == passID ? node.variableBase : nil
  }

  private func addGuideConstraints() {
    for (index, view) in arrays.views.enumerated() where arrays.leaves[index] != .island {
      guard let viewBase = base(of: view.layoutState.node) else { continue }
      if let guide = view.layoutState.safeAreaGuide, let guideBase = base(of: guide.node) {
        pin(guideBase, to: viewBase, insets: arrays.assumedSafeArea[index])
      }
      if let guide = view.layoutState.marginsGuide, let guideBase = base(of: guide.node) {
        pin(guideBase, to: viewBase, insets: arrays.assumedMargins[index])
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
      Expression((guide, 1), (view, -1), constant: -insets.left), .equal,
      priority: .required)
    add(
      Expression((guide + 1, 1), (view + 1, -1), constant: -insets.top), .equal,
      priority: .required)
    add(
      Expression((guide + 2, 1), (view + 2, -1), constant: insets.left + insets.right),
      .equal, priority: .required)
    add(
      Expression((guide + 3, 1), (view + 3, -1), constant: insets.top + insets.bottom),
      .equal, priority: .required)
  }

  /// Pins `guide` inside `view` by `insets`; items outside the pass make it a no-op.
  func pin(_ guide: any LayoutItem, to view: View, insets: EdgeInsets) {
    guard let guideBase = base(of: guide), let viewBase = base(of: view) else { return }
    pin(guideBase, to: viewBase, insets: insets)
  }

  private func addIntrinsicConstraints() {
    for view in arrays.views where view !== root || fitting != nil {
      guard !view.isPlacedByFrame || view === root else { continue }
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
    arrays.islandInsets.removeAll(keepingCapacity: true)
    arrays.absolute.removeAll(keepingCapacity: true)
    for view in arrays.views { arrays.absolute.append(solvedFrame(of: view)!) }
    let absolute = arrays.absolute
    for (index, view) in arrays.views.enumerated() {
      let frame = absolute[index]
      let parentIndex = arrays.parentIndexes[index]
      if parentIndex >= 0, !view.isPlacedByFrame {
        let origin = absolute[parentIndex].origin
        view.frame = Rect(
          x: frame.minX - origin.x, y: frame.minY - origin.y, width: frame.width,
          height: frame.height)
      }
      view.layoutState.absoluteOrigin = frame.origin
      // A list is a relayout boundary by nature: what changes inside it (a scroll, rows
      // that come and go) never moves its frame.
      view.layoutState.relayoutBoundary = view.layoutAlgorithm == .list ? .direct : .none
      // (An island's and a framed scope's guides are not in this pass.)
      if arrays.leaves[index] == .no {
        view.forEachLayoutGuide { guide in
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
    arrays.safeRects.removeAll(keepingCapacity: true)
    for (index, view) in arrays.views.enumerated() {
      if let scopeInput, view === root {
        // A scope's insets and margins come from the pass around it.
        arrays.safeRects.append(scopeInput.safeRect)
        continue
      }
      var parent: View.ParentInsetsContext?
      let parentIndex = arrays.parentIndexes[index]
      if parentIndex >= 0 {
        parent = View.ParentInsetsContext(
          frame: absolute[parentIndex], safeRect: arrays.safeRects[parentIndex],
          effectiveMargins: arrays.views[parentIndex].layoutState.effectiveLayoutMargins)
      }
      let derived = view.deriveInsets(
        frame: absolute[index], isPassRoot: view === root, parent: parent)
      arrays.safeRects.append(derived.safeRect)
      let leaf = arrays.leaves[index]
      if leaf == .framedScope {
        view.layoutState.scopeInput = ScopeInput(
          origin: absolute[index].origin, safeRect: derived.safeRect)
      }
      if leaf == .island {
        arrays.islandInsets.append(
          (absolute[index], derived, view.layoutState.safeAreaInsets != .zero))
      }
      view.layoutState.safeAreaInsets = derived.safeAreaInsets
      view.layoutState.effectiveLayoutMargins = derived.effectiveMargins
      // (An island's guides are not in this pass: its insets change none of its rows.)
      if leaf == .island { continue }
      if derived.safeAreaInsets != arrays.assumedSafeArea[index] { stable = false }
      if derived.effectiveMargins != arrays.assumedMargins[index]
        && view.layoutState.marginsGuide != nil
      {
        stable = false
      }
    }
    return stable
  }

  /// Appends the views whose frames this pass placed, in order (parents first): every view
  /// collected but its leaves (islands and framed scopes), which their own arrangement or
  /// pass lays out.
  func appendPlacedViews(to placed: inout [View]) {
    for (index, view) in arrays.views.enumerated() where arrays.leaves[index] == .no {
      placed.append(view)
    }
  }

  /// The islands that had safe-area insets before the last `apply()`.
  var islandsWithInsets: [View] {
    var result: [View] = []
    for (index, island) in arrays.islands.enumerated() where arrays.islandInsets[index].hadInsets {
      result.append(island)
    }
    return result
  }

  /// Arranges each island inside the frame the applied solution gave it (after the last
  /// `apply()`), records the lengths it took as natural (`ViewLayoutState.arrangedBy`) and
  /// derives the insets inside where the safe area reaches or reached before the layout
  /// (`hadInsetsBefore`: islands an earlier pass of it found with insets, `islandsWithInsets`).
  /// False when a fitted scope inside could not be placed exactly
  /// (`DirectStackLayout.arrange(island:force:)`).
  func arrangeIslands(hadInsetsBefore: [View] = []) -> Bool {
    guard let session else { return true }
    var natural = [Size](
      repeating: Size(width: .nan, height: .nan), count: arrays.islands.count)
    for taken in session.naturalLengths {
      if taken.horizontal {
        natural[taken.island].width = taken.length
      } else {
        natural[taken.island].height = taken.length
      }
    }
    var exact = true
    for (index, island) in arrays.islands.enumerated() {
      let state = island.layoutState
      let sizeChanged = state.lastArrangedSize != island.frame.size
      if (sizeChanged || state.needsLayout)
        && !engine.direct.arrange(island: island, force: sizeChanged)
      {
        exact = false
      }
      let taken = natural[index]
      state.arrangedBy = taken.width.isNaN && taken.height.isNaN ? nil : taken
      let (absolute, derived, hadInsets) = arrays.islandInsets[index]
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
  /// Calls `body` with each guide of this view that takes part in layout, in order: the
  /// safe area's, the margins', a scroll view's content and frame guides, then those added
  /// with `addLayoutGuide(_:)`.
  func forEachLayoutGuide(_ body: (LayoutGuide) -> Void) {
    let state = layoutState
    if let guide = state.safeAreaGuide { body(guide) }
    if let guide = state.marginsGuide { body(guide) }
    if let scroll = self as? ScrollView {
      body(scroll.contentLayoutGuide)
      body(scroll.frameLayoutGuide)
    }
    for guide in state.guides { body(guide) }
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
