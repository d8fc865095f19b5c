extension JSON {
  /// The compact, single-line JSON text of this value.
  ///
  /// The text is byte for byte what json-c 0.16 prints for the same value with
  /// `JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE` (json-c stays the parser and
  /// the reference the tests compare against):
  /// - Object members keep their insertion order. A member name containing U+0000 is cut
  ///   short at it, as json-c keeps names as C strings (the parser never produces such names;
  ///   it rejects them).
  /// - In strings, `"` and `\` are escaped, as are backspace, form feed, newline, carriage
  ///   return and tab (`\b` `\f` `\n` `\r` `\t`); every other character below U+0020 is
  ///   written `\u00xx` with lowercase hex digits; `/`, DEL and all non-ASCII characters are
  ///   written as they are (UTF-8).
  /// - Doubles are written in their shortest round-trip form, Swift's `description`
  ///   (`0.1`, `1.0`, `-0.0`, `1e+20`); a non-finite double, which JSON cannot express, is
  ///   written as `null`. Integers are written in decimal.
  public func serialized() -> String {
    String(decoding: serializedBytes(), as: UTF8.self)
  }

  /// The UTF-8 bytes of `serialized()`.
  public func serializedBytes() -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(256)
    serialize(into: &bytes)
    return bytes
  }

  /// Appends the UTF-8 bytes of `serialized()` to `bytes`.
  public func serialize(into bytes: inout [UInt8]) {
    switch self {
    case .null:
      bytes.append(contentsOf: JSONText.null)
    case .bool(let value):
      bytes.append(contentsOf: value ? JSONText.true : JSONText.false)
    case .int(let value):
      JSONText.appendDecimal(value, to: &bytes)
    case .double(let value):
      guard value.isFinite else {
        bytes.append(contentsOf: JSONText.null)
        return
      }
      JSONText.appendUTF8(of: value.description, to: &bytes)
    case .string(let value):
      JSONText.appendQuoted(value, to: &bytes)
    case .array(let elements):
      bytes.append(UInt8(ascii: "["))
      var first = true
      for element in elements {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        element.serialize(into: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      bytes.append(UInt8(ascii: "{"))
      var first = true
      for (key, value) in members {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        JSONText.appendQuotedName(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        value.serialize(into: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }
}

/// The pieces of JSON text `JSON.serialize(into:)` writes.
enum JSONText {
  /// Whether `byte` is whitespace between JSON tokens (RFC 8259: space, tab, LF, CR).
  @inline(__always)
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  static let null: StaticString = "null"
  static let `true`: StaticString = "true"
  static let `false`: StaticString = "false"

  /// The letter after `\` in the two-character escape of `byte`, 0 when json-c writes it
  /// `\u00xx`; only called for bytes below U+0020, `"` and `\`.
  static func escapeLetter(_ byte: UInt8) -> UInt8 {
    switch byte {
    case 0x08: return UInt8(ascii: "b")
    case 0x09: return UInt8(ascii: "t")
    case 0x0A: return UInt8(ascii: "n")
    case 0x0C: return UInt8(ascii: "f")
    case 0x0D: return UInt8(ascii: "r")
    case 0x22, 0x5C: return byte
    default: return 0
    }
  }

  static let hexDigits: StaticString = "0123456789abcdef"

  static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    if magnitude < 10 {
      bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
      return
    }
    // 20 digits hold UInt64.max; the digits are written from the end.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = 20
      while magnitude > 0 {
        start -= 1
        digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
    }
  }

  static func appendUTF8(of text: String, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// Appends `"text"` with the escapes json-c writes.
  static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { appendQuoted($0, to: &bytes) }
  }

  /// Appends a member name: as `appendQuoted`, cut short at the first U+0000.
  static func appendQuotedName(_ name: String, to bytes: inout [UInt8]) {
    var name = name
    name.withUTF8 { utf8 in
      if let end = utf8.firstIndex(of: 0) {
        appendQuoted(UnsafeBufferPointer(rebasing: utf8[..<end]), to: &bytes)
      } else {
        appendQuoted(utf8, to: &bytes)
      }
    }
  }

  static func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    // Runs of bytes written as they are go in one append.
    var runStart = 0
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      guard byte < 0x20 || byte == 0x22 || byte == 0x5C else {
        index += 1
        continue
      }
      if index > runStart {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
      }
      bytes.append(UInt8(ascii: "\\"))
      let letter = escapeLetter(byte)
      if letter == 0 {
        bytes.append(UInt8(ascii: "u"))
        bytes.append(UInt8(ascii: "0"))
        bytes.append(UInt8(ascii: "0"))
        hexDigits.withUTF8Buffer { hex in
          bytes.append(hex[Int(byte >> 4)])
          bytes.append(hex[Int(byte & 0xF)])
        }
      } else {
        bytes.append(letter)
      }
      index += 1
      runStart = index
    }
    if index > runStart {
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
    }
    bytes.append(UInt8(ascii: "\""))
  }
}

extension Array where Element == UInt8 {
  /// Appends the UTF-8 bytes of `text`.
  mutating func append(contentsOf text: StaticString) {
    text.withUTF8Buffer { append(contentsOf: $0) }
  }
}
