/// The part of a pass's system that needs no tableau: every variable that a required
/// equality fixes once the others in it are known, found in dependency order by a worklist
/// (the root's frame first, then anchor chains hanging from it), and the rest of the records
/// with those values substituted.
///
/// A fixed variable takes the same value in every solution that keeps the required
/// constraints, so substituting it leaves the optimum of the rest unchanged: required
/// equalities that fixed a variable, and records left without unknowns, need no row (a
/// required one is checked instead, an optional one adds a constant error that moves no
/// optimum). When the fixed values contradict a required constraint the presolve gives up
/// (`run` returns false), so that the session adds every record as gathered and finds and
/// reports the broken constraint in the fixed order, as a solve without the presolve does.
/// Issues to report stay among the records gathered, which the session reports from.
@MainActor
struct SimplexPresolve {
  /// The value of every variable, NaN for those the tableau solves.
  private(set) var values: [Double] = []
  /// The rows for the tableau, in the order gathered: the records with unknowns left, the
  /// fixed values substituted (issues are not among them).
  private(set) var records = LayoutPass.RecordList()
  /// How many records the presolve took off the tableau.
  private(set) var presolvedCount = 0
  /// The island lengths the last run took as natural, in the order taken: the island's
  /// index, the axis and the length.
  private(set) var naturalLengths: [(island: Int, horizontal: Bool, length: Double)] = []
  /// What the last run that succeeded read, to keep its result when the next run reads the
  /// same (see `run`); `variables` is -1 when no result is kept.
  private var input = Input()
  /// The storage of the input before the kept one, for the pass that shares the kept one's
  /// to take in exchange (`recycle(_:)`).
  private var retiredInput = LayoutPass.RecordList()

  /// A run's input, compared with the next run's: its records (as rows, `sameRow`), the
  /// variable count, the held variable and the islands' width variables (each view's
  /// variables are its own for the session's life).
  @MainActor
  private struct Input {
    var records = LayoutPass.RecordList()
    var variables = -1
    var held = -1
    var islands: [Int] = []

    /// Whether this is the input of a run over `records` with these parameters.
    func matches(
      _ records: LayoutPass.RecordList, variables: Int, held: Int, islands: Islands?
    ) -> Bool {
      guard variables == self.variables, held == self.held,
        (islands?.views.count ?? 0) == self.islands.count
      else { return false }
      if let islands {
        for index in islands.views.indices where islands.lengths(index).width != self.islands[index]
        {
          return false
        }
      }
      return self.records.sameRows(as: records)
    }

    /// Becomes the input of a run over `records` with these parameters. The records are
    /// shared with the pass's list, not copied: the pass gives its list up when it recycles
    /// its arrays (`SimplexPresolve.recycle(_:)`), so that the input costs no copy.
    mutating func take(
      _ records: LayoutPass.RecordList, variables: Int, held: Int, islands: Islands?
    ) {
      self.variables = variables
      self.held = held
      self.records = records
      self.islands.removeAll(keepingCapacity: true)
      if let islands {
        for index in islands.views.indices { self.islands.append(islands.lengths(index).width) }
      }
    }
  }

  /// The islands of a session pass (`LayoutPass`): stack subtrees gathered as leaves, with
  /// only their frame rows, whose insides the pass arranges directly in the frames the
  /// presolve fixes. The run succeeds only if that is exact, per island and axis: its length
  /// is fixed by required equalities from outside (then its inside and the rest are
  /// independent systems, whose optima combine), or, when the worklist stalls, its natural
  /// length is determined (`DirectStackLayout.hasDeterminedNaturalSize`) and taking it moves
  /// no optimum: every variable it fixes (tainted by it) is fixed by required equalities, it
  /// fixes no other island's length, no row left to the tableau reads it, and the rows it
  /// decides hold, except optional ones below every priority inside the island (a scroll
  /// view's content guide pulled towards zero at priority 1), which the inside outweighs.
  @MainActor
  struct Islands {
    /// The islands, in the order the pass gathered them.
    let views: [View]
    /// The direct evaluation that measures and checks them.
    let direct: DirectStackLayout

    /// Whether nothing inside any island changed since it was last arranged: then its
    /// measures are the ones the last run read.
    var areUnchanged: Bool {
      for island in views where island.layoutState.needsLayout { return false }
      return true
    }

    /// Island `index`'s width and height variables.
    func lengths(_ index: Int) -> (width: Int, height: Int) {
      let base = views[index].layoutState.node.variableBase
      return (base + 2, base + 3)
    }

    /// The natural length of island `index` on an axis when it is determined, given its
    /// width (NaN while unknown), which a vertical stack of fitted-scope rows measures at.
    func naturalLength(_ index: Int, horizontal: Bool, width: Double) -> Double? {
      let island = views[index]
      guard direct.hasDeterminedNaturalSize(island, horizontal: horizontal) else { return nil }
      // A vertical stack of fitted-scope rows measures them at its width.
      var across: Double?
      if !horizontal, (island as? StackView)?.axis == .vertical {
        guard !width.isNaN else { return nil }
        across = width
      }
      let natural = direct.naturalSize(of: island, across: across)
      return horizontal ? natural.width : natural.height
    }

    /// The lowest priority inside island `index` that may resist a change of its length on
    /// an axis, cached for the constraint generation.
    func lowestPriority(_ index: Int, horizontal: Bool) -> Float {
      let rare = views[index].layoutState.rare
      if rare.lowestPriorityInside.generation != ConstraintScope.generation {
        rare.lowestPriorityInside = (ConstraintScope.generation, nil, nil)
      } else if let cached = horizontal
        ? rare.lowestPriorityInside.horizontal : rare.lowestPriorityInside.vertical
      {
        return cached
      }
      let lowest = Self.lowestPriority(inside: views[index], horizontal: horizontal)
      if horizontal {
        rare.lowestPriorityInside.horizontal = lowest
      } else {
        rare.lowestPriorityInside.vertical = lowest
      }
      return lowest
    }

    /// Whether island `index` takes `length` on an axis from outside without a conflict
    /// inside that only the whole system's solve would find.
    func takesLengthFromOutside(_ index: Int, horizontal: Bool, _ length: Double) -> Bool {
      let island = unsafeDowncast(views[index], to: StackView.self)
      return DirectStackLayout.takesLength(island, length, horizontal: horizontal)
    }

    /// The lowest priority inside `view`'s subtree that may hold its length on an axis: each
    /// view's hugging and compression resistance (less their tie-breaks; whether or not it
    /// has an intrinsic size now, which may come and go within a constraint generation),
    /// optional constraints, and a stack's own pull towards zero (priority 49); required
    /// when nothing optional is inside.
    private static func lowestPriority(inside view: View, horizontal: Bool) -> Float {
      var lowest = LayoutPriority.required.rawValue
      if view.layoutAlgorithm == .stack { lowest = 49 }
      let axis: LayoutAxis = horizontal ? .horizontal : .vertical
      lowest = min(
        lowest, view.contentHuggingPriority(for: axis).rawValue - 1,
        view.contentCompressionResistancePriority(for: axis).rawValue - 1)
      for constraint in view.layoutState.constraints where !constraint.priority.isRequired {
        lowest = min(lowest, constraint.priority.rawValue)
      }
      for subview in view.subviews {
        lowest = min(lowest, lowestPriority(inside: subview, horizontal: horizontal))
      }
      return lowest
    }
  }

  /// The worklist's arrays (scratch for one run, see `spareWorklist`): for
  /// each variable the required equalities it occurs in (one entry per term, as offsets
  /// into `occurrences`); per record the terms of a required equality whose variable is
  /// still unknown (-1 for other records, below that once the equality is used); the
  /// equalities waiting with at most one unknown.
  private struct Worklist {
    var starts: [Int] = []
    var occurrences: [Int] = []
    var unknownTerms: [Int] = []
    var queue: [Int] = []
    /// With islands: per variable whether its value follows from a natural length
    /// (tainted), and the island length it is (-1 for none).
    var tainted: [Bool] = []
    var islandLength: [Int] = []
  }
  /// The worklist the next run takes: one run at a time uses it, so that runs one after
  /// another allocate none of its arrays (a worklist grown past `largestSpare` variables is
  /// dropped rather than kept).
  private static var spareWorklist = Worklist()
  private static let largestSpare = 65_536
  /// `unknownTerms` of an equality that fixed a variable or was checked.
  private static let used = Int.min / 2

  /// Presolves `records` over `variables` variables, leaving `held` (if not -1) to the
  /// tableau, replacing the last pass's result; false (and no values) when no required
  /// equality has a single unknown, when a required constraint does not hold on the values
  /// fixed, or when `islands` cannot be taken as leaves exactly (see `Islands`).
  ///
  /// The result depends on nothing but this input and the islands' measures, so a run whose
  /// input is the last successful run's, its islands unchanged inside, keeps that result
  /// (a relayout with nothing changed in the pass, or changes inside its framed scopes
  /// only, presolves nothing).
  mutating func run(
    _ records: LayoutPass.RecordList, variables: Int, held: Int, islands: Islands? = nil
  ) -> Bool {
    if islands?.areUnchanged ?? true,
      input.matches(records, variables: variables, held: held, islands: islands)
    {
      return true
    }
    var worklist = Worklist()
    swap(&worklist, &Self.spareWorklist)
    defer {
      if worklist.starts.capacity <= Self.largestSpare { swap(&worklist, &Self.spareWorklist) }
    }
    naturalLengths.removeAll(keepingCapacity: true)
    if !presolve(records, variables: variables, held: held, islands: islands, &worklist) {
      values.removeAll(keepingCapacity: true)
      self.records.removeAll()
      naturalLengths.removeAll(keepingCapacity: true)
      input.variables = -1
      return false
    }
    swap(&retiredInput, &input.records)
    input.take(records, variables: variables, held: held, islands: islands)
    return true
  }

  /// Gives `records`, a pass's list, the storage the input before the kept one was kept in,
  /// emptied, when the kept input shares the list's (`Input.take`) and that storage is as
  /// large, so that the pass's next use of its arrays neither copies the input nor
  /// allocates anew.
  mutating func recycle(_ records: inout LayoutPass.RecordList) {
    guard records.sharesStorage(with: input.records), retiredInput.capacity >= records.capacity
    else { return }
    retiredInput.removeAll()
    swap(&records, &retiredInput)
    retiredInput = LayoutPass.RecordList()
  }

  private mutating func presolve(
    _ records: LayoutPass.RecordList, variables: Int, held: Int, islands: Islands?,
    _ worklist: inout Worklist
  ) -> Bool {
    let terms = records.terms
    Self.reset(&values, to: .nan, count: variables)
    Self.reset(&worklist.starts, to: 0, count: variables + 1)
    Self.reset(&worklist.unknownTerms, to: -1, count: records.count)
    self.records.removeAll()
    presolvedCount = 0
    worklist.queue.removeAll(keepingCapacity: true)
    Self.countEqualities(records, &worklist)
    if worklist.queue.isEmpty && islands == nil { return false }
    if let islands {
      Self.reset(&worklist.tainted, to: false, count: variables)
      Self.reset(&worklist.islandLength, to: -1, count: variables)
      for index in islands.views.indices {
        let lengths = islands.lengths(index)
        worklist.islandLength[lengths.width] = index
        worklist.islandLength[lengths.height] = index
      }
    }
    Self.listOccurrences(records, variables: variables, &worklist)
    // Worked in reverse: the queue starts with the frame rows, gathered first.
    worklist.queue.reverse()
    while true {
      guard work(records, held: held, tainting: islands != nil, &worklist) else { return false }
      // Stalled: the next island length that is natural, widths first (a vertical stack of
      // fitted-scope rows measures them at its width).
      guard let islands, let natural = nextNatural(islands) else { break }
      worklist.tainted[natural.variable] = true
      fix(natural.variable, natural.length, &worklist)
    }
    if let islands {
      for index in islands.views.indices {
        let lengths = islands.lengths(index)
        // A length left to the tableau would be solved without the island's inside.
        if values[lengths.width].isNaN || values[lengths.height].isNaN { return false }
        var natural = (horizontal: false, vertical: false)
        for taken in naturalLengths where taken.island == index {
          if taken.horizontal { natural.horizontal = true } else { natural.vertical = true }
        }
        if !natural.horizontal
          && !islands.takesLengthFromOutside(index, horizontal: true, values[lengths.width])
        {
          return false
        }
        if !natural.vertical
          && !islands.takesLengthFromOutside(index, horizontal: false, values[lengths.height])
        {
          return false
        }
      }
    }
    for index in records.indices {
      if worklist.unknownTerms[index] < -1 {
        presolvedCount += 1
        continue
      }
      let record = records[index]
      if record.issue >= 0 { continue }
      var hasKnown = false
      for position in record.termIndices where !values[terms[position].variable].isNaN {
        hasKnown = true
        break
      }
      guard hasKnown else {
        self.records.append(index, of: records)
        continue
      }
      var expression = LayoutPass.Expression(constant: record.constant)
      var scale = abs(expression.constant)
      var tainted = false
      for position in record.termIndices {
        let term = terms[position]
        let value = values[term.variable]
        if value.isNaN {
          expression.append(term)
        } else {
          expression.constant += term.coefficient * value
          scale += abs(term.coefficient) * max(1, abs(value))
          if islands != nil && worklist.tainted[term.variable] { tainted = true }
        }
      }
      if expression.count == 0 {
        presolvedCount += 1
        let tolerance = Solver.epsilon * max(1, scale)
        let holds =
          switch record.relation {
          case .equal: abs(expression.constant) < tolerance
          case .lessThanOrEqual: expression.constant <= tolerance
          case .greaterThanOrEqual: expression.constant >= -tolerance
          }
        if !holds {
          if record.priority.isRequired { return false }
          // An optional row a natural length decides may go unmet only below everything
          // inside the islands that hold their lengths.
          if tainted && record.priority.rawValue >= lowestPriorityInside(islands) {
            return false
          }
        }
        continue
      }
      // The tableau would trade this row against a natural length taken as fixed.
      if tainted { return false }
      self.records.append(
        expression, record.relation, priority: record.priority, source: record.source)
    }
    return true
  }

  /// Counts each variable's terms in required equalities (in `starts`, one place ahead),
  /// sets each equality's unknown terms and queues those with at most one.
  /// (These loops and `listOccurrences` run over every term: through buffers, they skip the
  /// arrays' uniqueness check on each write; nonisolated, their closures skip the check of
  /// the executor that a main-actor closure passed to the standard library pays.)
  nonisolated private static func countEqualities(
    _ records: LayoutPass.RecordList, _ worklist: inout Worklist
  ) {
    let terms = records.terms
    worklist.starts.withUnsafeMutableBufferPointer { starts in
      worklist.unknownTerms.withUnsafeMutableBufferPointer { unknownTerms in
        for index in records.indices {
          let record = records[index]
          guard fixes(record) else { continue }
          for term in record.termIndices { starts[terms[term].variable + 1] += 1 }
          unknownTerms[index] = record.termCount
          if record.termCount <= 1 { worklist.queue.append(index) }
        }
      }
    }
  }

  /// Lists, for each variable, the required equalities it occurs in (`occurrences` from
  /// `starts[variable]` up to the next variable's start), from the counts
  /// `countEqualities` left.
  nonisolated private static func listOccurrences(
    _ records: LayoutPass.RecordList, variables: Int, _ worklist: inout Worklist
  ) {
    let terms = records.terms
    worklist.starts.withUnsafeMutableBufferPointer { starts in
      for variable in 0..<variables { starts[variable + 1] += starts[variable] }
      reset(&worklist.occurrences, to: 0, count: starts[variables])
      worklist.occurrences.withUnsafeMutableBufferPointer { occurrences in
        for index in records.indices where worklist.unknownTerms[index] >= 0 {
          for term in records[index].termIndices {
            let variable = terms[term].variable
            occurrences[starts[variable]] = index
            starts[variable] += 1
          }
        }
      }
      // Each start moved to its variable's end, the next variable's start: shift them back.
      for variable in stride(from: variables, to: 0, by: -1) {
        starts[variable] = starts[variable - 1]
      }
      starts[0] = 0
    }
  }

  /// Works the queue of equalities: each fixes its one unknown, or with none left is
  /// checked. False when one does not hold, or (`tainting`, with islands) when a value that
  /// follows from a natural length would fix an island's length (the simplex would trade
  /// the two islands' insides).
  private mutating func work(
    _ records: LayoutPass.RecordList, held: Int, tainting: Bool, _ worklist: inout Worklist
  ) -> Bool {
    let terms = records.terms
    while let index = worklist.queue.popLast() {
      guard worklist.unknownTerms[index] >= 0 else { continue }
      var known = records.records[index].constant
      var scale = abs(known)
      var unknown = -1
      var coefficient = 0.0
      var unknowns = 0
      var tainted = false
      for position in records.records[index].termIndices {
        let term = terms[position]
        let value = values[term.variable]
        if value.isNaN {
          if term.variable != unknown {
            unknowns += 1
            unknown = term.variable
          }
          coefficient += term.coefficient
        } else {
          known += term.coefficient * value
          scale += abs(term.coefficient) * max(1, abs(value))
          if tainting && worklist.tainted[term.variable] { tainted = true }
        }
      }
      // (A variable in two terms counts once; two unknowns wait for the tableau.)
      guard unknowns <= 1, unknown != held else { continue }
      worklist.unknownTerms[index] = Self.used
      if unknowns == 0 || abs(coefficient) < Solver.epsilon {
        guard Self.isZero(known, scale: scale) else { return false }
        continue
      }
      if tainting {
        if tainted && worklist.islandLength[unknown] >= 0 { return false }
        worklist.tainted[unknown] = tainted
      }
      fix(unknown, -known / coefficient, &worklist)
    }
    return true
  }

  /// Fixes `variable` and queues the equalities it leaves with one unknown or none.
  @inline(__always)
  private mutating func fix(_ variable: Int, _ value: Double, _ worklist: inout Worklist) {
    values[variable] = value
    for offset in worklist.starts[variable]..<worklist.starts[variable + 1] {
      let other = worklist.occurrences[offset]
      worklist.unknownTerms[other] -= 1
      if worklist.unknownTerms[other] == 1 || worklist.unknownTerms[other] == 0 {
        worklist.queue.append(other)
      }
    }
  }

  /// The lowest priority inside the islands whose lengths were taken as natural, on those
  /// axes: below it an optional row cannot move them (read only for a row such a length
  /// leaves unmet, which is rare).
  private func lowestPriorityInside(_ islands: Islands?) -> Float {
    guard let islands else { return .infinity }
    var lowest = Float.infinity
    for taken in naturalLengths {
      lowest = min(lowest, islands.lowestPriority(taken.island, horizontal: taken.horizontal))
    }
    return lowest
  }

  /// The next island length to take as natural (widths first), recorded in
  /// `naturalLengths`.
  private mutating func nextNatural(_ islands: Islands) -> (variable: Int, length: Double)? {
    for horizontal in [true, false] {
      for index in islands.views.indices {
        let lengths = islands.lengths(index)
        let variable = horizontal ? lengths.width : lengths.height
        guard values[variable].isNaN,
          let length = islands.naturalLength(
            index, horizontal: horizontal, width: values[lengths.width])
        else { continue }
        naturalLengths.append((index, horizontal, length))
        return (variable, length)
      }
    }
    return nil
  }

  /// Makes `array` `count` copies of `value`, keeping its storage.
  nonisolated private static func reset<Element>(
    _ array: inout [Element], to value: Element, count: Int
  ) {
    if array.count == count {
      array.withUnsafeMutableBufferPointer { $0.update(repeating: value) }
      return
    }
    array.removeAll(keepingCapacity: true)
    array.append(contentsOf: repeatElement(value, count: count))
  }

  /// Whether `record` may fix a variable: a required equality (not an issue).
  nonisolated private static func fixes(_ record: LayoutPass.Record) -> Bool {
    record.issue < 0 && record.relation == .equal && record.priority.isRequired
  }

  /// Whether `value` is zero for a row whose largest input magnitude is `scale`, with the
  /// solver's tolerance.
  private static func isZero(_ value: Double, scale: Double) -> Bool {
    abs(value) < Solver.epsilon * max(1, scale)
  }
}
