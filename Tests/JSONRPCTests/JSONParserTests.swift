import JSONRPC
import Testing

/// Rejections, each checked against json-c 0.16 with the lexical pre-pass in front of it.
@Suite struct JSONParserRejectionTests {
  static let rejected: [(String, String)] = [
    ("", "empty input"),
    ("   ", "unexpected end"),
    ("[1", "unexpected end"),
    ("{\"a\":", "unexpected end"),
    ("tru", "unexpected token 'tru'"),
    ("NaN", "unexpected token 'NaN'"),
    ("[NaN]", "unexpected token 'NaN'"),
    ("[Infinity]", "unexpected token 'Infinity'"),
    ("[-Infinity]", "a digit must follow '-'"),
    ("['a']", "unexpected token 'a'"),
    ("{'a':1}", "unexpected token 'a'"),
    ("/*c*/[1]", "unexpected token 'c'"),
    ("[1]//c", "unexpected"),
    ("/* */[1]", "unexpected character"),
    ("[\"\\u12\"]", "invalid string sequence"),
    ("[\"abc", "unexpected end"),
    ("[1}", "separator ',' expected"),
    ("{\"a\" 1}", "object property name separator"),
    ("[null, nul]", "unexpected token 'nul'"),
    ("[1,]", "unexpected character"),
    ("{\"a\":1,}", "unexpected character"),
    ("[01]", "leading zeros"),
    ("[-01]", "leading zeros"),
    ("[00]", "leading zeros"),
    ("[1.]", "decimal point"),
    ("[.5]", "unexpected character"),
    ("[+1]", "unexpected character"),
    ("[1e]", "exponent"),
    ("[1e+]", "exponent"),
    ("[-]", "a digit must follow '-'"),
    ("[0x10]", "unexpected token 'x'"),
    ("[TRUE]", "unexpected token 'TRUE'"),
    ("{a:1}", "unexpected token 'a'"),
    ("[\"a\tb\"]", "control character U+0009"),
    ("[\"a\u{1}b\"]", "control character U+0001"),
    ("[\"a\nb\"]", "control character U+000A"),
    ("[\"\\x41\"]", "invalid string sequence"),
    ("[\"\\ud800\"]", "unpaired UTF-16 surrogate"),
    ("[\"\\udc00\\ud800\"]", "unpaired UTF-16 surrogate"),
    ("[\"\\ud800x\"]", "unpaired UTF-16 surrogate"),
    ("[1] x", "unexpected"),
    ("[1] [2]", "unexpected"),
    ("{\"a\":1}{", "unexpected"),
    ("1 2", "unexpected"),
    ("[1.5e400]", "out of range"),
    ("-1e999", "out of range"),
    ("{\"a\\u0000b\":1}", "member name contains U+0000"),
  ]

  @Test(arguments: rejected)
  func rejects(_ text: String, _ expected: String) {
    do {
      let value = try JSONParser.parse(text)
      Issue.record("accepted \(text.debugDescription) as \(value)")
    } catch {
      #expect(error.message.contains(expected), "\(text.debugDescription): \(error.message)")
    }
  }

  @Test(
    arguments: [
      [0x5B, 0x22, 0xFF, 0x22, 0x5D],  // ["\xff"]
      [0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D],  // bad continuation byte
      [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D],  // UTF-8 encoded surrogate
      [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D],  // overlong "/"
      [0xEF, 0xBB, 0xBF, 0x5B, 0x31, 0x5D],  // byte order mark
      [0x5B, 0x31, 0x00, 0x5D],  // raw NUL
      [0x22, 0x61, 0x00, 0x22],  // raw NUL in a string
    ] as [[UInt8]])
  func rejectsInvalidBytes(_ bytes: [UInt8]) {
    #expect(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
  }

  @Test func enforcesDepthLimit() throws {
    let limits = JSONParser.Limits(maxDepth: 8)
    _ = try JSONParser.parse(
      String(repeating: "[", count: 7) + String(repeating: "]", count: 7), limits: limits)
    let deep = String(repeating: "[", count: 9) + String(repeating: "]", count: 9)
    #expect { try JSONParser.parse(deep, limits: limits) } throws: { error in
      (error as? JSONParseError)?.message.contains("nesting too deep") == true
    }
    let veryDeep = String(repeating: "[", count: 100_000)
    #expect(throws: JSONParseError.self) { try JSONParser.parse(veryDeep) }
  }

  @Test func enforcesSizeLimitBeforeParsing() {
    let limits = JSONParser.Limits(maxBytes: 10)
    #expect(throws: Never.self) { try JSONParser.parse("[1,2,3,4]", limits: limits) }
    #expect { try JSONParser.parse("[1,2,3,4,5]", limits: limits) } throws: { error in
      (error as? JSONParseError)?.message == "input of 11 bytes exceeds the limit of 10 bytes"
    }
    // Even garbage is refused by size first.
    #expect { try JSONParser.parse("xxxxxxxxxxxxxxxxxxxx", limits: limits) } throws: { error in
      (error as? JSONParseError)?.message.contains("exceeds the limit") == true
    }
  }
}

@Suite struct JSONParserAcceptanceTests {
  @Test func parsesScalarsAtTopLevel() throws {
    #expect(try JSONParser.parse("123") == .int(123))
    #expect(try JSONParser.parse("-0") == .int(0))
    #expect(try JSONParser.parse("1.5") == .double(1.5))
    #expect(try JSONParser.parse("true") == .bool(true))
    #expect(try JSONParser.parse("null") == .null)
    #expect(try JSONParser.parse("\"x\"") == .string("x"))
    #expect(try JSONParser.parse(" \t[1]\r\n ") == [1])
  }

  @Test func keepsObjectOrderAndLastDuplicate() throws {
    let value = try JSONParser.parse(#"{"z":1,"a":2,"m":{"y":true,"b":null}}"#)
    #expect(value.objectValue?.keys == ["z", "a", "m"])
    #expect(value["m"]?.objectValue?.keys == ["y", "b"])
    #expect(try JSONParser.parse(#"{"a":1,"a":2}"#) == ["a": 2])
  }

  @Test func decodesEscapesAndUnicode() throws {
    #expect(
      try JSONParser.parse(#""\u00e9\ud83d\ude00\"\\\/\b\f\n\r\t""#)
        == .string("é😀\"\\/\u{8}\u{c}\n\r\t"))
    #expect(try JSONParser.parse("\"é😀\u{7f}\"") == .string("é😀\u{7f}"))
  }

  @Test func stringsWithNULRoundTrip() throws {
    let value = try JSONParser.parse(#"["a\u0000b","\u0000"]"#)
    #expect(value == [.string("a\u{0}b"), .string("\u{0}")])
    #expect(value.serialized() == #"["a\u0000b","\u0000"]"#)
    #expect(try JSONParser.parse(value.serialized()) == value)
  }

  @Test func integersAreNeverClamped() throws {
    #expect(try JSONParser.parse("9223372036854775807") == .int(.max))
    #expect(try JSONParser.parse("-9223372036854775808") == .int(.min))
    // One beyond either end, and far beyond: a double with the literal's value, not a clamp.
    #expect(try JSONParser.parse("9223372036854775808") == .double(9_223_372_036_854_775_808))
    #expect(try JSONParser.parse("-9223372036854775809") == .double(-9.223_372_036_854_775_808e18))
    #expect(try JSONParser.parse("18446744073709551616") == .double(18_446_744_073_709_551_616))
    #expect(try JSONParser.parse("[99999999999999999999999,1]") == [.double(1e23), 1])
    #expect(try JSONParser.parse("{\"id\":100000000000000000000}") == ["id": .double(1e20)])
    #expect(throws: JSONParseError.self) {
      try JSONParser.parse("1" + String(repeating: "0", count: 400))
    }
  }

  @Test func doublesKeepTheirValue() throws {
    #expect(try JSONParser.parse("0.1") == .double(0.1))
    #expect(try JSONParser.parse("1e5") == .double(100_000))
    #expect(try JSONParser.parse("-2.5E-3") == .double(-0.0025))
    #expect(try JSONParser.parse("5e-324") == .double(.leastNonzeroMagnitude))
    #expect(try JSONParser.parse("1.7976931348623157e308") == .double(.greatestFiniteMagnitude))
  }
}

@Suite struct JSONSerializationTests {
  @Test func writesCompactOrderedJSON() {
    let value: JSON = ["jsonrpc": "2.0", "id": 1, "result": ["b": [true, nil, 1.5], "a": "x/y"]]
    #expect(
      value.serialized() == #"{"jsonrpc":"2.0","id":1,"result":{"b":[true,null,1.5],"a":"x/y"}}"#)
  }

  @Test func writesShortestDoubles() {
    #expect(JSON.double(0.1).serialized() == "0.1")
    #expect(JSON.double(1).serialized() == "1.0")
    #expect(JSON.double(1e20).serialized() == "1e+20")
    #expect(JSON.double(-0.0025).serialized() == "-0.0025")
    #expect(JSON.double(0.1 + 0.2).serialized() == "0.30000000000000004")
    #expect(JSON.double(.nan).serialized() == "null")
    #expect(JSON.double(.infinity).serialized() == "null")
  }

  @Test func escapesStrings() {
    #expect(JSON.string("a\"b\\c\n\u{1}é").serialized() == #""a\"b\\c\n\u0001é""#)
    #expect(JSON.string("").serialized() == #""""#)
  }

  @Test func writesEmptyContainers() {
    #expect(JSON.array([]).serialized() == "[]")
    #expect(JSON.object([:]).serialized() == "{}")
    #expect(JSON.int(.min).serialized() == "-9223372036854775808")
  }
}
