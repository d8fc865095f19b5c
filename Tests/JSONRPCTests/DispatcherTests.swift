import JSONRPC
import Synchronization
import Testing

final class TestConnection: RPCConnection {
  let id: UInt64 = 7
  let peer: PeerCredentials? = PeerCredentials(pid: 1, uid: 1000, gid: 1000)
  let sent = Mutex<[(String, JSON)]>([])
  func notify(method: String, params: JSON) { sent.withLock { $0.append((method, params)) } }
}

final class HitLog: Sendable {
  private let names = Mutex<[String]>([])
  func record(_ name: String) { names.withLock { $0.append(name) } }
  var all: [String] { names.withLock { $0 } }
}

struct LeakyFailure: Error, CustomStringConvertible {
  var description: String { "secret internal state /etc/shadow" }
}

/// A registry like the daemon's: immediate and async methods, one that throws each kind.
func makeRegistry(hits: HitLog? = nil) -> MethodRegistry {
  var registry = MethodRegistry()
  registry.register(
    RPCMethod(
      name: "subtract", summary: "a − b",
      params: .object([.init("a", .integer(), required: true), .init("b", .integer(default: 0))]),
      result: .integer(),
      handler: .immediate { call in
        hits?.record("subtract")
        return .int(call.params["a"]!.intValue! - call.params["b"]!.intValue!)
      }))
  registry.register(
    RPCMethod(
      name: "echo", summary: "Returns its params", description: "Waits a little first.",
      params: .object(additionalProperties: true), result: .object(additionalProperties: true),
      handler: .async { call in
        try await Task.sleep(for: .milliseconds(1))
        hits?.record("echo")
        return .object(call.params)
      }))
  registry.register(
    RPCMethod(
      name: "fail", summary: "Throws",
      params: .object([.init("kind", .string(enum: ["rpc", "other"]), required: true)]),
      result: .null(),
      handler: .immediate { call in
        hits?.record("fail")
        if call.params["kind"] == "rpc" {
          throw RPCError.server(
            TestServerError.noSuchScene, "No scene s1", details: ["scene": "s1"])
        }
        throw LeakyFailure()
      }))
  registry.register(
    RPCMethod(
      name: "failLater", summary: "Throws asynchronously", params: .object(), result: .null(),
      handler: .async { _ in throw LeakyFailure() }))
  registry.register(
    RPCMethod(
      name: "whoami", summary: "The caller", params: .object(), result: .any(),
      handler: .immediate { call in
        call.connection.notify(method: "note", params: ["hello": true])
        return [
          "connection": .int(Int64(call.connection.id)),
          "uid": .int(Int64(call.connection.peer!.uid)), "notification": .bool(call.isNotification),
        ]
      }))
  return registry
}

/// Runs the dispatcher on `text` and returns the reply text, or nil when there is none.
func exchange(_ text: String, _ dispatcher: Dispatcher = Dispatcher(registry: makeRegistry())) async
  -> String?
{
  switch dispatcher.handle(line: Array(text.utf8), connection: TestConnection()) {
  case .reply(let bytes): return String(decoding: bytes, as: UTF8.self)
  case .noReply: return nil
  case .pending(let work): return await work().map { String(decoding: $0, as: UTF8.self) }
  case .pendingOnMainActor(let work):
    return await MainActor.run {
      let reply = work()
      reply.followUp.run()
      return reply.bytes.map { String(decoding: $0, as: UTF8.self) }
    }
  }
}

@Suite struct DispatcherTests {
  /// The JSON-RPC 2.0 specification's section 7 examples, adapted to by-name params.
  static let conversations: [(String, String?)] = [
    (
      #"{"jsonrpc":"2.0","method":"subtract","params":{"a":42,"b":23},"id":1}"#,
      #"{"jsonrpc":"2.0","id":1,"result":19}"#
    ),
    (
      #"{"jsonrpc":"2.0","method":"subtract","params":{"b":42,"a":23},"id":"x"}"#,
      #"{"jsonrpc":"2.0","id":"x","result":-19}"#
    ),
    (#"{"jsonrpc":"2.0","method":"subtract","params":{"a":5}}"#, nil),
    (
      #"{"jsonrpc":"2.0","method":"nope","id":"1"}"#,
      #"{"jsonrpc":"2.0","id":"1","error":{"code":-32601,"message":"Method not found: nope","data":{"method":"nope"}}}"#
    ),
    (#"{"jsonrpc":"2.0","method":"nope"}"#, nil),
    (#"{"jsonrpc":"2.0","method":"subtract","params":{"a":"x"}}"#, nil),
    (#"{"jsonrpc":"2.0","method":"fail","params":{"kind":"other"}}"#, nil),
    (
      #"{"jsonrpc":"2.0","method":1,"params":"bar"}"#,
      #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid request: \"method\" must be a string"}}"#
    ),
    (
      #"[]"#,
      #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid request: empty batch"}}"#
    ),
    (
      #"[1]"#,
      #"[{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid request: expected a request object"}}]"#
    ),
    (
      #"[1,2]"#,
      #"[{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid request: expected a request object"}},{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid request: expected a request object"}}]"#
    ),
    (
      #"[{"jsonrpc":"2.0","method":"subtract","params":{"a":1}},{"jsonrpc":"2.0","method":"nope"}]"#,
      nil
    ),
    (
      #"{"jsonrpc":"1.0","method":"subtract","id":3}"#,
      #"{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"Invalid request: \"jsonrpc\" must be \"2.0\""}}"#
    ),
    (
      #"{"method":"subtract","id":3}"#,
      #"{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"Invalid request: \"jsonrpc\" must be \"2.0\""}}"#
    ),
    (
      #"{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":4}"#,
      #"{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"Invalid params: params must be an object (by-name); positional params are not supported"}}"#
    ),
    (
      #"{"jsonrpc":"2.0","method":"subtract","params":"x","id":4}"#,
      #"{"jsonrpc":"2.0","id":4,"error":{"code":-32600,"message":"Invalid request: \"params\" must be an object"}}"#
    ),
    (
      #"{"jsonrpc":"2.0","method":"subtract","params":{"a":1.5},"id":5}"#,
      #"{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"Invalid params: a: expected integer, got number","data":{"field":"a"}}}"#
    ),
    (
      #"{"jsonrpc":"2.0","method":"subtract","params":{"a":1,"c":2},"id":5}"#,
      #"{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"Invalid params: c: is not a known member","data":{"field":"c"}}}"#
    ),
    (
      #"{"jsonrpc":"2.0","method":"fail","params":{"kind":"rpc"},"id":6}"#,
      #"{"jsonrpc":"2.0","id":6,"error":{"code":-32001,"message":"No scene s1","data":{"name":"compd.NoSuchScene","scene":"s1"}}}"#
    ),
    (
      #"{"jsonrpc":"2.0","method":"fail","params":{"kind":"other"},"id":7}"#,
      #"{"jsonrpc":"2.0","id":7,"error":{"code":-32603,"message":"Internal error"}}"#
    ),
    (
      #"{"jsonrpc":"2.0","method":"failLater","id":8}"#,
      #"{"jsonrpc":"2.0","id":8,"error":{"code":-32603,"message":"Internal error"}}"#
    ),
    (#"{"jsonrpc":"2.0","method":"failLater"}"#, nil),
    (
      #"{"jsonrpc":"2.0","method":"echo","params":{"z":1,"a":[true]},"id":9}"#,
      #"{"jsonrpc":"2.0","id":9,"result":{"z":1,"a":[true]}}"#
    ),
    (#"{"jsonrpc":"2.0","method":"echo","params":{"z":1}}"#, nil),
    (
      #"{"jsonrpc":"2.0","method":"whoami","id":null}"#,
      #"{"jsonrpc":"2.0","id":null,"result":{"connection":7,"uid":1000,"notification":false}}"#
    ),
    // ids: echoed exactly, or rejected with id null.
    (
      #"{"jsonrpc":"2.0","method":"subtract","params":{"a":1},"id":9007199254740992}"#,
      #"{"jsonrpc":"2.0","id":9007199254740992,"result":1}"#
    ),
    (
      #"{"jsonrpc":"2.0","method":"subtract","params":{"a":1},"id":-9007199254740992}"#,
      #"{"jsonrpc":"2.0","id":-9007199254740992,"result":1}"#
    ),
    (
      #"{"jsonrpc":"2.0","method":"subtract","params":{"a":1},"id":"é\u0000"}"#,
      #"{"jsonrpc":"2.0","id":"é\u0000","result":1}"#
    ),
  ]

  @Test(arguments: conversations)
  func answersLikeTheSpecification(_ request: String, _ expected: String?) async {
    #expect(await exchange(request) == expected)
  }

  static let invalidIDs = [
    "9007199254740993", "-9007199254740993", "9223372036854775807", "9223372036854775808",
    "100000000000000000000000",
    "1.5", "1.0", "1e3", "true", "false", "[1]", "{\"a\":1}",
  ]

  @Test(arguments: invalidIDs)
  func rejectsIDsThatCannotBeEchoedExactly(_ id: String) async throws {
    let reply = try #require(
      await exchange(#"{"jsonrpc":"2.0","method":"subtract","params":{"a":1},"id":\#(id)}"#))
    let parsed = try JSONParser.parse(reply)
    #expect(parsed["id"] == .null)
    #expect(parsed["error"]?["code"] == -32600)
    // Even as a would-be notification-free request the id problem wins over the method.
    let other = try #require(await exchange(#"{"jsonrpc":"2.0","method":"nope","id":\#(id)}"#))
    #expect(try JSONParser.parse(other)["error"]?["code"] == -32600)
  }

  @Test func parseErrorsAnswerWithNullID() async throws {
    for text in [
      #"{"jsonrpc":"2.0","method":"foobar,"params":"bar","baz]"#, "", "[1,", "{\"id\":1,}",
      "\u{FF}",
    ] {
      let reply = try #require(await exchange(text))
      let parsed = try JSONParser.parse(reply)
      #expect(parsed["id"] == .null)
      #expect(parsed["error"]?["code"] == -32700)
      #expect(parsed["error"]?["message"]?.stringValue?.hasPrefix("Parse error: ") == true)
    }
    let batch = try #require(
      await exchange(
        #"[{"jsonrpc":"2.0","method":"sum","params":[1,2,4],"id":"1"},{"jsonrpc":"2.0","method""#))
    #expect(try JSONParser.parse(batch)["error"]?["code"] == -32700)
  }

  @Test func internalErrorsDoNotLeakDetails() async throws {
    let reply = try #require(
      await exchange(#"{"jsonrpc":"2.0","method":"fail","params":{"kind":"other"},"id":1}"#))
    #expect(!reply.contains("secret"))
    #expect(!reply.contains("LeakyFailure"))
  }

  @Test func mixedBatchKeepsOrderAndSkipsNotifications() async throws {
    let hits = HitLog()
    let dispatcher = Dispatcher(registry: makeRegistry(hits: hits))
    let batch = """
      [{"jsonrpc":"2.0","method":"subtract","params":{"a":42,"b":23},"id":"1"},
       {"jsonrpc":"2.0","method":"echo","params":{"n":1}},
       {"jsonrpc":"2.0","method":"echo","params":{"n":2},"id":"2"},
       {"foo":"boo"},
       {"jsonrpc":"2.0","method":"nope","id":"5"},
       {"jsonrpc":"2.0","method":"fail","params":{"kind":"rpc"}},
       {"jsonrpc":"2.0","method":"subtract","params":{"a":1},"id":"9"}]
      """
    guard case .pending = dispatcher.handle(line: Array(batch.utf8), connection: TestConnection())
    else {
      Issue.record("a batch with async methods must be pending")
      return
    }
    let reply = try #require(await exchange(batch, dispatcher))
    #expect(
      reply
        == #"[{"jsonrpc":"2.0","id":"1","result":19},{"jsonrpc":"2.0","id":"2","result":{"n":2}},{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid request: \"jsonrpc\" must be \"2.0\""}},{"jsonrpc":"2.0","id":"5","error":{"code":-32601,"message":"Method not found: nope","data":{"method":"nope"}}},{"jsonrpc":"2.0","id":"9","result":1}]"#
    )
    // Notifications ran even though nobody hears about them.
    #expect(hits.all.filter { $0 == "echo" }.count == 2)
    #expect(hits.all.contains("fail"))
  }

  @Test func allNotificationBatchGetsNoReply() async {
    let batch =
      #"[{"jsonrpc":"2.0","method":"subtract","params":{"a":1}},{"jsonrpc":"2.0","method":"echo"},{"jsonrpc":"2.0","method":"nope"}]"#
    #expect(await exchange(batch) == nil)
  }

  @Test func immediateMethodsReplyInline() {
    let dispatcher = Dispatcher(registry: makeRegistry())
    let outcome = dispatcher.handle(
      line: Array(#"{"jsonrpc":"2.0","method":"subtract","params":{"a":3},"id":1}"#.utf8),
      connection: TestConnection())
    guard case .reply(let bytes) = outcome else {
      Issue.record("expected an inline reply")
      return
    }
    #expect(String(decoding: bytes, as: UTF8.self) == #"{"jsonrpc":"2.0","id":1,"result":3}"#)
  }

  @Test func handlersSeeTheirConnection() async {
    let connection = TestConnection()
    let dispatcher = Dispatcher(registry: makeRegistry())
    _ = dispatcher.handle(
      line: Array(#"{"jsonrpc":"2.0","method":"whoami"}"#.utf8), connection: connection)
    #expect(connection.sent.withLock { $0.map(\.0) } == ["note"])
  }

  @Test func depthLimitIsAParseError() async throws {
    let dispatcher = Dispatcher(registry: makeRegistry(), limits: .init(maxDepth: 4))
    let deep = #"{"jsonrpc":"2.0","method":"echo","params":{"a":{"b":{"c":{}}}},"id":1}"#
    let reply = try #require(await exchange(deep, dispatcher))
    #expect(try JSONParser.parse(reply)["error"]?["code"] == -32700)
  }
}

@Suite struct OpenRPCTests {
  @Test func documentListsEveryRegisteredMethodWithItsSchema() throws {
    let registry = makeRegistry()
    let document = registry.openRPCDocument(title: "compd", version: "0.1.0")
    #expect(document["openrpc"] == "1.2.6")
    #expect(document["info"] == ["title": "compd", "version": "0.1.0"])
    let methods = try #require(document["methods"]?.arrayValue)
    #expect(methods.map { $0["name"]?.stringValue } == registry.methods.map(\.name))
    #expect(registry.methods.map(\.name) == ["echo", "fail", "failLater", "subtract", "whoami"])
    for (entry, method) in zip(methods, registry.methods) {
      #expect(entry["summary"] == .string(method.summary))
      #expect(entry["result"] == ["name": "result", "schema": method.result.jsonSchema])
      guard case .object(let properties, _) = method.params.kind else { continue }
      #expect(entry["params"]?.arrayValue?.count == properties.count)
      for (param, property) in zip(entry["params"]?.arrayValue ?? [], properties) {
        #expect(param["name"] == .string(property.name))
        #expect(param["required"] == .bool(property.required))
        #expect(param["schema"] == property.schema.jsonSchema)
      }
    }
    #expect(methods[0]["description"] == "Waits a little first.")
    #expect(
      methods[3]["params"] == [
        ["name": "a", "required": true, "schema": ["type": "integer"]],
        ["name": "b", "required": false, "schema": ["type": "integer", "default": 0]],
      ])
    // The document survives the wire.
    #expect(try JSONParser.parse(document.serialized()) == document)
  }
}

@Suite struct ClientMessageTests {
  @Test func buildsRequestsAndNotifications() {
    #expect(
      RPCMessage.request(id: 1, method: "daemon.ping", params: nil).serialized()
        == #"{"jsonrpc":"2.0","id":1,"method":"daemon.ping"}"#)
    #expect(
      RPCMessage.notification(method: "x", params: ["a": 1]).serialized()
        == #"{"jsonrpc":"2.0","method":"x","params":{"a":1}}"#)
  }

  @Test func readsResponsesAndNotifications() throws {
    guard
      case .response(let id, .success(let result)) = try RPCIncoming(
        parsing: Array(#"{"jsonrpc":"2.0","id":"a","result":[1]}"#.utf8))
    else {
      Issue.record("expected a result")
      return
    }
    #expect(id == "a" && result == [1])
    guard
      case .response(.null, .failure(let error)) = try RPCIncoming(
        parsing: Array(
          #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: x","data":{"k":1}}}"#
            .utf8))
    else {
      Issue.record("expected an error")
      return
    }
    #expect(error == RPCError(code: -32700, message: "Parse error: x", data: ["k": 1]))
    guard
      case .notification("scene.changed", let params) = try RPCIncoming(
        parsing: Array(#"{"jsonrpc":"2.0","method":"scene.changed","params":{"scene":"s"}}"#.utf8))
    else {
      Issue.record("expected a notification")
      return
    }
    #expect(params == ["scene": "s"])
  }

  @Test(arguments: [
    "{", "[]", "1", #"{"jsonrpc":"2.0"}"#, #"{"jsonrpc":"2.0","id":1}"#,
    #"{"jsonrpc":"2.0","id":1,"result":1,"error":{"code":1,"message":"m"}}"#,
    #"{"jsonrpc":"2.0","id":1,"error":{"code":"x"}}"#, #"{"id":1,"result":1}"#,
  ])
  func rejectsJunk(_ text: String) {
    #expect(throws: RPCError.self) { try RPCIncoming(parsing: Array(text.utf8)) }
  }

  @Test func roundTripsThroughTheDispatcher() async throws {
    let request = RPCMessage.request(id: 42, method: "subtract", params: ["a": 50, "b": 7])
    let reply = try #require(await exchange(request.serialized()))
    guard case .response(let id, let result) = try RPCIncoming(parsing: Array(reply.utf8)) else {
      Issue.record("unexpected \(reply)")
      return
    }
    #expect(id == 42)
    #expect(result == .success(43))
  }
}

@Suite struct ReplyEncodingTests {
  /// The dispatcher writes reply envelopes itself; they must equal json-c's serialization.
  @Test func repliesMatchSerializedResponses() async throws {
    var rng = SeededGenerator(seed: 99)
    for _ in 0..<300 {
      let id: JSON =
        Bool.random(using: &rng)
        ? .string(RandomJSON.string(&rng))
        : .int(Int64.random(in: -(1 << 53)...(1 << 53), using: &rng))
      let a = Int64.random(in: -1_000_000...1_000_000, using: &rng)
      let request = RPCMessage.request(id: id, method: "subtract", params: ["a": .int(a)])
      #expect(
        await exchange(request.serialized())
          == RPCMessage.response(id: id, result: .int(a)).serialized())
      let failing = RPCMessage.request(id: id, method: "fail", params: ["kind": "rpc"])
      let error = RPCError.server(
        TestServerError.noSuchScene, "No scene s1", details: ["scene": "s1"])
      #expect(
        await exchange(failing.serialized())
          == RPCMessage.response(id: id, error: error).serialized())
    }
  }
}

@Suite struct DispatcherBatchLimitTests {
  static func subtract(_ id: Int) -> String {
    #"{"jsonrpc":"2.0","method":"subtract","params":{"a":1,"b":2},"id":\#(id)}"#
  }

  @Test func aBatchOverMaxEntriesRunsNothingAndGetsOneError() async throws {
    let hits = HitLog()
    let dispatcher = Dispatcher(
      registry: makeRegistry(hits: hits),
      batchLimits: .init(maxEntries: 3, exceeded: TestServerError.limitExceeded))
    let text = "[" + (1...4).map(Self.subtract).joined(separator: ",") + "]"
    let reply = try JSONParser.parse(Array(try #require(await exchange(text, dispatcher)).utf8))
    #expect(reply["id"] == .null)
    #expect(reply["error"]?["code"] == -32007)
    #expect(reply["error"]?["data"]?["name"] == "compd.LimitExceeded")
    #expect(reply["error"]?["data"]?["limit"] == 3 && reply["error"]?["data"]?["size"] == 4)
    #expect(hits.all.isEmpty)
    // At the limit, the batch runs.
    let three = "[" + (1...3).map(Self.subtract).joined(separator: ",") + "]"
    #expect(
      try JSONParser.parse(Array(await exchange(three, dispatcher)!.utf8)).arrayValue?.count == 3)
  }

  /// A server that names no error for limits gets JSON-RPC's Invalid Request.
  @Test func aBatchOverALimitIsAnInvalidRequestWithoutAServerErrorKind() async throws {
    let dispatcher = Dispatcher(
      registry: makeRegistry(hits: nil), batchLimits: .init(maxEntries: 1))
    let text = "[" + (1...2).map(Self.subtract).joined(separator: ",") + "]"
    let reply = try JSONParser.parse(Array(try #require(await exchange(text, dispatcher)).utf8))
    #expect(reply["error"]?["code"] == -32600)
    #expect(reply["error"]?["data"]?["name"] == nil)
    #expect(reply["error"]?["data"]?["limit"] == 1 && reply["error"]?["data"]?["size"] == 2)
  }

  /// Each reply is `{"jsonrpc":"2.0","id":N,"result":-1}`, 35 bytes for one-digit ids.
  @Test(arguments: [false, true])
  func repliesPastTheLimitStopTheBatch(withAsyncEntry: Bool) async throws {
    let hits = HitLog()
    let dispatcher = Dispatcher(
      registry: makeRegistry(hits: hits),
      batchLimits: .init(maxReplyBytes: 100, exceeded: TestServerError.limitExceeded))
    var entries = (1...6).map(Self.subtract)
    if withAsyncEntry {
      entries.insert(#"{"jsonrpc":"2.0","method":"echo","params":{},"id":"e"}"#, at: 1)
    }
    let text = "[" + entries.joined(separator: ",") + "]"
    let reply = try JSONParser.parse(Array(try #require(await exchange(text, dispatcher)).utf8))
    #expect(reply["error"]?["data"]?["name"] == "compd.LimitExceeded", "\(reply)")
    // Three replies pass 100 bytes: the third entry is the last that ran.
    #expect(reply["error"]?["data"]?["ran"] == 3)
    #expect(hits.all.count == 3)
  }

  @Test func errorsCutEchoedStringsAndSaySo() async throws {
    let name = String(repeating: "é", count: 5000)  // 10,000 bytes
    let text = #"{"jsonrpc":"2.0","method":""# + name + #"","id":1}"#
    let reply = try JSONParser.parse(Array(try #require(await exchange(text)).utf8))
    let message = try #require(reply["error"]?["message"]?.stringValue)
    #expect(message.hasSuffix("…(10018 bytes, truncated)"), "\(message.suffix(40))")
    #expect(message.utf8.count < RPCError.maxEchoedBytes + 40)
    let method = try #require(reply["error"]?["data"]?["method"]?.stringValue)
    #expect(method.hasSuffix("…(10000 bytes, truncated)"))
    #expect(method.hasPrefix(String(repeating: "é", count: 512) + "…"))
    // A cut inside a character drops the whole character.
    let odd = RPCError(code: 1, message: "a" + name).boundedForReply.message
    #expect(odd.hasPrefix("a" + String(repeating: "é", count: 511) + "…"))
  }

  @Test func anIdTooLongToEchoIsRefused() async throws {
    let id = String(repeating: "x", count: RPCError.maxEchoedBytes + 1)
    let text = #"{"jsonrpc":"2.0","method":"subtract","params":{"a":1,"b":2},"id":""# + id + #""}"#
    let reply = try JSONParser.parse(Array(try #require(await exchange(text)).utf8))
    #expect(reply["id"] == .null)
    #expect(reply["error"]?["code"] == -32600)
  }
}

/// Error kinds of a server's own, named as compd names them.
enum TestServerError: String, ServerErrorKind {
  case noSuchScene = "compd.NoSuchScene"
  case limitExceeded = "compd.LimitExceeded"

  var code: Int { self == .noSuchScene ? -32001 : -32007 }
  var name: String { rawValue }
}
