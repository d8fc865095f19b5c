import Testing

@testable import ScreenKit

/// A form row: a plain view with a title and a value label placed by anchors and kept apart
/// by an inequality; every fourth title from the second on is longer.
@MainActor
private func makeFormRow(_ index: Int, wrapping: Bool) -> (row: View, title: Label, value: Label) {
  let row = View()
  let title = Label()
  title.text = "Setting \(index) " + String(repeating: "long ", count: index % 4 * 6)
  title.numberOfLines = wrapping ? 0 : 1
  title.translatesAutoresizingMaskIntoConstraints = false
  let value = Label()
  value.text = "Value \(index % 7)"
  value.translatesAutoresizingMaskIntoConstraints = false
  value.setContentCompressionResistancePriority(.defaultHigh + 1, for: .horizontal)
  value.setContentHuggingPriority(.defaultHigh, for: .horizontal)
  row.addSubview(title)
  row.addSubview(value)
  LayoutConstraint.activate([
    title.leadingAnchor.constraint(equalTo: row.leadingAnchor, constant: 12),
    title.topAnchor.constraint(equalTo: row.topAnchor, constant: 6),
    row.bottomAnchor.constraint(equalTo: title.bottomAnchor, constant: 6),
    value.trailingAnchor.constraint(equalTo: row.trailingAnchor, constant: -12),
    value.centerYAnchor.constraint(equalTo: title.centerYAnchor),
    value.leadingAnchor.constraint(greaterThanOrEqualTo: title.trailingAnchor, constant: 8),
  ])
  return (row, title, value)
}

/// Expects the frames a pass left to be those one solve leaves, in the same order, to the
/// 1e-6 both round to.
@MainActor
private func expectSameFrames(
  _ direct: [Rect], _ solved: [Rect], _ label: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(direct.count == solved.count, "\(label)", sourceLocation: sourceLocation)
  for (a, b) in zip(direct, solved) {
    let close = [a.minX - b.minX, a.minY - b.minY, a.width - b.width, a.height - b.height]
      .allSatisfy { abs($0) < 2e-6 }
    #expect(close, "\(label): \(a), solver \(b)", sourceLocation: sourceLocation)
  }
}

/// A form in the shape of LayoutBench's `constraints`: a stack pinned to the top and sides
/// of a window's root view (its height free), holding rows that are plain views with a title
/// and a value label placed by anchors and kept apart by an inequality. Each row is a
/// fitted scope: measured and solved on its own.
@MainActor
private final class Form {
  let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 2_000))
  let stack = StackView()
  var titles: [Label] = []
  var values: [Label] = []

  init(rows: Int, wrapping: Bool = false) {
    let root = View(frame: window.bounds)
    stack.axis = .vertical
    stack.spacing = 4
    stack.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(stack)
    LayoutConstraint.activate([
      stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 8),
      stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
      stack.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
    ])
    for index in 0..<rows {
      let (row, title, value) = makeFormRow(index, wrapping: wrapping)
      stack.addArrangedSubview(row)
      titles.append(title)
      values.append(value)
    }
    window.addSubview(root)
  }
}

/// A stacked form: rows like `Form`'s in a `StackViewController` (a stack
/// pinned to a scroll view's content guide, as wide as its frame guide) in a window with the
/// host's safe-area insets.
@MainActor
private final class ScrollForm {
  let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
  let controller = StackViewController()
  var titles: [Label] = []

  init(rows: Int) {
    window.hostSafeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    for index in 0..<rows {
      let (row, title, _) = makeFormRow(index, wrapping: false)
      controller.addStackedView(row)
      titles.append(title)
    }
    window.rootViewController = controller
  }
}

/// A stack that lays out another hierarchy from its `layoutSubviews()`, as a view that
/// measures a detached tree might.
@MainActor
private final class StackLayingOutAnother: StackView {
  var other: View?
  override func layoutSubviews() { other?.layoutIfNeeded() }
}

@MainActor
@Suite struct LayoutFittedScopeTests {
  @Test func aFormInAScrollViewIsChainedAndSolvedRowByRow() {
    let delta = expectAgreesWithSolver("scroll form") {
      let form = ScrollForm(rows: 40)
      return (form.window, { form.titles[3].text = "Changed" })
    }
    #expect(delta.leafIslands >= 1)
    let form = ScrollForm(rows: 40)
    let statistics = form.window.countingLayoutWork()
    form.window.makeKeyAndVisible()
    let before = statistics.counts
    statistics.counts.largestSolve = 0
    form.window.setNeedsLayout()
    form.controller.stackView.setNeedsLayout()
    form.window.layoutIfNeeded()
    // The window's pass holds the window, the controller's view, the scroll view and the
    // stack (an island); each row's holds the row and its two labels.
    #expect(statistics.counts.largestSolve <= 4)
    #expect(statistics.counts.leafIslands > before.leafIslands)
    let stack = form.controller.stackView
    let scroll = form.controller.scrollView
    #expect(stack.frame.origin == .zero && stack.frame.width == 390)
    #expect(scroll.contentSize == stack.frame.size)
    #expect(scroll.contentSize.height > 844)
    #expect(scroll.contentLayoutGuide.layoutFrame == Rect(origin: .zero, size: stack.frame.size))
    #expect(scroll.frameLayoutGuide.layoutFrame == Rect(x: 0, y: 0, width: 390, height: 844))
  }

  @Test func aScrollFormAgreesWithOneSolveThroughChanges() {
    let changes: [(String, (ScrollForm) -> Void)] = [
      ("resize", { try? $0.window.resize(to: Size(width: 320, height: 600)) }),
      ("remove", { $0.controller.stackView.arrangedSubviews[0].removeFromSuperview() }),
      ("scroll", { $0.controller.scrollView.contentOffset = Point(x: 0, y: 300) }),
      (
        "set content size", { $0.controller.scrollView.contentSize = Size(width: 390, height: 500) }
      ),
      (
        "inset",
        {
          $0.controller.scrollView.contentInset = EdgeInsets(top: 0, left: 0, bottom: 200, right: 0)
        }
      ),
      (
        "empty",
        { form in
          for row in form.controller.stackView.arrangedSubviews { row.removeFromSuperview() }
        }
      ),
    ]
    for (name, change) in changes {
      let delta = expectAgreesWithSolver("scroll form, \(name)") {
        let form = ScrollForm(rows: 30)
        return (form.window, { change(form) })
      }
      #expect(delta.leafIslands >= 1, "\(name)")
    }
  }

  @Test func hidingARowInAScrollFormShrinksTheContentAsOneSolve() {
    // Where a hidden row sits and how wide it is are not specified: compare the others.
    func layOut(solver: Bool) -> [Rect] {
      let form = ScrollForm(rows: 30)
      form.window.layoutOptions.simplexOnly = solver
      form.window.makeKeyAndVisible()
      form.window.layoutIfNeeded()
      form.controller.stackView.arrangedSubviews[2].isHidden = true
      form.window.layoutIfNeeded()
      let scroll = form.controller.scrollView
      return [
        form.controller.stackView.frame,
        Rect(origin: scroll.contentOffset, size: scroll.contentSize),
      ]
        + form.controller.stackView.arrangedSubviews.filter { !$0.isHidden }.flatMap {
          [$0.frame] + $0.subviews.map(\.frame)
        }
    }
    let direct = layOut(solver: false)
    let solved = layOut(solver: true)
    expectSameFrames(direct, solved, "scroll form")
  }

  @Test func contentPinnedOtherwiseAgreesWithOneSolve() {
    // A fixed-size view pinned to the content's top and leading only (the content guide is
    // empty); a view that keeps its frame (so does the content guide); a tall stack pinned
    // to the content's edges and as wide as the frame guide less its margins; a stack pinned
    // to the content, whose width is the frame guide's; a label under a wide one, centred on
    // the scroll view's centre.
    func window(_ configure: (View, ScrollView) -> Void) -> Window {
      let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
      let root = View(frame: window.bounds)
      let scroll = ScrollView()
      scroll.translatesAutoresizingMaskIntoConstraints = false
      root.addSubview(scroll)
      LayoutConstraint.activate([
        scroll.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
        scroll.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        scroll.widthAnchor.constraint(equalToConstant: 300),
        scroll.heightAnchor.constraint(equalToConstant: 400),
      ])
      configure(root, scroll)
      window.addSubview(root)
      return window
    }
    /// With `presolved`, the presolve takes every record; without, rows are left to the
    /// tableau (a view pinned outside a stack leaves its intrinsic-size rows, and the content
    /// guide's size that nothing but its pull towards zero places, its own).
    func expectChained(
      _ label: String, presolved: Bool = true, _ configure: (View, ScrollView) -> Void
    ) {
      let delta = expectAgreesWithSolver(label) { window(configure) }
      #expect((delta.solverRowsAdded == 0) == presolved, "\(label): rows in the tableau")
    }
    expectChained("fixed box", presolved: false) { _, scroll in
      let box = ImageView(image: ImageView.Image(name: "box", size: Size(width: 50, height: 60)))
      box.translatesAutoresizingMaskIntoConstraints = false
      scroll.addSubview(box)
      LayoutConstraint.activate([
        box.topAnchor.constraint(equalTo: scroll.topAnchor, constant: 10),
        box.leadingAnchor.constraint(equalTo: scroll.leadingAnchor, constant: 5),
      ])
    }
    expectChained("tall stack") { _, scroll in
      let stack = StackView()
      stack.axis = .vertical
      stack.translatesAutoresizingMaskIntoConstraints = false
      for index in 0..<30 {
        let label = Label()
        label.text = "Line \(index)"
        stack.addArrangedSubview(label)
      }
      scroll.addSubview(stack)
      LayoutConstraint.activate([
        stack.topAnchor.constraint(equalTo: scroll.topAnchor, constant: 8),
        stack.bottomAnchor.constraint(equalTo: scroll.bottomAnchor, constant: -8),
        stack.leadingAnchor.constraint(equalTo: scroll.leadingAnchor, constant: 16),
        stack.trailingAnchor.constraint(equalTo: scroll.trailingAnchor, constant: -16),
        stack.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor, constant: -32),
      ])
    }
    expectChained("a view keeping its frame", presolved: false) { _, scroll in
      let badge = Label(frame: Rect(x: 30, y: 500, width: 80, height: 20))
      badge.text = "Kept"
      scroll.addSubview(badge)
    }
    expectChained("content as wide as the frame") { _, scroll in
      let stack = StackView()
      stack.axis = .vertical
      stack.translatesAutoresizingMaskIntoConstraints = false
      for index in 0..<12 {
        let label = Label()
        label.text = "Row \(index)"
        stack.addArrangedSubview(label)
      }
      scroll.addSubview(stack)
      LayoutConstraint.activate([
        stack.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor),
        stack.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor),
        stack.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor),
        stack.trailingAnchor.constraint(equalTo: scroll.contentLayoutGuide.trailingAnchor),
        scroll.contentLayoutGuide.widthAnchor.constraint(
          equalTo: scroll.frameLayoutGuide.widthAnchor),
      ])
    }
    expectChained("label at the content's centre", presolved: false) { _, scroll in
      let label = Label()
      label.text = "Centred"
      label.translatesAutoresizingMaskIntoConstraints = false
      let width = Label()
      width.text = "Wide"
      width.translatesAutoresizingMaskIntoConstraints = false
      scroll.addSubview(width)
      scroll.addSubview(label)
      LayoutConstraint.activate([
        width.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor),
        width.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor),
        width.widthAnchor.constraint(equalToConstant: 500),
        width.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor),
        scroll.contentLayoutGuide.trailingAnchor.constraint(equalTo: width.trailingAnchor),
        label.centerXAnchor.constraint(equalTo: scroll.centerXAnchor),
        label.topAnchor.constraint(equalTo: width.bottomAnchor, constant: -10),
      ])
    }
  }

  @Test func formRowsAreSolvedOneByOneAndAgreeWithOneSolve() {
    let delta = expectAgreesWithSolver("form") {
      let form = Form(rows: 60)
      return (form.window, { form.titles[3].text = "Changed" })
    }
    #expect(delta.leafIslands >= 1)
    let form = Form(rows: 60)
    let statistics = form.window.countingLayoutWork()
    form.window.makeKeyAndVisible()
    let before = statistics.counts
    statistics.counts.largestSolve = 0
    form.window.layoutIfNeeded()
    // Every solve held one row (the row and its two labels), never the form.
    #expect(statistics.counts.largestSolve == 3)
    #expect(statistics.counts.leafIslands == before.leafIslands + 1)
    let row = form.stack.arrangedSubviews[1]
    #expect(row.frame.width == 358)
    #expect(form.values[1].frame.maxX == 358 - 12)
    #expect(form.titles[1].frame.minX == 12)
    #expect(row.frame.minY == form.stack.arrangedSubviews[0].frame.maxY + 4)
  }

  @Test func eachRowIsMeasuredOnceAtItsBreadthAndSolvedOnce() {
    // The presolve gives the stack its width before asking for its height, so each row is
    // measured at the width it gets, not compressed and then again: a fitting and a solve per
    // row, and one pass each of the window's session and its root view's (a framed
    // scope; in the scroll form, the controller's view).
    for rows in [10, 40] {
      let form = Form(rows: rows)
      let statistics = form.window.countingLayoutWork()
      let before = statistics.counts
      form.window.makeKeyAndVisible()
      form.window.layoutIfNeeded()
      let solves = statistics.counts.solves - before.solves
      #expect(solves == 2 * rows + 2, "\(rows) rows: \(solves) solves")
      let scrollForm = ScrollForm(rows: rows)
      let scrollStatistics = scrollForm.window.countingLayoutWork()
      scrollForm.window.makeKeyAndVisible()
      scrollForm.window.layoutIfNeeded()
      let scrollSolves = scrollStatistics.counts.solves
      #expect(
        scrollSolves == 2 * rows + 2, "\(rows) rows in a scroll view: \(scrollSolves) solves")
    }
  }

  @Test func aLabelChangeSolvesItsRowAlone() {
    let form = Form(rows: 60)
    form.window.makeKeyAndVisible()
    form.window.layoutIfNeeded()
    let statistics = form.window.countingLayoutWork()
    let before = statistics.counts
    form.titles[30].text = "Setting changed"
    form.window.layoutIfNeeded()
    let after = statistics.counts
    #expect(after.largestSolve == 3)
    // Its fitting size and its own pass.
    #expect(after.solves - before.solves <= 3, "solves \(after.solves - before.solves)")
    let width = Font.systemFont(ofSize: 17).width(of: "Setting changed").roundedUpToPixel
    #expect(abs(form.titles[30].frame.width - width) < 1e-6)
  }

  @Test func resizingRemeasuresTheRowsAndStillAgrees() {
    expectAgreesWithSolver("resize") {
      let form = Form(rows: 20)
      return (form.window, { try? form.window.resize(to: Size(width: 300, height: 2_000)) })
    }
  }

  @Test func rowsWhoseHeightDependsOnTheirWidthStillAgree() {
    // Wrapping titles: the rows' heights follow the width the solve gives them; such rows
    // are not fitted scopes, the form is one solve.
    expectAgreesWithSolver("wrapping") {
      let form = Form(rows: 12, wrapping: true)
      return (form.window, { form.titles[5].text = String(repeating: "longer ", count: 30) })
    }
  }

  @Test func aRowThatStartsWrappingLeavesItsScopeAndAgreesWithOneSolve() {
    // Whether a row is measured by fitting is decided once per change of constraints or
    // hierarchy; a title that starts wrapping changes it too, so the next pass solves the
    // form in one piece as for wrapping rows from the start.
    expectAgreesWithSolver("starts wrapping") {
      let form = Form(rows: 12)
      return (
        form.window,
        {
          form.titles[5].numberOfLines = 0
          form.titles[5].text = String(repeating: "longer ", count: 30)
        }
      )
    }
    let form = Form(rows: 12)
    form.window.makeKeyAndVisible()
    form.window.layoutIfNeeded()
    form.titles[5].numberOfLines = 0
    let statistics = form.window.countingLayoutWork()
    form.window.layoutIfNeeded()
    // The form (its 12 rows of three views, the stack and the root) in one solve.
    #expect(statistics.counts.largestSolve > 36)
  }

  @Test func aStackThatStretchesItsRowsIsSolvedEvenWhenALayoutRunsInside() {
    // A stack root taller than its rows: direct evaluation cannot stretch a fitted-scope row
    // exactly and hands the root to the simplex. The stack's `layoutSubviews()`, which runs
    // after it arranged, lays out another hierarchy in between; that must not swallow the
    // hand-over (each evaluation returns its own outcome).
    func build(solver: Bool) -> [Rect] {
      let stack = StackLayingOutAnother(frame: Rect(x: 0, y: 0, width: 320, height: 600))
      stack.axis = .vertical
      var rows: [View] = []
      for index in 0..<4 {
        let row = makeFormRow(index, wrapping: false).row
        stack.addArrangedSubview(row)
        rows.append(row)
      }
      let other = StackView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
      other.addArrangedSubview(Label())
      stack.other = other
      stack.layoutOptions.simplexOnly = solver
      stack.layoutIfNeeded()
      return rows.map(\.frame) + rows.flatMap { $0.subviews.map(\.frame) }
    }
    let evaluated = build(solver: false)
    let solved = build(solver: true)
    // The last row stretches to the stack's bottom.
    #expect(evaluated[3].maxY == 600)
    expectSameFrames(evaluated, solved, "stretched with a layout inside")
  }

  @Test func aRowWhoseHeightFollowsItsWidthIsMeasuredAtItsWidth() {
    // A badge a tenth of the row's width, square: the row's height depends on its width, so
    // the compressed measure before the first pass is wrong and the pass falls back to one
    // solve; later passes measure at the width the rows have and stay row by row.
    func build() -> Form {
      let form = Form(rows: 8)
      for row in form.stack.arrangedSubviews {
        let badge = View()
        badge.translatesAutoresizingMaskIntoConstraints = false
        row.addSubview(badge)
        LayoutConstraint.activate([
          badge.widthAnchor.constraint(equalTo: row.widthAnchor, multiplier: 0.1),
          badge.heightAnchor.constraint(equalTo: badge.widthAnchor),
          badge.topAnchor.constraint(equalTo: row.topAnchor),
          badge.trailingAnchor.constraint(equalTo: row.trailingAnchor),
          row.bottomAnchor.constraint(greaterThanOrEqualTo: badge.bottomAnchor),
        ])
      }
      return form
    }
    expectAgreesWithSolver("badge") {
      let form = build()
      return (form.window, { form.titles[2].text = "Changed" })
    }
    let form = build()
    form.window.makeKeyAndVisible()
    form.window.layoutIfNeeded()
    let row = form.stack.arrangedSubviews[0]
    #expect(abs(row.frame.height - 35.8) < 1e-6)
    let statistics = form.window.countingLayoutWork()
    form.titles[4].text = "Changed"
    form.window.layoutIfNeeded()
    #expect(statistics.counts.largestSolve == 4)
    expectAgreesWithSolver("badge resized") {
      let form = build()
      return (form.window, { try? form.window.resize(to: Size(width: 600, height: 2_000)) })
    }
  }

  @Test func rowsUnderTheSafeAreaGetTheInsetsOfOneSolve() {
    // The form starts at the top of a window with host insets: the first rows lie under the
    // status bar, so their (and their labels') safe-area insets and margins are not zero.
    expectAgreesWithSolver("insets") {
      let form = Form(rows: 8)
      form.window.hostSafeAreaInsets = EdgeInsets(top: 47, left: 10, bottom: 34, right: 0)
      return (form.window, { form.titles[0].text = "Changed under the bar" })
    }
  }

  @Test func hiddenRowsCollapseAsInOneSolve() {
    // Where a hidden row sits and how wide it is are not specified: compare the others.
    func frames(_ form: Form) -> [Rect] {
      [form.stack.frame]
        + form.stack.arrangedSubviews.filter { !$0.isHidden }.flatMap {
          [$0.frame] + $0.subviews.map(\.frame)
        }
    }
    func layOut(solver: Bool, change: Bool) -> [Rect] {
      let form = Form(rows: 6)
      form.window.layoutOptions.simplexOnly = solver
      form.stack.arrangedSubviews[2].isHidden = true
      form.window.makeKeyAndVisible()
      form.window.layoutIfNeeded()
      if change {
        form.stack.arrangedSubviews[4].isHidden = true
        form.stack.arrangedSubviews[2].isHidden = false
        form.window.layoutIfNeeded()
      }
      return frames(form)
    }
    for change in [false, true] {
      let direct = layOut(solver: false, change: change)
      let solved = layOut(solver: true, change: change)
      expectSameFrames(direct, solved, "change \(change)")
    }
  }

  @Test func aRowStretchedByItsStackIsSolvedWithTheStack() {
    // The stack's bottom pinned too: the last row would stretch, which only a solve of the
    // whole form can weigh against the rows' own constraints.
    expectAgreesWithSolver("stretched") {
      let form = Form(rows: 5)
      let root = form.stack.superview!
      form.stack.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -8).isActive = true
      return (form.window, nil)
    }
  }
}
