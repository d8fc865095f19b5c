/// An incremental Cassowary simplex solver for linear equalities and inequalities with
/// strengths, after Badros, Borning and Stuckey's algorithm as the Kiwi solver implements
/// it.
///
/// Variables are dense integers the caller allocates with `makeVariable()`. A constraint is
/// `terms + constant (relation) 0`. Required constraints must hold; others have a priority
/// level, and the objective is lexicographic over the levels (`SymbolicWeight`, the
/// Cassowary paper's symbolic weights): the sum of the errors of the highest level is
/// minimised first, then the next level's given that, and so on, which is how Auto Layout
/// orders priorities. Edit variables take suggested values and re-solve with the dual
/// simplex, which is what makes resizing incremental.
///
/// Pivoting follows Bland's rule: the entering symbol is the lowest improving one, the
/// leaving row the lowest among equal ratios, so degenerate pivots cannot cycle and the same
/// input always gives the same solution. One tolerance, `epsilon`, decides what is zero: a
/// cell whose coefficient falls below it is dropped, a ratio or weight within it of another
/// ties, and a constant within it (relative to the row's scale) counts as zero when a required
/// constraint's feasibility is decided.
///
/// The stored properties skip the runtime exclusivity check (a tenth of a small solve): a
/// solver is used by one pass at a time, on the main actor, and no access overlaps another
/// of the same property.
final class Solver {
  /// The relation of a constraint's expression to zero.
  enum Relation { case lessThanOrEqual, equal, greaterThanOrEqual }

  /// What went wrong when adding a constraint.
  enum Failure: Error, Equatable {
    /// The required constraint contradicts the required constraints already added: phase
    /// one of the simplex left its artificial variable above zero.
    case unsatisfiable
    /// No pivot was found where the algorithm guarantees one (the objective is bounded
    /// below by zero): rounding left the tableau inconsistent. The caller solves afresh;
    /// this says nothing about the constraints.
    case numerical
  }

  private enum Kind: UInt8 { case external, slack, error, dummy }

  private struct Tag {
    var marker: Int
    var other: Int
    /// The priority level of the error symbols (unused for required constraints).
    var level = 0.0
  }

  private struct Edit {
    var tag: Tag
    var constant: Double
  }

  /// One term of a row: `coefficient · symbol`.
  private struct Cell {
    var symbol: Int
    var coefficient: Double
  }

  /// A row of the tableau: `basic = constant + Σ coefficient·symbol`, its cells sorted by
  /// symbol. Adding one row to another is a single merge of the two, without hashing, and it
  /// tells the tableau which symbols entered or left the row (to keep `columns`).
  private struct Row {
    var constant: Double
    private(set) var cells: [Cell] = []

    init(constant: Double) { self.constant = constant }

    var isEmpty: Bool { cells.isEmpty }

    /// Where `symbol` is, or would be inserted.
    private func position(of symbol: Int) -> (index: Int, found: Bool) {
      var low = 0
      var high = cells.count
      while low < high {
        let middle = (low + high) / 2
        if cells[middle].symbol < symbol { low = middle + 1 } else { high = middle }
      }
      return (low, low < cells.count && cells[low].symbol == symbol)
    }

    func coefficient(for symbol: Int) -> Double {
      let (index, found) = position(of: symbol)
      return found ? cells[index].coefficient : 0
    }

    mutating func add(_ value: Double) -> Double {
      constant += value
      return constant
    }

    /// Adds `coefficient` to the cell of `symbol`, dropping the cell when it cancels.
    mutating func insert(_ symbol: Int, _ coefficient: Double) {
      let (index, found) = position(of: symbol)
      if found {
        let value = cells[index].coefficient + coefficient
        if abs(value) < Solver.epsilon {
          cells.remove(at: index)
        } else {
          cells[index].coefficient = value
        }
      } else if abs(coefficient) >= Solver.epsilon {
        cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: index)
      }
    }

    /// Adds `row × factor`; `added` and `removed` hear of the symbols that enter or leave
    /// this row.
    mutating func insert(
      _ row: Row, _ factor: Double, added: (Int) -> Void = { _ in },
      removed: (Int) -> Void = { _ in }
    ) {
      constant += row.constant * factor
      if row.cells.isEmpty { return }
      let merged = cells.withUnsafeBufferPointer { own in
        row.cells.withUnsafeBufferPointer { other in
          [Cell](unsafeUninitializedCapacity: own.count + other.count) { buffer, count in
            var i = 0
            var j = 0
            var k = 0
            while i < own.count && j < other.count {
              let a = own[i].symbol
              let b = other[j].symbol
              if a < b {
                buffer.initializeElement(at: k, to: own[i])
                k += 1
                i += 1
              } else if b < a {
                let value = other[j].coefficient * factor
                if abs(value) >= Solver.epsilon {
                  buffer.initializeElement(at: k, to: Cell(symbol: b, coefficient: value))
                  k += 1
                  added(b)
                }
                j += 1
              } else {
                let value = own[i].coefficient + other[j].coefficient * factor
                if abs(value) >= Solver.epsilon {
                  buffer.initializeElement(at: k, to: Cell(symbol: a, coefficient: value))
                  k += 1
                } else {
                  removed(a)
                }
                i += 1
                j += 1
              }
            }
            while i < own.count {
              buffer.initializeElement(at: k, to: own[i])
              k += 1
              i += 1
            }
            while j < other.count {
              let value = other[j].coefficient * factor
              if abs(value) >= Solver.epsilon {
                buffer.initializeElement(
                  at: k, to: Cell(symbol: other[j].symbol, coefficient: value))
                k += 1
                added(other[j].symbol)
              }
              j += 1
            }
            count = k
          }
        }
      }
      cells = merged
    }

    /// Removes the cell of `symbol` and returns its coefficient, if it has one.
    @discardableResult
    mutating func remove(_ symbol: Int) -> Double? {
      let (index, found) = position(of: symbol)
      guard found else { return nil }
      return cells.remove(at: index).coefficient
    }

    mutating func reverseSign() {
      constant = -constant
      for index in cells.indices { cells[index].coefficient = -cells[index].coefficient }
    }

    mutating func solve(for symbol: Int) {
      let factor = -1 / remove(symbol)!
      constant *= factor
      for index in cells.indices { cells[index].coefficient *= factor }
    }

    mutating func solve(for lhs: Int, _ rhs: Int) {
      insert(lhs, -1)
      solve(for: rhs)
    }
  }

  /// The objective (and the artificial objective while adding a row without a subject):
  /// long rows that take many small substitutions, kept as a dictionary.
  private struct ObjectiveRow {
    var constant: Double
    var cells: [Int: Double] = [:]

    init(constant: Double) { self.constant = constant }

    init(_ row: Row) {
      constant = row.constant
      cells.reserveCapacity(row.cells.count)
      for cell in row.cells { cells[cell.symbol] = cell.coefficient }
    }

    func coefficient(for symbol: Int) -> Double { cells[symbol] ?? 0 }

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
      for cell in row.cells { insert(cell.symbol, cell.coefficient * coefficient) }
    }

    /// Replaces `symbol` by `row`; returns whether the objective held it.
    @discardableResult
    mutating func substitute(_ symbol: Int, _ row: Row) -> Bool {
      guard let coefficient = cells.removeValue(forKey: symbol) else { return false }
      insert(row, coefficient)
      return true
    }
  }

  /// The objective: a symbolic weight per symbol (its constant is not needed).
  private struct Objective {
    var cells: [Int: SymbolicWeight] = [:]

    func coefficient(for symbol: Int) -> SymbolicWeight { cells[symbol] ?? SymbolicWeight() }

    mutating func insert(_ symbol: Int, _ weight: SymbolicWeight, times factor: Double) {
      if let index = cells.index(forKey: symbol) {
        cells.values[index].add(weight, times: factor)
        if cells.values[index].isZero { cells.remove(at: index) }
      } else {
        var added = SymbolicWeight()
        added.add(weight, times: factor)
        if !added.isZero { cells[symbol] = added }
      }
    }

    mutating func insert(_ row: Row, _ weight: SymbolicWeight) {
      for cell in row.cells { insert(cell.symbol, weight, times: cell.coefficient) }
    }

    /// Replaces `symbol` by `row`; returns whether the objective held it.
    @discardableResult
    mutating func substitute(_ symbol: Int, _ row: Row) -> Bool {
      guard let weight = cells.removeValue(forKey: symbol) else { return false }
      insert(row, weight)
      return true
    }
  }

  /// The one tolerance of the solver: coefficients below it are zero, ratios and weights
  /// within it tie, and a row constant within it times the row's scale is zero.
  static let epsilon = 1.0e-8

  @exclusivity(unchecked) private var kinds: [Kind] = []
  @exclusivity(unchecked) private var variableSymbols: [Int] = []
  /// The row of each basic symbol, by symbol (nil for the parametric ones).
  @exclusivity(unchecked) private var rows: [Row?] = []
  /// For each symbol, the basic symbols of the rows whose cells hold it, so that
  /// substituting or pivoting a symbol visits only those rows (not the whole tableau).
  @exclusivity(unchecked) private var columns: [SymbolSet] = []
  @exclusivity(unchecked) private var objective = Objective()
  /// The objective's symbols with a negative coefficient (dummies excepted): the candidates
  /// to enter the basis. Kept as the objective changes, so that choosing one does not scan
  /// every error term of the tableau.
  @exclusivity(unchecked) private var improving: Set<Int> = []
  @exclusivity(unchecked) private var artificial: ObjectiveRow?
  @exclusivity(unchecked) private var infeasibleRows: [Int] = []
  @exclusivity(unchecked) private var tags: [Int: Tag] = [:]
  @exclusivity(unchecked) private var edits: [Int: Edit] = [:]
  @exclusivity(unchecked) private var nextConstraintID = 0

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

  /// Adds `Σ terms + constant (relation) 0` at priority `level` (ignored when `required`;
  /// higher levels come first) and returns its identifier for `remove(_:)`.
  @discardableResult
  func add(
    terms: some Collection<(variable: Int, coefficient: Double)>, constant: Double,
    relation: Relation, required: Bool, level: Double
  ) throws(Failure) -> Int {
    var tag = Tag(marker: -1, other: -1, level: required ? 0 : level)
    let weight = SymbolicWeight(level: level, value: 1)
    // The magnitude the row's arithmetic works at: rounding error in its constant grows
    // with the values and coefficients it combines.
    var scale = abs(constant)
    for term in terms { scale += abs(term.coefficient) * max(1, abs(value(of: term.variable))) }
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
    if subject < 0 && row.cells.allSatisfy({ kinds[$0.symbol] == .dummy }) {
      // Only required equalities' dummies: the constraint restates them, or contradicts them.
      guard Self.isZero(row.constant, scale: scale) else { throw .unsatisfiable }
      subject = tag.marker
    }
    if subject < 0 {
      guard try addWithArtificialVariable(row, scale: scale, marker: tag.marker) else {
        throw .unsatisfiable
      }
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
    let weight = SymbolicWeight(level: tag.level, value: -1)
    for marker in [tag.marker, tag.other] where marker >= 0 && kinds[marker] == .error {
      if let row = rows[marker] {
        objective.insert(row, weight)
        for cell in row.cells { noteObjectiveChange(cell.symbol) }
      } else {
        addToObjective(marker, weight)
      }
    }
    if takeRow(tag.marker) == nil {
      guard let leaving = leavingRow(forMarker: tag.marker) else { throw .numerical }
      var row = takeRow(leaving)!
      row.solve(for: leaving, tag.marker)
      substitute(tag.marker, row)
    }
    try optimize(objective: true)
  }

  /// Makes `variable` an edit variable at priority `level`; `suggest(_:for:)` then moves it.
  func addEditVariable(_ variable: Int, level: Double) throws(Failure) {
    guard edits[variable] == nil else { return }
    let id = try add(
      terms: [(variable, 1)], constant: 0, relation: .equal, required: false, level: level)
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
    columns.append(SymbolSet())
    rows.append(nil)
    return kinds.count - 1
  }

  /// Makes `row` the row of `basic`.
  private func setRow(_ basic: Int, _ row: Row) {
    rows[basic] = row
    for cell in row.cells { columns[cell.symbol].insert(basic) }
  }

  /// Removes and returns the row of `basic`, if it is basic.
  private func takeRow(_ basic: Int) -> Row? {
    guard let row = rows[basic] else { return nil }
    rows[basic] = nil
    for cell in row.cells { columns[cell.symbol].remove(basic) }
    return row
  }

  private func chooseSubject(_ row: Row, _ tag: Tag) -> Int {
    // The external symbol held by the fewest rows: substituting it touches the least of
    // the tableau (the lowest symbol on ties, for determinism). Chains of views otherwise
    // make an early variable basic and rewrite every row after it.
    var best = -1
    var bestCount = Int.max
    for cell in row.cells where kinds[cell.symbol] == .external {
      let symbol = cell.symbol
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

  /// Whether `value` is zero for a row whose largest input magnitude is `scale`.
  private static func isZero(_ value: Double, scale: Double) -> Bool {
    abs(value) < Solver.epsilon * max(1, scale)
  }

  private func addWithArtificialVariable(_ row: Row, scale: Double, marker: Int) throws(Failure)
    -> Bool
  {
    let art = makeSymbol(.slack)
    setRow(art, row)
    artificial = ObjectiveRow(row)
    try optimize(objective: false)
    let success = Self.isZero(artificial!.constant, scale: scale)
    artificial = nil
    if var basic = takeRow(art) {
      if basic.isEmpty { return success }
      if !success { return false }
      var entering = -1
      for cell in basic.cells
      where kinds[cell.symbol] == .slack || kinds[cell.symbol] == .error {
        let symbol = cell.symbol
        if entering < 0 || symbol < entering { entering = symbol }
      }
      if entering < 0 {
        // Only dummies are left: the constraint is implied by required equalities already
        // there (a redundant equation, not a conflict). One of those dummies becomes basic,
        // valued zero (the new constraint's own when it is there), so the artificial
        // variable can go.
        entering =
          basic.coefficient(for: marker) != 0 ? marker : basic.cells.map(\.symbol).min()!
      }
      basic.solve(for: art, entering)
      substitute(entering, basic)
      setRow(entering, basic)
    }
    for basic in columns[art] { rows[basic]!.remove(art) }
    columns[art] = SymbolSet()
    objective.cells.removeValue(forKey: art)
    improving.remove(art)
    return success
  }

  private func substitute(_ symbol: Int, _ row: Row) {
    // Only the rows that hold `symbol` change; their columns gain or lose `row`'s symbols.
    var affected = SymbolSet()
    swap(&affected, &columns[symbol])
    for basic in affected {
      guard rows[basic] != nil, let coefficient = rows[basic]!.remove(symbol) else { continue }
      rows[basic]!.insert(
        row, coefficient, added: { columns[$0].insert(basic) },
        removed: { columns[$0].remove(basic) })
      if rows[basic]!.constant < 0 && kinds[basic] != .external {
        infeasibleRows.append(basic)
      }
    }
    if objective.substitute(symbol, row) {
      improving.remove(symbol)
      for cell in row.cells { noteObjectiveChange(cell.symbol) }
    }
    artificial?.substitute(symbol, row)
  }

  private func addToObjective(_ symbol: Int, _ weight: SymbolicWeight) {
    objective.insert(symbol, weight, times: 1)
    noteObjectiveChange(symbol)
  }

  /// Keeps `improving` in step with the objective's coefficient of `symbol`.
  private func noteObjectiveChange(_ symbol: Int) {
    if let weight = objective.cells[symbol], weight.isNegative, kinds[symbol] != .dummy {
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
        if candidate < ratio - Solver.epsilon
          || (candidate <= ratio + Solver.epsilon && symbol < leaving)
        {
          ratio = min(ratio, candidate)
          leaving = symbol
        }
      }
      guard leaving >= 0 else { throw .numerical }
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
      var ratio = SymbolicWeight()
      for cell in row.cells where cell.coefficient > 0 && kinds[cell.symbol] != .dummy {
        let (symbol, coefficient) = (cell.symbol, cell.coefficient)
        let candidate = objective.coefficient(for: symbol).divided(by: coefficient)
        if entering < 0 || candidate < ratio || (!(ratio < candidate) && symbol < entering) {
          ratio = candidate
          entering = symbol
        }
      }
      guard entering >= 0 else { throw .numerical }
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
    // A redundant required equality's dummy is basic, valued zero, in a row of dummies
    // only: pivoting the marker there changes no value and keeps that equality enforced.
    var dummyRow = -1
    for symbol in columns[marker] where kinds[symbol] == .dummy {
      if dummyRow < 0 || symbol < dummyRow { dummyRow = symbol }
    }
    if dummyRow >= 0 { return dummyRow }
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
