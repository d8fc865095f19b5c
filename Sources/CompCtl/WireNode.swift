import JSONRPC

/// One node of a scene's layout tree as `scene.layout` sends it (docs/protocol.md, "Nodes"),
/// read leniently: a missing member takes an empty or zero value so that compctl can still
/// show what it got.
struct WireNode: Equatable {
  /// A rectangle in points.
  struct Frame: Equatable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
  }

  /// The stable node id, e.g. `n7`.
  var id: String
  /// `view`, `label`, `button`, … or a plugin-defined type.
  var type: String
  /// The view's accessibility identifier, when the component set one.
  var key: String?
  /// The frame in the parent's coordinate space (a scroll view's content space for the
  /// children of a `scroll` or `table` node).
  var frame: Frame
  /// The type's props (only what differs from the defaults).
  var props: JSONObject
  /// The subviews, back to front.
  var children: [WireNode]

  /// Reads `json`; `nil` when it is not an object. Children that are not objects are
  /// skipped.
  init?(_ json: JSON) {
    guard case .object(let object) = json else { return nil }
    id = object["id"].map { $0.stringValue ?? $0.serialized() } ?? "?"
    type = object["type"]?.stringValue ?? "?"
    key = object["key"]?.stringValue
    let frame = object["frame"]
    self.frame = Frame(
      x: frame?["x"]?.doubleValue ?? 0, y: frame?["y"]?.doubleValue ?? 0,
      width: frame?["width"]?.doubleValue ?? 0, height: frame?["height"]?.doubleValue ?? 0)
    props = object["props"]?.objectValue ?? JSONObject()
    children = object["children"]?.arrayValue?.compactMap(WireNode.init) ?? []
  }

  /// How many nodes the subtree has, this one included.
  var nodeCount: Int { children.reduce(1) { $0 + $1.nodeCount } }

  /// Whether nothing of the node itself shows: a stack, or a plain view without background
  /// or border (UIKit draws neither; only their content shows).
  var isInvisibleContainer: Bool {
    type == "stack"
      || (type == "view" && props["backgroundColor"] == nil && props["borderWidth"] == nil)
  }

  /// Whether `props.hidden` is `true`.
  var isHidden: Bool { props["hidden"]?.boolValue == true }

  /// Whether the node is a scroll view (`scroll`, or `table`, which has its props): its
  /// children are in its content space and clipped to its bounds.
  var scrollsContent: Bool { type == "scroll" || type == "table" || type == "collection" }

  /// A scroll view's `props.contentOffset`, else zero.
  var contentOffset: (x: Double, y: Double) {
    guard scrollsContent, let offset = props["contentOffset"] else { return (0, 0) }
    return (offset["x"]?.doubleValue ?? 0, offset["y"]?.doubleValue ?? 0)
  }

  /// The text a person sees in the node: a label's `text`, a button's `title`, a text
  /// field's text (bullets for a secure one) or else its placeholder; any other node's
  /// `text` or `title` prop, but none for a navigation bar or tab bar, whose child nodes
  /// show their titles. Line breaks become spaces.
  var visibleText: String? {
    let text: String?
    if type == "textField" {
      if props["secure"]?.boolValue == true,
        let length = props["textLength"]?.intValue, length > 0
      {
        text = String(repeating: "•", count: Int(min(length, 10_000)))
      } else if let value = props["text"]?.stringValue, !value.isEmpty {
        text = value
      } else {
        text = props["placeholder"]?.stringValue
      }
    } else if type == "picker" {
      // The selected row of each wheel.
      text = (props["components"]?.arrayValue ?? []).compactMap { component -> String? in
        guard let row = component["selected"]?.intValue, row >= 0,
          let rows = component["rows"]?.arrayValue, row < rows.count
        else { return nil }
        return rows[Int(row)].stringValue
      }.joined(separator: " · ")
    } else if type == "navigationBar" || type == "tabBar" {
      // Their title and tab titles are drawn by their child nodes.
      text = nil
    } else if type == "button" {
      // A bar item with an image and no title shows the image's glyph.
      text = BarGlyphs.label(of: self)
    } else {
      text = props["text"]?.stringValue ?? props["title"]?.stringValue
    }
    guard let text, !text.isEmpty else { return nil }
    return String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
  }
}
