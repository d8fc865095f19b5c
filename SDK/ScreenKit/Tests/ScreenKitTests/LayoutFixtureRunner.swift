import Testing

@testable import ScreenKit

/// Runs the layout fixtures in `Fixtures/*.layout`: a view tree, a viewport and the frames
/// UIKit's documented rules give (each fixture says how). The format:
///
///     fixture <name>
///     why <how the expectation follows from UIKit's documentation>
///     viewport <width> <height>
///     safearea <top> <left> <bottom> <right>      (optional: the window's host insets)
///     <indent><kind> id=<id> <key>=<value> ...   (two spaces per level; level 0 is in the window)
///     constraint <id>.<attribute> <==|<=|>=> <number|id.attribute> [@priority]
///     expect <id> <x> <y> <width> <height>       (frame in the superview)
///     expect-window <id> <x> <y> <width> <height>
///     expect-content <id> <width> <height>
///     expect-safearea <id> <top> <left> <bottom> <right>
///     expect-margins <id> <top> <left> <bottom> <right>
///     expect-issues <count>
///     primary <distribution> <id> <position> <length> ...   (stack matrix, along the axis)
///     cross <alignment> <id> <position> <length> ...        (stack matrix, across it)
///     end
///
/// With `primary` and `cross` lines the runner lays out the stack `s` with every listed
/// distribution × alignment and checks both axes.
struct LayoutFixture: CustomStringConvertible, Sendable {
  var name = ""
  var why: [String] = []
  var viewport = Size.zero
  var safeArea: EdgeInsets?
  var treeLines: [(depth: Int, text: String)] = []
  var constraintLines: [String] = []
  var expectations: [[String]] = []
  var primary: [(String, [(String, Double, Double)])] = []
  var cross: [(String, [(String, Double, Double)])] = []
  var file = ""
  var description: String { "\(file): \(name)" }
}

enum FixtureError: Error, CustomStringConvertible {
  case syntax(String)
  var description: String {
    switch self {
    case .syntax(let text): text
    }
  }
}

enum LayoutFixtureLoader {
  static let directory: String = {
    let path = #filePath
    let parent = path[..<path.lastIndex(of: "/")!]
    return parent + "/Fixtures"
  }()

  static func all() -> [LayoutFixture] {
    var result: [LayoutFixture] = []
    for file in listFiles(directory).sorted() where file.hasSuffix(".layout") {
      let text = readFile(directory + "/" + file)
      result.append(contentsOf: (try? parse(text, file: file)) ?? [])
    }
    return result
  }

  static func parse(_ text: String, file: String) throws -> [LayoutFixture] {
    var fixtures: [LayoutFixture] = []
    var current: LayoutFixture?
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = String(raw)
      let trimmed = line.drop { $0 == " " }
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let words = trimmed.split(separator: " ").map(String.init)
      switch words[0] {
      case "fixture":
        current = LayoutFixture()
        current?.name = words.dropFirst().joined(separator: " ")
        current?.file = file
      case "why": current?.why.append(words.dropFirst().joined(separator: " "))
      case "viewport":
        current?.viewport = Size(width: Double(words[1])!, height: Double(words[2])!)
      case "safearea":
        let values = words.dropFirst().map { Double($0)! }
        current?.safeArea = EdgeInsets(
          top: values[0], left: values[1], bottom: values[2], right: values[3])
      case "constraint": current?.constraintLines.append(String(trimmed))
      case "primary", "cross":
        var entries: [(String, Double, Double)] = []
        var index = 2
        while index + 2 < words.count + 0 && index + 2 <= words.count - 1 {
          entries.append((words[index], Double(words[index + 1])!, Double(words[index + 2])!))
          index += 3
        }
        if words[0] == "primary" {
          current?.primary.append((words[1], entries))
        } else {
          current?.cross.append((words[1], entries))
        }
      case "end":
        if let fixture = current { fixtures.append(fixture) }
        current = nil
      case let word where word.hasPrefix("expect"):
        current?.expectations.append(words)
      default:
        let depth = (line.count - trimmed.count) / 2
        current?.treeLines.append((depth, String(trimmed)))
      }
    }
    if current != nil { throw FixtureError.syntax("\(file): fixture without end") }
    return fixtures
  }
}

/// Builds a fixture's views.
@MainActor
final class FixtureScene {
  let window: Window
  var views: [String: View] = [:]

  init(_ fixture: LayoutFixture) throws {
    window = Window(frame: Rect(origin: .zero, size: fixture.viewport))
    if let safeArea = fixture.safeArea { window.hostSafeAreaInsets = safeArea }
    var parents: [View] = [window]
    var pending: [(View, View, [String: String])] = []
    for (depth, text) in fixture.treeLines {
      let (kind, attributes) = Self.tokens(text)
      let view = try Self.makeView(kind, attributes)
      guard depth < parents.count else { throw FixtureError.syntax("bad indent: \(text)") }
      parents.removeLast(parents.count - depth - 1)
      let parent = parents[depth]
      if let stack = parent as? StackView {
        stack.addArrangedSubview(view)
        if let after = attributes["after"].flatMap(Double.init) {
          stack.setCustomSpacing(after, after: view)
        }
      } else {
        parent.addSubview(view)
      }
      if let id = attributes["id"] {
        view.accessibilityIdentifier = id
        views[id] = view
      }
      parents.append(view)
      pending.append((view, parent, attributes))
    }
    for (view, parent, attributes) in pending {
      try Self.applyLayout(view, parent, attributes)
    }
    for line in fixture.constraintLines { try addConstraint(line) }
  }

  static func tokens(_ text: String) -> (String, [String: String]) {
    var result: [String: String] = [:]
    var kind = ""
    var index = text.startIndex
    var first = true
    while index < text.endIndex {
      while index < text.endIndex && text[index] == " " { index = text.index(after: index) }
      guard index < text.endIndex else { break }
      var end = index
      var inQuotes = false
      while end < text.endIndex && (inQuotes || text[end] != " ") {
        if text[end] == "\"" { inQuotes.toggle() }
        end = text.index(after: end)
      }
      let token = String(text[index..<end])
      index = end
      if first {
        kind = token
        first = false
        continue
      }
      let parts = token.split(separator: "=", maxSplits: 1).map(String.init)
      let value = parts.count > 1 ? parts[1] : "true"
      result[parts[0]] = value.replacingQuotes()
    }
    return (kind, result)
  }

  static func numbers(_ text: String) -> [Double?] {
    text.split(separator: ",").map { $0 == "_" ? nil : Double($0) }
  }

  static func makeView(_ kind: String, _ a: [String: String]) throws -> View {
    let view: View
    switch kind {
    case "view": view = View()
    case "box":
      let box = FixtureBox()
      if let size = a["size"] {
        let parts = size.split(separator: "x").map { Double($0)! }
        box.size = Size(width: parts[0], height: parts[1])
      }
      view = box
    case "label":
      let label = Label()
      label.text = a["text"]
      if let size = a["font"].flatMap(Double.init) { label.font = .systemFont(ofSize: size) }
      if let lines = a["lines"].flatMap(Int.init) { label.numberOfLines = lines }
      view = label
    case "stack":
      let stack = StackView()
      stack.axis = a["axis"] == "vertical" ? .vertical : .horizontal
      if let value = a["distribution"] {
        guard let distribution = StackView.Distribution(rawValue: value) else {
          throw FixtureError.syntax("distribution \(value)")
        }
        stack.distribution = distribution
      }
      if let value = a["alignment"] {
        guard let alignment = StackView.Alignment(rawValue: value) else {
          throw FixtureError.syntax("alignment \(value)")
        }
        stack.alignment = alignment
      }
      if let spacing = a["spacing"].flatMap(Double.init) { stack.spacing = spacing }
      stack.isLayoutMarginsRelativeArrangement = a["marginsRelative"] == "true"
      stack.isBaselineRelativeArrangement = a["baselineRelative"] == "true"
      view = stack
    case "scroll": view = ScrollView()
    default: throw FixtureError.syntax("unknown view kind \(kind)")
    }
    if let frame = a["frame"] {
      let n = numbers(frame).map { $0 ?? 0 }
      view.frame = Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }
    if let margins = a["margins"] {
      let n = numbers(margins).map { $0 ?? 0 }
      view.layoutMargins = EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }
    if let hug = a["hug"] {
      let n = numbers(hug)
      if let h = n[0] { view.setContentHuggingPriority(LayoutPriority(Float(h)), for: .horizontal) }
      if let v = n[1] { view.setContentHuggingPriority(LayoutPriority(Float(v)), for: .vertical) }
    }
    if let compress = a["compress"] {
      let n = numbers(compress)
      if let h = n[0] {
        view.setContentCompressionResistancePriority(LayoutPriority(Float(h)), for: .horizontal)
      }
      if let v = n[1] {
        view.setContentCompressionResistancePriority(LayoutPriority(Float(v)), for: .vertical)
      }
    }
    view.preservesSuperviewLayoutMargins = a["preserveMargins"] == "true"
    if a["insetsMarginsFromSafeArea"] == "false" { view.insetsLayoutMarginsFromSafeArea = false }
    view.isHidden = a["hidden"] == "true"
    return view
  }

  static func applyLayout(_ view: View, _ parent: View, _ a: [String: String]) throws {
    var constraints: [LayoutConstraint] = []
    if let pin = a["pin"] {
      view.translatesAutoresizingMaskIntoConstraints = false
      let n = numbers(pin)
      let target: any LayoutItem =
        switch a["to"] {
        case "safe": parent.safeAreaLayoutGuide
        case "margins": parent.layoutMarginsGuide
        default: parent
        }
      let top = LayoutYAxisAnchor(item: target, attribute: .top)
      let left = LayoutXAxisAnchor(item: target, attribute: .leading)
      let bottom = LayoutYAxisAnchor(item: target, attribute: .bottom)
      let right = LayoutXAxisAnchor(item: target, attribute: .trailing)
      if let v = n[0] { constraints.append(view.topAnchor.constraint(equalTo: top, constant: v)) }
      if let v = n[1] {
        constraints.append(view.leadingAnchor.constraint(equalTo: left, constant: v))
      }
      if let v = n[2] {
        constraints.append(view.bottomAnchor.constraint(equalTo: bottom, constant: -v))
      }
      if let v = n[3] {
        constraints.append(view.trailingAnchor.constraint(equalTo: right, constant: -v))
      }
    }
    for (key, dimension) in [("width", view.widthAnchor), ("height", view.heightAnchor)] {
      guard let value = a[key] else { continue }
      let parts = value.split(separator: "@").map(String.init)
      let constraint: LayoutConstraint
      if parts[0] == "frame", let scroll = parent as? ScrollView {
        let guide = scroll.frameLayoutGuide
        constraint = dimension.constraint(
          equalTo: key == "width" ? guide.widthAnchor : guide.heightAnchor)
      } else {
        guard let number = Double(parts[0]) else { throw FixtureError.syntax(value) }
        constraint = dimension.constraint(equalToConstant: number)
      }
      if parts.count > 1, let priority = Float(parts[1]) {
        constraint.priority = LayoutPriority(priority)
      }
      constraints.append(constraint)
    }
    if a["centerX"] == "true" {
      view.translatesAutoresizingMaskIntoConstraints = false
      constraints.append(view.centerXAnchor.constraint(equalTo: parent.centerXAnchor))
    }
    if a["centerY"] == "true" {
      view.translatesAutoresizingMaskIntoConstraints = false
      constraints.append(view.centerYAnchor.constraint(equalTo: parent.centerYAnchor))
    }
    LayoutConstraint.activate(constraints)
  }

  func addConstraint(_ line: String) throws {
    // constraint a.width == 100 @750  |  constraint a.top >= b.bottom 8
    let words = line.split(separator: " ").map(String.init)
    func anchorParts(_ text: String) throws -> (View, LayoutAttribute) {
      let parts = text.split(separator: ".").map(String.init)
      guard parts.count == 2, let view = views[parts[0]],
        let attribute = LayoutAttribute(rawValue: parts[1])
      else { throw FixtureError.syntax(line) }
      return (view, attribute)
    }
    let (first, attribute) = try anchorParts(words[1])
    let relation: LayoutConstraint.Relation =
      switch words[2] {
      case "<=": .lessThanOrEqual
      case ">=": .greaterThanOrEqual
      default: .equal
      }
    var constraint: LayoutConstraint
    var rest = Array(words.dropFirst(3))
    var priority = LayoutPriority.required
    if let last = rest.last, last.hasPrefix("@") {
      priority = LayoutPriority(Float(last.dropFirst())!)
      rest.removeLast()
    }
    if let number = Double(rest[0]) {
      constraint = LayoutConstraint(
        item: first, attribute: attribute, relatedBy: relation, toItem: nil, attribute: nil,
        multiplier: 1, constant: number)
    } else {
      let (second, secondAttribute) = try anchorParts(rest[0])
      constraint = LayoutConstraint(
        item: first, attribute: attribute, relatedBy: relation, toItem: second,
        attribute: secondAttribute, multiplier: 1,
        constant: rest.count > 1 ? Double(rest[1])! : 0)
    }
    constraint.priority = priority
    first.translatesAutoresizingMaskIntoConstraints = false
    constraint.isActive = true
  }
}

/// A view with a settable intrinsic size, as a test's stand-in for content.
@MainActor
final class FixtureBox: View {
  var size = Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) {
    didSet { invalidateIntrinsicContentSize() }
  }
  override var intrinsicContentSize: Size { size }
}

extension String {
  fileprivate func replacingQuotes() -> String {
    var result = self
    if result.hasPrefix("\"") { result.removeFirst() }
    if result.hasSuffix("\"") { result.removeLast() }
    return result
  }
}

@MainActor
private func approximatelyEqual(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 0.01 }

@MainActor
@Test(arguments: LayoutFixtureLoader.all())
func layoutFixture(_ fixture: LayoutFixture) throws {
  LayoutDiagnostics.clearRecentIssues()
  let previousHandler = LayoutDiagnostics.handler
  LayoutDiagnostics.handler = nil
  defer { LayoutDiagnostics.handler = previousHandler }
  #expect(!fixture.why.isEmpty, "every fixture says how its expectation follows from UIKit")

  if !fixture.primary.isEmpty {
    for (distributionName, primary) in fixture.primary {
      for (alignmentName, cross) in fixture.cross {
        let scene = try FixtureScene(fixture)
        let stack = try #require(scene.views["s"] as? StackView)
        stack.distribution = try #require(StackView.Distribution(rawValue: distributionName))
        stack.alignment = try #require(StackView.Alignment(rawValue: alignmentName))
        scene.window.layoutIfNeeded()
        let vertical = stack.axis == .vertical
        for (id, position, length) in primary {
          let frame = try #require(scene.views[id]).frame
          let actual = vertical ? (frame.minY, frame.height) : (frame.minX, frame.width)
          #expect(
            approximatelyEqual(actual.0, position) && approximatelyEqual(actual.1, length),
            "\(fixture.name) \(distributionName)×\(alignmentName): \(id) along the axis is \(actual), expected (\(position), \(length))"
          )
        }
        for (id, position, length) in cross {
          let frame = try #require(scene.views[id]).frame
          let actual = vertical ? (frame.minX, frame.width) : (frame.minY, frame.height)
          #expect(
            approximatelyEqual(actual.0, position) && approximatelyEqual(actual.1, length),
            "\(fixture.name) \(distributionName)×\(alignmentName): \(id) across the axis is \(actual), expected (\(position), \(length))"
          )
        }
        #expect(LayoutDiagnostics.recentIssues.isEmpty, "\(LayoutDiagnostics.recentIssues)")
      }
    }
    return
  }

  let scene = try FixtureScene(fixture)
  scene.window.layoutIfNeeded()
  var expectedIssues = 0
  for words in fixture.expectations {
    if words[0] == "expect-issues" {
      expectedIssues = Int(words[1])!
      continue
    }
    let view = try #require(scene.views[words[1]], "\(fixture.name): no view \(words[1])")
    let n = words.dropFirst(2).map { Double($0)! }
    switch words[0] {
    case "expect", "expect-window":
      let frame = words[0] == "expect" ? view.frame : view.convert(view.bounds, to: nil)
      let expected = Rect(x: n[0], y: n[1], width: n[2], height: n[3])
      #expect(
        approximatelyEqual(frame.minX, n[0]) && approximatelyEqual(frame.minY, n[1])
          && approximatelyEqual(frame.width, n[2]) && approximatelyEqual(frame.height, n[3]),
        "\(fixture.name): \(words[1]) is \(frame), expected \(expected)")
    case "expect-content":
      let size = try #require(view as? ScrollView).contentSize
      #expect(size == Size(width: n[0], height: n[1]), "\(fixture.name): content \(size)")
    case "expect-safearea":
      let insets = view.safeAreaInsets
      #expect(
        insets == EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3]),
        "\(fixture.name): \(words[1]) safe area \(insets)")
    case "expect-margins":
      let insets = view.effectiveLayoutMargins
      #expect(
        insets == EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3]),
        "\(fixture.name): \(words[1]) margins \(insets)")
    default:
      Issue.record("\(fixture.name): unknown expectation \(words[0])")
    }
  }
  #expect(
    LayoutDiagnostics.recentIssues.count == expectedIssues,
    "\(fixture.name): issues \(LayoutDiagnostics.recentIssues)")
}

@Test func fixturesAreFound() {
  #expect(LayoutFixtureLoader.all().count >= 10)
}
