// RPCBench: drives `daemon.ping` over compd's Unix socket from many connections at a fixed
// pipeline depth, like redis-benchmark does for PING_INLINE, and prints requests/s and
// latency percentiles. One thread, poll(2), raw sockets: the client should cost as little as
// the server it measures.
//
// With `--bursts N` it sends each connection's burst of `--pipeline` requests N times instead
// of for a time, so that a run is a known number of requests (for counting a server's
// instructions per request); `--protocol redis` sends redis's inline `PING` instead, so that
// the same client drives both servers.
#if canImport(Glibc)
  import Glibc
#endif

struct Options {
  var socket = ""
  var connections = 50
  var pipeline = 1
  var seconds = 5.0
  var warmup = 1.0
  var label = "compd"
  /// Bursts per connection, for a run of a fixed number of requests; 0 runs for `seconds`.
  var bursts = 0
  var wire = Wire.jsonrpc

  /// What the requests are.
  enum Wire: String {
    /// compd's `daemon.ping`, answered `{"jsonrpc":"2.0","id":1,"result":{}}`.
    case jsonrpc
    /// redis's inline `PING`, answered `+PONG`.
    case redis
  }
}

func usage() -> Never {
  printError(
    "usage: RPCBench --socket PATH [--connections N] [--pipeline P] [--seconds S] [--warmup S] [--label NAME] [--bursts N] [--protocol jsonrpc|redis]\n"
  )
  exit(1)
}

func parseOptions() -> Options {
  var options = Options()
  var arguments = CommandLine.arguments.dropFirst()
  while let flag = arguments.popFirst() {
    guard let value = arguments.popFirst() else { usage() }
    switch flag {
    case "--socket": options.socket = value
    case "--connections": options.connections = Int(value) ?? 0
    case "--pipeline": options.pipeline = Int(value) ?? 0
    case "--seconds": options.seconds = Double(value) ?? 0
    case "--warmup": options.warmup = Double(value) ?? -1
    case "--label": options.label = value
    case "--bursts": options.bursts = Int(value) ?? -1
    case "--protocol":
      guard let wire = Options.Wire(rawValue: value) else { usage() }
      options.wire = wire
    default: usage()
    }
  }
  if options.socket.isEmpty || options.connections < 1 || options.pipeline < 1
    || options.seconds <= 0 || options.warmup < 0 || options.bursts < 0
  {
    usage()
  }
  return options
}

func printError(_ text: String) {
  var text = text
  text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

func nowNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func connectUnix(_ path: String) -> Int32 {
  let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
  var address = sockaddr_un()
  address.sun_family = sa_family_t(AF_UNIX)
  withUnsafeMutableBytes(of: &address.sun_path) { raw in
    raw.copyBytes(from: Array(path.utf8))
  }
  let result = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
    }
  }
  if result != 0 {
    printError("RPCBench: cannot connect to \(path): \(String(cString: strerror(errno)))\n")
    exit(3)
  }
  return descriptor
}

func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeBytes {
      send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
    }
    if written < 0 {
      if errno == EINTR || errno == EAGAIN { continue }
      printError("RPCBench: write failed: \(String(cString: strerror(errno)))\n")
      exit(1)
    }
    offset += written
  }
}

struct ConnectionState {
  var descriptor: Int32
  var outstanding = 0
  var sentAt: UInt64 = 0
}

func runBenchmark() {
  let options = parseOptions()
  let request: [UInt8]
  let expectedReply: String
  switch options.wire {
  case .jsonrpc:
    request = Array(#"{"jsonrpc":"2.0","method":"daemon.ping","id":1}"#.utf8) + [10]
    expectedReply = #"{"jsonrpc":"2.0","id":1,"result":{}}"#
  case .redis:
    request = Array("PING\r\n".utf8)
    expectedReply = "+PONG\r"
  }
  let batch = [[UInt8]](repeating: request, count: options.pipeline).flatMap { $0 }

  // Check once that the server answers ping as expected (member order aside).
  do {
    let probe = connectUnix(options.socket)
    writeAll(probe, request)
    var buffer = [UInt8](repeating: 0, count: 4096)
    var line: [UInt8] = []
    while !line.contains(10) {
      let count = buffer.withUnsafeMutableBytes { recv(probe, $0.baseAddress, $0.count, 0) }
      if count <= 0 {
        printError("RPCBench: the server closed the connection\n")
        exit(1)
      }
      line += buffer[0..<count]
    }
    let text = String(decoding: line.prefix { $0 != 10 }, as: UTF8.self)
    let expected =
      options.wire == .redis
      ? text == expectedReply : text.contains("\"result\":{}") && text.contains("\"id\":1")
    guard expected else {
      printError("RPCBench: unexpected reply \(text) (wanted \(expectedReply))\n")
      exit(1)
    }
    close(probe)
  }

  var connections: [ConnectionState] = []
  var pollSet: [pollfd] = []
  for _ in 0..<options.connections {
    let descriptor = connectUnix(options.socket)
    connections.append(ConnectionState(descriptor: descriptor))
    pollSet.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
  }

  var latencies: [UInt64] = []
  latencies.reserveCapacity(4_000_000)
  let start = nowNanoseconds()
  // A run of bursts measures all of them, for as long as they take.
  let measureFrom = options.bursts > 0 ? start : start + UInt64(options.warmup * 1e9)
  let stopAt = options.bursts > 0 ? UInt64.max : measureFrom + UInt64(options.seconds * 1e9)
  var completed = 0
  var burstsLeft = [Int](repeating: options.bursts, count: options.connections)

  for index in connections.indices {
    connections[index].sentAt = nowNanoseconds()
    connections[index].outstanding = options.pipeline
    writeAll(connections[index].descriptor, batch)
  }

  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  var running = options.connections
  while running > 0 {
    let ready = pollSet.withUnsafeMutableBufferPointer {
      poll($0.baseAddress, nfds_t($0.count), 1000)
    }
    if ready < 0 {
      if errno == EINTR { continue }
      break
    }
    for index in pollSet.indices where pollSet[index].revents != 0 {
      pollSet[index].revents = 0
      let descriptor = connections[index].descriptor
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count <= 0 {
        printError("RPCBench: connection \(index) closed by the server\n")
        exit(1)
      }
      var replies = 0
      buffer.withUnsafeBytes { raw in
        var cursor = raw.baseAddress!
        var remaining = count
        while remaining > 0, let found = memchr(cursor, 10, remaining) {
          replies += 1
          let consumed = UnsafeRawPointer(found) - cursor + 1
          cursor += consumed
          remaining -= consumed
        }
      }
      guard replies > 0 else { continue }
      let now = nowNanoseconds()
      if now >= measureFrom && now < stopAt {
        let latency = now - connections[index].sentAt
        for _ in 0..<replies { latencies.append(latency) }
        completed += replies
      }
      connections[index].outstanding -= replies
      if connections[index].outstanding == 0 {
        burstsLeft[index] -= 1
        if now >= stopAt || burstsLeft[index] == 0 {
          running -= 1
          pollSet[index].fd = -1
          close(descriptor)
        } else {
          connections[index].sentAt = nowNanoseconds()
          connections[index].outstanding = options.pipeline
          writeAll(descriptor, batch)
        }
      }
    }
  }

  latencies.sort()
  func percentile(_ fraction: Double) -> Double {
    guard !latencies.isEmpty else { return 0 }
    let rank = min(latencies.count - 1, Int((Double(latencies.count) * fraction).rounded(.up)) - 1)
    return Double(latencies[max(0, rank)]) / 1e6
  }
  func format(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let whole = scaled / Int(scale)
    var fraction = String(scaled % Int(scale))
    while fraction.count < digits { fraction = "0" + fraction }
    return digits == 0 ? "\(whole)" : "\(whole).\(fraction)"
  }
  let seconds =
    options.bursts > 0 ? Double(nowNanoseconds() - start) / 1e9 : options.seconds
  let requestsPerSecond = Double(completed) / seconds
  // label,connections,pipeline,requests/s,p50 ms,p99 ms[,requests]
  print(
    "\(options.label),\(options.connections),\(options.pipeline),\(format(requestsPerSecond, 0)),\(format(percentile(0.5), 3)),\(format(percentile(0.99), 3))"
      + (options.bursts > 0 ? ",\(completed)" : "")
  )
}

runBenchmark()
