import Foundation
import Testing

@testable import ScreenKit

/// The coder's value kinds and the archive's JSON text.
@Suite("Restoration coder and archive") @MainActor struct RestorationCoderTests {
  /// Every kind the coder stores, written into a controller's state, archived as JSON
  /// text, read back and decoded by a fresh controller.
  @Test func everyValueKindSurvivesAnArchiveRoundTrip() throws {
    final class Holder: ViewController {
      var write: (Coder) -> Void = { _ in }
      var read: (Coder) -> Void = { _ in }
      override func encodeRestorableState(with coder: Coder) { write(coder) }
      override func decodeRestorableState(with coder: Coder) { read(coder) }
    }
    let original = Holder()
    original.restorationIdentifier = "holder"
    original.write = { coder in
      coder.encode("naïve \"quoted\" \\ line\nbreak \u{1} 😀", forKey: "string")
      coder.encode(-42, forKey: "int")
      coder.encode(Int.max, forKey: "max")
      coder.encode(0.1, forKey: "double")
      coder.encode(1e300, forKey: "large")
      coder.encode(2.0, forKey: "integralDouble")
      coder.encode(true, forKey: "bool")
      coder.encode(["a", "", "c"], forKey: "strings")
      coder.encode([1, -2, 3], forKey: "ints")
      coder.encode([0.5, -1.25], forKey: "doubles")
      coder.encode([true, false], forKey: "bools")
      let nested = Coder()
      nested.encode("inner", forKey: "name")
      let deeper = Coder()
      deeper.encode(7, forKey: "seven")
      nested.encode(deeper, forKey: "deeper")
      coder.encode(nested, forKey: "nested")
      let first = Coder()
      first.encode(1, forKey: "n")
      let second = Coder()
      second.encode(2, forKey: "n")
      coder.encode([first, second], forKey: "coders")
      coder.encodeValue(["a": [1, 2.5, nil, "x"]], forKey: "value")
      coder.encode([String](), forKey: "empty")
    }
    let archive = try #require(try restorationWindow(original).encodeRestorableState())

    let restored = Holder()
    restored.restorationIdentifier = "holder"
    var decoded: Coder?
    restored.read = { decoded = $0 }
    _ = try restorationWindow(restored, restoring: archive)
    let coder = try #require(decoded)
    #expect(coder.decodeString(forKey: "string") == "naïve \"quoted\" \\ line\nbreak \u{1} 😀")
    #expect(coder.decodeInteger(forKey: "int") == -42)
    #expect(coder.decodeInteger(forKey: "max") == Int.max)
    #expect(coder.decodeDouble(forKey: "double") == 0.1)
    #expect(coder.decodeDouble(forKey: "large") == 1e300)
    #expect(coder.decodeDouble(forKey: "integralDouble") == 2.0)
    #expect(coder.decodeValue(forKey: "integralDouble") == .double(2))
    #expect(coder.decodeBool(forKey: "bool") == true)
    #expect(coder.decodeStringArray(forKey: "strings") == ["a", "", "c"])
    #expect(coder.decodeIntegerArray(forKey: "ints") == [1, -2, 3])
    #expect(coder.decodeDoubleArray(forKey: "doubles") == [0.5, -1.25])
    #expect(coder.decodeBoolArray(forKey: "bools") == [true, false])
    let nested = try #require(coder.decodeCoder(forKey: "nested"))
    #expect(nested.decodeString(forKey: "name") == "inner")
    #expect(nested.decodeCoder(forKey: "deeper")?.decodeInteger(forKey: "seven") == 7)
    #expect(
      coder.decodeCoderArray(forKey: "coders")?.map { $0.decodeInteger(forKey: "n") } == [1, 2])
    #expect(coder.decodeValue(forKey: "value") == ["a": [1, 2.5, nil, "x"]])
    #expect(coder.decodeStringArray(forKey: "empty") == [])
    #expect(
      coder.allKeys == [
        "bool", "bools", "coders", "double", "doubles", "empty", "int", "integralDouble", "ints",
        "large", "max", "nested", "string", "strings", "value",
      ])
  }

  @Test func missingAndMistypedKeysDecodeAsNil() {
    let coder = Coder()
    coder.encode("text", forKey: "string")
    coder.encode(3, forKey: "int")
    coder.encode(2.5, forKey: "double")
    coder.encode([1, 2], forKey: "ints")
    coder.encodeValue([1, "two"], forKey: "mixed")
    #expect(coder.decodeString(forKey: "missing") == nil)
    #expect(coder.decodeInteger(forKey: "string") == nil)
    #expect(coder.decodeInteger(forKey: "double") == nil)
    #expect(coder.decodeDouble(forKey: "int") == 3, "an integer decodes as a double")
    #expect(coder.decodeBool(forKey: "int") == nil)
    #expect(coder.decodeString(forKey: "ints") == nil)
    #expect(coder.decodeStringArray(forKey: "ints") == nil)
    #expect(coder.decodeIntegerArray(forKey: "mixed") == nil)
    #expect(coder.decodeCoder(forKey: "string") == nil)
    #expect(coder.decodeCoderArray(forKey: "ints") == nil)
    #expect(coder.decodeViewController(forKey: "string") == nil, "no restoration is running")
    #expect(coder.decodeViewControllers(forKey: "missing") == nil)
    #expect(coder.containsValue(forKey: "int") && !coder.containsValue(forKey: "missing"))
    coder.encode(nil as String?, forKey: "string")
    coder.encode(Double.nan, forKey: "double")
    coder.encode([1, .infinity], forKey: "doubles")
    coder.removeValue(forKey: "int")
    #expect(coder.allKeys == ["ints", "mixed"])
  }

  // MARK: JSON text

  private static func randomValue(_ generator: inout SplitMix, depth: Int = 0)
    -> ParamValue
  {
    let alphabet: [Unicode.Scalar] = [
      "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}",
      "\u{1F}", "\u{7F}", "é", "€", "\u{FFFF}", "😀", "\u{10FFFF}",
    ]
    func randomString() -> String {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...8, using: &generator) {
        scalars.append(alphabet.randomElement(using: &generator)!)
      }
      return String(scalars)
    }
    switch Int.random(in: 0..<(depth < 4 ? 8 : 6), using: &generator) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &generator))
    case 2:
      return .int(
        [Int64.min, Int64.max, 0, Int64.random(in: -1_000_000...1_000_000, using: &generator)]
          .randomElement(using: &generator)!)
    case 3:
      let bits = UInt64.random(in: .min ... .max, using: &generator)
      let double = Double(bitPattern: bits)
      return .double(double.isFinite ? double : Double.random(in: -1e6...1e6, using: &generator))
    case 4, 5: return .string(randomString())
    case 6:
      return .array(
        (0..<Int.random(in: 0...4, using: &generator)).map { _ in
          randomValue(&generator, depth: depth + 1)
        })
    default:
      var members: [String: ParamValue] = [:]
      for _ in 0..<Int.random(in: 0...4, using: &generator) {
        members[randomString()] = randomValue(&generator, depth: depth + 1)
      }
      return .object(members)
    }
  }

  /// Foundation's JSON reader, a parser ScreenKit's tests did not write, as the reference.
  private static func foundationValue(_ object: Any) -> ParamValue? {
    switch object {
    case is NSNull: return .null
    case let number as NSNumber: return .double(number.doubleValue)
    case let string as String: return .string(string)
    case let array as [Any]:
      let elements = array.compactMap(foundationValue)
      return elements.count == array.count ? .array(elements) : nil
    case let dictionary as [String: Any]:
      let members = dictionary.compactMapValues(foundationValue)
      return members.count == dictionary.count ? .object(members) : nil
    default: return nil
    }
  }

  /// Integers and booleans compared as doubles, as Foundation's `NSNumber` gives them.
  private static func numbersAsDoubles(_ value: ParamValue) -> ParamValue {
    switch value {
    case .int(let number): return .double(Double(number))
    case .bool(let flag): return .double(flag ? 1 : 0)
    case .array(let elements): return .array(elements.map(numbersAsDoubles))
    case .object(let members): return .object(members.mapValues(numbersAsDoubles))
    default: return value
    }
  }

  /// Equal, but for doubles within a relative 1e-13: Foundation's Linux reader is off by a
  /// few ulps on some long mantissas, where Swift's `Double(String)` (what ScreenKit reads
  /// with, checked exactly above) is correctly rounded.
  private static func agree(_ lhs: ParamValue, _ rhs: ParamValue) -> Bool {
    switch (lhs, rhs) {
    case (.double(let a), .double(let b)):
      return a == b || abs(a - b) <= 1e-13 * max(abs(a), abs(b))
    case (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { agree($0, $1) }
    case (.object(let a), .object(let b)):
      return a.count == b.count
        && a.allSatisfy { key, value in b[key].map { agree(value, $0) } ?? false }
    default: return lhs == rhs
    }
  }

  @Test func randomValuesRoundTripThroughCanonicalText() throws {
    var generator = SplitMix(seed: 0x5EED_0001)
    for _ in 0..<2000 {
      let value = Self.randomValue(&generator)
      let text = ArchiveJSON.print(value)
      let parsed = try ArchiveJSON.parse(text)
      #expect(parsed == value, "\(text)")
      #expect(ArchiveJSON.print(parsed) == text, "printing is canonical")
      let reference = try JSONSerialization.jsonObject(
        with: Data(text.utf8), options: [.fragmentsAllowed])
      let foundation = try #require(Self.foundationValue(reference))
      #expect(
        Self.agree(Self.numbersAsDoubles(foundation), Self.numbersAsDoubles(value)),
        "Foundation reads \(text) as the same value")
    }
  }

  @Test func nonCanonicalTextReadsAsItsCanonicalForm() throws {
    let text = """
       { "b" : [ 1 , 2.50, -0.0e0, "\\u00e9\\ud83d\\ude00\\/" ] ,"a":{ } , "c" : true }\t
      """
    #expect(
      ArchiveJSON.print(try ArchiveJSON.parse(text))
        == #"{"a":{},"b":[1,2.5,-0.0,"é😀/"],"c":true}"#)
  }

  /// RFC 8259 §7: a quote, a backslash and the control characters must be escaped; the
  /// canonical form uses the two-character escapes where JSON has them and `\u00xx`
  /// otherwise, and leaves every other character, `/` and non-ASCII included, as it is.
  @Test func stringsEscapeOnlyWhatJSONRequires() throws {
    let value = ParamValue.string("a\"b\\c\n\r\t\u{1}\u{1f}\u{7f}/é😀")
    let text = ArchiveJSON.print(["k\u{0}": value])
    #expect(text == #"{"k\u0000":"a\"b\\c\n\r\t\u0001\u001f"# + "\u{7f}" + #"/é😀"}"#)
    #expect(try ArchiveJSON.parse(text) == ["k\u{0}": value])
  }

  nonisolated static let malformedJSON: [(String, String)] = [
    ("", "unexpected end at byte 0"),
    ("{", "expected a member name at byte 1"),
    ("[1,]", "unexpected character at byte 3"),
    ("{\"a\":1,\"a\":2}", "duplicate member \"a\""),
    ("01", "a number has a leading zero"),
    ("1.", "expected digits after the decimal point"),
    ("1e400", "out of range"),
    ("\"\\ud800\"", "a high surrogate must be followed by a low one"),
    ("\"\\udc00\"", "a lone surrogate escape"),
    ("\"a\u{1}\"", "a control character in a string must be escaped"),
    ("\"\\x\"", "an unknown escape"),
    ("tru", "expected true"),
    ("{} {}", "unexpected text after the JSON value"),
    (String(repeating: "[", count: 300), "nesting is too deep"),
  ]

  @Test(arguments: malformedJSON)
  func malformedTextIsAClearError(text: String, message: String) {
    do {
      _ = try RestorationArchive(json: text)
      Issue.record("\(text) was accepted")
    } catch {
      #expect(error.description.hasPrefix("the archive is not valid JSON"), "\(error)")
      #expect(error.description.contains(message), "\(error)")
    }
  }

  nonisolated static let wrongShapes: [(String, String)] = [
    ("[]", "an archive is a JSON object, not array"),
    (
      #"{"format":"other","version":1,"root":{"a":{"state":{}}}}"#,
      "\"format\": \"screenkit.restoration\""
    ),
    (
      #"{"format":"screenkit.restoration","version":2,"root":{"a":{"state":{}}}}"#,
      "archive version 2 is not supported"
    ),
    (#"{"format":"screenkit.restoration","root":{"a":{"state":{}}}}"#, "archive version (missing)"),
    (
      #"{"format":"screenkit.restoration","version":1,"root":{}}"#,
      "\"root\" must be an object with exactly one member"
    ),
    (
      #"{"format":"screenkit.restoration","version":1,"root":{"a":{"state":{}}},"x":1}"#,
      "no member \"x\""
    ),
    (
      #"{"format":"screenkit.restoration","version":1,"root":{"":{"state":{}}}}"#,
      "identifiers are not empty"
    ),
    (
      #"{"format":"screenkit.restoration","version":1,"root":{"a":3}}"#,
      "the node at a must be an object, not integer"
    ),
    (
      #"{"format":"screenkit.restoration","version":1,"root":{"a":{}}}"#,
      "the node at a needs \"state\""
    ),
    (
      #"{"format":"screenkit.restoration","version":1,"root":{"a":{"state":{},"children":{"b":{"state":[]}}}}}"#,
      "the node at a / b needs \"state\""
    ),
    (
      #"{"format":"screenkit.restoration","version":1,"root":{"a":{"state":{},"children":[]}}}"#,
      "\"children\" must be an object"
    ),
    (
      #"{"format":"screenkit.restoration","version":1,"root":{"a":{"state":{},"presented":{}}}}"#,
      "\"presented\" must have exactly one member"
    ),
    (
      #"{"format":"screenkit.restoration","version":1,"root":{"a":{"state":{},"views":{"v":{}}}}}"#,
      "the view \"v\" must be"
    ),
    (
      #"{"format":"screenkit.restoration","version":1,"root":{"a":{"state":{},"component":{"name":1,"params":{}}}}}"#,
      "\"component\" must be an object"
    ),
    (
      #"{"format":"screenkit.restoration","version":1,"root":{"a":{"state":{},"extra":1}}}"#,
      "the node at a has no member \"extra\""
    ),
  ]

  @Test(arguments: wrongShapes)
  func wrongShapesAreAClearError(text: String, message: String) {
    #expect(throws: RestorationError.self) { try RestorationArchive(json: text) }
    do {
      _ = try RestorationArchive(json: text)
    } catch {
      #expect(error.description.contains(message), "\(error)")
    }
  }

  @Test func aValidArchiveIsKeptInCanonicalForm() throws {
    let archive = try RestorationArchive(
      json:
        #" {"version":1, "root":{"a":{"views":{"v":{"state":{"k":1}}},"state":{}}},"format":"screenkit.restoration"} "#
    )
    #expect(
      archive.json
        == #"{"format":"screenkit.restoration","root":{"a":{"state":{},"views":{"v":{"state":{"k":1}}}}},"version":1}"#
    )
    #expect(try RestorationArchive(json: archive.json) == archive)
  }
}
