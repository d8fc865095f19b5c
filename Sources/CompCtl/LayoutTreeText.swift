import JSONRPC

/// `compctl layout`'s human output: the layout tree indented, one node per line.
///
/// A line is the node's type, its key in quotes (when it has one), its id, its frame as
/// `(x, y, w×h)` in the parent's coordinates, then a short summary of what it shows:
///
///     view n1 (0, 0, 390×844)
///       label "title" n2 (16, 63, 358×24) text "Welcome"
///       textField "password" n4 (16, 143, 358×34) secure, 4 chars
///       button "login" n5 (16, 193, 358×40) title "Login"
enum LayoutTreeText {
  /// The longest text or title quoted in a summary, in characters.
  static let maximumQuoted = 40

  /// The tree under `root` (a node object), or `(no layout)` when it is not one.
  static func render(root: JSON) -> String {
    guard let node = WireNode(root) else { return "(no layout)" }
    var lines: [String] = []
    append(node, depth: 0, to: &lines)
    return lines.joined(separator: "\n")
  }

  /// The one-line description of `node`, without indentation.
  static func line(for node: WireNode) -> String {
    var parts = [node.type]
    if let key = node.key { parts.append(quoted(key, limit: maximumQuoted)) }
    parts.append(node.id)
    let frame = node.frame
    parts.append(
      "(\(formatNumber(frame.x)), \(formatNumber(frame.y)), "
        + "\(formatNumber(frame.width))×\(formatNumber(frame.height)))")
    let summary = self.summary(of: node)
    if !summary.isEmpty { parts.append(summary) }
    return parts.joined(separator: " ")
  }

  /// `text "…"`, `title "…"`, `placeholder "…"`, `secure, N chars`, `offset (x, y)`,
  /// a table's `N rows in M sections`, a row's accessory, `selected`, `highlighted` and
  /// `swiped trailing`, `hidden`, joined by commas.
  static func summary(of node: WireNode) -> String {
    var items: [String] = []
    let props = node.props
    if node.type == "textField" {
      if props["secure"]?.boolValue == true {
        let length = props["textLength"]?.intValue ?? 0
        items.append("secure, \(length) char\(length == 1 ? "" : "s")")
      } else if let text = props["text"]?.stringValue, !text.isEmpty {
        items.append("text " + quoted(text, limit: maximumQuoted))
      }
      if let placeholder = props["placeholder"]?.stringValue,
        props["text"]?.stringValue?.isEmpty ?? true, (props["textLength"]?.intValue ?? 0) == 0
      {
        items.append("placeholder " + quoted(placeholder, limit: maximumQuoted))
      }
    } else {
      if let text = props["text"]?.stringValue {
        items.append("text " + quoted(text, limit: maximumQuoted))
      }
      if let title = props["title"]?.stringValue {
        items.append("title " + quoted(title, limit: maximumQuoted))
      }
    }
    let offset = node.contentOffset
    if offset.x != 0 || offset.y != 0 {
      items.append("offset (\(formatNumber(offset.x)), \(formatNumber(offset.y)))")
    }
    if node.type == "table" {
      let rows = props["rowCount"]?.intValue ?? 0
      let sections = props["sectionCount"]?.intValue ?? 0
      items.append(
        "\(rows) row\(rows == 1 ? "" : "s") in \(sections) section\(sections == 1 ? "" : "s")")
    }
    if node.type == "collection" {
      let count = props["itemCount"]?.intValue ?? 0
      let sections = props["sectionCount"]?.intValue ?? 0
      items.append(
        "\(count) item\(count == 1 ? "" : "s") in \(sections) section\(sections == 1 ? "" : "s")")
    }
    if node.type == "cell" {
      if let accessory = props["accessory"]?.stringValue, accessory != "none" {
        items.append(accessory)
      }
      for state in ["selected", "highlighted"] where props[state]?.boolValue == true {
        items.append(state)
      }
      if let edge = props["swiped"]?.stringValue { items.append("swiped \(edge)") }
    }
    items.append(contentsOf: BarGlyphs.layoutSummary(of: node))
    if node.isHidden { items.append("hidden") }
    return items.joined(separator: ", ")
  }

  private static func append(_ node: WireNode, depth: Int, to lines: inout [String]) {
    lines.append(String(repeating: "  ", count: depth) + line(for: node))
    for child in node.children { append(child, depth: depth + 1, to: &lines) }
  }

  /// `text` truncated to `limit` characters, as a JSON string literal.
  static func quoted(_ text: String, limit: Int) -> String {
    JSON.string(truncate(text, to: limit)).serialized()
  }
}
