import Testing

@testable import JSONRPC

/// The parser's Swift fast path (`JSONTreeReader`) against json-c, the reference: on every
/// text, `JSONParser.parse` and json-c alone (`parseWithJSONC`) both fail with the same
/// message, or both give the same value. Texts are our serializer's output with random
/// whitespace, and the same with random edits from bytes that matter to a JSON parser.
@Suite struct JSONParserReferenceTests {
  /// Whitespace json-c's strict mode takes, and bytes it must not take as whitespace.
  static let spaces: [[UInt8]] = [[0x20], [0x09], [0x0A], [0x0D], [0x0B], [0x0C], [0x0D, 0x0A]]
  /// Bytes an edit inserts or puts in place of another.
  static let edits: [UInt8] =
    Array(#"{}[],:"\/ -+.0123456789eEtrufalsn*'xu"#.utf8)
    + [0x09, 0x0A, 0x0D, 0x0B, 0x0C, 0x00, 0x7F, 0xC3, 0xA9, 0xED, 0xA0, 0x80, 0xF4, 0xFF]

  static func compare(_ text: [UInt8], maxDepth: Int = 64, context: @autoclosure () -> String) {
    let limits = JSONParser.Limits(maxDepth: maxDepth)
    let fast = text.withUnsafeBytes { bytes in
      Result { () throws(JSONParseError) in try JSONParser.parse(bytes, limits: limits) }
    }
    let reference = text.withUnsafeBytes { bytes in
      Result { () throws(JSONParseError) in try JSONParser.parseWithJSONC(bytes, limits: limits) }
    }
    switch (fast, reference) {
    case (.success(let ours), .success(let theirs)):
      #expect(ours == theirs, "\(context()): \(ours) vs json-c \(theirs)")
    case (.failure(let ours), .failure(let theirs)):
      #expect(ours.message == theirs.message, "\(context())")
    default:
      Issue.record("\(context()): \(fast) vs json-c \(reference)")
    }
  }

  /// `value` serialized, with random whitespace between its tokens.
  static func spaced(_ value: JSON, _ rng: inout SeededGenerator) -> [UInt8] {
    func space(_ rng: inout SeededGenerator) -> [UInt8] {
      Int.random(in: 0..<3, using: &rng) == 0 ? spaces[Int.random(in: 0..<4, using: &rng)] : []
    }
    func punctuation(_ mark: String, _ rng: inout SeededGenerator) -> [UInt8] {
      space(&rng) + Array(mark.utf8) + space(&rng)
    }
    switch value {
    case .array(let elements):
      var text = punctuation("[", &rng)
      for (position, element) in elements.enumerated() {
        if position > 0 { text += punctuation(",", &rng) }
        text += spaced(element, &rng)
      }
      return text + punctuation("]", &rng)
    case .object(let members):
      var text = punctuation("{", &rng)
      for (position, (name, member)) in members.enumerated() {
        if position > 0 { text += punctuation(",", &rng) }
        text += JSON.string(name).serializedBytes() + punctuation(":", &rng)
        text += spaced(member, &rng)
      }
      return text + punctuation("}", &rng)
    default:
      return value.serializedBytes()
    }
  }

  /// `text` with one to three random edits: a byte from `edits` inserted, put in place of
  /// another, or a byte removed.
  static func edited(_ text: [UInt8], _ rng: inout SeededGenerator) -> [UInt8] {
    var text = text
    for _ in 0..<Int.random(in: 1...3, using: &rng) {
      let position = Int.random(in: 0...text.count, using: &rng)
      let byte = edits.randomElement(using: &rng)!
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: text.insert(byte, at: position)
      case 1 where position < text.count: text[position] = byte
      default: if position < text.count { text.remove(at: position) }
      }
    }
    return text
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func randomDocumentsMatchJSONC(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    for iteration in 0..<300 {
      let text = Self.spaced(RandomJSON.value(&rng), &rng)
      Self.compare(text, context: "seed \(seed) iteration \(iteration)")
      // Parsed by the fast path, not handed to json-c.
      let read = text.withUnsafeBytes { JSONTreeReader.read($0, maxDepth: 64) }
      #expect(read.map { _ in true } ?? false, "seed \(seed) iteration \(iteration)")
    }
  }

  @Test(arguments: [4, 5, 6, 7] as [UInt64])
  func editedDocumentsMatchJSONC(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    for iteration in 0..<1500 {
      let text = Self.edited(Self.spaced(RandomJSON.value(&rng), &rng), &rng)
      Self.compare(
        text,
        context: "seed \(seed) iteration \(iteration): \(String(decoding: text, as: UTF8.self))")
    }
  }

  @Test func nestingLimitsMatchJSONC() {
    for maxDepth in 0...5 {
      for nesting in 0...6 {
        for (open, close) in [("[", "]"), ("{\"a\":", "}")] {
          let text =
            String(repeating: open, count: nesting) + "1" + String(repeating: close, count: nesting)
          Self.compare(
            Array(text.utf8), maxDepth: maxDepth, context: "depth \(maxDepth): \(text)")
        }
      }
    }
  }

  @Test func escapesAndNumbersMatchJSONC() {
    let texts = [
      #""\u00e9\ud83d\ude00\/\b\f\n\r\t\"\\""#, #"{"a":1,"a":2,"b":3}"#, "-0", "-0.0", "1E5",
      "1e-400", "1e400", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
      "0.1e1", #""\x""#, #""\u00""#, "[1 2]", #"{"a" "b"}"#, "{1:2}", "\u{FEFF}1", "  ",
      // Lexical errors deep inside otherwise well-formed text, which the reader meets token
      // by token: the same messages as the lexical pass gives.
      #"{"a\u0000":1}"#, #"["a\u0000"]"#, #"{"k":[01]}"#, #"{"k":"\ud800x"}"#, "[1,2,-]",
      #"{"n":99999999999999999999}"#, "[\"a\tb\"]", #"{"k":{"j":[true,"\#u{7F}",1.5e3]}}"#,
      "[\"\u{00E9}\"," + "\"\u{1F600}\"]", #"{"a":1,"b":"\ude00"}"#, "[-01]", "[1.]",
    ]
    for text in texts { Self.compare(Array(text.utf8), context: text) }
  }

  /// Each byte a string scan must stop at (the closing quote, a backslash, a control
  /// character, valid and invalid UTF-8) and bytes next to them in value that it must pass
  /// over, at every offset of strings of 0 to 25 bytes, in a value, in a member name and at
  /// the end of the text.
  @Test func specialBytesAtEveryOffsetMatchJSONC() {
    let specials: [[UInt8]] = [
      [0x22], Array(#"\n"#.utf8), Array(#"\u0041"#.utf8), Array(#"\u0000"#.utf8), [0x5C],
      [0x00], [0x1F], [0x0A], [0x80], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80],
      [0xC3], [0xFF], [0xED, 0xA0, 0x80], [0x20], [0x21], [0x23], [0x5B], [0x5D], [0x7F],
    ]
    for length in [0, 1, 7, 8, 9, 15, 16, 17, 24] {
      for offset in 0...length {
        for special in specials {
          var body = [UInt8](repeating: UInt8(ascii: "a"), count: length)
          body.insert(contentsOf: special, at: offset)
          let value = [0x22] + body + [0x22]
          let name = Array(#"{""#.utf8) + body + Array(#"":1}"#.utf8)
          let unclosed = [0x22] + body
          for text in [value, name, unclosed] {
            Self.compare(text, context: "\(special) at \(offset) of \(length): \(text)")
          }
        }
      }
    }
  }
}
