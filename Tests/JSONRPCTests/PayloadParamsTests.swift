import JSONRPC
import Testing

/// Params a method passes on unread (`RPCMethod.payloadParams`): the handler gets the text
/// the client sent, the dispatcher checks only presence and object-ness, and a batch entry
/// or a method that does not pass the member on sees the same values as before.
@Suite struct PayloadParamsTests {
  /// `relay` passes `event` on and answers with its text; `look` takes an `event` param as
  /// an ordinary one and answers with it.
  static func registry() -> MethodRegistry {
    var registry = MethodRegistry()
    registry.register(
      RPCMethod(
        name: "relay", summary: "Answers with the event's text",
        params: .object([
          .init("scene", .string(), required: true),
          .init(
            "event", .object([.init("type", .string(), required: true)]), required: true),
        ]),
        payloadParams: ["event"],
        result: .object(additionalProperties: true),
        handler: .immediate { call in
          [
            "event": .string(String(decoding: call.payloads["event"]?.bytes ?? [], as: UTF8.self)),
            "params": .object(call.params),
          ]
        }))
    registry.register(
      RPCMethod(
        name: "look", summary: "Answers with its event param",
        params: .object([.init("event", .any())]), result: .any(),
        handler: .immediate { call in call.params["event"] ?? .null }))
    return registry
  }

  static let dispatcher = Dispatcher(registry: registry())

  @Test func theHandlerGetsTheClientsTextAndTheOtherParams() async throws {
    let reply = await exchange(
      #"{"jsonrpc":"2.0","id":1,"method":"relay","params":{"event":{"type":"touch","x":1.50, "t":2e3},"scene":"s1"}}"#,
      Self.dispatcher)
    let result = try JSONParser.parse(try #require(reply))["result"]
    #expect(result?["event"] == #"{"type":"touch","x":1.50, "t":2e3}"#)
    #expect(result?["params"] == ["scene": "s1"])
  }

  @Test func aBatchEntryPassesOnTheSameValue() async throws {
    let reply = await exchange(
      #"[{"jsonrpc":"2.0","id":1,"method":"relay","params":{"scene":"s1","event":{"type":"tap"}}}]"#,
      Self.dispatcher)
    let result = try JSONParser.parse(try #require(reply)).arrayValue?.first?["result"]
    #expect(result?["event"] == #"{"type":"tap"}"#)
    #expect(result?["params"] == ["scene": "s1"])
  }

  @Test func aMethodThatDoesNotPassItOnReadsItAsAParam() async throws {
    let reply = await exchange(
      #"{"jsonrpc":"2.0","id":1,"method":"look","params":{"event":{"type":"tap","n":[1,2]}}}"#,
      Self.dispatcher)
    #expect(reply == #"{"jsonrpc":"2.0","id":1,"result":{"type":"tap","n":[1,2]}}"#)
  }

  @Test(arguments: [
    (#"{"scene":"s1"}"#, "event: is required"),
    (#"{"scene":"s1","event":"tap"}"#, "event: expected object, got string"),
    (#"{"scene":"s1","event":[1]}"#, "event: expected object, got array"),
    (#"{"scene":"s1","event":7}"#, "event: expected object, got integer"),
    (#"{"event":{"type":"tap"}}"#, "scene: is required"),
  ])
  func theDispatcherChecksPresenceAndObjectness(params: String, message: String) async throws {
    for line in [
      #"{"jsonrpc":"2.0","id":1,"method":"relay","params":\#(params)}"#,
      #"[{"jsonrpc":"2.0","id":1,"method":"relay","params":\#(params)}]"#,
    ] {
      let reply = try JSONParser.parse(try #require(await exchange(line, Self.dispatcher)))
      let error = reply.arrayValue?.first?["error"] ?? reply["error"]
      #expect(error?["code"] == -32602, "\(line)")
      #expect(error?["message"] == .string("Invalid params: " + message), "\(line)")
    }
  }
}
