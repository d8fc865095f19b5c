/// A single pass over a JSON text that closes the gaps in json-c's strict mode.
///
/// json-c 0.16 with `JSON_TOKENER_STRICT` still accepts `NaN`, `Infinity`, `-01`, `1.`,
/// raw control characters inside strings and lone UTF-16 surrogates (replaced by U+FFFD),
/// and it clamps integers beyond 64 bits to `INT64_MIN`/`UINT64_MAX` without a word. This
/// check rejects the former and reports where integer literals exceed `Int64`, so the
/// parser can hand them to json-c as doubles instead of letting their value change.
struct JSONLexicalCheck {
  /// Byte ranges of integer literals outside `Int64`.
  var oversizedIntegers: [Range<Int>] = []

  static func run(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONLexicalCheck {
    var check = JSONLexicalCheck()
    let count = bytes.count
    var index = 0
    if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
      throw JSONParseError(message: "a byte order mark is not allowed at byte 0")
    }
    while index < count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index = try scanString(bytes, from: index + 1)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        index = try check.scanNumber(bytes, from: index)
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
        var end = index
        while end < count, isLetter(bytes[end]) { end += 1 }
        let word = String(
          decoding: UnsafeRawBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        guard word == "true" || word == "false" || word == "null" else {
          throw JSONParseError(message: "unexpected token '\(word.prefix(32))' at byte \(index)")
        }
        index = end
      case 0:
        throw JSONParseError(message: "unexpected NUL byte at byte \(index)")
      default:
        index += 1
      }
    }
    return check
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  /// The code unit of a `\uXXXX` escape starting at `index` (at the backslash), if well formed.
  private static func unicodeEscape(_ bytes: UnsafeRawBufferPointer, at index: Int) -> UInt32? {
    guard index + 5 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
      bytes[index + 1] == UInt8(ascii: "u")
    else { return nil }
    var value: UInt32 = 0
    for offset in 2..<6 {
      guard let digit = hexValue(bytes[index + offset]) else { return nil }
      value = value << 4 | digit
    }
    return value
  }

  /// Scans a string body from just after its opening quote; returns the index after the
  /// closing quote (or the end, leaving an unterminated string for json-c to report).
  private static func scanString(_ bytes: UnsafeRawBufferPointer, from start: Int)
    throws(JSONParseError) -> Int
  {
    var index = start
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") { return index + 1 }
      if byte < 0x20 {
        let hex = String(byte, radix: 16, uppercase: true)
        throw JSONParseError(
          message:
            "control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex) in a string at byte \(index); escape it"
        )
      }
      if byte == UInt8(ascii: "\\") {
        guard let unit = unicodeEscape(bytes, at: index) else {
          index += 2  // json-c reports malformed escapes itself
          continue
        }
        if (0xD800...0xDBFF).contains(unit) {
          guard let low = unicodeEscape(bytes, at: index + 6), (0xDC00...0xDFFF).contains(low)
          else {
            throw JSONParseError(message: "unpaired UTF-16 surrogate escape at byte \(index)")
          }
          index += 12
        } else if (0xDC00...0xDFFF).contains(unit) {
          throw JSONParseError(message: "unpaired UTF-16 surrogate escape at byte \(index)")
        } else {
          index += 6
        }
        continue
      }
      index += 1
    }
    return index
  }

  /// Checks a number literal against the JSON grammar; returns the index after it.
  private mutating func scanNumber(_ bytes: UnsafeRawBufferPointer, from start: Int)
    throws(JSONParseError) -> Int
  {
    let count = bytes.count
    var index = start
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    guard index < count, Self.isDigit(bytes[index]) else {
      throw JSONParseError(message: "invalid number at byte \(start): a digit must follow '-'")
    }
    let digitsStart = index
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < count, Self.isDigit(bytes[index]) {
        throw JSONParseError(
          message: "invalid number at byte \(start): leading zeros are not allowed")
      }
    } else {
      while index < count, Self.isDigit(bytes[index]) { index += 1 }
    }
    let digitsEnd = index
    var isInteger = true
    if index < count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard index < count, Self.isDigit(bytes[index]) else {
        throw JSONParseError(
          message: "invalid number at byte \(start): a digit must follow the decimal point")
      }
      while index < count, Self.isDigit(bytes[index]) { index += 1 }
    }
    if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      index += 1
      if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard index < count, Self.isDigit(bytes[index]) else {
        throw JSONParseError(
          message: "invalid number at byte \(start): a digit must follow the exponent")
      }
      while index < count, Self.isDigit(bytes[index]) { index += 1 }
    }
    if isInteger && Self.exceedsInt64(bytes, digits: digitsStart..<digitsEnd, negative: negative) {
      oversizedIntegers.append(start..<index)
    }
    return index
  }

  private static func exceedsInt64(
    _ bytes: UnsafeRawBufferPointer, digits: Range<Int>, negative: Bool
  ) -> Bool {
    let limit: StaticString = negative ? "9223372036854775808" : "9223372036854775807"
    if digits.count != 19 { return digits.count > 19 }
    return limit.withUTF8Buffer { limitBytes in
      for offset in 0..<19 {
        let digit = bytes[digits.lowerBound + offset]
        if digit != limitBytes[offset] { return digit > limitBytes[offset] }
      }
      return false
    }
  }
}
