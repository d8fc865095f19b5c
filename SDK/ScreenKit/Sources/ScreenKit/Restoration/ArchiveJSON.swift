/// The JSON text of restoration archives: a canonical printer and a strict parser over
/// ``ParamValue``, so that ScreenKit stays free of a JSON dependency.
///
/// Canonical form: no whitespace, object members sorted by the UTF-8 bytes of their keys,
/// integers in decimal, doubles in Swift's shortest round-trip form (always with a `.` or an
/// exponent so that they read back as doubles), strings with only `"`, `\` and control
/// characters escaped. Parsing then printing canonical text gives the same text.
enum ArchiveJSON {
  /// How deeply arrays and objects may nest before parsing fails (a guard for the stack).
  static let maximumDepth = 256

  // MARK: Printing

  /// The canonical text of `value`. Non-finite doubles have no JSON form; `Coder` never
  /// stores them, and they print as `null` here.
  static func print(_ value: ParamValue) -> String {
    // Written as bytes and made a string once: appending to a `String` piece by piece
    // costs a capacity check and a copy per piece.
    var output: [UInt8] = []
    output.reserveCapacity(512)
    write(value, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  private static func write(_ value: ParamValue, to output: inout [UInt8]) {
    switch value {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .int(let number): output.append(contentsOf: String(number).utf8)
    case .double(let number): output.append(contentsOf: text(of: number).utf8)
    case .string(let string): writeString(string, to: &output)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        write(element, to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      for (index, member) in sortedMembers(members).enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        writeString(member.key, to: &output)
        output.append(UInt8(ascii: ":"))
        write(member.value, to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// Keys in the order of their UTF-8 bytes (independent of Unicode collation).
  static func sortedKeys(_ members: [String: ParamValue]) -> [String] {
    sortedMembers(members).map(\.key)
  }

  /// Members in the order of their keys' UTF-8 bytes.
  private static func sortedMembers(
    _ members: [String: ParamValue]
  ) -> [(key: String, value: ParamValue)] {
    members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
  }

  private static func text(of number: Double) -> String {
    guard number.isFinite else { return "null" }
    let description = number.description
    if description.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { return description }
    return description + ".0"
  }

  /// `string` quoted, with `"`, `\` and the control characters escaped. They are ASCII, and
  /// no byte of a longer UTF-8 sequence is below 0x80, so the bytes between them are copied
  /// as they are.
  private static func writeString(_ string: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var string = string
    string.withUTF8 { bytes in
      var copiedUpTo = 0
      for (index, byte) in bytes.enumerated()
      where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copiedUpTo..<index]))
        copiedUpTo = index + 1
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\n"): output.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): output.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): output.append(UInt8(ascii: "t"))
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        default:
          output.append(contentsOf: "u00".utf8)
          output.append(hexDigit(byte >> 4))
          output.append(hexDigit(byte & 0x0F))
        }
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copiedUpTo...]))
    }
    output.append(UInt8(ascii: "\""))
  }

  /// The lowercase hexadecimal digit of `value` (0–15).
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  // MARK: Parsing

  /// The value `text` holds; any deviation from RFC 8259 JSON is an error naming the byte
  /// offset. Duplicate object keys are refused (an archive never has them).
  static func parse(_ text: String) throws(RestorationError) -> ParamValue {
    var parser = Parser(bytes: Array(text.utf8))
    parser.skipWhitespace()
    let value = try parser.value(depth: 0)
    parser.skipWhitespace()
    guard parser.position == parser.bytes.count else {
      throw parser.error("unexpected text after the JSON value")
    }
    return value
  }

  private struct Parser {
    let bytes: [UInt8]
    var position = 0

    func error(_ message: String) -> RestorationError {
      RestorationError("the archive is not valid JSON: \(message) at byte \(position)")
    }

    mutating func skipWhitespace() {
      while position < bytes.count,
        bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D
          || bytes[position] == 0x09
      {
        position += 1
      }
    }

    mutating func expect(_ literal: String, _ value: ParamValue) throws(RestorationError)
      -> ParamValue
    {
      let expected = Array(literal.utf8)
      guard bytes.count - position >= expected.count,
        Array(bytes[position..<position + expected.count]) == expected
      else { throw error("expected \(literal)") }
      position += expected.count
      return value
    }

    mutating func value(depth: Int) throws(RestorationError) -> ParamValue {
      guard depth < ArchiveJSON.maximumDepth else { throw error("nesting is too deep") }
      guard position < bytes.count else { throw error("unexpected end") }
      switch bytes[position] {
      case UInt8(ascii: "n"): return try expect("null", .null)
      case UInt8(ascii: "t"): return try expect("true", .bool(true))
      case UInt8(ascii: "f"): return try expect("false", .bool(false))
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "["):
        position += 1
        var elements: [ParamValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
          position += 1
          return .array(elements)
        }
        while true {
          skipWhitespace()
          elements.append(try value(depth: depth + 1))
          skipWhitespace()
          guard position < bytes.count else { throw error("unterminated array") }
          if bytes[position] == UInt8(ascii: ",") {
            position += 1
          } else if bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
          } else {
            throw error("expected , or ] in an array")
          }
        }
      case UInt8(ascii: "{"):
        position += 1
        var members: [String: ParamValue] = [:]
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
          position += 1
          return .object(members)
        }
        while true {
          skipWhitespace()
          guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw error("expected a member name")
          }
          let key = try string()
          skipWhitespace()
          guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            throw error("expected : after a member name")
          }
          position += 1
          skipWhitespace()
          let member = try value(depth: depth + 1)
          guard members.updateValue(member, forKey: key) == nil else {
            throw error("duplicate member \"\(key)\"")
          }
          skipWhitespace()
          guard position < bytes.count else { throw error("unterminated object") }
          if bytes[position] == UInt8(ascii: ",") {
            position += 1
          } else if bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
          } else {
            throw error("expected , or } in an object")
          }
        }
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
      default: throw error("unexpected character")
      }
    }

    mutating func digits() -> Int {
      let start = position
      while position < bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
      {
        position += 1
      }
      return position - start
    }

    mutating func number() throws(RestorationError) -> ParamValue {
      let start = position
      var isInteger = true
      if bytes[position] == UInt8(ascii: "-") { position += 1 }
      let integerStart = position
      let integerDigits = digits()
      guard integerDigits > 0 else { throw error("expected digits") }
      if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
        throw error("a number has a leading zero")
      }
      if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
        isInteger = false
        position += 1
        guard digits() > 0 else { throw error("expected digits after the decimal point") }
      }
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")
      {
        isInteger = false
        position += 1
        if position < bytes.count,
          bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
        {
          position += 1
        }
        guard digits() > 0 else { throw error("expected digits in the exponent") }
      }
      let text = String(decoding: bytes[start..<position], as: UTF8.self)
      if isInteger, let integer = Int64(text) { return .int(integer) }
      guard let double = Double(text), double.isFinite else {
        throw error("the number \(text) is out of range")
      }
      return .double(double)
    }

    mutating func hexQuad() throws(RestorationError) -> UInt32 {
      guard bytes.count - position >= 4 else { throw error("a \\u escape needs four hex digits") }
      var value: UInt32 = 0
      for _ in 0..<4 {
        let byte = bytes[position]
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: throw error("a \\u escape needs four hex digits")
        }
        value = value * 16 + UInt32(digit)
        position += 1
      }
      return value
    }

    mutating func string() throws(RestorationError) -> String {
      position += 1  // the opening quote
      var scalars = String.UnicodeScalarView()
      var runStart = position
      func flushRun(_ end: Int) {
        if end > runStart {
          scalars.append(
            contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
        }
      }
      while true {
        guard position < bytes.count else { throw error("unterminated string") }
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") {
          flushRun(position)
          position += 1
          return String(scalars)
        }
        if byte < 0x20 { throw error("a control character in a string must be escaped") }
        guard byte == UInt8(ascii: "\\") else {
          position += 1
          continue
        }
        flushRun(position)
        position += 1
        guard position < bytes.count else { throw error("unterminated escape") }
        let escaped = bytes[position]
        position += 1
        switch escaped {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          var code = try hexQuad()
          if (0xD800..<0xDC00).contains(code) {
            guard bytes.count - position >= 2, bytes[position] == UInt8(ascii: "\\"),
              bytes[position + 1] == UInt8(ascii: "u")
            else { throw error("a high surrogate must be followed by a low one") }
            position += 2
            let low = try hexQuad()
            guard (0xDC00..<0xE000).contains(low) else {
              throw error("a high surrogate must be followed by a low one")
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { throw error("a lone surrogate escape") }
          scalars.append(scalar)
        default: throw error("an unknown escape")
        }
        runStart = position
      }
    }
  }
}
