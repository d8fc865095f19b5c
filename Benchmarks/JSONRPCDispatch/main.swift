// Micro-benchmark of the per-request cost of the JSONRPC core on the daemon.ping path:
// framing, parsing, dispatch and reply serialization, without any socket; and parsing and
// serializing larger scene messages. Built in release mode by scripts/bench-jsonrpc.sh;
// prints the median of several rounds.
#if canImport(Glibc)
  import Glibc
#endif

final class BenchConnection: RPCConnection {
  let id: UInt64 = 1
  let peer: PeerCredentials? = nil
  func notify(method: String, params: JSON) {}
}

func now() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Runs `body` `iterations` times per round and prints the median nanoseconds per operation.
func measure(
  _ name: String, iterations: Int = 200_000, operationsPerIteration: Int = 1, rounds: Int = 7,
  _ body: () -> Void
) {
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = now()
    for _ in 0..<iterations { body() }
    samples.append((now() - start) / Double(iterations * operationsPerIteration) * 1e9)
  }
  samples.sort()
  let median = samples[rounds / 2]
  let label = name + String(repeating: " ", count: max(1, 40 - name.count))
  print("\(label)\(Int(median.rounded())) ns/op   \(Int((1e9 / median).rounded())) op/s")
}

@main struct Bench {
  static func main() {
    var registry = MethodRegistry()
    registry.register(
      RPCMethod(
        name: "daemon.ping", summary: "Liveness check", params: .object(),
        result: .object([.init("pong", .boolean(), required: true)]),
        handler: .immediate { _ in ["pong": true] }))
    let dispatcher = Dispatcher(registry: registry)
    let connection = BenchConnection()
    let line = Array(#"{"jsonrpc":"2.0","id":12345,"method":"daemon.ping"}"#.utf8)
    let reply: JSON = ["jsonrpc": "2.0", "id": 12345, "result": ["pong": true]]
    var sink = 0

    measure("parse ping request") {
      sink &+= (try? JSONParser.parse(line))?.objectValue?.count ?? 0
    }
    measure("serialize ping reply") { sink &+= reply.serializedBytes().count }
    measure("dispatch ping (parse+run+reply)") {
      if case .reply(let bytes) = dispatcher.handle(line: line, connection: connection) {
        sink &+= bytes.count
      }
    }
    let stream = Array(repeating: line + [0x0A], count: 16).flatMap { $0 }
    var framer = LineFramer()
    measure("frame+dispatch, 16 per chunk", iterations: 20_000, operationsPerIteration: 16) {
      framer.append(contentsOf: stream)
      while case .line(let request) = framer.nextFrame() {
        if case .reply(let bytes) = dispatcher.handle(line: request, connection: connection) {
          sink &+= bytes.count
        }
      }
    }
    // Serialize-heavy messages, as a scene host and the broker pass them on: the reply of
    // `scene.open` for demo.Login (captured from compd) and a `scene.changed` with a few ops.
    let loginOpen = Array(
      ##"{"jsonrpc":"2.0","id":1,"result":{"scene":"s1","revision":1,"root":{"id":"n1","type":"view","frame":{"x":0,"y":0,"width":390,"height":844},"props":{},"children":[{"id":"n2","type":"view","frame":{"x":0,"y":0,"width":390,"height":844},"props":{"backgroundColor":"#ffffffff"},"children":[{"id":"n3","type":"stack","frame":{"x":16,"y":67,"width":358,"height":130},"props":{"axis":"vertical","spacing":20},"children":[{"id":"n4","type":"stack","frame":{"x":0,"y":0,"width":358,"height":70},"props":{"axis":"vertical","spacing":10},"children":[{"id":"n5","type":"textField","key":"username","frame":{"x":0,"y":0,"width":358,"height":30},"props":{"text":"","placeholder":"Username","borderStyle":"bezel"},"children":[]},{"id":"n6","type":"textField","key":"password","frame":{"x":0,"y":40,"width":358,"height":30},"props":{"secure":true,"textLength":0,"placeholder":"Password","borderStyle":"bezel"},"children":[]}]},{"id":"n7","type":"button","key":"login","frame":{"x":0,"y":90,"width":358,"height":40},"props":{"backgroundColor":"#007affff","cornerRadius":5,"title":"Login","titleColor":"#ffffffff"},"children":[]}]}]}]}}}"##
        .utf8)
    let changed = Array(
      ##"{"jsonrpc":"2.0","method":"scene.changed","params":{"scene":"s1","revision":7,"base":6,"ops":[{"op":"update","id":"n5","props":{"text":"anna","focused":true}},{"op":"frame","id":"n3","frame":{"x":16,"y":67,"width":358,"height":130}},{"op":"update","id":"n7","props":{"enabled":false,"titleColor":"#ffffff80"}},{"op":"insert","parent":"n4","index":2,"node":{"id":"n9","type":"label","key":"error","frame":{"x":0,"y":80,"width":358,"height":20.5},"props":{"text":"Wrong password \"anna\"","textColor":"#ff3b30ff"},"children":[]}}]}}"##
        .utf8)
    for (name, line) in [("Login open reply", loginOpen), ("scene.changed, 4 ops", changed)] {
      let message = try! JSONParser.parse(line)
      // Both are compact json-c output, so serializing what was parsed gives them back.
      precondition(message.serializedBytes() == line, "\(name) does not round-trip")
      measure("serialize \(name)", iterations: 10_000) {
        sink &+= message.serializedBytes().count
      }
      measure("parse \(name)", iterations: 10_000) {
        sink &+= (try? JSONParser.parse(line))?.objectValue?.count ?? 0
      }
      // What a relaying process does with each message: parse, then serialize.
      measure("relay \(name)", iterations: 10_000) {
        sink &+= (try? JSONParser.parse(line))?.serializedBytes().count ?? 0
      }
    }
    print("(checksum \(sink))")
  }
}
