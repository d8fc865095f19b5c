import Foundation
import Testing

@testable import ScreenKit

/// Random constraint systems checked against an independent reference: SciPy's `linprog`
/// (HiGHS) solving one linear program per priority level (`SDK/ScreenKit/Tests/Reference/
/// lexicographic_lp.py`, whose docstring says where each rule comes from). Each seed gives
/// a root of fixed frame with 2–4 subviews placed by required and optional `==`, `<=`, `>=`
/// constraints (priorities 1–999, multipliers), laid out once, changed (constants,
/// priorities, constraints deactivated and added) and laid out again incrementally; the
/// changed system is also laid out fresh in a new tree. All three layouts must keep the
/// required constraints, break exactly the required constraints the reference finds
/// infeasible in order (none when they hold together), reach each level's optimal error
/// given the levels above, and agree with the reference wherever a frame is determined.
///
/// `make test` checks `defaultSeeds` seeds; `SCREENKIT_REFERENCE_SEEDS=N` (read by this test
/// only) checks N, as `make test-layout-reference` does.
struct RandomConstraintSystem {
  struct Spec {
    var first: (item: Int, attribute: LayoutAttribute)
    var second: (item: Int, attribute: LayoutAttribute)?
    var relation: LayoutConstraint.Relation
    var multiplier: Double
    var constant: Double
    var priority: LayoutPriority
  }

  static let defaultSeeds = 1000

  let seed: UInt64
  let rootSize: Size
  let viewCount: Int
  var specs: [Spec] = []
  /// Changes after the first layout: applied by `change(_:)`.
  private var random: SplitMix

  init(seed: UInt64) {
    self.seed = seed
    var random = SplitMix(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 17)
    viewCount = 2 + Int(random.next() % 3)
    rootSize = Size(
      width: Double(200 + 10 * Int(random.next() % 30)),
      height: Double(200 + 10 * Int(random.next() % 30)))
    self.random = random
    let count = 2 + below(4 * viewCount + 1)
    for _ in 0..<count { specs.append(randomSpec()) }
  }

  private mutating func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

  private mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

  mutating func randomPriority() -> LayoutPriority {
    switch below(10) {
    case 0..<4: .required
    // Common levels, so that several constraints share one.
    case 4..<7: pick([250, 251, 300, 330, 500, 750, 999])
    default: LayoutPriority(Float(1 + below(999)))
    }
  }

  mutating func randomSpec() -> Spec {
    let positionsX: [LayoutAttribute] = [.left, .right, .centerX]
    let positionsY: [LayoutAttribute] = [.top, .bottom, .centerY]
    let first = 1 + below(viewCount)
    let attribute = pick(positionsX + positionsY + [.width, .height, .width, .height])
    let relation = pick([
      LayoutConstraint.Relation.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual,
    ])
    let priority = randomPriority()
    if attribute == .width || attribute == .height {
      if below(3) == 0 {
        return Spec(
          first: (first, attribute), second: nil, relation: relation, multiplier: 1,
          constant: Double(below(300)), priority: priority)
      }
      var other = below(viewCount + 1)
      if other == first { other = 0 }
      return Spec(
        first: (first, attribute), second: (other, pick([.width, .height, .width, .height])),
        relation: relation, multiplier: pick([1, 1, 1, 0.5, 2, 1.5, 0.25]),
        constant: Double(below(120) - 40), priority: priority)
    }
    var other = below(viewCount + 1)
    if other == first { other = 0 }
    let axis = positionsX.contains(attribute) ? positionsX : positionsY
    return Spec(
      first: (first, attribute), second: (other, pick(axis)), relation: relation,
      multiplier: below(6) == 0 ? pick([0.5, 2]) : 1, constant: Double(below(160) - 40),
      priority: priority)
  }

  /// A new tree with `specs` activated in order.
  @MainActor
  static func build(_ specs: [Spec], rootSize: Size, viewCount: Int) -> (
    root: View, views: [View], constraints: [LayoutConstraint]
  ) {
    let root = View(frame: Rect(x: 0, y: 0, width: rootSize.width, height: rootSize.height))
    var views = [root]
    for _ in 0..<viewCount {
      let view = View()
      view.translatesAutoresizingMaskIntoConstraints = false
      root.addSubview(view)
      views.append(view)
    }
    let constraints = specs.map { make($0, views) }
    LayoutConstraint.activate(constraints)
    return (root, views, constraints)
  }

  /// The specs that make `constraints` again between `views` (the root first).
  @MainActor
  static func specs(of constraints: [LayoutConstraint], views: [View]) -> [Spec] {
    constraints.map { constraint in
      func index(_ item: (any LayoutItem)?) -> Int? {
        guard let view = item as? View else { return nil }
        return views.firstIndex { $0 === view }
      }
      return Spec(
        first: (index(constraint.firstItem)!, constraint.firstAttribute),
        second: index(constraint.secondItem).map { ($0, constraint.secondAttribute!) },
        relation: constraint.relation, multiplier: constraint.multiplier,
        constant: constraint.constant, priority: constraint.priority)
    }
  }

  @MainActor
  static func make(_ spec: Spec, _ views: [View]) -> LayoutConstraint {
    let constraint = LayoutConstraint(
      item: views[spec.first.item], attribute: spec.first.attribute, relatedBy: spec.relation,
      toItem: spec.second.map { views[$0.item] }, attribute: spec.second?.attribute,
      multiplier: spec.multiplier, constant: spec.constant)
    constraint.priority = spec.priority
    return constraint
  }
}

/// One layout of a system, as the reference reads it.
private struct LayoutResult: Encodable {
  var label: String
  var frames: [[Double]]
  var broken: [Int]
  var optionalBroken: Bool
}

private struct ReferenceSystem: Encodable {
  struct Constraint: Encodable {
    var first: [String]
    var second: [String]?
    var relation: String
    var multiplier: Double
    var constant: Double
    var priority: Double
  }
  var id: String
  var root: [Double]
  var views: Int
  var constraints: [Constraint]
  var results: [LayoutResult]
}

private struct Verdict: Decodable {
  var id: String
  var failures: [String]
  var broken: [Int]?
}

/// The active constraints of `views` in the order a pass adds them (view by view, each
/// view's in activation order).
@MainActor
private func installed(_ views: [View]) -> [LayoutConstraint] {
  views.flatMap { $0.layoutState.constraints }
}

@MainActor
private func describe(
  _ constraints: [LayoutConstraint], _ views: [View]
) -> [ReferenceSystem.Constraint] {
  func index(_ item: (any LayoutItem)?) -> String? {
    guard let view = item as? View else { return nil }
    return String(views.firstIndex { $0 === view }!)
  }
  return constraints.map { constraint in
    let relation =
      switch constraint.relation {
      case .equal: "=="
      case .lessThanOrEqual: "<="
      case .greaterThanOrEqual: ">="
      }
    return ReferenceSystem.Constraint(
      first: [index(constraint.firstItem)!, constraint.firstAttribute.rawValue],
      second: constraint.secondItem.map { [index($0)!, constraint.secondAttribute!.rawValue] },
      relation: relation,
      multiplier: constraint.multiplier, constant: constraint.constant,
      priority: Double(constraint.priority.rawValue))
  }
}

/// Lays out `root` and returns what the reference checks.
@MainActor
private func layOut(
  _ root: View, _ views: [View], order: [LayoutConstraint], label: String
) -> LayoutResult {
  LayoutDiagnostics.clearRecentIssues()
  root.layoutIfNeeded()
  var broken: Set<Int> = []
  var optionalBroken = false
  for issue in LayoutDiagnostics.recentIssues {
    guard case .unsatisfiable(let constraint, _) = issue else { continue }
    if !constraint.priority.isRequired { optionalBroken = true }
    if let index = order.firstIndex(where: { $0 === constraint }) { broken.insert(index) }
  }
  let frames = views.dropFirst().map { view in
    [view.frame.minX, view.frame.minY, view.frame.width, view.frame.height]
  }
  return LayoutResult(
    label: label, frames: frames, broken: broken.sorted(), optionalBroken: optionalBroken)
}

/// The systems of `seeds`: first layout, changes, incremental relayout and a fresh layout of
/// the changed system.
@MainActor
private func referenceSystems(_ seeds: [UInt64]) -> [ReferenceSystem] {
  let previous = LayoutDiagnostics.handler
  LayoutDiagnostics.handler = nil
  defer { LayoutDiagnostics.handler = previous }
  var systems: [ReferenceSystem] = []
  for seed in seeds {
    var system = RandomConstraintSystem(seed: seed)
    let root = [0, 0, system.rootSize.width, system.rootSize.height]
    let tree = RandomConstraintSystem.build(
      system.specs, rootSize: system.rootSize, viewCount: system.viewCount)
    let firstOrder = installed(tree.views)
    let first = layOut(tree.root, tree.views, order: firstOrder, label: "first layout")
    systems.append(
      ReferenceSystem(
        id: "\(seed)/first", root: root, views: system.viewCount,
        constraints: describe(firstOrder, tree.views), results: [first]))

    // Changes after the first layout.
    var constraints = tree.constraints
    var random = SplitMix(seed: seed ^ 0xC0FF_EE00)
    for _ in 0..<(1 + Int(random.next() % 3)) {
      guard !constraints.isEmpty else { break }
      let index = Int(random.next() % UInt64(constraints.count))
      switch random.next() % 4 {
      case 0: constraints[index].constant += Double(Int(random.next() % 81) - 40)
      case 1 where !constraints[index].priority.isRequired:
        constraints[index].priority = LayoutPriority(Float(1 + random.next() % 999))
      case 2:
        constraints[index].isActive = false
        constraints.remove(at: index)
      default:
        let added = RandomConstraintSystem.make(system.randomSpec(), tree.views)
        added.isActive = true
        constraints.append(added)
      }
    }
    let order = installed(tree.views)
    // A change can leave the system as it was (a constant moved by 0), and a clean root lays
    // out nothing: the pass is asked for, so that it reports what the reference finds.
    tree.root.setNeedsLayout()
    let incremental = layOut(tree.root, tree.views, order: order, label: "incremental relayout")
    // The same constraints, in the same order, in a new tree laid out once.
    let specs = RandomConstraintSystem.specs(of: order, views: tree.views)
    let fresh = RandomConstraintSystem.build(
      specs, rootSize: system.rootSize, viewCount: system.viewCount)
    let freshResult = layOut(
      fresh.root, fresh.views, order: installed(fresh.views), label: "fresh layout")
    systems.append(
      ReferenceSystem(
        id: "\(seed)/changed", root: root, views: system.viewCount,
        constraints: describe(order, tree.views), results: [incremental, freshResult]))
  }
  return systems
}

/// Runs the reference script on `systems` and returns its verdicts.
func runReference(_ input: Data) throws -> Data {
  let path = #filePath
  let tests = path[..<path.lastIndex(of: "/")!]
  let script = tests[..<tests.lastIndex(of: "/")!] + "/Reference/lexicographic_lp.py"
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["python3", String(script)]
  let stdin = Pipe()
  let stdout = Pipe()
  process.standardInput = stdin
  process.standardOutput = stdout
  try process.run()
  // Write on another thread: the script may fill its output pipe before reading all input.
  let writer = Thread {
    stdin.fileHandleForWriting.write(input)
    try? stdin.fileHandleForWriting.close()
  }
  writer.start()
  let output = stdout.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw ReferenceError.failed(status: process.terminationStatus)
  }
  return output
}

enum ReferenceError: Error { case failed(status: Int32) }

private func seedCount() -> UInt64 {
  if let text = ProcessInfo.processInfo.environment["SCREENKIT_REFERENCE_SEEDS"],
    let count = UInt64(text)
  {
    return count
  }
  return UInt64(RandomConstraintSystem.defaultSeeds)
}

/// Lays out the systems of `seeds` and records every disagreement with the reference.
@MainActor
private func expectAgreementWithReference(_ seeds: [UInt64]) throws {
  let systems = referenceSystems(seeds)
  let output = try runReference(try JSONEncoder().encode(systems))
  let verdicts = try JSONDecoder().decode([Verdict].self, from: output)
  #expect(verdicts.count == systems.count)
  var failed = 0
  for verdict in verdicts where !verdict.failures.isEmpty {
    failed += 1
    if failed <= 20 { Issue.record("system \(verdict.id): \(verdict.failures)") }
  }
  #expect(failed == 0, "\(failed) of \(systems.count) systems disagree with the reference")
}

@MainActor
@Test func randomSystemsAgreeWithTheLexicographicReference() throws {
  try expectAgreementWithReference(Array(0..<seedCount()))
}

/// Seeds of this family on which the solver that weighed priorities as 10^(p/100) reported
/// a conflict the reference does not find (a satisfiable required constraint broken, or an
/// optional constraint reported unsatisfiable), found by running seeds 0–34,000 of the
/// family through that solver (20 seeds, about 1 system in 1,700). The reference decides: no conflict where the required constraints hold together,
/// exactly its broken constraints otherwise.
@MainActor
@Test func seedsThatReportedFalseConflicts() throws {
  try expectAgreementWithReference(RandomConstraintSystem.falseConflictSeeds)
}

extension RandomConstraintSystem {
  static let falseConflictSeeds: [UInt64] = [
    3612, 4296, 4390, 7927, 8816, 10637, 12538, 13643, 13899, 16666, 17203, 22117, 24467,
    24952, 26771, 28224, 28732, 29224, 29819, 29889,
  ]
}
