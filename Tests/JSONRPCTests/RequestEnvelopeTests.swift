import Testing

@testable import JSONRPC

/// `JSONParser.parseMessage`, which reads a request line's envelope without building the
/// request object, against json-c after the lexical pass (`parseWithJSONC`, the reference
/// `JSONParserReferenceTests` holds the parse to): on every text both fail with the same
/// message, or the envelope is exactly the parsed object's members (`RequestEnvelope(_:)`),
/// or both read the same other value. Texts are requests with random member order, ids,
/// params, unknown members, repeated and escaped member names, then with random edits.
@Suite struct RequestEnvelopeTests {
  static func request(_ rng: inout SeededGenerator) -> [UInt8] {
    var members: [(String, JSON)] = [("jsonrpc", "2.0")]
    if Bool.random(using: &rng) { members.append(("id", RandomJSON.value(&rng))) }
    members.append(
      ("method", .string(["daemon.ping", "scene.event", "x"].randomElement(using: &rng)!)))
    if Bool.random(using: &rng) { members.append(("params", RandomJSON.value(&rng))) }
    if Int.random(in: 0..<4, using: &rng) == 0 { members.append(("extra", RandomJSON.value(&rng))) }
    if Int.random(in: 0..<6, using: &rng) == 0 { members.append(("id", RandomJSON.value(&rng))) }
    members.shuffle(using: &rng)
    var text = Array("{".utf8)
    for (index, (name, value)) in members.enumerated() {
      if index > 0 { text += Array(",".utf8) }
      // Now and then a name spelled with an escape, which names the same member.
      if Int.random(in: 0..<8, using: &rng) == 0, let first = name.unicodeScalars.first {
        let hex = String(first.value, radix: 16)
        text += Array(
          "\"\\u\(String(repeating: "0", count: 4 - hex.count))\(hex)\(name.dropFirst())\"".utf8)
      } else {
        text += JSON.string(name).serializedBytes()
      }
      text += Array(":".utf8)
      text += JSONParserReferenceTests.spaced(value, &rng)
    }
    text += Array("}".utf8)
    return text
  }

  static func compare(
    _ text: [UInt8], limits: JSONParser.Limits = .init(), context: @autoclosure () -> String
  ) {
    let whole = text.withUnsafeBytes { bytes in
      Result { () throws(JSONParseError) in try JSONParser.parseWithJSONC(bytes, limits: limits) }
    }
    let message = text.withUnsafeBytes { bytes in
      Result { () throws(JSONParseError) in try JSONParser.parseMessage(bytes, limits: limits) }
    }
    switch (whole, message) {
    case (.success(.object(let object)), .success(let read)):
      #expect(read == .request(RequestEnvelope(object)), "\(context())")
    case (.success(let value), .success(let read)):
      #expect(read == .other(value), "\(context())")
    case (.failure(let parsed), .failure(let read)):
      #expect(parsed.message == read.message, "\(context())")
    default:
      Issue.record("\(context()): parse \(whole) vs message \(message)")
    }
  }

  @Test(arguments: [21, 22, 23] as [UInt64])
  func randomRequestsMatchTheParse(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    for iteration in 0..<500 {
      let text = Self.request(&rng)
      Self.compare(
        text,
        context: "seed \(seed) iteration \(iteration): \(String(decoding: text, as: UTF8.self))")
      // And the fast reader takes it.
      let read = text.withUnsafeBytes { JSONTreeReader.readMessage($0, maxDepth: 64) }
      #expect(read != nil, "seed \(seed) iteration \(iteration)")
    }
  }

  @Test(arguments: [24, 25, 26, 27] as [UInt64])
  func editedRequestsMatchTheParse(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    for iteration in 0..<1500 {
      let text = JSONParserReferenceTests.edited(Self.request(&rng), &rng)
      Self.compare(
        text,
        context: "seed \(seed) iteration \(iteration): \(String(decoding: text, as: UTF8.self))")
    }
  }

  /// Depth limits count the request object as json-c does, a number out of a double's range
  /// in an unknown member fails as in the parse, and a batch is another value.
  @Test func limitsAndBatches() {
    for maxDepth in 1...3 {
      for text in [
        #"{"params":{"a":[1]}}"#, #"{}"#, #"[{"id":1}]"#, #"{"x":{}}"#, #"7"#,
        #"{"x":-1.5e999}"#,
      ] {
        Self.compare(
          Array(text.utf8), limits: JSONParser.Limits(maxDepth: maxDepth),
          context: "\(text) at \(maxDepth)")
      }
    }
  }
}
