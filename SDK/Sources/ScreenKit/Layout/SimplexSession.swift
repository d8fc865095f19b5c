#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The persistent simplex of one layout root: a solver whose tableau survives between
/// passes, the variables of the views and guides under the root (stable from pass to pass)
/// and the rows it holds, keyed by their content.
///
/// Each pass gathers its records as a fresh pass would and hands them to
/// `synchronize(_:items:)`, which removes the rows that are no longer gathered (or whose
/// terms, constant, relation or priority changed) and adds the new ones; unchanged rows stay
/// in the tableau. The session starts over (a new solver, every record added in the fixed
/// order, exactly as a fresh pass) on its first pass, when most records changed, when more
/// variables or removed rows are garbage than are live, and whenever an add or remove fails:
/// the unsatisfiable constraint is then found and reported as a fresh pass would, and the
/// session keeps rebuilding while the conflict lasts.
@MainActor
final class SimplexSession {
  private static var nextID = 1

  /// Whether incremental sessions are on unless the environment sets
  /// `SCREENKIT_FRESH_SIMPLEX` (the benchmark's baseline: a new solver every pass).
  static let enabledByEnvironment = getenv("SCREENKIT_FRESH_SIMPLEX") == nil

  /// Identifies the session in `LayoutNode.sessionID`; changes when the session starts over.
  private(set) var id: Int
  private(set) var solver = Solver()
  /// The solver identifiers of the rows in the tableau, by record (equal records queue).
  private var live: [LayoutPass.Record: [Int]] = [:]
  private var liveRows = 0
  /// Items that received variables since the session started over.
  private var allocatedItems = 0
  /// Items in the last pass.
  private var lastItems = 0
  /// Rows removed since the session started over (their symbols stay in the tableau).
  private var removedRows = 0
  /// The last synchronisation broke a required constraint.
  private var hadConflict = false

  init() {
    id = Self.nextID
    Self.nextID += 1
  }

  /// Starts over when the garbage of earlier passes outweighs the live state; call before
  /// asking for bases.
  func beginPass() {
    if allocatedItems > 2 * lastItems + 64 || removedRows > 2 * liveRows + 256 {
      reset()
    }
  }

  /// The first of `node`'s four variables, allocated on first use and kept while the
  /// session lasts.
  func base(of node: LayoutNode) -> Int {
    if node.sessionID == id { return node.sessionBase }
    let base = solver.makeVariable()
    for _ in 0..<3 { _ = solver.makeVariable() }
    node.sessionID = id
    node.sessionBase = base
    allocatedItems += 1
    return base
  }

  /// Brings the tableau to `records` (one pass's, in the fixed order), reporting their
  /// issues in order.
  func synchronize(_ records: [LayoutPass.Record], items: Int) {
    lastItems = items
    if hadConflict || live.isEmpty {
      rebuild(records)
      return
    }
    var kept: [LayoutPass.Record: [Int]] = [:]
    kept.reserveCapacity(live.count)
    var added: [Int] = []
    var rowCount = 0
    for (index, record) in records.enumerated() where record.issue == nil {
      rowCount += 1
      if var ids = live[record], !ids.isEmpty {
        let id = ids.removeFirst()
        live[record] = ids.isEmpty ? nil : ids
        kept[record, default: []].append(id)
      } else {
        added.append(index)
      }
    }
    var removed: [Int] = []
    for ids in live.values { removed.append(contentsOf: ids) }
    // Most rows changed: adding them one by one is no cheaper than starting over.
    if 2 * (removed.count + added.count) > rowCount + 64 {
      rebuild(records)
      return
    }
    // Remove in the order the rows were added, so that the result is deterministic.
    removed.sort()
    do {
      for id in removed {
        try solver.remove(id)
        LayoutEngine.statistics.solverRowsRemoved += 1
      }
      for index in added {
        let record = records[index]
        let id = try LayoutPass.insert(record, into: solver)
        kept[record, default: []].append(id)
      }
    } catch {
      // A conflict (or a numerical failure): solve from scratch, reporting as a fresh pass.
      rebuild(records)
      return
    }
    live = kept
    liveRows = rowCount
    removedRows += removed.count
    for record in records {
      if let issue = record.issue { LayoutDiagnostics.report(issue) }
    }
  }

  /// A new solver (same variables) with `records` added in order, each unsatisfiable
  /// required constraint dropped and reported, as a fresh pass does.
  private func rebuild(_ records: [LayoutPass.Record]) {
    LayoutEngine.statistics.sessionRebuilds += 1
    solver = LayoutPass.rebuiltSolver(variables: solver.variableCount, records: [])
    live.removeAll(keepingCapacity: true)
    liveRows = 0
    removedRows = 0
    hadConflict = false
    var added: [LayoutPass.Record] = []
    for record in records {
      if let issue = record.issue {
        LayoutDiagnostics.report(issue)
        continue
      }
      do {
        let id = try LayoutPass.insert(record, into: solver)
        live[record, default: []].append(id)
        added.append(record)
      } catch {
        // The tableau may hold part of the failed row: rebuild it from what succeeded.
        hadConflict = true
        solver = LayoutPass.rebuiltSolver(variables: solver.variableCount, records: [])
        live.removeAll(keepingCapacity: true)
        for previous in added {
          if let id = try? LayoutPass.insert(previous, into: solver) {
            live[previous, default: []].append(id)
          }
        }
        if let source = record.source {
          LayoutDiagnostics.report(
            .unsatisfiable(
              broken: source, conflicting: LayoutPass.conflicting(with: source, in: added)))
        }
      }
    }
    liveRows = added.count
  }

  /// Forgets every variable and row: the next pass allocates and adds everything anew.
  private func reset() {
    id = Self.nextID
    Self.nextID += 1
    solver = Solver()
    live.removeAll()
    liveRows = 0
    allocatedItems = 0
    removedRows = 0
    hadConflict = false
  }
}
