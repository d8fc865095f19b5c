/// A coefficient of the simplex objective as the original Cassowary solver's symbolic
/// weights (Badros, Borning and Stuckey, "The Cassowary Linear Arithmetic Constraint Solving
/// Algorithm", 2001): one real per priority level present, compared lexicographically from
/// the highest level down. Minimising such an objective satisfies the constraints in
/// priority order, as Auto Layout does: no amount of error at lower levels buys any at a
/// higher one (two constraints at 250 never outweigh one at 251).
///
/// The components are kept sparse, sorted by level from the highest, and a component whose
/// magnitude falls below `Solver.epsilon` is dropped, so the leading component decides the
/// sign.
struct SymbolicWeight: Equatable {
  /// The weight of one level.
  struct Component: Equatable {
    var level: Double
    var value: Double
  }

  /// The highest non-zero component, valid when `isZero` is false; the others, in order,
  /// in `tail`. Nearly every coefficient has one level, which then needs no array.
  private var head = Component(level: 0, value: 0)
  private var hasHead = false
  private var tail: [Component] = []

  /// Zero at every level.
  init() {}

  /// `value` at `level`, zero elsewhere.
  init(level: Double, value: Double) {
    if abs(value) >= Solver.epsilon {
      head = Component(level: level, value: value)
      hasHead = true
    }
  }

  var isZero: Bool { !hasHead }

  /// Whether the highest non-zero level is negative.
  var isNegative: Bool { hasHead && head.value < 0 }

  /// The non-zero components, highest level first.
  var components: [Component] { hasHead ? [head] + tail : [] }

  private var count: Int { hasHead ? 1 + tail.count : 0 }

  private func component(_ index: Int) -> Component { index == 0 ? head : tail[index - 1] }

  /// Adds `value` at `level`.
  mutating func add(level: Double, value: Double) {
    guard hasHead else {
      if abs(value) >= Solver.epsilon {
        head = Component(level: level, value: value)
        hasHead = true
      }
      return
    }
    if level == head.level {
      head.value += value
      if abs(head.value) < Solver.epsilon {
        if tail.isEmpty { hasHead = false } else { head = tail.removeFirst() }
      }
      return
    }
    if level > head.level {
      guard abs(value) >= Solver.epsilon else { return }
      tail.insert(head, at: 0)
      head = Component(level: level, value: value)
      return
    }
    var index = 0
    while index < tail.count && tail[index].level > level { index += 1 }
    if index < tail.count && tail[index].level == level {
      let sum = tail[index].value + value
      if abs(sum) < Solver.epsilon {
        tail.remove(at: index)
      } else {
        tail[index].value = sum
      }
    } else if abs(value) >= Solver.epsilon {
      tail.insert(Component(level: level, value: value), at: index)
    }
  }

  /// Adds `other × factor`.
  mutating func add(_ other: SymbolicWeight, times factor: Double) {
    guard other.hasHead else { return }
    add(level: other.head.level, value: other.head.value * factor)
    for component in other.tail { add(level: component.level, value: component.value * factor) }
  }

  /// This weight divided by `divisor`.
  func divided(by divisor: Double) -> SymbolicWeight {
    var result = self
    result.head.value /= divisor
    for index in result.tail.indices { result.tail[index].value /= divisor }
    return result
  }

  /// Lexicographic order from the highest level; values within `Solver.epsilon` of each
  /// other are equal at their level.
  static func < (lhs: SymbolicWeight, rhs: SymbolicWeight) -> Bool {
    let (lhsCount, rhsCount) = (lhs.count, rhs.count)
    var i = 0
    var j = 0
    while i < lhsCount || j < rhsCount {
      let a = i < lhsCount ? lhs.component(i) : nil
      let b = j < rhsCount ? rhs.component(j) : nil
      let level = max(a?.level ?? -.infinity, b?.level ?? -.infinity)
      let left = a?.level == level ? a!.value : 0
      let right = b?.level == level ? b!.value : 0
      if a?.level == level { i += 1 }
      if b?.level == level { j += 1 }
      if abs(left - right) >= Solver.epsilon { return left < right }
    }
    return false
  }

  static func == (lhs: SymbolicWeight, rhs: SymbolicWeight) -> Bool {
    lhs.components == rhs.components
  }
}
