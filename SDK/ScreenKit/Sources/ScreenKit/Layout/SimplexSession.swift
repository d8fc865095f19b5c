/// The persistent simplex of one pass root: a solver whose tableau survives between
/// passes, the variables of the views and guides under the root (stable from pass to pass)
/// and the rows it holds, keyed by their content.
///
/// Each pass gathers its records as a fresh pass would and hands them to
/// `synchronize(_:items:presolves:held:statistics:)`, which first fixes what required equalities
/// determine one unknown at a time (`SimplexPresolve`: anchor chains hanging from the root's
/// frame need no tableau), then removes the rows that are no longer gathered (or whose terms,
/// constant, relation or priority changed) and adds the new ones; unchanged rows stay in the
/// tableau. The session starts over (a new solver, every record added in the fixed
/// order, exactly as a fresh pass) on its first pass, when most records changed, when more
/// variables or removed rows are garbage than are live, and whenever an add or remove fails:
/// the unsatisfiable constraint is then found and reported as a fresh pass would, and the
/// session keeps rebuilding while the conflict lasts.
@MainActor
final class SimplexSession {
  private static var nextID = 1

  // A session's state is read and written only by its own methods, one access at a time
  // (on the main actor, by one pass at a time): the properties a pass reads per variable
  // skip the dynamic exclusivity check a class's stored property pays on each access.

  /// Identifies the session in `LayoutNode.sessionID`; changes when the session starts over.
  @exclusivity(unchecked) private(set) var id: Int
  @exclusivity(unchecked) private(set) var solver = Solver()
  /// The rows in the tableau, in the order of the pass that left them, and their solver
  /// identifiers.
  @exclusivity(unchecked) private var rows = LayoutPass.RecordList()
  @exclusivity(unchecked) private var ids: [Int] = []
  /// Whether the tableau holds a pass's rows (false until the first pass).
  private var started = false
  /// Whether `solver` holds nothing but its variables (nothing added or removed since it
  /// was made): starting over then needs no new solver, which a pass that the presolve
  /// takes whole (a screen of anchor chains) would otherwise build on its first pass.
  private var solverIsEmpty = true
  /// The variables handed out (`base(of:isRoot:)`). The solver makes them only when a pass
  /// leaves it rows (`makeSolverVariables()`): a pass that the presolve takes whole never
  /// touches it.
  @exclusivity(unchecked) private var variableCount = 0
  /// The root's first variable.
  private var rootBase: Int?
  /// Items that received variables since the session started over.
  private var allocatedItems = 0
  /// Items in the last pass.
  private var lastItems = 0
  /// Rows removed since the session started over (their symbols stay in the tableau).
  private var removedRows = 0
  /// The last synchronisation broke a required constraint.
  private var hadConflict = false
  /// The last pass's presolve: the values it fixed, by variable (none when that pass did not
  /// presolve), and the records it left for the tableau.
  @exclusivity(unchecked) private var presolve = SimplexPresolve()
  /// Whether the last pass was presolved.
  @exclusivity(unchecked) private var presolved = false
  /// The `ConstraintScope.generation` in which a pass could not take its islands as leaves
  /// exactly: until constraints or the hierarchy change, passes gather them whole rather
  /// than gathering twice.
  private var islandsDeclined: Int?

  /// Whether a pass may gather islands as leaves: not while a conflict lasts (the presolve,
  /// which islands need, is then off) nor after they were declined in this generation.
  var takesIslands: Bool { !hadConflict && islandsDeclined != ConstraintScope.generation }

  /// Gives a pass's record list, which the presolve's kept input may share, storage of its
  /// own (`SimplexPresolve.recycle(_:)`).
  func recycle(_ records: inout LayoutPass.RecordList) { presolve.recycle(&records) }

  /// Notes that this generation's islands cannot be leaves (see `takesIslands`).
  func declineIslands() { islandsDeclined = ConstraintScope.generation }

  /// The island lengths the last pass took as natural (`SimplexPresolve.naturalLengths`).
  var naturalLengths: [(island: Int, horizontal: Bool, length: Double)] {
    presolved ? presolve.naturalLengths : []
  }

  init() {
    id = Self.nextID
    Self.nextID += 1
  }

  /// Starts over when the garbage of earlier passes outweighs the live state; call before
  /// asking for bases.
  func beginPass() {
    if allocatedItems > 2 * lastItems + 64 || removedRows > 2 * rows.count + 256 {
      reset()
    }
  }

  /// The first of `node`'s four variables, allocated on first use and kept while the
  /// session lasts. The root's are kept by the session: a framed scope is the root of
  /// its own session and a leaf of the one around it.
  func base(of node: LayoutNode, isRoot: Bool) -> Int {
    if isRoot {
      if let rootBase { return rootBase }
    } else if node.sessionID == id {
      return node.sessionBase
    }
    let base = variableCount
    variableCount += 4
    allocatedItems += 1
    if isRoot {
      rootBase = base
    } else {
      node.sessionID = id
      node.sessionBase = base
    }
    return base
  }

  /// The value of `variable` in the last pass's solution.
  func value(of variable: Int) -> Double {
    if presolved, variable < presolve.values.count {
      let value = presolve.values[variable]
      if !value.isNaN { return value }
    }
    // (A variable the solver never made is in no row: zero, as the solver gives it.)
    return variable < solver.variableCount ? solver.value(of: variable) : 0
  }

  /// Makes the solver's variables up to the ones handed out.
  private func makeSolverVariables() {
    while solver.variableCount < variableCount { _ = solver.makeVariable() }
  }

  /// Brings the tableau to `records` (one pass's, in the fixed order), reporting their
  /// issues in order. With `presolves`, the variables that required equalities fix one by
  /// one are taken off the tableau first (`SimplexPresolve`); a pass whose fixed values
  /// break a required constraint, or that finds a conflict, adds every record as gathered
  /// instead, so that conflicts are found and reported as without the presolve. `held` (if
  /// not -1) is a variable the presolve leaves to the tableau. With `islands` (a pass that
  /// gathered them as leaves) nothing changes and the result is false unless the presolve
  /// takes them exactly (`SimplexPresolve.Islands`).
  @discardableResult
  func synchronize(
    _ records: LayoutPass.RecordList, items: Int, presolves: Bool, held: Int,
    islands: SimplexPresolve.Islands?, statistics: LayoutStatistics?
  ) -> Bool {
    // While a conflict lasts, every pass solves without the presolve, as it would fail.
    presolved =
      presolves && !hadConflict
      && presolve.run(records, variables: variableCount, held: held, islands: islands)
    if islands != nil && !presolved { return false }
    lastItems = items
    let gathered = presolved ? presolve.records : records
    if !gathered.isEmpty || !rows.isEmpty { makeSolverVariables() }
    if presolved { statistics?.counts.solverRowsPresolved += presolve.presolvedCount }
    if hadConflict || !started {
      rebuild(gathered, unpresolved: records, statistics: statistics)
      return true
    }
    // (The presolve's rows hold no issues.)
    let current = presolved ? gathered : records.withoutIssues
    // The records come in a fixed order, so most of them are where they were: match the
    // common prefix and suffix by position and only the middle by content.
    let limit = min(rows.count, current.count)
    var prefix = 0
    while prefix < limit && rows.sameRow(prefix, as: prefix, of: current) { prefix += 1 }
    var suffix = 0
    while suffix < limit - prefix
      && rows.sameRow(rows.count - 1 - suffix, as: current.count - 1 - suffix, of: current)
    {
      suffix += 1
    }
    var currentIDs = [Int](repeating: -1, count: current.count)
    for index in 0..<prefix { currentIDs[index] = ids[index] }
    for offset in 0..<suffix {
      currentIDs[current.count - 1 - offset] = ids[rows.count - 1 - offset]
    }
    // The rows in the middle by the hash of their content, in order: each current record
    // takes the first unmatched row that is the same.
    var pool: [Int: [Int]] = [:]
    for index in prefix..<(rows.count - suffix) {
      pool[rows.rowHash(index), default: []].append(index)
    }
    var added: [Int] = []
    for index in prefix..<(current.count - suffix) {
      let hash = current.rowHash(index)
      if var queue = pool[hash],
        let match = queue.firstIndex(where: { rows.sameRow($0, as: index, of: current) })
      {
        currentIDs[index] = ids[queue.remove(at: match)]
        pool[hash] = queue
      } else {
        added.append(index)
      }
    }
    var removed: [Int] = []
    for queue in pool.values {
      for index in queue { removed.append(ids[index]) }
    }
    // Most rows changed: adding them one by one is no cheaper than starting over.
    if 2 * (removed.count + added.count) > current.count + 64 {
      rebuild(gathered, unpresolved: records, statistics: statistics)
      return true
    }
    // Remove in the order the rows were added, so that the result is deterministic.
    removed.sort()
    if !removed.isEmpty || !added.isEmpty { solverIsEmpty = false }
    do {
      for id in removed {
        try solver.remove(id)
        statistics?.counts.solverRowsRemoved += 1
      }
      for index in added {
        currentIDs[index] = try LayoutPass.insert(
          index, of: current, into: solver, statistics: statistics)
      }
    } catch {
      // A conflict (or a numerical failure): solve from scratch, reporting as a fresh pass.
      rebuild(gathered, unpresolved: records, statistics: statistics)
      return true
    }
    rows = current
    ids = currentIDs
    removedRows += removed.count
    records.reportIssues()
    return true
  }

  /// A new solver (same variables) with `records` added in order, each unsatisfiable
  /// required constraint dropped and reported, as a fresh pass does. When the pass was
  /// presolved, `unpresolved` are its records as gathered: a conflict among the presolved
  /// ones adds those instead, so that the constraint broken and reported is the one a solve
  /// without the presolve breaks.
  private func rebuild(
    _ records: LayoutPass.RecordList, unpresolved: LayoutPass.RecordList,
    statistics: LayoutStatistics?
  ) {
    statistics?.counts.sessionRebuilds += 1
    started = true
    guard presolved else {
      refill(records, reporting: true, statistics: statistics)
      return
    }
    refill(records, reporting: false, statistics: statistics)
    if hadConflict {
      presolved = false
      refill(unpresolved, reporting: true, statistics: statistics)
      return
    }
    unpresolved.reportIssues()
  }

  /// Empties the tableau and adds `records` in order, reporting their issues and broken
  /// constraints if `reporting`.
  private func refill(
    _ records: LayoutPass.RecordList, reporting: Bool, statistics: LayoutStatistics?
  ) {
    if !solverIsEmpty {
      (solver, _) = LayoutPass.rebuiltSolver(
        variables: solver.variableCount, records: LayoutPass.RecordList(), statistics: statistics)
    }
    if !records.isEmpty { makeSolverVariables() }
    solverIsEmpty = records.indices.allSatisfy { records[$0].issue >= 0 }
    rows.removeAll()
    ids.removeAll(keepingCapacity: true)
    removedRows = 0
    hadConflict = false
    for index in records.indices {
      if let issue = records.issue(of: index) {
        if reporting { LayoutDiagnostics.report(issue) }
        continue
      }
      rows.append(index, of: records)
      let count = rows.count
      if let issue = LayoutPass.addLast(
        to: &solver, holding: &rows, ids: &ids, statistics: statistics), reporting
      {
        LayoutDiagnostics.report(issue)
      }
      if rows.count < count { hadConflict = true }
    }
  }

  /// Forgets every variable and row: the next pass allocates and adds everything anew.
  private func reset() {
    id = Self.nextID
    Self.nextID += 1
    solver = Solver()
    variableCount = 0
    solverIsEmpty = true
    rows = LayoutPass.RecordList()
    ids.removeAll()
    started = false
    rootBase = nil
    allocatedItems = 0
    removedRows = 0
    hadConflict = false
    presolved = false
  }
}

extension LayoutEngine {
  /// The persistent simplex of `root`, if simplex passes keep their tableaus
  /// (`LayoutOptions.reusesSimplexTableaus`).
  func simplexSession(of root: View) -> SimplexSession? {
    guard options.reusesSimplexTableaus else { return nil }
    if let session = root.layoutState.simplexSession { return session }
    let session = SimplexSession()
    root.layoutState.simplexSession = session
    return session
  }

  /// Solves the hierarchy of `root` (`hierarchyRoot` itself, or a constraint scope's root
  /// inside it with `scopeInput` from the pass around it; `hierarchyRoot` is nil for a fitted
  /// scope that a direct pass placed) until the insets, margins and
  /// wrapping widths it assumed are the ones it derived, then each framed scope it met whose
  /// subtree needs layout or whose frame, inherited safe area or margins changed, with its
  /// own session. Appends to `placed` the views whose frames the passes placed, parents first
  /// (the leaves, islands and framed scopes, are placed by their own arrangement or pass,
  /// which run their `layoutSubviews()`): the caller runs their `layoutSubviews()` once their
  /// flags are cleared.
  func solveWithSimplex(
    root: View, scopeInput: LayoutPass.ScopeInput?, hierarchyRoot: View?, placed: inout [View],
    forceScopes: Bool = false
  ) {
    var framedScopes: [View] = []
    for attempt in 0..<2 {
      var last: LayoutPass?
      // Islands whose views may hold insets from before this layout.
      var hadInsets: [View] = []
      for _ in 0..<Self.maximumIterations {
        let pass = LayoutPass(
          root: root, passID: Self.nextPassID, fitting: nil, session: simplexSession(of: root),
          engine: self, scopeInput: scopeInput)
        Self.nextPassID += 1
        pass.build()
        if let statistics {
          statistics.counts.solves += 1
          statistics.counts.visitedViews += pass.views.count
          statistics.counts.largestSolve = max(statistics.counts.largestSolve, pass.views.count)
        }
        if let last { hadInsets.append(contentsOf: last.islandsWithInsets) }
        let stable = pass.apply()
        framedScopes = pass.framedScopes
        last = pass
        if stable { break }
      }
      guard let last else { break }
      defer { last.recycle() }
      // An island whose fitted scope could not be placed exactly: solved whole.
      if attempt == 0, !last.arrangeIslands(hadInsetsBefore: hadInsets),
        let session = last.session
      {
        session.declineIslands()
        continue
      }
      last.appendPlacedViews(to: &placed)
      break
    }
    // A relayout boundary left by direct evaluation may hide a change below a clean framed
    // scope: then every framed scope is solved again. (A scope inside which direct
    // evaluation set frames since its last solve forgot that solve on the pass's way down,
    // and is solved again; a relayout boundary inside it, laid out alone, was made one by
    // such a pass, since the scope's own solve leaves no boundaries inside it.)
    let force =
      forceScopes || !(hierarchyRoot?.layoutState.pendingBoundaries.isEmpty ?? true)
    for scope in framedScopes {
      let state = scope.layoutState
      guard let input = state.scopeInput else { continue }
      if state.shouldSolveScope(with: input, size: scope.frame.size, force: force) {
        solveWithSimplex(
          root: scope, scopeInput: input, hierarchyRoot: hierarchyRoot, placed: &placed,
          forceScopes: force)
      }
      // Its frame is its own: a change inside it solves it alone (set after its pass, which
      // clears the flags of the views it places).
      state.relayoutBoundary = .scope
    }
  }
}
