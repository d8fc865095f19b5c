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

  private(set) var components: [Component] = []

  /// Zero at every level.
  init() {}

  /// `value` at `level`, zero elsewhere.
  init(level: Double, value: Double) {
    if abs(value) >= Solver.epsilon { components = [Component(level: level, value: value)] }
  }

  var isZero: Bool { components.isEmpty }

  /// Whether the highest non-zero level is negative.
  var isNegative: Bool { components.first.map { $0.value < 0 } ?? false }

  /// Adds `value` at `level`.
  mutating func add(level: Double, value: Double) {
    var index = 0
    while index < components.count && components[index].level > level { index += 1 }
    if index < components.count && components[index].level == level {
      let sum = components[index].value + value
      if abs(sum) < Solver.epsilon {
        components.remove(at: index)
      } else {
        components[index].value = sum
      }
    } else if abs(value) >= Solver.epsilon {
      components.insert(Component(level: level, value: value), at: index)
    }
  }

  /// Adds `other × factor`.
  mutating func add(_ other: SymbolicWeight, times factor: Double) {
    for component in other.components {
      add(level: component.level, value: component.value * factor)
    }
  }

  /// This weight divided by `divisor`.
  func divided(by divisor: Double) -> SymbolicWeight {
    var result = self
    for index in result.components.indices { result.components[index].value /= divisor }
    return result
  }

  /// Lexicographic order from the highest level; values within `Solver.epsilon` of each
  /// other are equal at their level.
  static func < (lhs: SymbolicWeight, rhs: SymbolicWeight) -> Bool {
    var i = 0
    var j = 0
    while i < lhs.components.count || j < rhs.components.count {
      let a = i < lhs.components.count ? lhs.components[i] : nil
      let b = j < rhs.components.count ? rhs.components[j] : nil
      let level = max(a?.level ?? -.infinity, b?.level ?? -.infinity)
      let left = a?.level == level ? a!.value : 0
      let right = b?.level == level ? b!.value : 0
      if a?.level == level { i += 1 }
      if b?.level == level { j += 1 }
      if abs(left - right) >= Solver.epsilon { return left < right }
    }
    return false
  }
}
