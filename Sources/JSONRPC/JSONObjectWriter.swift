/// Writes one JSON object member by member into bytes, each member a `JSON` value or a
/// `RawJSON` spliced in as it is: how a message that carries another process's text is
/// put together without parsing that text.
///
/// Member names are written as given; the caller writes each name once. Names written in
/// the source (`StaticString`) are plain ASCII and go in as they are; others (`named:`) are
/// escaped as JSON needs.
public struct JSONObjectWriter: Sendable {
  /// The object's text so far, closing brace included: each member goes in before it, so
  /// that `object` shares these bytes instead of copying them.
  private var buffer: [UInt8]
  private var empty = true

  /// An object with no members yet.
  public init(capacity: Int = 256) {
    buffer = []
    buffer.reserveCapacity(capacity)
    buffer.append(UInt8(ascii: "{"))
    buffer.append(UInt8(ascii: "}"))
  }

  private init(buffer: [UInt8]) {
    self.buffer = buffer
  }

  /// Appends to `bytes` (the text of a message around the object, so far) the object that
  /// `write` writes member by member, in `bytes`' own storage: a message's params or result
  /// go straight into its text instead of being written into bytes of their own and copied.
  static func appendObject(to bytes: inout [UInt8], _ write: (inout JSONObjectWriter) -> Void) {
    // The writer takes the storage, writes the object and hands the storage back.
    var writer = JSONObjectWriter(buffer: [])
    swap(&writer.buffer, &bytes)
    writer.buffer.append(UInt8(ascii: "{"))
    writer.buffer.append(UInt8(ascii: "}"))
    write(&writer)
    swap(&writer.buffer, &bytes)
  }

  /// Appends the member `name`, a name written in the source, with `value`.
  public mutating func append(_ name: StaticString, _ value: JSON) {
    openMember(name)
    value.serialize(into: &buffer)
    buffer.append(UInt8(ascii: "}"))
  }

  /// Appends the member `name`, a name written in the source, with the text of `value`.
  public mutating func append(_ name: StaticString, _ value: RawJSON) {
    openMember(name)
    buffer.append(contentsOf: value.bytes)
    buffer.append(UInt8(ascii: "}"))
  }

  /// Appends the member `name` (escaped as needed) with `value`.
  public mutating func append(named name: String, _ value: JSON) {
    openMember(named: name)
    value.serialize(into: &buffer)
    buffer.append(UInt8(ascii: "}"))
  }

  /// Appends the member `name` (escaped as needed) with the text of `value`.
  public mutating func append(named name: String, _ value: RawJSON) {
    openMember(named: name)
    buffer.append(contentsOf: value.bytes)
    buffer.append(UInt8(ascii: "}"))
  }

  /// Appends every member of `object`, in its order.
  public mutating func append(contentsOf object: JSONObject) {
    for (name, value) in object { append(named: name, value) }
  }

  /// Appends every member of `members`, each value's text as it is, in their order.
  public mutating func append(contentsOf members: RawJSONMembers) {
    for (name, value) in members { append(named: name, value) }
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
    beginMember()
    buffer.append(contentsOf: bytes[first...last])
    buffer.append(UInt8(ascii: "}"))
  }

  /// Takes the closing brace off, and writes the comma when a member is there already.
  private mutating func beginMember() {
    buffer.removeLast()
    if !empty { buffer.append(UInt8(ascii: ",")) }
    empty = false
  }

  /// Begins a member and writes `name`, escaped, and its colon.
  private mutating func openMember(named name: String) {
    beginMember()
    JSONText.appendQuotedName(name, to: &buffer)
    buffer.append(UInt8(ascii: ":"))
  }

  /// Begins a member and writes `name` and its colon: a name from the source is plain
  /// ASCII, written as it is without a pass over it for escapes.
  private mutating func openMember(_ name: StaticString) {
    assert(
      name.withUTF8Buffer {
        $0.allSatisfy { (0x20..<0x7F).contains($0) && $0 != 0x22 && $0 != 0x5C }
      },
      "a member name in the source needs no escape")
    beginMember()
    buffer.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { buffer.append(contentsOf: $0) }
    buffer.append(UInt8(ascii: "\""))
    buffer.append(UInt8(ascii: ":"))
  }

  /// The object's text.
  public var object: RawJSON { RawJSON(checked: buffer) }
}
