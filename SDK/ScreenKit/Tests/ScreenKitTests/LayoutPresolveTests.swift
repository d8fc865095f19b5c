import Testing

@testable import ScreenKit

/// The presolve of a simplex session (`SimplexPresolve`) against the same hierarchies laid
/// out by the simplex alone (`LayoutOptions.simplexOnly`, which adds every record to the
/// tableau): frames, the constraints broken and the conflicting lists reported must be the
/// same, on a first layout and on relayouts after changes (compared with a fresh solve of the
/// changed hierarchy, `reusesSimplexTableaus = false`).

/// What a layout of `views` left: every frame, and each issue reported as the indexes of its
/// constraints in `order`.
@MainActor
private struct Outcome: Equatable {
  var frames: [Rect]
  var issues: [[Int]]

  init(_ views: [View], order: [LayoutConstraint], issues reported: [LayoutIssue]) {
    func frames(_ view: View) -> [Rect] { [view.frame] + view.subviews.flatMap(frames) }
    self.frames = views.flatMap(frames)
    // Each distinct issue once: a fresh solve reports a conflict in every iteration of its
    // pass, a session in the iterations that start over.
    issues = []
    for issue in reported {
      guard case .unsatisfiable(let broken, let conflicting) = issue else { continue }
      let indexes = ([broken] + conflicting).map { constraint in
        order.firstIndex { $0 === constraint } ?? -1
      }
      if !issues.contains(indexes) { issues.append(indexes) }
    }
  }

  func matches(_ other: Outcome) -> Bool {
    issues == other.issues && frames.count == other.frames.count
      && zip(frames, other.frames).allSatisfy { a, b in
        abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6
          && abs(a.width - b.width) < 1e-6 && abs(a.height - b.height) < 1e-6
      }
  }
}

/// Lays out `root` and returns its outcome, issues collected without printing them.
@MainActor
private func layOut(_ root: View, order: () -> [LayoutConstraint]) -> Outcome {
  let previous = LayoutDiagnostics.handler
  LayoutDiagnostics.handler = nil
  defer { LayoutDiagnostics.handler = previous }
  LayoutDiagnostics.clearRecentIssues()
  root.layoutIfNeeded()
  return Outcome([root], order: order(), issues: LayoutDiagnostics.recentIssues)
}

/// The active constraints of `views` in the order a pass adds them.
@MainActor
private func installed(_ views: [View]) -> [LayoutConstraint] {
  views.flatMap { $0.layoutState.constraints }
}

/// `RandomConstraintSystem`'s seeded systems (required and optional equalities and
/// inequalities between positions and sizes, with multipliers) with every frame value
/// pinned at a priority of its own below all of theirs, so that the optimum is unique and a
/// solve with the presolve must give the very frames of one without it.
@MainActor
private func pinnedSpecs(_ system: RandomConstraintSystem) -> [RandomConstraintSystem.Spec] {
  var specs = system.specs
  var random = SplitMix(seed: system.seed ^ 0x5EED_0F_F1C5)
  var level = 0
  for view in 1...system.viewCount {
    for attribute in [LayoutAttribute.left, .top, .width, .height] {
      level += 1
      specs.append(
        RandomConstraintSystem.Spec(
          first: (view, attribute), second: nil, relation: .equal, multiplier: 1,
          constant: Double(random.next() % 200), priority: LayoutPriority(1 + Float(level) / 32)))
    }
  }
  return specs
}

/// A tree of `specs` laid out with the presolve (the default options) or without it.
@MainActor
private func build(
  _ specs: [RandomConstraintSystem.Spec], _ system: RandomConstraintSystem, presolves: Bool
) -> (root: View, views: [View], statistics: LayoutStatistics) {
  let tree = RandomConstraintSystem.build(
    specs, rootSize: system.rootSize, viewCount: system.viewCount)
  if !presolves {
    tree.root.layoutOptions.simplexOnly = true
    tree.root.layoutOptions.reusesSimplexTableaus = false
  }
  return (tree.root, tree.views, tree.root.countingLayoutWork())
}

/// A change to a random system, one of `RandomConstraintSystem`'s own but for the pins.
private enum Change {
  case constant(index: Int, by: Double)
  case deactivate(index: Int)
  case add(RandomConstraintSystem.Spec)

  @MainActor
  func apply(to views: [View]) {
    let constraints = installed(views)
    switch self {
    case .constant(let index, let amount): constraints[index].constant += amount
    case .deactivate(let index):
      // A pin stays (its variable would be free, its optimum no longer unique): it moves.
      if constraints[index].priority.rawValue.rounded() != constraints[index].priority.rawValue {
        constraints[index].constant += 7
      } else {
        constraints[index].isActive = false
      }
    case .add(let spec): RandomConstraintSystem.make(spec, views).isActive = true
    }
  }
}

/// `RandomConstraintSystem`'s seeded systems: a session with the presolve against the
/// simplex alone on the first layout, and on a relayout after random changes (constants,
/// constraints deactivated and added) against a fresh solve of the changed system.
@MainActor
@Test func presolvedSessionsAgreeWithTheFullSolveOnRandomSystems() {
  var presolvedRows = 0
  var conflictingSeeds = 0
  for seed in UInt64(0)..<400 {
    var system = RandomConstraintSystem(seed: seed)
    let specs = pinnedSpecs(system)
    let presolved = build(specs, system, presolves: true)
    let full = build(specs, system, presolves: false)
    let first = layOut(presolved.root) { installed(presolved.views) }
    let expected = layOut(full.root) { installed(full.views) }
    #expect(first.matches(expected), "seed \(seed): \(first) against \(expected)")
    if !expected.issues.isEmpty { conflictingSeeds += 1 }

    var random = SplitMix(seed: seed ^ 0xC0FF_EE00)
    for _ in 0..<(1 + Int(random.next() % 3)) {
      let index = Int(random.next() % UInt64(installed(presolved.views).count))
      let change: Change
      switch random.next() % 3 {
      case 0: change = .constant(index: index, by: Double(Int(random.next() % 81) - 40))
      case 1: change = .deactivate(index: index)
      default: change = .add(system.randomSpec())
      }
      change.apply(to: presolved.views)
    }
    let order = installed(presolved.views)
    let relaid = layOut(presolved.root) { order }
    let changedSpecs = RandomConstraintSystem.specs(of: order, views: presolved.views)
    let fresh = build(changedSpecs, system, presolves: false)
    let freshOutcome = layOut(fresh.root) { installed(fresh.views) }
    #expect(relaid.matches(freshOutcome), "seed \(seed): \(relaid) against \(freshOutcome)")
    presolvedRows += presolved.statistics.counts.solverRowsPresolved
    #expect(full.statistics.counts.solverRowsPresolved == 0)
  }
  // The seeds exercise both: anchor chains taken off the tableau, and conflicts.
  #expect(presolvedRows > 1000)
  #expect(conflictingSeeds > 20)
}

/// A view chained to the root by required equalities, with a contradiction among them or
/// against a required inequality gathered before them: the broken constraint and the
/// conflicting list are those of a solve without the presolve, pass after pass.
@MainActor
@Test func contradictionsAmongPresolvedEqualitiesAreReportedAsWithoutThePresolve() {
  typealias Spec = RandomConstraintSystem.Spec
  let cases: [[Spec]] = [
    // left, width and right all fixed: the third one breaks.
    [
      Spec(
        first: (1, .left), second: (0, .left), relation: .equal, multiplier: 1, constant: 10,
        priority: .required),
      Spec(
        first: (1, .width), second: nil, relation: .equal, multiplier: 1, constant: 50,
        priority: .required),
      Spec(
        first: (1, .right), second: (0, .left), relation: .equal, multiplier: 1, constant: 100,
        priority: .required),
      Spec(
        first: (1, .top), second: (0, .top), relation: .equal, multiplier: 1, constant: 0,
        priority: .required),
      Spec(
        first: (1, .height), second: nil, relation: .equal, multiplier: 1, constant: 20,
        priority: .required),
    ],
    // A required inequality first, then the equality that contradicts it: the equality
    // breaks, as it does when both go to the tableau in order.
    [
      Spec(
        first: (1, .left), second: (0, .left), relation: .lessThanOrEqual, multiplier: 1,
        constant: 5, priority: .required),
      Spec(
        first: (2, .left), second: (0, .left), relation: .equal, multiplier: 1, constant: 10,
        priority: .required),
      Spec(
        first: (1, .left), second: (2, .left), relation: .equal, multiplier: 1, constant: 0,
        priority: .required),
      Spec(
        first: (1, .width), second: (2, .width), relation: .equal, multiplier: 2,
        constant: 0, priority: 300),
    ],
    // Two views each fixed through the other's chain, over-determined by a centre.
    [
      Spec(
        first: (1, .centerX), second: (0, .centerX), relation: .equal, multiplier: 1,
        constant: 0, priority: .required),
      Spec(
        first: (1, .width), second: (0, .width), relation: .equal, multiplier: 0.5,
        constant: 0, priority: .required),
      Spec(
        first: (2, .left), second: (1, .right), relation: .equal, multiplier: 1, constant: 8,
        priority: .required),
      Spec(
        first: (2, .right), second: (0, .right), relation: .equal, multiplier: 1,
        constant: -8, priority: .required),
      Spec(
        first: (2, .centerX), second: (1, .centerX), relation: .equal, multiplier: 1,
        constant: 40, priority: .required),
      Spec(
        first: (2, .top), second: (1, .bottom), relation: .greaterThanOrEqual,
        multiplier: 1, constant: 4, priority: .required),
    ],
  ]
  for (index, specs) in cases.enumerated() {
    let system = RandomConstraintSystem(seed: 0)
    var shaped = system
    shaped.specs = specs
    let presolved = build(specs, shaped, presolves: true)
    let full = build(specs, shaped, presolves: false)
    for pass in 0..<2 {
      let outcome = layOut(presolved.root) { installed(presolved.views) }
      let expected = layOut(full.root) { installed(full.views) }
      #expect(!expected.issues.isEmpty, "case \(index) reports a conflict")
      #expect(outcome.matches(expected), "case \(index), pass \(pass): \(outcome) \(expected)")
      presolved.root.setNeedsLayout()
      full.root.setNeedsLayout()
    }
  }
}

/// Cards that keep their frames (framed scopes, each solved by its own session) holding
/// a stack of labels (an island) and a label placed with an inequality, chained to the card
/// by equalities: the presolve takes the chains off each card's tableau, and the frames equal
/// one solve without it, first and after changing texts and a constant.
@MainActor
@Test func framedScopesWithIslandsAgreeWithTheFullSolve() {
  @MainActor final class Screen {
    let root = View(frame: Rect(x: 0, y: 0, width: 390, height: 900))
    var labels: [Label] = []
    var insets: [LayoutConstraint] = []

    init(cards: Int) {
      for index in 0..<cards {
        let card = View(frame: Rect(x: 16, y: Double(index) * 90, width: 358, height: 84))
        let stack = StackView()
        stack.axis = .vertical
        stack.spacing = 2
        stack.translatesAutoresizingMaskIntoConstraints = false
        for line in 0..<2 {
          let label = Label()
          label.text = "Card \(index) line \(line)"
          stack.addArrangedSubview(label)
          labels.append(label)
        }
        let badge = Label()
        badge.text = "\(index)"
        badge.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(stack)
        card.addSubview(badge)
        let inset = stack.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8)
        insets.append(inset)
        LayoutConstraint.activate([
          inset,
          stack.topAnchor.constraint(equalTo: card.topAnchor, constant: 6),
          stack.widthAnchor.constraint(equalToConstant: 200),
          stack.heightAnchor.constraint(equalToConstant: 44),
          badge.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -8),
          badge.centerYAnchor.constraint(equalTo: stack.centerYAnchor),
          badge.leadingAnchor.constraint(greaterThanOrEqualTo: stack.trailingAnchor, constant: 8),
        ])
        labels.append(badge)
        root.addSubview(card)
      }
    }

    func frames() -> [Rect] {
      func frames(_ view: View) -> [Rect] { [view.frame] + view.subviews.flatMap(frames) }
      return frames(root)
    }
  }
  let presolved = Screen(cards: 6)
  let statistics = presolved.root.countingLayoutWork()
  let full = Screen(cards: 6)
  full.root.layoutOptions.simplexOnly = true
  let counted = full.root.countingLayoutWork()
  presolved.root.layoutIfNeeded()
  full.root.layoutIfNeeded()
  // (The stacks are arranged directly inside their frames, which the simplex rounds to 1e-6.)
  #expect(
    zip(presolved.frames(), full.frames()).allSatisfy { a, b in
      abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6
        && abs(a.width - b.width) < 1e-6 && abs(a.height - b.height) < 1e-6
    })
  #expect(statistics.counts.solverRowsPresolved > 0)
  #expect(statistics.counts.solverRowsAdded < counted.counts.solverRowsAdded)

  let changes: [@MainActor (Screen) -> Void] = [
    { $0.labels[1].text = "A much longer second line" },
    { $0.labels[2].text = "Badge 12345" },
    { $0.insets[3].constant = 20 },
    { $0.labels[7].text = "" },
  ]
  for (step, change) in changes.enumerated() {
    change(presolved)
    presolved.root.layoutIfNeeded()
    let fresh = Screen(cards: 6)
    for done in changes[...step] { done(fresh) }
    fresh.root.layoutOptions.simplexOnly = true
    fresh.root.layoutOptions.reusesSimplexTableaus = false
    fresh.root.layoutIfNeeded()
    let got = presolved.frames()
    let want = fresh.frames()
    #expect(
      zip(got, want).allSatisfy { a, b in
        abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6
          && abs(a.width - b.width) < 1e-6 && abs(a.height - b.height) < 1e-6
      }, "change \(step)")
  }
}
