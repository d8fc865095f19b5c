/// A JSON value kept as the text it was written in: one process relays what another wrote
/// without building its tree and writing it again.
///
/// The text is always one well-formed JSON value (its initializers check it or write it),
/// so splicing it into a message keeps the message well-formed.
public struct RawJSON: Sendable, Hashable {
  /// The value's UTF-8 JSON text.
  public let bytes: [UInt8]

  /// The text of `value`, as `JSON.serialize(into:)` writes it.
  public init(_ value: JSON) {
    bytes = value.serializedBytes()
  }

  /// `bytes` when they hold one JSON value (whitespace around it allowed); the parser's
  /// error otherwise.
  public init(validating bytes: [UInt8], limits: JSONParser.Limits = .init()) throws(JSONParseError)
  {
    _ = try JSONParser.parse(bytes, limits: limits)
    self.bytes = bytes
  }

  /// Text the reader already checked as one value.
  init(checked bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The value's tree, for the rare reader that needs to look inside.
  public func parsed(limits: JSONParser.Limits = .init(maxDepth: 512, maxBytes: .max))
    throws(JSONParseError) -> JSON
  {
    try JSONParser.parse(bytes, limits: limits)
  }

  /// The elements of an array, each as its text; `nil` when the value is not an array.
  public var elements: [RawJSON]? {
    if isEmptyArray { return [] }
    let ranges = bytes.withUnsafeBytes { JSONTreeReader.arrayElements($0) }
    if let ranges { return ranges.map { RawJSON(checked: Array(bytes[$0])) } }
    // Text the fast reader does not take (huge numbers, say) is split by the parse.
    guard case .array(let values) = try? parsed() else { return nil }
    return values.map(RawJSON.init)
  }

  /// Whether the value is an empty array, `[]` (as `JSON.serialize` writes it).
  public var isEmptyArray: Bool {
    bytes.count == 2 && bytes[0] == UInt8(ascii: "[") && bytes[1] == UInt8(ascii: "]")
  }

  /// Whether the value is an object (its text opens with `{`).
  public var isObject: Bool {
    bytes.first { !JSONText.isWhitespace($0) } == UInt8(ascii: "{")
  }

  /// Whether the value is `null`.
  public var isNull: Bool {
    bytes.count == 4 && bytes[0] == UInt8(ascii: "n") && bytes[1] == UInt8(ascii: "u")
      && bytes[2] == UInt8(ascii: "l") && bytes[3] == UInt8(ascii: "l")
  }

  /// The text as a Swift string.
  public var text: String { String(decoding: bytes, as: UTF8.self) }
}
