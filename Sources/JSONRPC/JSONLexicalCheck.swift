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
        let token = try scanString(bytes, from: index + 1)
        let (end, hasNUL) = (token.end, token.hasNUL)
        if hasNUL {
          // json-c keeps member names as C strings; a NUL would silently truncate the name.
          var next = end
          while next < count, JSONText.isWhitespace(bytes[next]) { next += 1 }
          if next < count, bytes[next] == UInt8(ascii: ":") {
            throw JSONParseError(message: "an object member name contains U+0000 at byte \(index)")
          }
        }
        index = end
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

  /// What `scanString` found in a string token.
  struct StringToken {
    /// The index after its closing quote, or the end of the text.
    var end: Int
    /// Whether a closing quote ends it (else the text ends inside it).
    var isClosed: Bool
    /// Whether it has a backslash: its body is not its UTF-8 as it stands.
    var hasEscape: Bool
    /// Whether it has a `\u0000` escape (not allowed in a member name).
    var hasNUL: Bool
  }

  /// The string token whose body starts at `start` (just after its opening quote), checked
  /// as `run` checks it; `nil` for one `run` rejects. Escapes other than `\u` are only
  /// stepped over: their grammar is the reader's to check. `JSONTreeReader` checks each
  /// string it reads this way, so that a text it accepts needs no pass of `run`.
  static func checkedString(_ bytes: UnsafeRawBufferPointer, from start: Int) -> StringToken? {
    try? scanString(bytes, from: start)
  }

  /// The number token at `start`, checked as `run` checks it: where it ends and whether it
  /// is an integer beyond `Int64`; `nil` for one `run` rejects.
  static func checkedNumber(_ bytes: UnsafeRawBufferPointer, from start: Int) -> (
    end: Int, isOversizedInteger: Bool
  )? {
    try? scanNumberToken(bytes, from: start)
  }

  /// Scans a string body from just after its opening quote, to the index after the closing
  /// quote (or the end, leaving an unterminated string for json-c to report).
  private static func scanString(_ bytes: UnsafeRawBufferPointer, from start: Int)
    throws(JSONParseError) -> StringToken
  {
    var index = start
    var hasNUL = false
    var hasEscape = false
    let count = bytes.count
    while index < count {
      // Eight bytes at a time up to the next byte that needs a look of its own.
      while index &+ 8 <= count {
        let word = UInt64(
          littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        let special = specialBytes(word)
        guard special == 0 else {
          index &+= special.trailingZeroBitCount &>> 3
          break
        }
        index &+= 8
      }
      guard index < count else { break }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        return StringToken(end: index + 1, isClosed: true, hasEscape: hasEscape, hasNUL: hasNUL)
      }
      if byte < 0x20 {
        let hex = String(byte, radix: 16, uppercase: true)
        throw JSONParseError(
          message:
            "control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex) in a string at byte \(index); escape it"
        )
      }
      if byte >= 0x80 {
        guard let length = utf8SequenceLength(bytes, at: index) else {
          throw JSONParseError(message: "invalid UTF-8 at byte \(index)")
        }
        index += length
        continue
      }
      if byte == UInt8(ascii: "\\") {
        hasEscape = true
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
          if unit == 0 { hasNUL = true }
          index += 6
        }
        continue
      }
      index += 1
    }
    return StringToken(end: index, isClosed: false, hasEscape: hasEscape, hasNUL: hasNUL)
  }

  /// The bytes of `word` (eight bytes of text, the first in the lowest) that a string's scan
  /// must look at: a quote, a backslash, a control character or a byte of a non-ASCII
  /// sequence. The lowest set high bit marks the first of them; bits above it may be set
  /// for bytes that are not (a borrow), so only the lowest one counts.
  @inline(__always)
  private static func specialBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    // A byte is zero (here, after `^`, equal to the one looked for) or below 0x20 when
    // subtracting borrows into its high bit while the byte's own high bit is clear.
    func zero(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
    let quote = zero(word ^ (ones &* 0x22))
    let backslash = zero(word ^ (ones &* 0x5C))
    let control = (word &- ones &* 0x20) & ~word & highs
    return quote | backslash | control | (word & highs)
  }

  /// The length of the well-formed UTF-8 sequence at `index` (RFC 3629: no overlong forms,
  /// no surrogates, nothing above U+10FFFF), or `nil`. json-c's own check lets overlong
  /// forms and encoded surrogates through.
  private static func utf8SequenceLength(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Int? {
    let lead = bytes[index]
    let length: Int
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      lower = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      upper = 0x9F
    case 0xF0:
      length = 4
      lower = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      upper = 0x8F
    default: return nil
    }
    guard index + length <= bytes.count else { return nil }
    let second = bytes[index + 1]
    guard second >= lower && second <= upper else { return nil }
    for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return nil }
    return length
  }

  /// Checks a number literal against the JSON grammar; returns the index after it, and
  /// records it when it is an integer beyond `Int64`.
  private mutating func scanNumber(_ bytes: UnsafeRawBufferPointer, from start: Int)
    throws(JSONParseError) -> Int
  {
    let token = try Self.scanNumberToken(bytes, from: start)
    if token.isOversizedInteger { oversizedIntegers.append(start..<token.end) }
    return token.end
  }

  /// Checks a number literal against the JSON grammar: the index after it, and whether it is
  /// an integer beyond `Int64`.
  private static func scanNumberToken(_ bytes: UnsafeRawBufferPointer, from start: Int)
    throws(JSONParseError) -> (end: Int, isOversizedInteger: Bool)
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
    let isOversized =
      isInteger && exceedsInt64(bytes, digits: digitsStart..<digitsEnd, negative: negative)
    return (index, isOversized)
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
