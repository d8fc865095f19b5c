import ArgumentParser
import JSONRPC

/// `compctl a11y SCENE`: what a screen reader reads, in reading order.
struct A11yCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "a11y",
    abstract: "Show what a screen reader reads in a scene, in reading order.",
    discussion: """
      One element per line in the order a screen reader (and Tab) visits them: its
      traits (or its node type when it has none), "label", value, hint, custom actions,
      and its node id. Elements are indented under the containers they are read in:
      lists, rows whose controls are read one by one, bars, segmented controls, groups
      and modal views. The accessibility of each node is derived from its type and props
      with the table of docs/protocol.md ("Accessibility"), then its a11y prop.
      """)

  @OptionGroup var options: ClientOptions

  @OptionGroup var sceneArgument: SceneArgument
  var scene: String { sceneArgument.scene }

  func run() throws {
    let result = try options.call(method: "scene.layout", params: ["scene": .string(scene)])
    guard let root = WireNode(result["root"] ?? .null) else {
      throw ValidationError("compd sent no tree for \(scene)")
    }
    let items = AccessibilityReadingOrder.items(root: root)
    if options.json {
      print(JSON.array(items.map(A11yText.json)).serialized())
      return
    }
    print("\(result["scene"]?.stringValue ?? scene) \(revisionLabel(result["revision"]))")
    print(A11yText.render(items, root: root), terminator: "")
  }
}

/// The text and JSON forms of a reading order.
enum A11yText {
  /// One line per element, indented under the containers it is read in; a container's
  /// line comes before its first element (again, should its elements be read apart).
  static func render(_ items: [AccessibilityItem], root: WireNode) -> String {
    var nodes: [String: WireNode] = [:]
    func index(_ node: WireNode) {
      nodes[node.id] = node
      node.children.forEach(index)
    }
    index(root)
    var output = ""
    var open: [String] = []
    for item in items {
      let containers = item.ancestors.filter { id in nodes[id].flatMap(heading) != nil }
      var common = 0
      while common < open.count, common < containers.count, open[common] == containers[common] {
        common += 1
      }
      open = Array(open.prefix(common))
      for id in containers.dropFirst(common) {
        let indent = String(repeating: "  ", count: open.count + 1)
        output += indent + (nodes[id].flatMap(heading) ?? "") + "\n"
        open.append(id)
      }
      output += String(repeating: "  ", count: open.count + 1) + line(item) + "\n"
    }
    if items.isEmpty { output += "  (no elements)\n" }
    return output
  }

  /// A container's heading, or `nil` for a node that is no container worth a line.
  static func heading(_ node: WireNode) -> String? {
    let a11y = NodeAccessibility(node)
    var words: [String] = []
    switch node.type {
    case "table", "collection": words.append("list")
    case "cell": if !a11y.element { words.append("row") }
    case "segmentedControl", "navigationBar", "tabBar", "toolbar": words.append(node.type)
    default: break
    }
    if a11y.modal {
      words.append(node.props["presentation"]?.stringValue.map { "modal \($0)" } ?? "modal")
    }
    if a11y.group || a11y.order != nil { words.append("group") }
    guard !words.isEmpty else { return nil }
    if let label = a11y.label, !a11y.element { words.append(quoted(label)) }
    return words.joined(separator: " ") + " [\(node.id)]"
  }

  /// `traits "label" = value (hint) {actions} [id]`.
  static func line(_ item: AccessibilityItem) -> String {
    let a11y = item.accessibility
    var words = [a11y.traits.isEmpty ? item.node.type : a11y.traits.joined(separator: ",")]
    if !a11y.traits.isEmpty, !["label", "button", "cell"].contains(item.node.type),
      item.segment == nil
    {
      words.append("(\(item.node.type))")
    }
    words.append(a11y.label.map(quoted) ?? "(no label)")
    if let value = a11y.value { words.append("= \(quoted(value))") }
    if let hint = a11y.hint { words.append("hint \(quoted(hint))") }
    if !a11y.actions.isEmpty {
      words.append("actions " + a11y.actions.map(quoted).joined(separator: ", "))
    }
    if let language = a11y.language { words.append("lang \(language)") }
    let id = item.segment.map { "\(item.node.id)#\($0)" } ?? item.node.id
    return words.joined(separator: " ") + " [\(id)]"
  }

  static func quoted(_ text: String) -> String {
    "\"" + String(text.map { $0.isNewline ? " " : $0 }) + "\""
  }

  /// `{id, segment?, type, traits, label?, value?, hint?, actions?, language?, containers}`.
  static func json(_ item: AccessibilityItem) -> JSON {
    let a11y = item.accessibility
    var object: JSONObject = ["id": .string(item.node.id)]
    if let segment = item.segment { object["segment"] = .int(Int64(segment)) }
    object["type"] = .string(item.node.type)
    object["traits"] = .array(a11y.traits.map(JSON.string))
    if let label = a11y.label { object["label"] = .string(label) }
    if let value = a11y.value { object["value"] = .string(value) }
    if let hint = a11y.hint { object["hint"] = .string(hint) }
    if !a11y.actions.isEmpty { object["actions"] = .array(a11y.actions.map(JSON.string)) }
    if let language = a11y.language { object["language"] = .string(language) }
    object["frame"] = [
      "x": .double(item.frame.x), "y": .double(item.frame.y), "width": .double(item.frame.width),
      "height": .double(item.frame.height),
    ]
    object["ancestors"] = .array(item.ancestors.map(JSON.string))
    return .object(object)
  }
}

/// `compctl watch`'s line for `scene.announcement`: the kind, the text, the node.
enum AnnouncementText {
  /// `announcement "Saved"`, `layoutChanged → n7`.
  static func line(_ params: JSON) -> String {
    var line = params["kind"]?.stringValue ?? "announcement"
    if let text = params["text"]?.stringValue { line += " " + A11yText.quoted(text) }
    if let node = params["node"]?.stringValue { line += " → \(node)" }
    return line
  }
}
