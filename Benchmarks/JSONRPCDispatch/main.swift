// Micro-benchmark of the per-request cost of the JSONRPC core on the daemon.ping path:
// framing, parsing, dispatch and reply serialization, without any socket. Built in release
// mode by scripts/bench-jsonrpc.sh; prints the median of several rounds.
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
    print("(checksum \(sink))")
  }
}
