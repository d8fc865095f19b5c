/// An incremental Cassowary simplex solver for linear equalities and inequalities with
/// strengths, after Badros, Borning and Stuckey's algorithm as the Kiwi solver implements
/// it.
///
/// Variables are dense integers the caller allocates with `makeVariable()`. A constraint is
/// `terms + constant (relation) 0`. Required constraints must hold; others minimise their
/// weighted error. Edit variables take suggested values and re-solve with the dual simplex,
/// which is what makes resizing incremental. Pivot choices break ties by the lowest symbol so
/// that the same input always gives the same solution.
final class Solver {
  /// The relation of a constraint's expression to zero.
  enum Relation { case lessThanOrEqual, equal, greaterThanOrEqual }

  /// What went wrong when adding a constraint.
  enum Failure: Error, Equatable {
    /// The required constraint contradicts the required constraints already added.
    case unsatisfiable
    /// The objective is unbounded (a bug in the caller's constraints, not in the input).
    case unbounded
  }

  private enum Kind: UInt8 { case external, slack, error, dummy }

  private struct Tag {
    var marker: Int
    var other: Int
    /// The weight of the error symbols in the objective (0 for required constraints).
    var weight = 0.0
  }

  private struct Edit {
    var tag: Tag
    var constant: Double
  }

  /// A row of the tableau: `basic = constant + Σ coefficient·symbol`.
  private struct Row {
    var constant: Double
    var cells: [Int: Double] = [:]

    init(constant: Double) { self.constant = constant }

    mutating func add(_ value: Double) -> Double {
      constant += value
      return constant
    }

    mutating func insert(_ symbol: Int, _ coefficient: Double) {
      let value = (cells[symbol] ?? 0) + coefficient
      if abs(value) < Solver.epsilon {
        cells.removeValue(forKey: symbol)
      } else {
        cells[symbol] = value
      }
    }

    mutating func insert(_ row: Row, _ coefficient: Double) {
      constant += row.constant * coefficient
      for (symbol, value) in row.cells { insert(symbol, value * coefficient) }
    }

    mutating func reverseSign() {
      constant = -constant
      for key in cells.keys { cells[key] = -cells[key]! }
    }

    mutating func solve(for symbol: Int) {
      let coefficient = -1 / cells.removeValue(forKey: symbol)!
      constant *= coefficient
      for key in cells.keys { cells[key]! *= coefficient }
    }

    mutating func solve(for lhs: Int, _ rhs: Int) {
      insert(lhs, -1)
      solve(for: rhs)
    }

    func coefficient(for symbol: Int) -> Double { cells[symbol] ?? 0 }

    mutating func substitute(_ symbol: Int, _ row: Row) {
      if let coefficient = cells.removeValue(forKey: symbol) { insert(row, coefficient) }
    }
  }

  static let epsilon = 1.0e-8

  private var kinds: [Kind] = []
  private var variableSymbols: [Int] = []
  private var rows: [Int: Row] = [:]
  /// For each symbol, the basic symbols of the rows whose cells hold it, so that
  /// substituting or pivoting a symbol visits only those rows (not the whole tableau).
  private var columns: [Set<Int>] = []
  private var objective = Row(constant: 0)
  /// The objective's symbols with a negative coefficient (dummies excepted): the candidates
  /// to enter the basis. Kept as the objective changes, so that choosing one does not scan
  /// every error term of the tableau.
  private var improving: Set<Int> = []
  private var artificial: Row?
  private var infeasibleRows: [Int] = []
  private var tags: [Int: Tag] = [:]
  private var edits: [Int: Edit] = [:]
  private var nextConstraintID = 0

  /// A new variable, valued 0 until constrained.
  func makeVariable() -> Int {
    variableSymbols.append(makeSymbol(.external))
    return variableSymbols.count - 1
  }

  /// The number of variables made.
  var variableCount: Int { variableSymbols.count }

  /// The number of constraints in the tableau.
  var constraintCount: Int { tags.count }

  /// The current value of `variable`.
  func value(of variable: Int) -> Double {
    rows[variableSymbols[variable]]?.constant ?? 0
  }

  /// Adds `Σ terms + constant (relation) 0` with `weight` (ignored when `required`) and
  /// returns its identifier for `remove(_:)`.
  @discardableResult
  func add(
    terms: [(variable: Int, coefficient: Double)], constant: Double, relation: Relation,
    required: Bool, weight: Double
  ) throws(Failure) -> Int {
    var tag = Tag(marker: -1, other: -1, weight: required ? 0 : weight)
    var row = Row(constant: constant)
    for term in terms {
      let symbol = variableSymbols[term.variable]
      if let basic = rows[symbol] {
        row.insert(basic, term.coefficient)
      } else {
        row.insert(symbol, term.coefficient)
      }
    }
    switch relation {
    case .lessThanOrEqual, .greaterThanOrEqual:
      let coefficient = relation == .lessThanOrEqual ? 1.0 : -1.0
      let slack = makeSymbol(.slack)
      tag.marker = slack
      row.insert(slack, coefficient)
      if !required {
        let error = makeSymbol(.error)
        tag.other = error
        row.insert(error, -coefficient)
        addToObjective(error, weight)
      }
    case .equal:
      if required {
        let dummy = makeSymbol(.dummy)
        tag.marker = dummy
        row.insert(dummy, 1)
      } else {
        let plus = makeSymbol(.error)
        let minus = makeSymbol(.error)
        tag.marker = plus
        tag.other = minus
        row.insert(plus, -1)
        row.insert(minus, 1)
        addToObjective(plus, weight)
        addToObjective(minus, weight)
      }
    }
    if row.constant < 0 { row.reverseSign() }

    var subject = chooseSubject(row, tag)
    if subject < 0 && row.cells.keys.allSatisfy({ kinds[$0] == .dummy }) {
      guard abs(row.constant) < Solver.epsilon else { throw .unsatisfiable }
      subject = tag.marker
    }
    if subject < 0 {
      guard try addWithArtificialVariable(row) else { throw .unsatisfiable }
    } else {
      row.solve(for: subject)
      substitute(subject, row)
      setRow(subject, row)
    }
    let id = nextConstraintID
    nextConstraintID += 1
    tags[id] = tag
    try optimize(objective: true)
    return id
  }

  /// Removes the constraint with identifier `id`.
  func remove(_ id: Int) throws(Failure) {
    guard let tag = tags.removeValue(forKey: id) else { return }
    // Take the constraint's error terms out of the objective (both of a non-required
    // equality's). A basic error symbol is substituted out of the objective, so its row
    // stands for it.
    for marker in [tag.marker, tag.other] where marker >= 0 && kinds[marker] == .error {
      if let row = rows[marker] {
        objective.insert(row, -tag.weight)
        for symbol in row.cells.keys { noteObjectiveChange(symbol) }
      } else {
        addToObjective(marker, -tag.weight)
      }
    }
    if takeRow(tag.marker) == nil {
      guard let leaving = leavingRow(forMarker: tag.marker) else { throw .unbounded }
      var row = takeRow(leaving)!
      row.solve(for: leaving, tag.marker)
      substitute(tag.marker, row)
    }
    try optimize(objective: true)
  }

  /// Makes `variable` an edit variable of `weight`; `suggest(_:for:)` then moves it.
  func addEditVariable(_ variable: Int, weight: Double) throws(Failure) {
    guard edits[variable] == nil else { return }
    let id = try add(
      terms: [(variable, 1)], constant: 0, relation: .equal, required: false, weight: weight)
    edits[variable] = Edit(tag: tags[id]!, constant: 0)
  }

  /// Suggests `value` for an edit variable and re-solves with the dual simplex.
  func suggest(_ value: Double, for variable: Int) throws(Failure) {
    guard var edit = edits[variable] else { return }
    let delta = value - edit.constant
    edit.constant = value
    edits[variable] = edit
    let tag = edit.tag
    if var row = rows[tag.marker] {
      if row.add(-delta) < 0 { infeasibleRows.append(tag.marker) }
      rows[tag.marker] = row
    } else if var row = rows[tag.other] {
      if row.add(delta) < 0 { infeasibleRows.append(tag.other) }
      rows[tag.other] = row
    } else {
      for symbol in columns[tag.marker].sorted() {
        let coefficient = rows[symbol]!.coefficient(for: tag.marker)
        if coefficient != 0, rows[symbol]!.add(delta * coefficient) < 0,
          kinds[symbol] != .external
        {
          infeasibleRows.append(symbol)
        }
      }
    }
    try dualOptimize()
  }

  private func makeSymbol(_ kind: Kind) -> Int {
    kinds.append(kind)
    columns.append([])
    return kinds.count - 1
  }

  /// Makes `row` the row of `basic`.
  private func setRow(_ basic: Int, _ row: Row) {
    rows[basic] = row
    for symbol in row.cells.keys { columns[symbol].insert(basic) }
  }

  /// Removes and returns the row of `basic`, if it is basic.
  private func takeRow(_ basic: Int) -> Row? {
    guard let row = rows.removeValue(forKey: basic) else { return nil }
    for symbol in row.cells.keys { columns[symbol].remove(basic) }
    return row
  }

  private func chooseSubject(_ row: Row, _ tag: Tag) -> Int {
    // The external symbol held by the fewest rows: substituting it touches the least of
    // the tableau (the lowest symbol on ties, for determinism). Chains of views otherwise
    // make an early variable basic and rewrite every row after it.
    var best = -1
    var bestCount = Int.max
    for symbol in row.cells.keys where kinds[symbol] == .external {
      let count = columns[symbol].count
      if count < bestCount || (count == bestCount && symbol < best) {
        best = symbol
        bestCount = count
      }
    }
    if best >= 0 { return best }
    for marker in [tag.marker, tag.other] where marker >= 0 {
      let kind = kinds[marker]
      if (kind == .slack || kind == .error) && row.coefficient(for: marker) < 0 { return marker }
    }
    return -1
  }

  private func addWithArtificialVariable(_ row: Row) throws(Failure) -> Bool {
    let art = makeSymbol(.slack)
    setRow(art, row)
    artificial = row
    try optimize(objective: false)
    let success = abs(artificial!.constant) < Solver.epsilon
    artificial = nil
    if var basic = takeRow(art) {
      if basic.cells.isEmpty { return success }
      var entering = -1
      for symbol in basic.cells.keys where kinds[symbol] == .slack || kinds[symbol] == .error {
        if entering < 0 || symbol < entering { entering = symbol }
      }
      if entering < 0 { return false }
      basic.solve(for: art, entering)
      substitute(entering, basic)
      setRow(entering, basic)
    }
    for basic in columns[art] { rows[basic]!.cells.removeValue(forKey: art) }
    columns[art].removeAll()
    objective.cells.removeValue(forKey: art)
    improving.remove(art)
    return success
  }

  private func substitute(_ symbol: Int, _ row: Row) {
    // Only the rows that hold `symbol` change; their columns gain or lose `row`'s symbols.
    let affected = columns[symbol]
    columns[symbol].removeAll(keepingCapacity: true)
    for basic in affected {
      guard let index = rows.index(forKey: basic) else { continue }
      rows.values[index].substitute(symbol, row)
      for other in row.cells.keys {
        if rows.values[index].cells[other] != nil {
          columns[other].insert(basic)
        } else {
          columns[other].remove(basic)
        }
      }
      if rows.values[index].constant < 0 && kinds[basic] != .external {
        infeasibleRows.append(basic)
      }
    }
    if objective.cells[symbol] != nil {
      objective.substitute(symbol, row)
      improving.remove(symbol)
      for other in row.cells.keys { noteObjectiveChange(other) }
    }
    artificial?.substitute(symbol, row)
  }

  private func addToObjective(_ symbol: Int, _ coefficient: Double) {
    objective.insert(symbol, coefficient)
    noteObjectiveChange(symbol)
  }

  /// Keeps `improving` in step with the objective's coefficient of `symbol`.
  private func noteObjectiveChange(_ symbol: Int) {
    if let coefficient = objective.cells[symbol], coefficient < 0, kinds[symbol] != .dummy {
      improving.insert(symbol)
    } else {
      improving.remove(symbol)
    }
  }

  private func optimize(objective useObjective: Bool) throws(Failure) {
    while true {
      var entering = -1
      if useObjective {
        entering = improving.min() ?? -1
      } else {
        for (symbol, coefficient) in artificial!.cells
        where kinds[symbol] != .dummy && coefficient < 0 {
          if entering < 0 || symbol < entering { entering = symbol }
        }
      }
      if entering < 0 { return }
      var ratio = Double.greatestFiniteMagnitude
      var leaving = -1
      for symbol in columns[entering] where kinds[symbol] != .external {
        let coefficient = rows[symbol]!.coefficient(for: entering)
        guard coefficient < 0 else { continue }
        let candidate = -rows[symbol]!.constant / coefficient
        if candidate < ratio || (candidate == ratio && symbol < leaving) {
          ratio = candidate
          leaving = symbol
        }
      }
      guard leaving >= 0 else { throw .unbounded }
      var row = takeRow(leaving)!
      row.solve(for: leaving, entering)
      substitute(entering, row)
      setRow(entering, row)
    }
  }

  private func dualOptimize() throws(Failure) {
    infeasibleRows.sort(by: >)
    while let leaving = infeasibleRows.popLast() {
      guard let row = rows[leaving], row.constant < 0 else { continue }
      var entering = -1
      var ratio = Double.greatestFiniteMagnitude
      for (symbol, coefficient) in row.cells where coefficient > 0 && kinds[symbol] != .dummy {
        let candidate = objective.coefficient(for: symbol) / coefficient
        if candidate < ratio || (candidate == ratio && symbol < entering) {
          ratio = candidate
          entering = symbol
        }
      }
      guard entering >= 0 else { throw .unbounded }
      var pivot = takeRow(leaving)!
      pivot.solve(for: leaving, entering)
      substitute(entering, pivot)
      setRow(entering, pivot)
    }
  }

  private func leavingRow(forMarker marker: Int) -> Int? {
    var first = (ratio: Double.greatestFiniteMagnitude, symbol: -1)
    var second = (ratio: Double.greatestFiniteMagnitude, symbol: -1)
    var third = -1
    for symbol in columns[marker] {
      let row = rows[symbol]!
      let coefficient = row.coefficient(for: marker)
      if coefficient == 0 { continue }
      if kinds[symbol] == .external {
        if third < 0 || symbol < third { third = symbol }
      } else if coefficient < 0 {
        let ratio = -row.constant / coefficient
        if ratio < first.ratio || (ratio == first.ratio && symbol < first.symbol) {
          first = (ratio, symbol)
        }
      } else {
        let ratio = row.constant / coefficient
        if ratio < second.ratio || (ratio == second.ratio && symbol < second.symbol) {
          second = (ratio, symbol)
        }
      }
    }
    if first.symbol >= 0 { return first.symbol }
    if second.symbol >= 0 { return second.symbol }
    return third >= 0 ? third : nil
  }
}
