/// Writes one JSON object member by member into bytes, each member a `JSON` value or a
/// `RawJSON` spliced in as it is: how a message that carries another process's text is
/// put together without parsing that text.
///
/// Member names are written as given; the caller writes each name once.
public struct JSONObjectWriter: Sendable {
  private var buffer: [UInt8]
  private var empty = true

  /// An object with no members yet.
  public init(capacity: Int = 256) {
    buffer = []
    buffer.reserveCapacity(capacity)
    buffer.append(UInt8(ascii: "{"))
  }

  /// Appends the member `name` with `value`.
  public mutating func append(_ name: String, _ value: JSON) {
    appendName(name)
    value.serialize(into: &buffer)
  }

  /// Appends the member `name` with the text of `value`.
  public mutating func append(_ name: String, _ value: RawJSON) {
    appendName(name)
    buffer.append(contentsOf: value.bytes)
  }

  /// Appends every member of `object`, in its order.
  public mutating func append(contentsOf object: JSONObject) {
    for (name, value) in object { append(name, value) }
  }

  /// Appends every member of the object whose text is `object`, as they are, in its order;
  /// the caller makes sure none has a name written already. Text that is not an object adds
  /// nothing.
  public mutating func append(membersOf object: RawJSON) {
    let bytes = object.bytes
    let isText = { !JSONText.isWhitespace($0) }
    guard object.isObject, let open = bytes.firstIndex(where: isText),
      let close = bytes.lastIndex(where: isText),
      let first = bytes[(open + 1)..<close].firstIndex(where: isText),
      let last = bytes[first..<close].lastIndex(where: isText)
    else { return }
    if !empty { buffer.append(UInt8(ascii: ",")) }
    empty = false
    buffer.append(contentsOf: bytes[first...last])
  }

  private mutating func appendName(_ name: String) {
    if !empty { buffer.append(UInt8(ascii: ",")) }
    empty = false
    JSONText.appendQuotedName(name, to: &buffer)
    buffer.append(UInt8(ascii: ":"))
  }

  /// The object's text. The writer's last use hands its buffer over without a copy.
  public var object: RawJSON {
    consuming get {
      buffer.append(UInt8(ascii: "}"))
      return RawJSON(checked: buffer)
    }
  }
}
