#if canImport(Glibc)
  import Glibc
#endif

/// Builds a `JSON` value straight from text that `JSONLexicalCheck` passed: the parser's
/// fast path, in Swift, without json-c's object tree (an allocation per value, a hash table
/// per object) and its per-call locale switch.
///
/// It reads the JSON grammar of RFC 8259 as json-c's strict mode does (members keep their
/// first position and their last value; nesting is limited as json-c counts it) and gives
/// up (`nil`) at anything else, leaving the verdict and its message to json-c. What it
/// accepts, json-c accepts too, with the same value (`JSONParserReferenceTests` checks it
/// against json-c on seeded random texts). It checks each string and number token as
/// `JSONLexicalCheck` does (well-formed UTF-8 without raw control characters or lone
/// surrogate escapes, no `\u0000` in a member name, numbers by the grammar and integers
/// within `Int64`) and declines any text that check rejects, so what it accepts needs no
/// separate lexical pass; what it declines goes to that pass and json-c, whose verdict and
/// message count. Its other words are `true`, `false` and `null` only.
struct JSONTreeReader {
  private let bytes: UnsafeRawBufferPointer
  private var index = 0
  /// json-c's depth limit: containers nest at most `maxDepth - 1` deep.
  private let maxDepth: Int
  /// The names of the members kept as text (`JSONEnvelope`), in objects `keptDepth` deep.
  private let keptNames: Set<String>
  /// Where members are kept: changed while a request's `params` is read (`requestEnvelope`).
  private var keptDepth: Int
  /// Each kept member's value, as its text.
  private var kept: RawJSONMembers = [:]

  private init(
    bytes: UnsafeRawBufferPointer, maxDepth: Int, keptNames: Set<String> = [], keptDepth: Int = 0
  ) {
    self.bytes = bytes
    self.maxDepth = maxDepth
    self.keptNames = keptNames
    self.keptDepth = keptDepth
  }

  /// The value `bytes` holds, or `nil` when this reader does not accept it.
  static func read(_ bytes: UnsafeRawBufferPointer, maxDepth: Int) -> JSON? {
    var reader = JSONTreeReader(bytes: bytes, maxDepth: max(1, maxDepth))
    reader.skipWhitespace()
    guard let value = reader.value(depth: 0) else { return nil }
    reader.skipWhitespace()
    guard reader.index == bytes.count else { return nil }
    return value
  }

  /// The value `bytes` holds without the members named `names` of the objects `depth`
  /// containers deep, and those members' values as their text; `nil` when this reader does
  /// not accept the text.
  static func read(
    _ bytes: UnsafeRawBufferPointer, maxDepth: Int, keeping names: Set<String>, atDepth depth: Int
  ) -> (value: JSON, kept: RawJSONMembers)? {
    var reader = JSONTreeReader(
      bytes: bytes, maxDepth: max(1, maxDepth), keptNames: names, keptDepth: depth)
    reader.skipWhitespace()
    guard let value = reader.value(depth: 0) else { return nil }
    reader.skipWhitespace()
    guard reader.index == bytes.count else { return nil }
    return (value, reader.kept)
  }

  /// What `bytes` holds, a top-level object read as a request (`RequestEnvelope`) without
  /// building it, the members of its `params` named `payloadNames` kept as text; `nil` when
  /// this reader does not accept the text.
  static func readMessage(
    _ bytes: UnsafeRawBufferPointer, maxDepth: Int, payloadNames: Set<String> = []
  ) -> JSONMessage? {
    // Nothing is kept but while `params` is read (`keptDepth` is set then).
    var reader = JSONTreeReader(
      bytes: bytes, maxDepth: max(1, maxDepth), keptNames: payloadNames, keptDepth: -1)
    reader.skipWhitespace()
    let message: JSONMessage
    if reader.index < bytes.count, bytes[reader.index] == UInt8(ascii: "{") {
      var envelope = RequestEnvelope()
      guard maxDepth > 1, reader.readRequestEnvelope(into: &envelope) else { return nil }
      message = .request(envelope)
    } else {
      guard let value = reader.value(depth: 0) else { return nil }
      message = .other(value)
    }
    reader.skipWhitespace()
    guard reader.index == bytes.count else { return nil }
    return message
  }

  /// Reads the top-level object at `index` as a request into `envelope` (filled in place: a
  /// returned envelope would be copied once more): what `object(depth: 1)` reads, keeping
  /// only the members a request defines and checking the grammar of the others; `false`
  /// where `object(depth: 1)` gives up.
  private mutating func readRequestEnvelope(into envelope: inout RequestEnvelope) -> Bool {
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return true
    }
    while true {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let member = memberName()
      else { return false }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
      index += 1
      skipWhitespace()
      switch member {
      case .unknown:
        guard skipValue(depth: 1) else { return false }
      case .jsonrpc where hasVersionString:
        // The version every request sends, compared as bytes instead of decoded.
        envelope.jsonrpc = .string("2.0")
        index += Self.versionString.utf8CodeUnitCount
      case .params where !keptNames.isEmpty:
        // Its payload members are kept: a repeated `params` replaces them all.
        kept = [:]
        keptDepth = 2
        defer { keptDepth = -1 }
        guard let value = value(depth: 1) else { return false }
        envelope.set(member, value)
        envelope.payloads = kept
      default:
        guard let value = value(depth: 1) else { return false }
        envelope.set(member, value)
      }
      guard let more = separator(closing: UInt8(ascii: "}")) else { return false }
      if !more { return true }
    }
  }

  /// The string token whose opening quote is at `index`, checked as `JSONLexicalCheck` checks
  /// it; `nil` where that check rejects it, the text ends inside it, or it is a member name
  /// (`isName`) holding `\u0000`.
  private func checkedString(isName: Bool) -> JSONLexicalCheck.StringToken? {
    guard let token = JSONLexicalCheck.checkedString(bytes, from: index + 1), token.isClosed,
      !(isName && token.hasNUL)
    else { return nil }
    return token
  }

  /// Whether the number token at `index` passes `JSONLexicalCheck`, as an integer within
  /// `Int64` or as a fraction or exponent (beyond `Int64` json-c reads it, as a double).
  private var isCheckedNumber: Bool {
    guard let token = JSONLexicalCheck.checkedNumber(bytes, from: index) else { return false }
    return !token.isOversizedInteger
  }

  /// Whether members named `name` are kept as text. The names are a handful (a method's
  /// payload params, a host message's payloads): comparing each is cheaper than hashing,
  /// and comparing lengths first leaves most of them out without a string comparison.
  private func isKept(_ name: String) -> Bool {
    guard keptNames.count <= 8 else { return keptNames.contains(name) }
    let length = name.utf8.count
    return keptNames.contains { $0.utf8.count == length && $0 == name }
  }

  /// `"2.0"` as JSON text: the `jsonrpc` member's value in every valid request.
  private static let versionString: StaticString = #""2.0""#

  /// Whether the text at `index` is `versionString` (a string with no escape, so the value).
  private var hasVersionString: Bool {
    let text = Self.versionString
    return bytes.count - index >= text.utf8CodeUnitCount
      && memcmp(bytes.baseAddress! + index, text.utf8Start, text.utf8CodeUnitCount) == 0
  }

  /// The request member named by the string whose opening quote is at `index`: its bytes
  /// compared as they are when it has no escape, decoded first when it has; `nil` when the
  /// string is not read.
  private mutating func memberName() -> RequestEnvelope.Member? {
    // Only `readMessage` reads names this way, and it checks tokens.
    let start = index + 1
    guard let token = checkedString(isName: true) else { return nil }
    guard token.hasEscape else {
      index = token.end
      return RequestEnvelope.Member(UnsafeRawBufferPointer(rebasing: bytes[start..<index - 1]))
    }
    return string(isName: true).map(RequestEnvelope.Member.init)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  /// The value at `index`, inside `depth` containers.
  private mutating func value(depth: Int) -> JSON? {
    guard index < bytes.count else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      guard depth < maxDepth - 1 else { return nil }
      return object(depth: depth + 1)
    case UInt8(ascii: "["):
      guard depth < maxDepth - 1 else { return nil }
      return array(depth: depth + 1)
    case UInt8(ascii: "\""):
      return string().map(JSON.string)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return number()
    case UInt8(ascii: "t"):
      return word("true", .bool(true))
    case UInt8(ascii: "f"):
      return word("false", .bool(false))
    case UInt8(ascii: "n"):
      return word("null", .null)
    default:
      return nil
    }
  }

  private mutating func word(_ text: StaticString, _ value: JSON) -> JSON? {
    let length = text.utf8CodeUnitCount
    guard index + length <= bytes.count else { return nil }
    let matches = text.withUTF8Buffer { expected in
      for offset in 0..<length where bytes[index + offset] != expected[offset] { return false }
      return true
    }
    guard matches else { return nil }
    index += length
    return value
  }

  private mutating func array(depth: Int) -> JSON? {
    index += 1
    skipWhitespace()
    var elements: [JSON] = []
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      guard let element = value(depth: depth) else { return nil }
      elements.append(element)
      guard let more = separator(closing: UInt8(ascii: "]")) else { return nil }
      if !more { return .array(elements) }
    }
  }

  /// Reads what follows an element or member: `true` past a `,` (another follows),
  /// `false` past `closing`, `nil` at anything else.
  private mutating func separator(closing: UInt8) -> Bool? {
    skipWhitespace()
    guard index < bytes.count else { return nil }
    switch bytes[index] {
    case UInt8(ascii: ","):
      index += 1
      skipWhitespace()
      return true
    case closing:
      index += 1
      return false
    default:
      return nil
    }
  }

  private mutating func object(depth: Int) -> JSON? {
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(JSONObject())
    }
    // Room for the few members most messages' objects have.
    var members = JSONObject(reservingCapacity: 4)
    while true {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\""),
        let name = string(isName: true)
      else {
        return nil
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
      index += 1
      skipWhitespace()
      if depth == keptDepth, isKept(name) {
        let start = index
        guard skipValue(depth: depth) else { return nil }
        kept[name] = RawJSON(checked: Array(UnsafeRawBufferPointer(rebasing: bytes[start..<index])))
      } else {
        guard let member = value(depth: depth) else { return nil }
        members[name] = member
      }
      guard let more = separator(closing: UInt8(ascii: "}")) else { return nil }
      if !more { return .object(members) }
    }
  }

  /// Moves past the value at `index`, inside `depth` containers, checking its grammar as
  /// `value(depth:)` does without building it; `false` where `value(depth:)` gives up.
  private mutating func skipValue(depth: Int) -> Bool {
    guard index < bytes.count else { return false }
    switch bytes[index] {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard depth < maxDepth - 1 else { return false }
      let isObject = bytes[index] == UInt8(ascii: "{")
      let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
      index += 1
      skipWhitespace()
      if index < bytes.count, bytes[index] == closing {
        index += 1
        return true
      }
      while true {
        if isObject {
          guard index < bytes.count, bytes[index] == UInt8(ascii: "\""),
            skipString(isName: true)
          else {
            return false
          }
          skipWhitespace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
          index += 1
          skipWhitespace()
        }
        guard skipValue(depth: depth + 1) else { return false }
        guard let more = separator(closing: closing) else { return false }
        if !more { return true }
      }
    case UInt8(ascii: "\""):
      return skipString()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return skipNumber()
    case UInt8(ascii: "t"):
      return word("true", .null) != nil
    case UInt8(ascii: "f"):
      return word("false", .null) != nil
    case UInt8(ascii: "n"):
      return word("null", .null) != nil
    default:
      return false
    }
  }

  /// Moves past the number at `index`: `-`? digits, then `.` digits and `e` sign? digits
  /// when present, as `number()` reads it (its grammar and the range of its integers
  /// checked as the lexical check does; this finds where it ends, and declines a fraction or
  /// exponent out of a double's range as `number()` does).
  private mutating func skipNumber() -> Bool {
    guard isCheckedNumber else { return false }
    func digits() -> Bool {
      let start = index
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"),
        bytes[index] <= UInt8(ascii: "9")
      {
        index += 1
      }
      return index > start
    }
    let start = index
    var isInteger = true
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard digits() else { return false }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard digits() else { return false }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits() else { return false }
    }
    guard !isInteger else { return true }
    let text = String(
      decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    return Double(text)?.isFinite ?? false
  }

  /// Moves past the string whose opening quote is at `index`, checking it as `string()`
  /// does; a member name (`isName`) may not hold `\u0000`.
  private mutating func skipString(isName: Bool = false) -> Bool {
    guard let token = checkedString(isName: isName) else { return false }
    guard token.hasEscape else {
      index = token.end
      return true
    }
    index += 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        return true
      case UInt8(ascii: "\\"):
        guard index + 1 < bytes.count else { return false }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          index += 2
        case UInt8(ascii: "u"):
          index += 2
          guard hexUnit() != nil else { return false }
        default:
          return false
        }
      default:
        index += 1
      }
    }
    return false
  }

  /// The string whose opening quote is at `index`; a member name (`isName`) may not hold
  /// `\u0000`.
  private mutating func string(isName: Bool = false) -> String? {
    guard let token = checkedString(isName: isName) else { return nil }
    guard token.hasEscape else {
      let text = String(
        decoding: UnsafeRawBufferPointer(rebasing: bytes[index + 1..<token.end - 1]),
        as: UTF8.self)
      index = token.end
      return text
    }
    index += 1
    let start = index
    // Most strings have no escape: their bytes are the string's UTF-8 as they are.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = String(
          decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      index += 1
    }
    guard index < bytes.count else { return nil }
    var utf8 = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard index + 1 < bytes.count else { return nil }
        let escaped = bytes[index + 1]
        index += 2
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          guard var scalar = hexUnit() else { return nil }
          if (0xD800...0xDBFF).contains(scalar) {
            // Checked already: a high half is followed by a low half.
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            else { return nil }
            index += 2
            guard let low = hexUnit(), (0xDC00...0xDFFF).contains(low) else { return nil }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let unicode = Unicode.Scalar(scalar) else { return nil }
          utf8.append(contentsOf: UTF8.encode(unicode)!)
        default:
          return nil
        }
      default:
        // The run up to the next quote or backslash, in one append.
        let runStart = index
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""),
          bytes[index] != UInt8(ascii: "\\")
        {
          index += 1
        }
        utf8.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]))
      }
    }
    return nil
  }

  /// The four hex digits at `index`, as a UTF-16 code unit.
  private mutating func hexUnit() -> UInt32? {
    guard index + 4 <= bytes.count else { return nil }
    var unit: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: return nil
      }
      unit = unit << 4 | digit
      index += 1
    }
    return unit
  }

  /// The number at `index`: an integer without a fraction or exponent, else a double.
  private mutating func number() -> JSON? {
    guard isCheckedNumber else { return nil }
    let start = index
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    var magnitude: UInt64 = 0
    var overflow = false
    let digitsStart = index
    while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9")
    {
      let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times10.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
      magnitude = sum
      overflow = overflow || o1 || o2
      index += 1
    }
    guard index > digitsStart else { return nil }
    var isInteger = true
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"),
        bytes[index] <= UInt8(ascii: "9")
      {
        index += 1
      }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"),
        bytes[index] <= UInt8(ascii: "9")
      {
        index += 1
      }
    }
    if isInteger {
      // Beyond Int64: declined, so json-c reads it, as it reads everything declined here.
      guard !overflow else { return nil }
      if negative {
        guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
        return .int(magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude))
      }
      guard magnitude <= UInt64(Int64.max) else { return nil }
      return .int(Int64(magnitude))
    }
    let text = String(
      decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else { return nil }
    return .double(value)
  }
}
