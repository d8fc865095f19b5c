import Testing

@testable import ScreenKit

/// A constraint-based form: a vertical stack of rows in a window's safe area, each row a
/// title and a value label pinned with anchors, kept apart by an inequality. Every frame is
/// unique (no ambiguous optimum), so an incremental solve must equal a fresh one.
@MainActor
private final class Form {
  struct Row {
    let view: View
    let title: Label
    let value: Label
    let inset: LayoutConstraint
    let valueWidth: LayoutConstraint
  }

  /// A view that keeps its frame with constraint-based content: a title and a detail
  /// label, optionally a nested card; `cross` (inactive) pulls the title from outside.
  struct Card {
    let view: View
    let title: Label
    let detail: Label
    let cross: LayoutConstraint
    let inner: Label?
  }

  let window: Window
  let stack = StackView()
  var rows: [Row] = []
  var cards: [Card] = []

  init(rows count: Int, width: Double = 390, height: Double = 844) {
    window = Window(frame: Rect(x: 0, y: 0, width: width, height: height))
    window.hostSafeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    stack.axis = .vertical
    stack.spacing = 4
    stack.translatesAutoresizingMaskIntoConstraints = false
    window.addSubview(stack)
    let safe = window.safeAreaLayoutGuide
    let bottom = stack.bottomAnchor.constraint(lessThanOrEqualTo: safe.bottomAnchor)
    bottom.priority = 500
    LayoutConstraint.activate([
      stack.topAnchor.constraint(equalTo: safe.topAnchor, constant: 8),
      stack.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
      stack.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -16),
      bottom,
    ])
    for index in 0..<count {
      let row = Self.makeRow(title: "Setting \(index)", value: "Value \(index % 7)")
      stack.addArrangedSubview(row.view)
      rows.append(row)
    }
  }

  /// Adds `count` cards below the stack, every other one with a nested card.
  func addCards(_ count: Int) {
    for index in 0..<count {
      let view = View(frame: Rect(x: 16, y: 500 + Double(index) * 70, width: 300, height: 64))
      let title = Label()
      title.text = "Card \(index)"
      title.translatesAutoresizingMaskIntoConstraints = false
      let detail = Label()
      detail.text = "Detail"
      detail.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(title)
      view.addSubview(detail)
      let preferred = title.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 8)
      preferred.priority = 500
      LayoutConstraint.activate([
        title.leadingAnchor.constraint(greaterThanOrEqualTo: view.leadingAnchor, constant: 8),
        preferred,
        title.topAnchor.constraint(equalTo: view.topAnchor, constant: 8),
        title.trailingAnchor.constraint(lessThanOrEqualTo: view.trailingAnchor, constant: -8),
        detail.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
        detail.leadingAnchor.constraint(equalTo: title.leadingAnchor),
        detail.trailingAnchor.constraint(lessThanOrEqualTo: view.trailingAnchor, constant: -8),
      ])
      var inner: Label?
      if index % 2 == 1 {
        let nested = View(frame: Rect(x: 200, y: 4, width: 90, height: 40))
        let label = Label()
        label.text = "Inner"
        label.translatesAutoresizingMaskIntoConstraints = false
        nested.addSubview(label)
        view.addSubview(nested)
        LayoutConstraint.activate([
          label.trailingAnchor.constraint(equalTo: nested.trailingAnchor, constant: -4),
          label.centerYAnchor.constraint(equalTo: nested.centerYAnchor),
          label.leadingAnchor.constraint(greaterThanOrEqualTo: nested.leadingAnchor, constant: 4),
        ])
        inner = label
      }
      window.addSubview(view)
      let cross = title.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 40)
      cross.priority = 700
      cards.append(Card(view: view, title: title, detail: detail, cross: cross, inner: inner))
    }
  }

  static func makeRow(title text: String, value detail: String) -> Row {
    let view = View()
    let title = Label()
    title.text = text
    title.translatesAutoresizingMaskIntoConstraints = false
    let value = Label()
    value.text = detail
    value.translatesAutoresizingMaskIntoConstraints = false
    // The title gives way first when the row is too narrow.
    value.setContentCompressionResistancePriority(.defaultHigh + 1, for: .horizontal)
    view.addSubview(title)
    view.addSubview(value)
    let inset = title.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 12)
    let rowBottom = view.bottomAnchor.constraint(equalTo: title.bottomAnchor, constant: 6)
    rowBottom.priority = 999
    // A hidden row is as narrow as its content (the stack pins only its leading edge).
    let hug = view.widthAnchor.constraint(equalToConstant: 0)
    hug.priority = 1
    let valueWidth = value.widthAnchor.constraint(equalToConstant: 60)
    valueWidth.priority = 800
    LayoutConstraint.activate([
      inset,
      title.topAnchor.constraint(equalTo: view.topAnchor, constant: 6),
      rowBottom,
      hug,
      value.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -12),
      value.centerYAnchor.constraint(equalTo: title.centerYAnchor),
      value.leadingAnchor.constraint(greaterThanOrEqualTo: title.trailingAnchor, constant: 8),
    ])
    return Row(view: view, title: title, value: value, inset: inset, valueWidth: valueWidth)
  }
}

@MainActor
private func frames(_ view: View) -> [Rect] {
  [view.frame] + view.subviews.flatMap(frames)
}

/// Lays out `root` again from scratch (a new solver) and returns the frames the incremental
/// solve had next to the fresh ones.
@MainActor
private func incrementalAndFresh(_ root: View) -> (incremental: [Rect], fresh: [Rect]) {
  let incremental = frames(root)
  root.layoutOptions.reusesSimplexTableaus = false
  defer { root.layoutOptions.reusesSimplexTableaus = true }
  root.setNeedsLayout()
  root.layoutIfNeeded()
  return (incremental, frames(root))
}

private func close(_ a: Rect, _ b: Rect) -> Bool {
  abs(a.minX - b.minX) <= 1e-6 && abs(a.minY - b.minY) <= 1e-6
    && abs(a.width - b.width) <= 1e-6 && abs(a.height - b.height) <= 1e-6
}

@MainActor
private struct SolverWork {
  var added = 0
  var removed = 0
  var rebuilds = 0
  var solves = 0

  /// The work of the passes of `root`'s hierarchy while `body` runs.
  static func measure(_ root: View, _ body: () -> Void) -> SolverWork {
    let statistics = root.countingLayoutWork()
    let before = statistics.counts
    body()
    let after = statistics.counts
    return SolverWork(
      added: after.solverRowsAdded - before.solverRowsAdded,
      removed: after.solverRowsRemoved - before.solverRowsRemoved,
      rebuilds: after.sessionRebuilds - before.sessionRebuilds,
      solves: after.solves - before.solves)
  }
}

@MainActor
@Test func aNothingChangedSimplexRelayoutAddsAndRemovesNothing() {
  let form = Form(rows: 30)
  form.window.layoutIfNeeded()
  #expect(form.rows[29].view.frame.minY > 0)
  let work = SolverWork.measure(form.window) {
    form.window.setNeedsLayout()
    form.window.layoutIfNeeded()
  }
  #expect(work.solves == 1)
  #expect(work.added == 0)
  #expect(work.removed == 0)
  #expect(work.rebuilds == 0)
}

@MainActor
@Test func aLabelChangeReaddsOnlyItsIntrinsicRows() {
  var counts: [SolverWork] = []
  for size in [20, 80] {
    let form = Form(rows: size)
    form.window.layoutIfNeeded()
    let label = form.rows[size / 2].title
    let work = SolverWork.measure(form.window) {
      label.text = "A much longer setting title"
      form.window.layoutIfNeeded()
    }
    // The label's width rows (hugging and compression resistance) change; its height does not.
    #expect(work.added == 2, "\(size) rows")
    #expect(work.removed == 2, "\(size) rows")
    #expect(work.rebuilds == 0, "\(size) rows")
    let (incremental, fresh) = incrementalAndFresh(form.window)
    #expect(incremental.count == fresh.count)
    for (a, b) in zip(incremental, fresh) { #expect(close(a, b), "\(a) vs \(b)") }
    counts.append(work)
  }
  #expect(counts[0].added == counts[1].added)
}

@MainActor
@Test func aConstantChangeSwapsOneRow() {
  let form = Form(rows: 40)
  form.window.layoutIfNeeded()
  let work = SolverWork.measure(form.window) {
    form.rows[7].inset.constant = 20
    form.window.layoutIfNeeded()
  }
  #expect(work.added == 1)
  #expect(work.removed == 1)
  #expect(form.rows[7].title.frame.minX == 20)
}

/// The layout issues `body` reports, the diagnostics handler silenced; `body` lays out with
/// the options it is given: sessions on or off (`incremental`).
@MainActor
private func issuesReported(incremental: Bool, _ body: (LayoutOptions) -> Void) -> [String] {
  var options = LayoutOptions()
  options.reusesSimplexTableaus = incremental
  LayoutDiagnostics.clearRecentIssues()
  let handler = LayoutDiagnostics.handler
  LayoutDiagnostics.handler = nil
  defer { LayoutDiagnostics.handler = handler }
  body(options)
  return LayoutDiagnostics.recentIssues.map(\.description)
}

@MainActor
@Test func conflictsAreReportedAsByAFreshSolve() {
  func run(incremental: Bool) -> [String] {
    issuesReported(incremental: incremental) { options in
      let form = Form(rows: 10)
      form.window.layoutOptions = options
      form.window.layoutIfNeeded()
      let title = form.rows[3].title
      let wide = title.widthAnchor.constraint(equalToConstant: 50)
      wide.identifier = "wide"
      let narrow = title.widthAnchor.constraint(equalToConstant: 70)
      narrow.identifier = "narrow"
      wide.isActive = true
      narrow.isActive = true
      form.window.layoutIfNeeded()
      form.rows[5].title.text = "Changed"
      form.window.layoutIfNeeded()
      narrow.isActive = false
      form.window.layoutIfNeeded()
      #expect(title.frame.width == 50)
    }
  }
  let fresh = run(incremental: false)
  let incremental = run(incremental: true)
  #expect(!fresh.isEmpty)
  #expect(fresh.allSatisfy { $0.contains("Recovered by breaking") && $0.contains("narrow") })
  #expect(incremental == fresh)
}

/// Random forms and random edits: after each edit the incremental solve equals a fresh one.
@MainActor
@Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
func incrementalSimplexMatchesAFreshSolve(seed: UInt64) {
  var random = SplitMix(seed: seed)
  func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
  let words = ["On", "Wi-Fi", "Bluetooth", "Notifications", "A rather long title here", ""]
  func text() -> String {
    (0..<(1 + below(3))).map { _ in words[below(words.count)] }.joined(separator: " ")
  }
  let form = Form(rows: 3 + below(12), width: Double(280 + below(400)))
  form.addCards(below(4))
  form.window.layoutIfNeeded()
  var rebuilds = 0
  for step in 0..<40 {
    let rows = form.rows
    let row = rows.isEmpty ? nil : rows[below(rows.count)]
    let edit = below(9)
    switch edit {
    case 0: row?.title.text = text()
    case 1: row?.value.text = text()
    case 2: row?.inset.constant = Double(below(25))
    case 3:
      if let row {
        row.valueWidth.constant = Double(20 + below(100))
        row.valueWidth.isActive.toggle()
      }
    case 4:
      let new = Form.makeRow(title: text(), value: text())
      let index = below(rows.count + 1)
      form.stack.insertArrangedSubview(new.view, at: index)
      form.rows.insert(new, at: index)
    case 5:
      if let row, rows.count > 1 {
        row.view.removeFromSuperview()
        form.rows.removeAll { $0.view === row.view }
      }
    case 6: row?.view.isHidden.toggle()
    case 7 where !form.cards.isEmpty && below(2) == 0:
      let card = form.cards[below(form.cards.count)]
      switch below(4) {
      case 0: card.title.text = text()
      case 1: card.inner?.text = text()
      case 2:
        card.cross.constant = Double(below(80))
        card.cross.isActive.toggle()
      default:
        card.view.frame = Rect(
          x: Double(below(40)), y: card.view.frame.minY, width: Double(120 + below(300)),
          height: 64)
      }
    case 7:
      form.window.frame = Rect(
        x: 0, y: 0, width: Double(240 + below(500)), height: Double(400 + below(500)))
    default:
      if below(2) == 0 {
        form.stack.spacing = Double(below(12))
      } else {
        form.window.hostSafeAreaInsets = EdgeInsets(
          top: Double(below(60)), left: Double(below(20)), bottom: Double(below(40)), right: 0)
      }
    }
    let work = SolverWork.measure(form.window) { form.window.layoutIfNeeded() }
    rebuilds += work.rebuilds
    let (incremental, fresh) = incrementalAndFresh(form.window)
    #expect(incremental.count == fresh.count)
    for (index, (a, b)) in zip(incremental, fresh).enumerated() {
      #expect(close(a, b), "seed \(seed) step \(step) edit \(edit) view \(index): \(a) vs \(b)")
    }
  }
  // Edits change a few rows each: the session is seldom rebuilt.
  #expect(rebuilds < 10, "seed \(seed): \(rebuilds) rebuilds")
}

@Test func removingAPreferenceLetsTheNextOneWin() throws {
  let solver = Solver()
  let x = solver.makeVariable()
  let strong = try solver.add(
    terms: [(x, 1)], constant: -10, relation: .equal, required: false, level: 1000)
  try solver.add(terms: [(x, 1)], constant: -20, relation: .equal, required: false, level: 10)
  let floor = try solver.add(
    terms: [(x, 1)], constant: -5, relation: .greaterThanOrEqual, required: false, level: 1)
  #expect(solver.value(of: x) == 10)
  try solver.remove(strong)
  #expect(solver.value(of: x) == 20)
  try solver.remove(floor)
  #expect(solver.value(of: x) == 20)
  let ceiling = try solver.add(
    terms: [(x, 1)], constant: -15, relation: .lessThanOrEqual, required: true, level: 0)
  #expect(solver.value(of: x) == 15)
  try solver.remove(ceiling)
  #expect(solver.value(of: x) == 20)
}

@MainActor
@Test func aSessionSurvivesEditsAndStartsOverWhenMostRowsChange() {
  let form = Form(rows: 12)
  form.window.layoutIfNeeded()
  let session = form.window.layoutState.simplexSession
  #expect(session != nil)
  var work = SolverWork.measure(form.window) {
    form.rows[2].view.isHidden = true
    form.window.layoutIfNeeded()
  }
  #expect(work.rebuilds == 0)
  #expect(work.added > 0 && work.added < 12)
  // Swapping the whole content is cheaper as a new tableau.
  work = SolverWork.measure(form.window) {
    for row in form.rows { row.view.removeFromSuperview() }
    form.rows = (0..<12).map { Form.makeRow(title: "New \($0)", value: "\($0)") }
    for row in form.rows { form.stack.addArrangedSubview(row.view) }
    form.window.layoutIfNeeded()
  }
  #expect(work.rebuilds >= 1)
  #expect(form.window.layoutState.simplexSession === session)
  let (incremental, fresh) = incrementalAndFresh(form.window)
  for (a, b) in zip(incremental, fresh) { #expect(close(a, b), "\(a) vs \(b)") }
  // A former root placed inside another one gives up its tableau.
  let inner = Form(rows: 2)
  inner.window.layoutIfNeeded()
  #expect(inner.window.layoutState.simplexSession != nil)
  let holder = inner.window
  holder.frame = Rect(x: 0, y: 0, width: 100, height: 100)
  form.window.addSubview(holder)
  form.window.layoutIfNeeded()
  #expect(holder.layoutState.simplexSession == nil)
}

@MainActor
@Test func aChangeInsideAFramedScopeSolvesOnlyThatScope() {
  let form = Form(rows: 10)
  form.addCards(6)
  form.window.layoutIfNeeded()
  let card = form.cards[2]
  let work = SolverWork.measure(form.window) {
    card.title.text = "A longer card title"
    form.window.layoutIfNeeded()
  }
  // Card 2's pass alone: a framed scope is a relayout boundary (its frame is its own),
  // so neither the window's pass (where cards are leaves) nor the other cards are solved.
  #expect(work.solves == 1)
  #expect(work.added == 2)
  #expect(work.removed == 2)
  #expect(work.rebuilds == 0)
  var (incremental, fresh) = incrementalAndFresh(form.window)
  for (a, b) in zip(incremental, fresh) { #expect(close(a, b), "\(a) vs \(b)") }
  // A nested card inside card 3: the fresh solve just above (no sessions, so no framed
  // scopes) left no relayout boundaries, so the window's pass, card 3's and the nested
  // card's solve; once more, the nested card's alone.
  let nested = SolverWork.measure(form.window) {
    form.cards[3].inner!.text = "Nested change"
    form.window.layoutIfNeeded()
  }
  #expect(nested.solves == 3)
  #expect(nested.added == 2)
  let again = SolverWork.measure(form.window) {
    form.cards[3].inner!.text = "Nested change again"
    form.window.layoutIfNeeded()
  }
  #expect(again.solves == 1)
  // A constraint from outside into a card makes it part of the window's pass again.
  card.cross.isActive = true
  form.window.layoutIfNeeded()
  #expect(card.title.frame.minX == 40 - 16)
  (incremental, fresh) = incrementalAndFresh(form.window)
  for (a, b) in zip(incremental, fresh) { #expect(close(a, b), "\(a) vs \(b)") }
  card.cross.isActive = false
  form.window.layoutIfNeeded()
  #expect(card.title.frame.minX == 8)
  // Moving a card re-solves it (its origin changed) but nothing inside is re-added.
  let moved = SolverWork.measure(form.window) {
    form.cards[4].view.frame.origin.x += 10
    form.window.layoutIfNeeded()
  }
  #expect(moved.solves == 2)
  (incremental, fresh) = incrementalAndFresh(form.window)
  for (a, b) in zip(incremental, fresh) { #expect(close(a, b), "\(a) vs \(b)") }
}

@MainActor
@Test func anotherTreeLaidOutDirectlyLeavesTheFramedScopesAlone() {
  // Direct evaluation of an unrelated tree between two passes sets no frame inside this
  // window's framed scopes: a change in one card still solves the window's pass and that card.
  let form = Form(rows: 10)
  form.addCards(6)
  form.window.layoutIfNeeded()
  let other = StackView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
  let label = Label()
  label.text = "Elsewhere"
  other.addArrangedSubview(label)
  let statistics = other.countingLayoutWork()
  other.layoutIfNeeded()
  #expect(statistics.counts.directPasses == 1)
  let work = SolverWork.measure(form.window) {
    form.cards[2].title.text = "A longer card title"
    form.window.layoutIfNeeded()
  }
  #expect(work.solves == 1)
  let (incremental, fresh) = incrementalAndFresh(form.window)
  for (a, b) in zip(incremental, fresh) { #expect(close(a, b), "\(a) vs \(b)") }
}

@MainActor
@Test func aConflictInsideAFramedScopeBreaksTheSameConstraint() {
  func run(incremental: Bool) -> [String] {
    issuesReported(incremental: incremental) { options in
      let form = Form(rows: 4)
      form.window.layoutOptions = options
      form.addCards(3)
      form.window.layoutIfNeeded()
      let title = form.cards[1].title
      let first = title.widthAnchor.constraint(equalToConstant: 50)
      first.identifier = "first"
      let second = title.widthAnchor.constraint(equalToConstant: 70)
      second.identifier = "second"
      LayoutConstraint.activate([first, second])
      form.window.layoutIfNeeded()
      #expect(title.frame.width == 50)
      form.cards[1].detail.text = "Changed"
      form.window.layoutIfNeeded()
      second.isActive = false
      first.constant = 60
      form.window.layoutIfNeeded()
      #expect(title.frame.width == 60)
    }
  }
  let fresh = run(incremental: false)
  let scoped = run(incremental: true)
  #expect(!scoped.isEmpty)
  #expect(Set(scoped) == Set(fresh))
  #expect(scoped.allSatisfy { $0.contains("Recovered by breaking") && $0.contains("second") })
}

/// The tableau's column sets agree with `Set<Int>` through random inserts and removals,
/// growth and the backward shifts that deletions make in clustered runs of slots.
@Test(arguments: [1, 2, 3] as [UInt64])
func symbolSetsAgreeWithSets(seed: UInt64) {
  var random = SplitMix(seed: seed)
  var symbols = SymbolSet()
  var reference = Set<Int>()
  // A small range of symbols makes collisions, re-inserts and removals of absent ones common.
  let range = UInt64(seed == 1 ? 40 : 2_000)
  for step in 0..<20_000 {
    let symbol = Int(random.next() % range)
    if random.next() % 3 == 0 {
      symbols.remove(symbol)
      reference.remove(symbol)
    } else {
      symbols.insert(symbol)
      reference.insert(symbol)
    }
    if step % 97 == 0 {
      #expect(symbols.count == reference.count)
      #expect(Set(symbols) == reference, "seed \(seed) step \(step)")
    }
  }
  #expect(Set(symbols) == reference)
  #expect(Array(symbols).count == reference.count, "no symbol twice")
}
