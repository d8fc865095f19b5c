import JSONRPC

/// Indented JSON for people (json-c writes the compact wire form; scalars reuse it so that
/// escaping matches).
enum JSONFormatter {
  static func pretty(_ value: JSON, indent: String = "") -> String {
    let inner = indent + "  "
    switch value {
    case .array(let elements) where !elements.isEmpty:
      let items = elements.map { inner + pretty($0, indent: inner) }
      return "[\n" + items.joined(separator: ",\n") + "\n" + indent + "]"
    case .object(let object) where !object.isEmpty:
      let items = object.map { member in
        inner + JSON.string(member.key).serialized() + ": " + pretty(member.value, indent: inner)
      }
      return "{\n" + items.joined(separator: ",\n") + "\n" + indent + "}"
    default:
      return value.serialized()
    }
  }
}
