import JSONRPC

/// A node's accessibility as a client derives it (docs/protocol.md, "Accessibility"): its
/// type's default from its props, with the node's `a11y` members over it. This is compctl's
/// one copy of the per-type table.
struct NodeAccessibility: Equatable {
  var element = false
  var label: String?
  var value: String?
  var hint: String?
  var traits: [String] = []
  var hidden = false
  var modal = false
  var group = false
  var language: String?
  var actions: [String] = []
  var order: [String]?

  /// The node types under which a cell is no element (its content is read element by
  /// element, so that the control stays operable).
  static let controlTypes: Set<String> = [
    "button", "switch", "textField", "slider", "stepper", "segmentedControl", "pageControl",
    "datePicker", "searchBar",
  ]

  /// The node's accessibility: its type's default, then its `a11y` members. A cell's
  /// default label combines the labels of `content`, the elements below it in reading order.
  init(_ node: WireNode, content: () -> [AccessibilityItem] = { [] }) {
    let props = node.props
    let enabled = props["enabled"]?.boolValue ?? true
    func state(_ own: [String]) -> [String] {
      var traits = own
      if props["selected"]?.boolValue == true { traits.append("selected") }
      if !enabled { traits.append("notEnabled") }
      return traits
    }
    func nonEmpty(_ name: String) -> String? {
      guard let text = props[name]?.stringValue, !text.isEmpty else { return nil }
      return text
    }
    func percentage(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded()))%" }
    switch node.type {
    case "label":
      element = true
      label = props["text"]?.stringValue
      traits = state(["staticText"])
    case "button":
      element = true
      label = nonEmpty("title") ?? props["image"]?["name"]?.stringValue
      traits = state(["button"])
    case "switch":
      element = true
      value = props["on"]?.boolValue == true ? "1" : "0"
      traits = state(["button"])
    case "textField":
      element = true
      label = props["placeholder"]?.stringValue
      if props["secure"]?.boolValue == true {
        let count = Int(min(props["textLength"]?.intValue ?? 0, 10_000))
        value = count > 0 ? String(repeating: "•", count: count) : nil
      } else {
        value = nonEmpty("text")
      }
      traits = state([])
    case "textView":
      element = true
      value = nonEmpty("text")
    case "searchBar":
      element = true
      label = props["placeholder"]?.stringValue
      value = nonEmpty("text")
      traits = ["searchField"]
    case "slider":
      let current = props["value"]?.doubleValue ?? 0
      let minimum = props["minimumValue"]?.doubleValue ?? 0
      let maximum = props["maximumValue"]?.doubleValue ?? 1
      element = true
      value = percentage(maximum > minimum ? (current - minimum) / (maximum - minimum) : 0)
      traits = state(["adjustable"])
    case "stepper":
      let current = props["value"]?.doubleValue ?? 0
      element = true
      value =
        current.rounded() == current && abs(current) < 1e15
        ? String(Int64(current)) : String(current)
      traits = state(["adjustable"])
    case "pageControl":
      element = true
      let page = props["currentPage"]?.intValue ?? 0
      value = "page \(page + 1) of \(props["numberOfPages"]?.intValue ?? 0)"
      traits = state(["adjustable"])
    case "progress":
      element = true
      value = percentage(props["progress"]?.doubleValue ?? 0)
      traits = ["updatesFrequently"]
    case "activityIndicator":
      element = true
      label = props["animating"]?.boolValue == true ? "In progress" : "Progress halted"
      traits = ["updatesFrequently"]
    case "datePicker":
      element = true
      traits = state([])
    case "image":
      traits = ["image"]
    case "cell":
      element = !Self.holdsControl(node)
      let labels = element ? content().compactMap(\.accessibility.label).filter { !$0.isEmpty } : []
      label = labels.isEmpty ? nil : labels.joined(separator: ", ")
      if props["selected"]?.boolValue == true { traits = ["selected"] }
    case "tabBar":
      traits = ["tabBar"]
    default:
      break
    }
    modal = props["presentation"] != nil
    guard let a11y = props["a11y"]?.objectValue else { return }
    if let flag = a11y["element"]?.boolValue { element = flag }
    if let text = a11y["label"]?.stringValue { label = text.isEmpty ? nil : text }
    if let text = a11y["value"]?.stringValue { value = text.isEmpty ? nil : text }
    if let text = a11y["hint"]?.stringValue { hint = text }
    if let names = a11y["traits"]?.arrayValue { traits = names.compactMap(\.stringValue) }
    if a11y["hidden"]?.boolValue == true { hidden = true }
    if let flag = a11y["modal"]?.boolValue { modal = flag }
    if a11y["group"]?.boolValue == true { group = true }
    language = a11y["language"]?.stringValue
    actions = a11y["actions"]?.arrayValue?.compactMap(\.stringValue) ?? []
    order = a11y["order"]?.arrayValue?.compactMap(\.stringValue)
  }

  /// An element that is no node: a segment of a segmented control.
  init(label: String?, traits: [String]) {
    element = true
    self.label = label
    self.traits = traits
  }

  /// Whether a shown node of a control type is below `node`.
  static func holdsControl(_ node: WireNode) -> Bool {
    node.children.contains { child in
      !child.isHidden && (controlTypes.contains(child.type) || holdsControl(child))
    }
  }
}

/// One thing a screen reader reads: an element node, or a segment of a segmented control.
struct AccessibilityItem {
  /// The node (the segmented control for a segment).
  var node: WireNode
  /// The segment's index, for a segment.
  var segment: Int?
  /// What it reads.
  var accessibility: NodeAccessibility
  /// Its frame in root coordinates.
  var frame: WireNode.Frame
  /// The ids of the nodes above it, root first.
  var ancestors: [String]
}

/// The reading order of a scene's tree, as docs/protocol.md ("Accessibility") defines it
/// and ScreenKit's `View.accessibilityReadingOrder` computes it.
enum AccessibilityReadingOrder {
  /// Tops less than this many points apart (or half the line's first element's height, if
  /// more) are on one line.
  static let lineTolerance = 8.0

  /// The elements under `root` in reading order.
  static func items(root: WireNode) -> [AccessibilityItem] {
    collect(root, x: 0, y: 0, ancestors: []).items
  }

  private typealias Unit = (frame: WireNode.Frame, items: [AccessibilityItem])

  /// The items of `node` (at `x`, `y` in root coordinates, below `ancestors`) and whether
  /// it is or holds a modal node.
  private static func collect(_ node: WireNode, x: Double, y: Double, ancestors: [String])
    -> (items: [AccessibilityItem], modal: Bool)
  {
    let frame = WireNode.Frame(x: x, y: y, width: node.frame.width, height: node.frame.height)
    let alpha = node.props["alpha"]?.doubleValue ?? 1
    let content = { contentUnits(node, frame: frame, ancestors: ancestors).items }
    let accessibility = NodeAccessibility(node, content: content)
    if node.isHidden || alpha < 0.01 || accessibility.hidden { return ([], false) }
    if accessibility.element {
      return (
        [
          AccessibilityItem(
            node: node, accessibility: accessibility, frame: frame, ancestors: ancestors)
        ],
        accessibility.modal
      )
    }
    let (items, holdsModal) = contentUnits(node, frame: frame, ancestors: ancestors)
    return (items, accessibility.modal || holdsModal)
  }

  /// The items of `node`'s children (or segments), as if it were no element.
  private static func contentUnits(
    _ node: WireNode, frame: WireNode.Frame, ancestors: [String]
  ) -> (items: [AccessibilityItem], modal: Bool) {
    let inner = ancestors + [node.id]
    if node.type == "segmentedControl" {
      return (segments(node, frame: frame, ancestors: inner), false)
    }
    let offset = node.contentOffset
    func childUnits(_ child: WireNode) -> (items: [AccessibilityItem], modal: Bool) {
      collect(
        child, x: frame.x + child.frame.x - offset.x, y: frame.y + child.frame.y - offset.y,
        ancestors: inner)
    }
    let order = node.props["a11y"]?["order"]?.arrayValue?.compactMap(\.stringValue)
    if let order {
      var items: [AccessibilityItem] = []
      for id in order {
        if let child = node.children.first(where: { $0.id == id }) {
          items += childUnits(child).items
        }
      }
      return (items, false)
    }
    var units: [Unit] = []
    var modalUnits: [Unit]?
    for child in node.children {
      let (items, holdsModal) = childUnits(child)
      if items.isEmpty && !holdsModal { continue }
      let a11y = child.props["a11y"]
      let grouped = a11y?["group"]?.boolValue == true || a11y?["order"] != nil
      let childFrame = WireNode.Frame(
        x: frame.x + child.frame.x - offset.x, y: frame.y + child.frame.y - offset.y,
        width: child.frame.width, height: child.frame.height)
      let entries: [Unit] = grouped ? [(childFrame, items)] : items.map { ($0.frame, [$0]) }
      if holdsModal {
        modalUnits = entries
      } else if modalUnits == nil {
        units += entries
      }
    }
    if let modalUnits { return (sorted(modalUnits).flatMap(\.items), true) }
    return (sorted(units).flatMap(\.items), false)
  }

  /// A segmented control's segments as elements, each over its width.
  private static func segments(_ node: WireNode, frame: WireNode.Frame, ancestors: [String])
    -> [AccessibilityItem]
  {
    let selected = node.props["selectedSegmentIndex"]?.intValue ?? -1
    let enabled = node.props["enabled"]?.boolValue ?? true
    var start = frame.x
    var items: [AccessibilityItem] = []
    for (index, segment) in (node.props["segments"]?.arrayValue ?? []).enumerated() {
      let width = segment["width"]?.doubleValue ?? 0
      var traits = ["button"]
      if Int64(index) == selected { traits.append("selected") }
      if !enabled || segment["enabled"]?.boolValue == false { traits.append("notEnabled") }
      items.append(
        AccessibilityItem(
          node: node, segment: index,
          accessibility: NodeAccessibility(label: segment["title"]?.stringValue, traits: traits),
          frame: WireNode.Frame(x: start, y: frame.y, width: width, height: frame.height),
          ancestors: ancestors))
      start += width
    }
    return items
  }

  /// `units` in lines from top to bottom, each line left to right; ties keep tree order.
  private static func sorted(_ units: [Unit]) -> [Unit] {
    if units.count < 2 { return units }
    let byTop = units.enumerated().sorted { a, b in
      a.element.frame.y != b.element.frame.y
        ? a.element.frame.y < b.element.frame.y : a.offset < b.offset
    }
    var result: [Unit] = []
    var line: [(offset: Int, element: Unit)] = []
    func flush() {
      result += line.sorted { a, b in
        a.element.frame.x != b.element.frame.x
          ? a.element.frame.x < b.element.frame.x : a.offset < b.offset
      }.map(\.element)
      line = []
    }
    for unit in byTop {
      if let first = line.first,
        unit.element.frame.y - first.element.frame.y
          >= max(lineTolerance, first.element.frame.height / 2)
      {
        flush()
      }
      line.append(unit)
    }
    flush()
    return result
  }
}
