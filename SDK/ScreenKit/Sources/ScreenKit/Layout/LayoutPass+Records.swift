extension LayoutPass {
  /// One term of a linear expression: `coefficient × variable`.
  typealias Term = (variable: Int, coefficient: Double)

  /// A linear expression over the pass's variables while a row is built. Its terms are kept
  /// inline, a variable met twice summed into one term, so that building a row allocates
  /// nothing: a row relates at most four items by two variables each (a stack's
  /// equal-spacing row, two gaps between edges of four views), `capacity` terms.
  struct Expression {
    /// The most terms an expression holds.
    static let capacity = 8
    private var variables = SIMD8<Int>()
    private var coefficients = SIMD8<Double>()
    /// How many terms it has.
    private(set) var count = 0
    var constant = 0.0

    /// The expression `constant`, without terms.
    init(constant: Double = 0) { self.constant = constant }

    /// `term + constant`.
    init(_ term: Term, constant: Double = 0) {
      self.constant = constant
      append(term)
    }

    /// `first + second + constant`.
    init(_ first: Term, _ second: Term, constant: Double = 0) {
      self.constant = constant
      append(first)
      append(second)
    }

    /// The term at `index` (below `count`).
    subscript(index: Int) -> Term { (variables[index], coefficients[index]) }

    /// Adds `term`, to the term of its variable if there is one.
    mutating func append(_ term: Term) {
      for index in 0..<count where variables[index] == term.variable {
        coefficients[index] += term.coefficient
        return
      }
      precondition(count < Self.capacity, "a layout row has more than \(Self.capacity) terms")
      variables[count] = term.variable
      coefficients[count] = term.coefficient
      count += 1
    }

    /// Adds `other × factor`.
    mutating func add(_ other: Expression, times factor: Double) {
      for index in 0..<other.count {
        append((other.variables[index], other.coefficients[index] * factor))
      }
      constant += other.constant * factor
    }
  }

  /// One row for the solver: `terms + constant (relation) 0` at `priority`, or (in a session
  /// pass) an issue to report in its place in the fixed order. Its terms and issue are kept
  /// by the `RecordList` it belongs to, so that a record is copied without counting
  /// references to them.
  struct Record {
    /// Where its terms start in its list's `terms`, and how many there are.
    var termStart: Int
    var termCount: Int
    var constant: Double
    var relation: Solver.Relation
    var priority: LayoutPriority
    /// The constraint it was made from (none for rows the pass generates).
    var source: LayoutConstraint?
    /// Its index in its list's `issues`, or -1 for a row.
    var issue = -1

    /// The indices of its terms in its list's `terms`.
    var termIndices: Range<Int> { termStart..<(termStart + termCount) }
  }

  /// Records in the fixed order with their terms in one array, so that gathering a pass's
  /// rows allocates only while its arrays grow. Two records are the same row when their
  /// terms, constant, relation and priority are equal, whatever their source (`sameRow`).
  struct RecordList {
    private(set) var records: [Record] = []
    /// The terms of every record, each record's in a range of its own.
    private(set) var terms: [Term] = []
    /// The issues records stand for.
    private(set) var issues: [LayoutIssue] = []

    var count: Int { records.count }
    /// How many records the list holds without growing.
    var capacity: Int { records.capacity }
    var isEmpty: Bool { records.isEmpty }
    var indices: Range<Int> { records.indices }
    subscript(index: Int) -> Record { records[index] }

    /// Appends the row `expression (relation) 0` at `priority`.
    mutating func append(
      _ expression: Expression, _ relation: Solver.Relation, priority: LayoutPriority,
      source: LayoutConstraint?
    ) {
      let start = terms.count
      for index in 0..<expression.count { terms.append(expression[index]) }
      records.append(
        Record(
          termStart: start, termCount: expression.count, constant: expression.constant,
          relation: relation, priority: priority, source: source))
    }

    /// Appends record `index` of `other`, with its terms and issue.
    mutating func append(_ index: Int, of other: RecordList) {
      var record = other.records[index]
      let start = terms.count
      for term in record.termIndices { terms.append(other.terms[term]) }
      record.termStart = start
      if let issue = other.issue(of: index) {
        record.issue = issues.count
        issues.append(issue)
      }
      records.append(record)
    }

    /// Appends a record that stands for `issue`, reported in its place in the order.
    mutating func append(issue: LayoutIssue) {
      records.append(
        Record(
          termStart: terms.count, termCount: 0, constant: 0, relation: .equal,
          priority: .required, source: nil, issue: issues.count))
      issues.append(issue)
    }

    /// Removes the last record (added last, its terms at the end).
    mutating func removeLast() {
      let record = records.removeLast()
      terms.removeSubrange(record.termStart...)
      if record.issue >= 0 { issues.removeLast() }
    }

    /// Whether `other` has as many records, each the same row as this list's at its index
    /// (`sameRow`).
    func sameRows(as other: RecordList) -> Bool {
      guard count == other.count else { return false }
      for index in indices where !sameRow(index, as: index, of: other) { return false }
      return true
    }

    /// Whether the two lists' records are one stored array (a copy not yet written to).
    func sharesStorage(with other: RecordList) -> Bool {
      let mine = records.withUnsafeBufferPointer { $0.baseAddress }
      return mine != nil && mine == other.records.withUnsafeBufferPointer { $0.baseAddress }
    }

    /// Empties the list, keeping its storage.
    mutating func removeAll() {
      records.removeAll(keepingCapacity: true)
      terms.removeAll(keepingCapacity: true)
      issues.removeAll(keepingCapacity: true)
    }

    /// The list without the records that stand for issues.
    var withoutIssues: RecordList {
      if issues.isEmpty { return self }
      var result = RecordList()
      for index in indices where records[index].issue < 0 { result.append(index, of: self) }
      return result
    }

    /// Reports the issues the records stand for, in order.
    @MainActor
    func reportIssues() {
      for issue in issues { LayoutDiagnostics.report(issue) }
    }

    /// The issue record `index` stands for, if any.
    func issue(of index: Int) -> LayoutIssue? {
      let issue = records[index].issue
      return issue >= 0 ? issues[issue] : nil
    }

    /// Whether record `index` is the same row as record `other` of `list`: same terms in
    /// the same order, constant, relation and priority.
    func sameRow(_ index: Int, as other: Int, of list: RecordList) -> Bool {
      let a = records[index]
      let b = list.records[other]
      guard a.relation == b.relation, a.priority == b.priority, a.constant == b.constant,
        a.termCount == b.termCount, (a.issue >= 0) == (b.issue >= 0)
      else { return false }
      for offset in 0..<a.termCount {
        let x = terms[a.termStart + offset]
        let y = list.terms[b.termStart + offset]
        if x.variable != y.variable || x.coefficient != y.coefficient { return false }
      }
      return true
    }

    /// A hash of record `index`'s row, equal for records that are the same row.
    func rowHash(_ index: Int) -> Int {
      let record = records[index]
      var hasher = Hasher()
      hasher.combine(record.relation)
      hasher.combine(record.priority)
      hasher.combine(record.constant)
      for term in record.termIndices {
        hasher.combine(terms[term].variable)
        hasher.combine(terms[term].coefficient)
      }
      return hasher.finalize()
    }
  }
}
