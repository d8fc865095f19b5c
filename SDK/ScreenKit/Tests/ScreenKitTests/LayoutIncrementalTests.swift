import Testing

@testable import ScreenKit

@MainActor
private func settingsScreen(rows count: Int) -> (root: View, labels: [Label]) {
  let stack = StackView()
  stack.axis = .vertical
  var labels: [Label] = []
  for index in 0..<count {
    let row = StackView()
    row.axis = .horizontal
    row.alignment = .center
    row.spacing = 8
    row.heightAnchor.constraint(equalToConstant: 44).isActive = true
    let icon = ImageView(image: .init(name: "icon", size: Size(width: 30, height: 30)))
    let label = Label()
    label.text = "Setting \(index)"
    label.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
    row.addArrangedSubview(icon)
    row.addArrangedSubview(label)
    row.addArrangedSubview(Switch())
    stack.addArrangedSubview(row)
    labels.append(label)
  }
  let root = View(frame: Rect(x: 0, y: 0, width: 390, height: Double(count) * 44))
  stack.frame = root.bounds
  root.addSubview(stack)
  return (root, labels)
}

@MainActor
@Test func nothingDirtyRelayoutVisitsNothing() {
  let (root, _) = settingsScreen(rows: 200)
  let statistics = root.countingLayoutWork()
  root.layoutIfNeeded()
  let before = statistics.counts
  root.layoutIfNeeded()
  root.layoutIfNeeded()
  #expect(statistics.counts.passes == before.passes)
  #expect(statistics.counts.visitedViews == before.visitedViews)
}

@MainActor
@Test func oneLabelChangeVisitsItsRowOnly() {
  let (root, labels) = settingsScreen(rows: 200)
  let statistics = root.countingLayoutWork()
  root.layoutIfNeeded()
  #expect(statistics.counts.directPasses > 0)
  let before = statistics.counts.visitedViews
  labels[100].text = "A much longer setting title"
  root.layoutIfNeeded()
  let visited = statistics.counts.visitedViews - before
  // The row (a relayout boundary: fixed height, filled width) and its three views, plus
  // re-measuring the row.
  #expect(visited <= 5, "visited \(visited) views")
  #expect(labels[100].frame.width == 390 - 30 - 8 - 8 - 51)
  #expect(labels[100].superview!.frame == Rect(x: 0, y: 4400, width: 390, height: 44))
}

@MainActor
@Test func settingsRowMatchesUIKitRules() {
  let (root, labels) = settingsScreen(rows: 3)
  root.layoutIfNeeded()
  let row = labels[1].superview!
  #expect(row.frame == Rect(x: 0, y: 44, width: 390, height: 44))
  // Centered: the 30-point icon 7 from the top, the 31-point switch 6.5, the label's text
  // line centred; the label takes the free width (lowest hugging).
  #expect(row.subviews[0].frame == Rect(x: 0, y: 7, width: 30, height: 30))
  #expect(labels[1].frame.minX == 38)
  #expect(labels[1].frame.width == 390 - 30 - 8 - 8 - 51)
  #expect(row.subviews[2].frame == Rect(x: 339, y: 6.5, width: 51, height: 31))
}

/// Direct evaluation and the simplex agree on stack-only trees.
@MainActor
@Test(arguments: 0..<12)
func directLayoutAgreesWithSolver(seed: Int) {
  var random = SplitMix(seed: UInt64(seed) + 1)
  func build() -> View {
    var generator = SplitMix(seed: UInt64(seed) + 1)
    func make(_ depth: Int) -> View {
      if depth == 0 || generator.next() % 3 == 0 {
        let width = Double(generator.next() % 40 + 5)
        let height = Double(generator.next() % 40 + 5)
        let leaf = ImageView(image: .init(name: "leaf", size: Size(width: width, height: height)))
        if generator.next() % 4 == 0 {
          leaf.setContentHuggingPriority(200, for: .horizontal)
          leaf.setContentHuggingPriority(200, for: .vertical)
        }
        return leaf
      }
      let stack = StackView()
      stack.axis = generator.next() % 2 == 0 ? .vertical : .horizontal
      let distributions: [StackView.Distribution] = [.fillEqually, .fillEqually, .equalSpacing]
      stack.distribution = distributions[Int(generator.next() % 3)]
      let alignments: [StackView.Alignment] = [.fill, .leading, .center, .trailing]
      stack.alignment = alignments[Int(generator.next() % 4)]
      stack.spacing = Double(generator.next() % 3) * 4
      for _ in 0..<(generator.next() % 3 + 1) { stack.addArrangedSubview(make(depth - 1)) }
      return stack
    }
    let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 600))
    let top = make(3)
    top.frame = root.bounds
    root.addSubview(top)
    return root
  }
  _ = random.next()
  let direct = build()
  direct.layoutIfNeeded()
  let solved = build()
  solved.layoutOptions.simplexOnly = true
  solved.layoutIfNeeded()
  func frames(_ view: View) -> [Rect] { [view.frame] + view.subviews.flatMap(frames) }
  let a = frames(direct)
  let b = frames(solved)
  for (index, (x, y)) in zip(a, b).enumerated() {
    let close =
      abs(x.minX - y.minX) < 0.01 && abs(x.minY - y.minY) < 0.01
      && abs(x.width - y.width) < 0.01 && abs(x.height - y.height) < 0.01
    #expect(close, "seed \(seed) view \(index): direct \(x), solver \(y)")
  }
}

struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@MainActor
@Test func changingARowsHeightRelayoutsTheColumn() {
  let (root, labels) = settingsScreen(rows: 20)
  root.layoutIfNeeded()
  let row = labels[5].superview!
  let height = row.constraints.first { $0.firstAttribute == .height }!
  height.constant = 60
  root.layoutIfNeeded()
  #expect(row.frame == Rect(x: 0, y: 220, width: 390, height: 60))
  #expect(labels[6].superview!.frame.minY == 280)
  // Every row's height is required, so nothing can absorb the extra 16 points: the rows
  // overflow the column's fixed frame (the simplex would report the conflict instead).
  #expect(labels[19].superview!.frame.maxY == 20 * 44 + 16)
  // A constraint that is not a constant size makes the hierarchy go to the simplex.
  let statistics = root.countingLayoutWork()
  labels[3].widthAnchor.constraint(equalTo: labels[4].widthAnchor).isActive = true
  root.layoutIfNeeded()
  #expect(statistics.counts.solves > 0)
}

@MainActor
@Test func leafChangesRearrangeOnlyWhatMoves() {
  let column = StackView()
  column.axis = .vertical
  var leaves: [ImageView] = []
  for _ in 0..<300 {
    let row = StackView()
    for _ in 0..<2 {
      let leaf = ImageView(image: .init(name: "leaf", size: Size(width: 20, height: 10)))
      row.addArrangedSubview(leaf)
      leaves.append(leaf)
    }
    column.addArrangedSubview(row)
  }
  let root = View(frame: Rect(x: 0, y: 0, width: 500, height: 3000))
  column.frame = root.bounds
  root.addSubview(column)
  let statistics = root.countingLayoutWork()
  root.layoutIfNeeded()

  // A wider leaf: its row keeps its height and the column fills the width, so only that
  // row is arranged again.
  var before = statistics.counts.visitedViews
  leaves[20].image = .init(name: "leaf", size: Size(width: 35, height: 10))
  root.layoutIfNeeded()
  #expect(statistics.counts.visitedViews - before <= 8)
  #expect(leaves[20].frame.width == 500 - 20)
  #expect(leaves[21].frame.minX == 500 - 20)

  // A taller leaf moves every row below it: the column is arranged again.
  before = statistics.counts.visitedViews
  leaves[20].image = .init(name: "leaf", size: Size(width: 35, height: 30))
  root.layoutIfNeeded()
  #expect(statistics.counts.visitedViews - before > 8)
  #expect(leaves[20].superview!.frame.height == 30)
  #expect(leaves[22].superview!.frame.minY == 130)
  // 3020 points of rows in 3000: with equal compression resistance the last rows give way
  // first, each down to zero.
  #expect(leaves[598].superview!.frame.height == 0)
  #expect(leaves[596].superview!.frame.height == 0)
  #expect(leaves[594].superview!.frame.height == 10)
  #expect(leaves[0].superview!.frame.height == 10)
}

/// Random stack trees edited in place (leaf sizes, hidden views) and relaid out
/// incrementally by direct evaluation end exactly where a fresh layout of the final state
/// ends. (Content often overflows here; where direct evaluation and the simplex may pick
/// different views to shrink, `directLayoutAgreesWithSolver` covers their agreement.)
@MainActor
@Test(arguments: 0..<24)
func incrementalDirectRelayoutsAgreeWithAFreshLayout(seed: Int) {
  struct Edit {
    var leaf: Int
    var size: Size?
    var hidden: Bool?
  }
  func build(_ edits: [Edit]) -> (root: View, leaves: [ImageView]) {
    var generator = SplitMix(seed: UInt64(seed) &* 7919 + 3)
    var leaves: [ImageView] = []
    func make(_ depth: Int) -> View {
      if depth == 0 || generator.next() % 3 == 0 {
        let width = Double(generator.next() % 40 + 5)
        let height = Double(generator.next() % 40 + 5)
        let leaf = ImageView(image: .init(name: "leaf", size: Size(width: width, height: height)))
        leaves.append(leaf)
        return leaf
      }
      let stack = StackView()
      stack.axis = generator.next() % 2 == 0 ? .vertical : .horizontal
      let distributions: [StackView.Distribution] = [.fillEqually, .equalSpacing]
      stack.distribution = distributions[Int(generator.next() % 2)]
      let alignments: [StackView.Alignment] = [.fill, .leading, .center, .trailing]
      stack.alignment = alignments[Int(generator.next() % 4)]
      stack.spacing = Double(generator.next() % 3) * 4
      for _ in 0..<(generator.next() % 3 + 2) { stack.addArrangedSubview(make(depth - 1)) }
      return stack
    }
    let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 600))
    let top = make(4)
    top.frame = root.bounds
    root.addSubview(top)
    for edit in edits {
      if let size = edit.size { leaves[edit.leaf].image = .init(name: "leaf", size: size) }
      if let hidden = edit.hidden { leaves[edit.leaf].isHidden = hidden }
    }
    return (root, leaves)
  }
  // Hidden views collapse to zero length; where they sit is not specified.
  func frames(_ view: View) -> [Rect] {
    view.isHidden ? [] : [view.frame] + view.subviews.flatMap(frames)
  }

  let (root, leaves) = build([])
  let statistics = root.countingLayoutWork()
  root.layoutIfNeeded()
  let solvesBefore = statistics.counts.solves
  var random = SplitMix(seed: UInt64(seed) + 101)
  var edits: [Edit] = []
  for _ in 0..<6 {
    // A few edits between layouts, as a screen gets between events.
    for _ in 0..<(random.next() % 3 + 1) {
      let index = Int(random.next() % UInt64(leaves.count))
      var edit = Edit(leaf: index)
      if random.next() % 4 == 0 && leaves.count > 1 {
        edit.hidden = !leaves[index].isHidden
        leaves[index].isHidden = edit.hidden!
      } else {
        let size = Size(
          width: Double(random.next() % 60 + 1), height: Double(random.next() % 60 + 1))
        edit.size = size
        leaves[index].image = .init(name: "leaf", size: size)
      }
      edits.append(edit)
    }
    root.layoutIfNeeded()
    #expect(statistics.counts.solves == solvesBefore, "direct evaluation only")
    let fresh = build(edits).root
    fresh.layoutIfNeeded()
    for (index, (x, y)) in zip(frames(root), frames(fresh)).enumerated() {
      #expect(
        x == y,
        "seed \(seed) after \(edits.count) edits, view \(index): \(x), fresh \(y); edits \(edits)")
      if x != y { break }
    }
  }
}

/// A fixed-height row (a relayout boundary) in a fill-aligned column, itself
/// leading-aligned in an outer column: when the row's content grows, the column's width
/// (its natural width) must grow too.
@MainActor
@Test func aBoundaryRowsGrowthWidensALeadingAlignedColumn() {
  let outer = StackView()
  outer.axis = .vertical
  outer.alignment = .leading
  let column = StackView()
  column.axis = .vertical
  column.alignment = .fill
  let row = StackView()
  row.axis = .horizontal
  row.heightAnchor.constraint(equalToConstant: 44).isActive = true
  let label = Label()
  label.text = "Short"
  row.addArrangedSubview(label)
  column.addArrangedSubview(row)
  outer.addArrangedSubview(column)
  let root = View(frame: Rect(x: 0, y: 0, width: 390, height: 400))
  outer.frame = root.bounds
  root.addSubview(outer)
  root.layoutIfNeeded()
  let before = column.frame.width
  label.text = "A much, much longer title"
  root.layoutIfNeeded()
  #expect(column.frame.width > before)
  #expect(column.frame.width == label.intrinsicContentSize.width)
  #expect(row.frame.width == column.frame.width)
  #expect(label.frame.width == label.intrinsicContentSize.width)
}
