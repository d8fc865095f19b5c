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
    return bytes.withUnsafeBytes { text in
      Self.elementRanges(ofArray: text)?.map { RawJSON(checked: Array(text[$0])) }
    }
  }

  /// Where each element of `text`, one well-formed value, is when it is an array; `nil`
  /// when it is not. The text was checked when it was made, so its elements are found by
  /// its tokens alone: a comma or the closing bracket, outside any string, one level in.
  private static func elementRanges(ofArray text: UnsafeRawBufferPointer) -> [Range<Int>]? {
    guard let open = text.firstIndex(where: { !JSONText.isWhitespace($0) }),
      text[open] == UInt8(ascii: "[")
    else { return nil }
    var ranges: [Range<Int>] = []
    var depth = 0
    var start: Int?
    var end = 0
    var index = open + 1
    while index < text.count {
      let byte = text[index]
      switch byte {
      case UInt8(ascii: "\""):
        // Over the string: an escape's backslash takes the byte after it along.
        if start == nil { start = index }
        index += 1
        while text[index] != UInt8(ascii: "\"") {
          index += text[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        end = index + 1
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        if start == nil { start = index }
        depth += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        if depth == 0 {
          if let start { ranges.append(start..<end) }
          return ranges
        }
        depth -= 1
        end = index + 1
      case UInt8(ascii: ",") where depth == 0:
        if let start { ranges.append(start..<end) }
        start = nil
      default:
        if !JSONText.isWhitespace(byte) {
          if start == nil { start = index }
          end = index + 1
        }
      }
      index += 1
    }
    return nil
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
