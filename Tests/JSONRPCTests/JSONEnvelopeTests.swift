import Testing

@testable import JSONRPC

/// `JSONEnvelope.read`, which keeps payload members as text, against json-c after the
/// lexical pass (`parseWithJSONC`, the reference `JSONParserReferenceTests` holds the parse
/// to): on every text both fail with the same message, or the envelope's members and its
/// payloads' values are exactly the parsed message's. Texts are messages shaped as a scene host's (a `result`
/// with `ops`, `root` and other members), with random payloads and whitespace, then with
/// random edits.
@Suite struct JSONEnvelopeTests {
  static let payloadNames: Set<String> = ["ops", "root"]

  static func message(_ rng: inout SeededGenerator) -> JSON {
    var result = JSONObject()
    result["ops"] = RandomJSON.value(&rng)
    if Bool.random(using: &rng) { result["root"] = RandomJSON.value(&rng) }
    result["handled"] = .bool(Bool.random(using: &rng))
    result["other"] = RandomJSON.value(&rng)
    return [
      "jsonrpc": "2.0", "id": .int(Int64.random(in: 0...1000, using: &rng)),
      "result": .object(result),
    ]
  }

  static func compare(_ text: [UInt8], context: @autoclosure () -> String) {
    let whole = text.withUnsafeBytes { bytes in
      Result { () throws(JSONParseError) in try JSONParser.parseWithJSONC(bytes) }
    }
    let envelope = text.withUnsafeBytes { bytes in
      Result { () throws(JSONParseError) in
        try JSONEnvelope.read(bytes, payloadNames: payloadNames)
      }
    }
    switch (whole, envelope) {
    case (.success(let parsed), .success(let read)):
      // The payloads come from the one object two deep (the `result`, whatever its name
      // after an edit): put back there, the message is the parsed one.
      var rebuilt = read.value
      if case .object(var message) = rebuilt,
        let name = message.keys.first(where: { message[$0]?.objectValue != nil })
      {
        var object = message[name]!.objectValue!
        for (member, payload) in read.payloads {
          #expect(payloadNames.contains(member), "\(context()): \(member)")
          #expect(object[member] == nil, "\(context()): \(member) kept twice")
          object[member] = try? payload.parsed()
        }
        message[name] = .object(object)
        rebuilt = .object(message)
      } else {
        #expect(read.payloads.isEmpty, "\(context())")
      }
      #expect(Self.sorted(rebuilt) == Self.sorted(parsed), "\(context())")
      if case .object(let message) = parsed, case .object(let result)? = message["result"] {
        for name in payloadNames where result[name] != nil {
          #expect(read.payloads[name] != nil, "\(context()): \(name) not kept")
        }
      }
    case (.failure(let parsed), .failure(let read)):
      #expect(parsed.message == read.message, "\(context())")
    default:
      Issue.record("\(context()): parse \(whole) vs envelope \(envelope)")
    }
  }

  /// `value` with every object's members in name order (a payload put back comes last).
  static func sorted(_ value: JSON) -> JSON {
    switch value {
    case .array(let elements): return .array(elements.map(sorted))
    case .object(let members):
      var result = JSONObject()
      for name in members.keys.sorted() { result[name] = sorted(members[name]!) }
      return .object(result)
    default: return value
    }
  }

  @Test(arguments: [11, 12, 13] as [UInt64])
  func randomMessagesMatchTheParse(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    for iteration in 0..<300 {
      let text = JSONParserReferenceTests.spaced(Self.message(&rng), &rng)
      Self.compare(text, context: "seed \(seed) iteration \(iteration)")
      // Read by the fast path, payloads as text.
      let read = text.withUnsafeBytes {
        JSONTreeReader.read($0, maxDepth: 64, keeping: Self.payloadNames, atDepth: 2)
      }
      #expect(read?.kept["ops"] != nil, "seed \(seed) iteration \(iteration)")
    }
  }

  @Test(arguments: [14, 15, 16, 17] as [UInt64])
  func editedMessagesMatchTheParse(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    for iteration in 0..<1500 {
      let text = JSONParserReferenceTests.edited(
        JSONParserReferenceTests.spaced(Self.message(&rng), &rng), &rng)
      Self.compare(
        text,
        context: "seed \(seed) iteration \(iteration): \(String(decoding: text, as: UTF8.self))")
    }
  }

  @Test func payloadsDeeperThanTheLimitFailAsTheParseDoes() {
    for maxDepth in 2...5 {
      for nesting in 0...5 {
        let text = Array(
          (#"{"result":{"ops":"# + String(repeating: "[", count: nesting)
            + String(repeating: "]", count: nesting) + (nesting == 0 ? "1" : "") + "}}").utf8)
        let limits = JSONParser.Limits(maxDepth: maxDepth)
        let whole = text.withUnsafeBytes { bytes in
          Result { () throws(JSONParseError) in try JSONParser.parseWithJSONC(bytes, limits: limits)
          }
        }
        let envelope = text.withUnsafeBytes { bytes in
          Result { () throws(JSONParseError) in
            try JSONEnvelope.read(bytes, payloadNames: Self.payloadNames, limits: limits)
          }
        }
        switch (whole, envelope) {
        case (.success, .success): break
        case (.failure(let a), .failure(let b)): #expect(a.message == b.message)
        default: Issue.record("depth \(maxDepth) nesting \(nesting): \(whole) vs \(envelope)")
        }
      }
    }
  }

  /// A member with a payload's name deeper than the payloads' depth is part of the value,
  /// and leaves the payload read before it alone.
  @Test func aPayloadNameDeeperDownIsAnOrdinaryMember() throws {
    let text = Array(
      #"{"id":1,"result":{"ops":[{"op":"update"}],"meta":{"ops":2,"root":null},"root":{"id":"r"}}}"#
        .utf8)
    let read = try text.withUnsafeBytes { bytes in
      Result { () throws(JSONParseError) in
        try JSONEnvelope.read(bytes, payloadNames: Self.payloadNames)
      }
    }.get()
    #expect(read.payloads["ops"].map { Array($0.bytes) } == Array(#"[{"op":"update"}]"#.utf8))
    #expect(read.payloads["root"].map { Array($0.bytes) } == Array(#"{"id":"r"}"#.utf8))
    #expect(read.value == ["id": 1, "result": ["meta": ["ops": 2, "root": .null]]])
    // A payload is checked as the parse checks it: a number out of a double's range fails.
    Self.compare(Array(#"{"result":{"ops":[2e308]}}"#.utf8), context: "2e308")
  }

  /// A payload array's elements, each as its text, are the parsed array's elements, on
  /// random arrays with random whitespace.
  @Test(arguments: [18, 19] as [UInt64])
  func elementsOfAPayloadAreTheParsedElements(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    for iteration in 0..<300 {
      let array = JSON.array(
        (0..<Int.random(in: 0..<5, using: &rng)).map { _ in
          RandomJSON.value(&rng)
        })
      let raw = try RawJSON(validating: JSONParserReferenceTests.spaced(array, &rng))
      let elements = try #require(raw.elements, "seed \(seed) iteration \(iteration)")
      #expect(
        try elements.map { try $0.parsed() } == array.arrayValue!,
        "seed \(seed) iteration \(iteration): \(String(decoding: raw.bytes, as: UTF8.self))")
      // Each element is its value's text alone, without the whitespace around it.
      let spaces: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
      #expect(
        elements.allSatisfy {
          !spaces.contains($0.bytes.first!) && !spaces.contains($0.bytes.last!)
        },
        "seed \(seed) iteration \(iteration)")
    }
    #expect(try RawJSON(validating: Array(#"{"a":[1]}"#.utf8)).elements == nil)
    #expect(
      try RawJSON(validating: Array(#" [ "a\\\"]" , [ "]" ] , {"b":"}"} ] "#.utf8)).elements?.map(
        \.text) == [#""a\\\"]""#, #"[ "]" ]"#, #"{"b":"}"}"#])
  }

  /// Payload members keep the order they were set in; setting a name again replaces its
  /// value in place, setting it to nil removes it, and equality ignores the order.
  @Test func payloadMembersReplaceAndRemoveByName() {
    var members: RawJSONMembers = ["a": RawJSON(1), "b": RawJSON("x")]
    members["a"] = RawJSON(2)
    members["c"] = RawJSON(.null)
    members["b"] = nil
    members["d"] = nil
    #expect(members.map(\.name) == ["a", "c"])
    #expect(members["a"] == RawJSON(2) && members["b"] == nil && members.count == 2)
    #expect(members.valueByteCount == 5)
    #expect(members == ["c": RawJSON(.null), "a": RawJSON(2)])
    #expect(members != ["c": RawJSON(.null), "a": RawJSON(3)])
  }

  /// A notification whose params are written straight into its text is the one spliced
  /// from the same params written on their own, and gives the same params back.
  @Test func aNotificationWrittenInPlaceIsTheSplicedOne() throws {
    let event = try RawJSON(validating: Array(#"{"name":"login","payload":{"a":[1]}}"#.utf8))
    let written = SerializedNotification(method: "scene.emitted", paramsCapacity: 4) {
      $0.append("scene", "s1")
      $0.append(membersOf: event)
    }
    var params = JSONObjectWriter()
    params.append("scene", "s1")
    params.append(membersOf: event)
    let spliced = SerializedNotification(method: "scene.emitted", params: params.object)
    #expect(written.bytes == spliced.bytes)
    #expect(
      String(decoding: written.bytes, as: UTF8.self)
        == #"{"jsonrpc":"2.0","method":"scene.emitted","params":{"scene":"s1","name":"login","payload":{"a":[1]}}}"#
    )
    #expect(written.params == ["scene": "s1", "name": "login", "payload": ["a": [1]]])
    #expect(spliced.params == written.params)
  }

  /// An object's members spliced after others, whitespace inside them kept.
  @Test func aWriterSplicesAnObjectsMembers() throws {
    var params = JSONObjectWriter()
    params.append("scene", "s1")
    params.append(
      membersOf: try RawJSON(validating: Array(#" { "name" : "login", "payload":{"a":1} } "#.utf8)))
    #expect(
      String(decoding: params.object.bytes, as: UTF8.self)
        == #"{"scene":"s1","name" : "login", "payload":{"a":1}}"#)
    var empty = JSONObjectWriter()
    empty.append("scene", "s1")
    empty.append(membersOf: try RawJSON(validating: Array("{ }".utf8)))
    #expect(String(decoding: empty.object.bytes, as: UTF8.self) == #"{"scene":"s1"}"#)
  }

  /// Names from data are escaped as the serializer escapes them (cut at a U+0000, as json-c
  /// reads a name); names written in the source go in as they are; either way the object
  /// reads back as the tree written whole.
  @Test func aWriterEscapesNamesFromDataOnly() throws {
    let names = ["plain", #"a "quoted" name"#, "back\\slash", "tab\tand\nline", "é"]
    var written = JSONObjectWriter()
    written.append("scene", "s1")
    var tree = JSONObject()
    tree["scene"] = "s1"
    for (index, name) in names.enumerated() {
      written.append(named: name, .int(Int64(index)))
      tree[name] = .int(Int64(index))
    }
    #expect(written.object.bytes == JSON.object(tree).serializedBytes())
    #expect(try written.object.parsed() == .object(tree))
    var cut = JSONObjectWriter()
    cut.append(named: "a\u{0}b", true)
    #expect(String(decoding: cut.object.bytes, as: UTF8.self) == #"{"a":true}"#)
  }

  @Test func aWriterSplicesPayloadsAsTheyAre() throws {
    let ops = try RawJSON(
      validating: Array(#"[{"op":"update","id":"n5","props":{"text":"anna"}}]"#.utf8))
    var params = JSONObjectWriter()
    params.append("scene", "s1")
    params.append("revision", 3)
    params.append("ops", ops)
    let notification = SerializedNotification(method: "scene.changed", params: params.object)
    #expect(
      String(decoding: notification.bytes, as: UTF8.self)
        == #"{"jsonrpc":"2.0","method":"scene.changed","params":{"scene":"s1","revision":3,"ops":[{"op":"update","id":"n5","props":{"text":"anna"}}]}}"#
    )
    // The same bytes as the tree serialized whole.
    let tree: JSON = [
      "jsonrpc": "2.0", "method": "scene.changed",
      "params": ["scene": "s1", "revision": 3, "ops": try ops.parsed()],
    ]
    #expect(notification.bytes == tree.serializedBytes())
    #expect(throws: JSONParseError.self) { try RawJSON(validating: Array("[1,".utf8)) }
  }
}
