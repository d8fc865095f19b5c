// libFuzzer entry point over framing + parsing + dispatch (built by scripts/fuzz.sh).
// The input is split into chunks at bytes chosen by its first byte, framed, and each frame
// dispatched against a small registry; every reply must be valid JSON that parses back.

/// The one server-defined error the fuzzed methods throw.
struct FuzzServerError: ServerErrorKind {
  let code = -32003
  let name = "fuzz.NoSuchNode"
}

final class FuzzConnection: RPCConnection {
  let id: UInt64 = 1
  let peer: PeerCredentials? = nil
  func notify(method: String, params: JSON) {}
}

let fuzzRegistry: MethodRegistry = {
  var registry = MethodRegistry()
  registry.register(
    RPCMethod(
      name: "daemon.ping", summary: "Liveness", params: .object(),
      result: .object([.init("pong", .boolean())]),
      handler: .immediate { _ in ["pong": true] }))
  registry.register(
    RPCMethod(
      name: "echo", summary: "Echo",
      params: .object([
        .init("text", .string(maxLength: 64), required: true),
        .init(
          "size",
          .object([.init("width", .integer(minimum: 0, default: 1)), .init("height", .number())])),
        .init("tags", .array(.oneOf([.string(), .integer()]), maxItems: 4)),
        .init("flag", .boolean(default: false)),
      ]),
      result: .any(),
      handler: .immediate { call in
        if call.params["text"] == "throw" { throw RPCError.server(FuzzServerError(), "no node") }
        return .object(call.params)
      }))
  return registry
}()

let fuzzDispatcher = Dispatcher(registry: fuzzRegistry, limits: .init(maxDepth: 32, maxBytes: 4096))
/// The same methods with tight batch limits, so that refused and cut-off batches are fuzzed.
let fuzzLimitedDispatcher = Dispatcher(
  registry: fuzzRegistry, limits: .init(maxDepth: 32, maxBytes: 4096),
  batchLimits: .init(maxEntries: 4, maxReplyBytes: 256))
let fuzzConnection = FuzzConnection()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  var framer = LineFramer(maxLineBytes: 2048)
  let step = max(1, Int(bytes.first ?? 1))
  var offset = 0
  while offset < bytes.count {
    let end = min(bytes.count, offset + step)
    framer.append(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
    offset = end
    while let frame = framer.nextFrame() {
      guard case .line(let line) = frame else { continue }
      precondition(line.count <= 2048)
      for dispatcher in [fuzzDispatcher, fuzzLimitedDispatcher] {
        if case .reply(let reply) = dispatcher.handle(line: line, connection: fuzzConnection) {
          // Every reply is one line of valid JSON that survives another round trip.
          precondition(!reply.contains(0x0A))
          guard let parsed = try? JSONParser.parse(reply) else { fatalError("unparsable reply") }
          precondition(parsed.serializedBytes() == reply)
        }
      }
      // The Swift reader and json-c alone agree: the same value, or both refuse.
      line.withUnsafeBytes { buffer in
        let limits = JSONParser.Limits(maxDepth: 32)
        let fast = try? JSONParser.parse(buffer, limits: limits)
        let reference = try? JSONParser.parseWithJSONC(buffer, limits: limits)
        precondition(
          fast == reference
            || (fast != nil && reference != nil
              && fast!.serializedBytes() == reference!.serializedBytes()),
          "the reader and json-c differ on \(Array(buffer))")
      }
      // Whatever parses must round-trip through the serializer unchanged.
      if let value = try? JSONParser.parse(line, limits: .init(maxDepth: 32)) {
        let text = value.serializedBytes()
        guard let again = try? JSONParser.parse(text, limits: .init(maxDepth: 40)) else {
          fatalError("reparse failed")
        }
        precondition(again == value || again.serializedBytes() == text)
      }
    }
  }
  return 0
}
