import JSONRPC
import Testing

/// SplitMix64: a small seeded generator, so that failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

enum RandomJSON {
  static let interestingScalars: [Unicode.Scalar] = [
    "\u{0}", "\u{1}", "\u{1F}", "\"", "\\", "/", "\n", "\r", "\t", "\u{7F}", "é", "\u{2028}", "😀",
    "\u{FFFF}",
    "\u{10FFFF}", " ", "a", "Z", "0",
  ]

  static func string(_ rng: inout SeededGenerator, allowNUL: Bool = true) -> String {
    var scalars = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0...12, using: &rng) {
      let scalar: Unicode.Scalar
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: scalar = interestingScalars.randomElement(using: &rng)!
      case 1: scalar = Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &rng))
      default:
        var value = UInt32.random(in: 0...0x10FFFF, using: &rng)
        if (0xD800...0xDFFF).contains(value) { value = 0xFFFD }
        scalar = Unicode.Scalar(value)!
      }
      if !allowNUL && scalar == "\u{0}" { continue }
      scalars.append(scalar)
    }
    return String(scalars)
  }

  static func value(_ rng: inout SeededGenerator, depth: Int = 0) -> JSON {
    let leafOnly = depth >= 6
    switch Int.random(in: 0..<(leafOnly ? 6 : 8), using: &rng) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &rng))
    case 2:
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: return .int(Int64.random(in: -1000...1000, using: &rng))
      case 1:
        return .int([Int64.min, .max, 0, -1, 1 << 53, -(1 << 53)].randomElement(using: &rng)!)
      default: return .int(Int64.random(in: .min ... .max, using: &rng))
      }
    case 3:
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: return .double(Double.random(in: -1e6...1e6, using: &rng))
      case 1:
        return .double(
          [
            0.1, -0.0, 1.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e20, 1e-7,
            123456789.125,
          ]
          .randomElement(using: &rng)!)
      default:
        let bits = UInt64.random(in: .min ... .max, using: &rng)
        let candidate = Double(bitPattern: bits)
        return .double(candidate.isFinite ? candidate : 2.5)
      }
    case 4, 5: return .string(string(&rng))
    case 6:
      return .array(
        (0..<Int.random(in: 0...5, using: &rng)).map { _ in value(&rng, depth: depth + 1) })
    default:
      var object = JSONObject()
      for _ in 0..<Int.random(in: 0...5, using: &rng) {
        object[string(&rng, allowNUL: false)] = value(&rng, depth: depth + 1)
      }
      return .object(object)
    }
  }
}

/// Equality that also checks object member order and the sign of zero.
func identical(_ lhs: JSON, _ rhs: JSON) -> Bool {
  switch (lhs, rhs) {
  case (.double(let a), .double(let b)): return a.bitPattern == b.bitPattern
  case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy(identical)
  case (.object(let a), .object(let b)):
    return a.keys == b.keys && a.keys.allSatisfy { identical(a[$0]!, b[$0]!) }
  default: return lhs == rhs
  }
}

@Suite struct RoundTripTests {
  @Test(arguments: [1, 2, 3, 42, 2026] as [UInt64])
  func serializeThenParseIsIdentity(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    for iteration in 0..<400 {
      let value = RandomJSON.value(&rng)
      let text = value.serialized()
      #expect(!text.contains("\n"), "serialized JSON must be one line")
      let parsed = try JSONParser.parse(text)
      #expect(identical(parsed, value), "seed \(seed) iteration \(iteration): \(text)")
    }
  }

  @Test(arguments: [7, 8, 9] as [UInt64])
  func parseSerializeIsStable(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    for _ in 0..<300 {
      let text = RandomJSON.value(&rng).serialized()
      let once = try JSONParser.parse(text).serialized()
      let twice = try JSONParser.parse(once).serialized()
      #expect(once == twice)
      #expect(once == text)
    }
  }
}
