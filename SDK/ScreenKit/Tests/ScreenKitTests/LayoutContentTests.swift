import Testing

@testable import ScreenKit

#if canImport(Glibc)
  import Glibc
#endif

// Widths below are Inter's hmtx advances summed with fontTools, independently of ScreenKit's
// lookup: "Hello, World" is 16136 units in Regular and 16901 in Bold, at 2816 units per em.

@MainActor
@Test func fontMetricsFollowInter() {
  let font = Font.systemFont(ofSize: 17)
  #expect(abs(font.width(of: "Hello, World") - 16136.0 / 2816 * 17) < 1e-9)
  #expect(
    abs(Font.boldSystemFont(ofSize: 17).width(of: "Hello, World") - 16901.0 / 2816 * 17) < 1e-9)
  #expect(abs(font.width(of: "é€") - 3512.0 / 2816 * 17) < 1e-9)
  #expect(abs(font.ascender - 2728.0 / 2816 * 17) < 1e-12)
  #expect(abs(font.descender + 680.0 / 2816 * 17) < 1e-12)
  #expect(abs(font.lineHeight - 3408.0 / 2816 * 17) < 1e-12)
  // A character outside the table advances like "n".
  #expect(font.width(of: "漢") == font.width(of: "n"))
}

@MainActor
@Test func textWrapsAtWordsWithinTheLineLimit() {
  let font = Font.systemFont(ofSize: 17)
  let text = "The quick brown fox jumps over the lazy dog"
  let unlimited = TextLayout(text: text, font: font, maxWidth: 120, numberOfLines: 0)
  #expect(unlimited.lines.count > 2)
  for (line, width) in zip(unlimited.lines, unlimited.lineWidths) {
    #expect(width <= 120)
    #expect(!line.hasSuffix(" ") && !line.hasPrefix(" "))
    #expect(abs(font.width(of: line) - width) < 1e-9)
  }
  #expect(unlimited.lines.joined(separator: " ") == text)
  // Each line is greedy: the next word would not have fitted.
  for index in 0..<(unlimited.lines.count - 1) {
    let next = unlimited.lines[index + 1].split(separator: " ").first!
    #expect(font.width(of: unlimited.lines[index] + " " + next) > 120)
  }
  let two = TextLayout(text: text, font: font, maxWidth: 120, numberOfLines: 2)
  #expect(two.lines == Array(unlimited.lines.prefix(2)))
  #expect(two.isTruncated)
  #expect(two.size.height == (2 * font.lineHeight).roundedUpToPixel)
  // A word longer than the line breaks between characters.
  let long = TextLayout(text: "Supercalifragilistic", font: font, maxWidth: 50, numberOfLines: 0)
  #expect(long.lines.count > 1)
  #expect(long.lines.joined() == "Supercalifragilistic")
  #expect(long.lineWidths.allSatisfy { $0 <= 50 })
}

/// A one-line label measures its text without building a `TextLayout`; the shortcut gives
/// the layout's size exactly, and declines text with a line break.
@MainActor
@Test func singleLineSizeIsTheLayoutsSize() {
  var generator = SystemRandomNumberGenerator()
  let alphabet = Array("abcXYZ019 ,.-éü€漢😀\t")
  let fonts: [Font] = [
    .systemFont(ofSize: 17), .boldSystemFont(ofSize: 13),
    .systemFont(ofSize: 31.5, weight: .medium),
  ]
  for _ in 0..<300 {
    let length = Int.random(in: 0...24, using: &generator)
    let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
    let font = fonts.randomElement(using: &generator)!
    let layout = TextLayout(text: text, font: font, numberOfLines: 1)
    #expect(TextLayout.singleLineSize(of: text, font: font) == layout.size, "\(text)")
    let label = Label()
    label.text = text
    label.font = font
    label.numberOfLines = Bool.random(using: &generator) ? 1 : 0
    #expect(label.intrinsicContentSize == layout.size, "\(text)")
  }
  #expect(TextLayout.singleLineSize(of: "two\nlines", font: fonts[0]) == nil)
  let label = Label()
  label.text = "two\nlines"
  label.numberOfLines = 0
  #expect(label.intrinsicContentSize.height == (2 * fonts[0].lineHeight).roundedUpToPixel)
}

@MainActor
@Test func contentViewsHaveUIKitIntrinsicSizes() {
  let label = Label()
  #expect(label.intrinsicContentSize == .zero)
  label.text = "Hello, World"
  let font = Font.systemFont(ofSize: 17)
  #expect(
    label.intrinsicContentSize
      == Size(
        width: (16136.0 / 2816 * 17).roundedUpToPixel, height: font.lineHeight.roundedUpToPixel))
  let field = TextField()
  field.placeholder = "Username"
  field.borderStyle = .roundedRect
  #expect(field.intrinsicContentSize.height == font.lineHeight.roundedUpToPixel + 14)
  #expect(abs(field.intrinsicContentSize.height - 34) < 1)
  let button = Button(type: .system)
  #expect(button.intrinsicContentSize == Size(width: 30, height: 30))
  button.setTitle("Login", for: .normal)
  #expect(button.intrinsicContentSize.width == (7296.0 / 2816 * 15).roundedUpToPixel)
  #expect(button.intrinsicContentSize.height == 30)
  #expect(Switch().intrinsicContentSize == Size(width: 51, height: 31))
  #expect(ActivityIndicatorView(style: .large).intrinsicContentSize == Size(width: 37, height: 37))
  #expect(ImageView(frame: .zero).intrinsicContentSize.width == View.noIntrinsicMetric)
}

@MainActor
@Test func multilineLabelWrapsAtTheWidthLayoutGives() {
  let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 600))
  let label = Label()
  label.numberOfLines = 0
  label.text = "The quick brown fox jumps over the lazy dog and keeps running far away"
  label.translatesAutoresizingMaskIntoConstraints = false
  root.addSubview(label)
  root.addSubview(View())  // keeps the simplex path honest about extra subviews
  LayoutConstraint.activate([
    label.topAnchor.constraint(equalTo: root.topAnchor),
    label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
    label.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
  ])
  let statistics = root.countingLayoutWork()
  root.layoutIfNeeded()
  // One solve with the unwrapped text, one at the width it was given.
  #expect(statistics.counts.solves == 2)
  let expected = TextLayout(
    text: label.text!, font: label.font, maxWidth: 180, numberOfLines: 0)
  #expect(label.frame.width == 180)
  #expect(abs(label.frame.height - expected.size.height) < 1e-5)
  #expect(expected.lines.count >= 3)
}

@MainActor
@Test func firstBaselineAlignmentLinesUpTextOfDifferentSizes() {
  let small = Label()
  small.text = "Small"
  small.font = .systemFont(ofSize: 12)
  let big = Label()
  big.text = "Big"
  big.font = .systemFont(ofSize: 30)
  let stack = StackView(arrangedSubviews: [small, big])
  stack.alignment = .firstBaseline
  stack.translatesAutoresizingMaskIntoConstraints = false
  let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
  root.addSubview(stack)
  stack.topAnchor.constraint(equalTo: root.topAnchor).isActive = true
  stack.leadingAnchor.constraint(equalTo: root.leadingAnchor).isActive = true
  root.layoutIfNeeded()
  func baseline(_ label: Label) -> Double {
    label.frame.minY + label.frame.height / 2 - label.font.lineHeight / 2 + label.font.ascender
  }
  #expect(abs(baseline(small) - baseline(big)) < 1e-6)
  #expect(big.frame.minY == 0)
  #expect(stack.frame.height == big.frame.height)
}

@MainActor
@Test func systemLayoutSizeFittingReportsTheCompressedSize() {
  let stack = StackView(arrangedSubviews: [
    ImageView(image: .init(name: "a", size: Size(width: 40, height: 20))),
    ImageView(image: .init(name: "b", size: Size(width: 60, height: 30))),
  ])
  stack.axis = .vertical
  stack.spacing = 5
  #expect(
    stack.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 60, height: 55))
}

@MainActor
@Test func scrollViewAdjustsInsetsPerBehaviour() {
  let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
  window.hostSafeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
  let scroll = ScrollView(frame: window.bounds)
  window.addSubview(scroll)
  scroll.contentSize = Size(width: 390, height: 2000)
  scroll.contentInset = EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
  window.layoutIfNeeded()
  #expect(scroll.safeAreaInsets == EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
  #expect(scroll.adjustedContentInset == EdgeInsets(top: 57, left: 0, bottom: 34, right: 0))
  scroll.contentInsetAdjustmentBehavior = .never
  #expect(scroll.adjustedContentInset == EdgeInsets(top: 10, left: 0, bottom: 0, right: 0))
  scroll.contentInsetAdjustmentBehavior = .scrollableAxes
  #expect(scroll.adjustedContentInset.top == 57)
  scroll.contentSize = Size(width: 390, height: 100)
  #expect(scroll.adjustedContentInset.top == 10)
  scroll.contentInsetAdjustmentBehavior = .always
  scroll.contentSize = Size(width: 390, height: 2000)
  scroll.contentOffset = Point(x: 0, y: -500)
  #expect(scroll.contentOffset == Point(x: 0, y: -57))
  scroll.contentOffset = Point(x: 0, y: 5000)
  #expect(scroll.contentOffset == Point(x: 0, y: 2000 + 34 - 844))
  #expect(scroll.bounds.origin == scroll.contentOffset)
}

/// UIKit's scroll view turns the safe area into content inset (`adjustedContentInset`) and
/// then gives its subviews no safe area on that axis: a stack pinned to the content's
/// margins starts one margin below the content's top, which the inset has already moved
/// below the bars. On an axis it does not adjust (horizontal, with `.automatic` and content
/// no wider than the view), the content still overlaps the safe area and gets its insets.
@MainActor
@Test func scrollContentGetsNoSafeAreaWhereItBecameContentInset() {
  let window = Window(frame: Rect(x: 0, y: 0, width: 844, height: 390))
  window.hostSafeAreaInsets = EdgeInsets(top: 0, left: 47, bottom: 21, right: 47)
  let scroll = ScrollView(frame: window.bounds)
  window.addSubview(scroll)
  let content = View()
  content.translatesAutoresizingMaskIntoConstraints = false
  scroll.addSubview(content)
  let row = View()
  row.translatesAutoresizingMaskIntoConstraints = false
  content.addSubview(row)
  LayoutConstraint.activate([
    content.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor),
    content.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor),
    content.trailingAnchor.constraint(equalTo: scroll.contentLayoutGuide.trailingAnchor),
    content.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor),
    content.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor),
    row.topAnchor.constraint(equalTo: content.layoutMarginsGuide.topAnchor),
    row.leadingAnchor.constraint(equalTo: content.layoutMarginsGuide.leadingAnchor),
    row.trailingAnchor.constraint(equalTo: content.layoutMarginsGuide.trailingAnchor),
    row.bottomAnchor.constraint(equalTo: content.layoutMarginsGuide.bottomAnchor),
    row.heightAnchor.constraint(equalToConstant: 1000),
  ])
  window.layoutIfNeeded()
  #expect(scroll.adjustedContentInset == EdgeInsets(top: 0, left: 0, bottom: 21, right: 0))
  #expect(content.safeAreaInsets == EdgeInsets(top: 0, left: 47, bottom: 0, right: 47))
  // Margins: the default 8 on top, 8 + 47 at the sides where the safe area reaches.
  #expect(row.frame == Rect(x: 55, y: 8, width: 844 - 110, height: 1000))
  scroll.contentInsetAdjustmentBehavior = .never
  window.layoutIfNeeded()
  #expect(content.safeAreaInsets.left == 47)
}

@Test func solverEditVariablesResolveIncrementally() throws {
  let solver = Solver()
  let left = solver.makeVariable()
  let width = solver.makeVariable()
  let right = solver.makeVariable()
  // right == left + width, width >= 10, left == 0
  try solver.add(
    terms: [(right, 1), (left, -1), (width, -1)], constant: 0, relation: .equal, required: true,
    level: 0)
  try solver.add(
    terms: [(width, 1)], constant: -10, relation: .greaterThanOrEqual, required: true, level: 0)
  try solver.add(terms: [(left, 1)], constant: 0, relation: .equal, required: true, level: 0)
  try solver.addEditVariable(right, level: LayoutPriority.defaultHigh.solverLevel)
  try solver.suggest(100, for: right)
  #expect(solver.value(of: width) == 100)
  try solver.suggest(5, for: right)
  #expect(solver.value(of: width) == 10)
  #expect(solver.value(of: right) == 10)
  #expect(
    throws: Solver.Failure.unsatisfiable,
    performing: {
      try solver.add(
        terms: [(width, 1)], constant: -3, relation: .equal, required: true, level: 0)
    })
}

@MainActor
@Test func nonFiniteInputIsReportedNotSolved() {
  LayoutDiagnostics.clearRecentIssues()
  let previous = LayoutDiagnostics.handler
  LayoutDiagnostics.handler = nil
  defer { LayoutDiagnostics.handler = previous }
  let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
  let child = View()
  child.translatesAutoresizingMaskIntoConstraints = false
  root.addSubview(child)
  LayoutConstraint.activate([
    child.widthAnchor.constraint(equalToConstant: .nan),
    child.heightAnchor.constraint(equalTo: root.heightAnchor, multiplier: .infinity),
    child.topAnchor.constraint(equalTo: root.topAnchor),
    child.leadingAnchor.constraint(equalTo: root.leadingAnchor),
    child.heightAnchor.constraint(equalToConstant: 20),
  ])
  let stray = View(frame: Rect(x: .nan, y: 0, width: .infinity, height: 10))
  root.addSubview(stray)
  root.layoutIfNeeded()
  #expect(LayoutDiagnostics.recentIssues.count == 2)
  #expect(child.frame.height == 20)
  #expect(child.frame.minX.isFinite && child.frame.width.isFinite)
  // A constraint between views without a common ancestor stays inactive.
  let other = View()
  let orphan = child.widthAnchor.constraint(equalTo: other.widthAnchor)
  orphan.isActive = true
  #expect(!orphan.isActive)
  #expect(LayoutDiagnostics.recentIssues.count == 3)
  #expect("\(LayoutDiagnostics.recentIssues.last!)".contains("no common ancestor"))
}

/// Priorities are an order, not weights: one constraint at 251 beats any number at 250
/// (UIKit's Auto Layout Guide: constraints are satisfied in priority order), and an
/// optional constraint that cannot hold still comes as close as it can.
@Test func solverSatisfiesPrioritiesInOrder() throws {
  let solver = Solver()
  let width = solver.makeVariable()
  for _ in 0..<20 {
    try solver.add(
      terms: [(width, 1)], constant: -100, relation: .equal, required: false, level: 250)
  }
  let strong = try solver.add(
    terms: [(width, 1)], constant: -300, relation: .equal, required: false, level: 251)
  #expect(solver.value(of: width) == 300)
  try solver.add(
    terms: [(width, 1)], constant: -200, relation: .lessThanOrEqual, required: true, level: 0)
  #expect(solver.value(of: width) == 200)
  try solver.remove(strong)
  #expect(solver.value(of: width) == 100)
}
