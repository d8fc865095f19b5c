import CJSONC
import JSONRPC
import Testing

/// The reference for `JSON.serializedBytes()`: json-c 0.16 itself. The value becomes a
/// json-c object tree (doubles carry Swift's `description` as their text, through
/// `json_object_new_double_s`) that json-c prints with the flags compd's wire format uses.
enum JSONCReference {
  static func serializedBytes(_ value: JSON) -> [UInt8] {
    let object = makeObject(value)
    defer { json_object_put(object) }
    var length = 0
    guard
      let text = json_object_to_json_string_length(
        object, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &length)
    else { return [] }
    return Array(UnsafeRawBufferPointer(start: text, count: length))
  }

  /// A new json-c object tree (the caller owns the reference); `nil` is json-c's `null`.
  private static func makeObject(_ value: JSON) -> OpaquePointer? {
    switch value {
    case .null:
      return nil
    case .bool(let value):
      return json_object_new_boolean(value ? 1 : 0)
    case .int(let value):
      return json_object_new_int64(value)
    case .double(let value):
      guard value.isFinite else { return nil }
      return json_object_new_double_s(value, value.description)
    case .string(let value):
      // One byte more than the text, so that an empty string has an address too.
      let chars = value.utf8.map { CChar(bitPattern: $0) } + [0]
      return json_object_new_string_len(chars, Int32(chars.count - 1))
    case .array(let elements):
      let array = json_object_new_array_ext(Int32(clamping: elements.count))
      for element in elements { json_object_array_add(array, makeObject(element)) }
      return array
    case .object(let members):
      let object = json_object_new_object()
      // Names are C strings to json-c: one containing U+0000 ends there.
      for (key, value) in members {
        json_object_object_add_ex(
          object, key, makeObject(value), UInt32(JSON_C_OBJECT_ADD_KEY_IS_NEW))
      }
      return object
    }
  }
}

/// Random documents that reach every branch of the serializer: every byte that json-c
/// escapes (all of U+0000–U+001F, `"`, `\`) and those it does not (`/`, DEL, non-ASCII up
/// to four UTF-8 bytes), doubles at the edges of their formatting, non-finite doubles,
/// integers at ±2^53 and the Int64 limits, empty and nested containers, names with U+0000.
enum ReferenceDocuments {
  static let specialScalars: [Unicode.Scalar] =
    (0...0x20).map { Unicode.Scalar(UInt8($0)) } + [
      "\"", "\\", "/", "\u{7F}", "\u{80}", "é", "\u{7FF}", "\u{800}", "\u{2028}", "\u{2029}",
      "\u{FEFF}", "\u{FFFD}", "\u{FFFF}", "\u{10000}", "😀", "\u{10FFFF}",
    ]

  static let doubles: [Double] = [
    0, -0.0, 0.1, -0.1, 0.2 + 0.1, 1, -1, 1.5, 100, 1e15, 1e16, 9_007_199_254_740_992,
    9_007_199_254_740_994, 1e20, 1e21, 1e22, 1e300, -1e300, 1e-5, 1e-7, 1.0e-300,
    123_456_789.125, .pi, .leastNonzeroMagnitude, .leastNormalMagnitude,
    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .nan, .infinity, -.infinity,
  ]

  static let integers: [Int64] = [
    0, 1, -1, 9, 10, -9, -10, 99, 100, 1 << 53, -(1 << 53), (1 << 53) + 1, -(1 << 53) - 1,
    .max, .min, .max - 1, .min + 1, Int64(Int32.max), Int64(Int32.min),
  ]

  static func string(_ rng: inout SeededGenerator) -> String {
    var scalars = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0...16, using: &rng) {
      switch Int.random(in: 0..<4, using: &rng) {
      case 0, 1: scalars.append(specialScalars.randomElement(using: &rng)!)
      case 2: scalars.append(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &rng)))
      default:
        var value = UInt32.random(in: 0...0x10FFFF, using: &rng)
        if (0xD800...0xDFFF).contains(value) { value = 0xFFFD }
        scalars.append(Unicode.Scalar(value)!)
      }
    }
    return String(scalars)
  }

  static func value(_ rng: inout SeededGenerator, depth: Int = 0) -> JSON {
    switch Int.random(in: 0..<(depth >= 7 ? 7 : 10), using: &rng) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &rng))
    case 2: return .int(integers.randomElement(using: &rng)!)
    case 3:
      return .int(
        Int64.random(in: .min ... .max, using: &rng) >> Int.random(in: 0...63, using: &rng))
    case 4: return .double(doubles.randomElement(using: &rng)!)
    case 5:
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: return .double(Double.random(in: -1e6...1e6, using: &rng))
      case 1: return .double(Double(Int64.random(in: -1_000_000...1_000_000, using: &rng)) / 8)
      default: return .double(Double(bitPattern: UInt64.random(in: .min ... .max, using: &rng)))
      }
    case 6: return .string(string(&rng))
    case 7, 8:
      return .array(
        (0..<Int.random(in: 0...5, using: &rng)).map { _ in value(&rng, depth: depth + 1) })
    default:
      var object = JSONObject()
      for _ in 0..<Int.random(in: 0...5, using: &rng) {
        object[string(&rng)] = value(&rng, depth: depth + 1)
      }
      return .object(object)
    }
  }
}

@Suite struct SerializationReferenceTests {
  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func randomDocumentsMatchJSONC(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    for iteration in 0..<1000 {
      let value = ReferenceDocuments.value(&rng)
      let ours = value.serializedBytes()
      let reference = JSONCReference.serializedBytes(value)
      #expect(
        ours == reference,
        "seed \(seed) iteration \(iteration): \(String(decoding: ours, as: UTF8.self)) vs json-c \(String(decoding: reference, as: UTF8.self))"
      )
      if ours != reference { return }
    }
  }

  @Test func everyByteOfEveryStringClassMatchesJSONC() {
    // Every scalar up to U+00FF alone, in a name and between other characters.
    for scalar in (0...0xFF).map({ Unicode.Scalar(UInt8($0)) }) {
      let text = String(scalar)
      for value: JSON in [.string(text), .string("a\(text)b\(text)"), [text: [.string(text)]]] {
        #expect(
          value.serializedBytes() == JSONCReference.serializedBytes(value),
          "U+\(String(scalar.value, radix: 16))")
      }
    }
  }

  @Test func edgeValuesMatchJSONC() {
    var values: [JSON] = [nil, true, false, "", [], [:], [[]], [[:]], ["": [:]], ["": ""]]
    values += ReferenceDocuments.doubles.map(JSON.double)
    values += ReferenceDocuments.integers.map(JSON.int)
    values += [["a\u{0}b": 1], ["a\u{0}b": 1, "a\u{0}c": 2], ["\u{0}": nil]]
    for value in values {
      #expect(value.serializedBytes() == JSONCReference.serializedBytes(value), "\(value)")
    }
    // The written forms the reference gives, spelled out.
    #expect(JSON.double(-0.0).serialized() == "-0.0")
    #expect(JSON.double(1e300).serialized() == "1e+300")
    #expect(JSON.double(0.1).serialized() == "0.1")
    #expect(JSON.double(.nan).serialized() == "null")
    #expect(JSON.int(.min).serialized() == "-9223372036854775808")
    #expect(JSON.string("/\u{1}\u{7F}").serialized() == "\"/\\u0001\u{7F}\"")
  }

  @Test func appendingSerializesAfterExistingBytes() {
    var bytes = Array("x".utf8)
    let value: JSON = ["a": [1, "b"]]
    value.serialize(into: &bytes)
    #expect(bytes == Array("x".utf8) + value.serializedBytes())
  }
}
