#if canImport(Glibc)
  import Glibc
#endif

// touch,<clients>,<moves/s>,<p50 ms>,<p99 ms>,<bytes per move>,<moves without change>,
//       <send lateness p99 ms>[,<compd µs per move>,<scene hosts µs per move>]
//   — every client opens its own demo.Playground, subscribes, puts a finger on the card
//   (`touch began` at its centre) and drags it back and forth with a `touch moved` every
//   --interval-ms (8) milliseconds, on its own schedule (the clients' schedules evenly
//   staggered): paced, not closed loop, so a late answer does not delay the next move.
//   Each move is timed from its send to the arrival of the `scene.changed` it
//   caused (compd sends a scene's changes before the reply to the event that made them, so
//   the change between two replies is the later reply's), and the bytes of that
//   `scene.changed` line (with its newline) are averaged. A move that changed nothing is
//   counted apart. The last field is how late this client itself sent its moves (send
//   time minus due time, p99): when it is as large as the latency's p99, the tail is the
//   load generator's own scheduling, not compd's. With --trace PATH, one line per measured
//   move: due time (ms from the start, which the first line gives on CLOCK_MONOTONIC), send lateness (µs) and latency (µs).

/// The `"frame":{…}` numbers of the node keyed `key` in a reply: x, y, width, height.
func frame(ofKey key: String, in reply: String) -> (x: Double, y: Double, w: Double, h: Double)? {
  guard let keyed = reply.firstRange(of: "\"key\":\"\(key)\"") else { return nil }
  let rest = reply[keyed.upperBound...]
  guard let frame = rest.firstRange(of: "\"frame\":{") else { return nil }
  let body = rest[frame.upperBound...].prefix { $0 != "}" }
  var values: [String: Double] = [:]
  for pair in body.split(separator: ",") {
    let parts = pair.split(separator: ":")
    guard parts.count == 2 else { continue }
    values[parts[0].trimmingCharacters(in: "\"")] = Double(parts[1])
  }
  guard let x = values["x"], let y = values["y"], let w = values["width"],
    let h = values["height"]
  else { return nil }
  return (x, y, w, h)
}

extension Substring {
  fileprivate func trimmingCharacters(in character: Character) -> String {
    String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
  }
}

func touchEvent(_ scene: String, phase: String, x: Double, y: Double, t: Double, id: Int)
  -> String
{
  #"{"jsonrpc":"2.0","method":"scene.event","params":{"scene":"\#(scene)","event":{"type":"touch","phase":"\#(phase)","id":1,"x":\#(format(x, 1)),"y":\#(format(y, 1)),"t":\#(format(t, 1))}},"id":\#(id)}"#
}

func measureTouch(_ options: Options) {
  /// A move sent: when it was due and sent, and whether the measurement counts it (due
  /// within the measured seconds).
  struct Move {
    var due: UInt64
    var sentAt: UInt64
    var measured: Bool
  }
  struct Client {
    var connection: LineConnection
    var scene: String
    var center: (x: Double, y: Double)
    var step = 0
    var id = 10
    var dueAt: UInt64 = 0
    /// The moves not yet answered, oldest first.
    var awaiting: [Move] = []
    /// The arrival and size of the first scene.changed since the last reply.
    var changedAt: UInt64?
    var changedBytes = 0
  }
  var clients: [Client] = []
  for _ in 0..<options.clients {
    let connection = LineConnection(path: options.socket)
    let reply = connection.call(
      #"{"jsonrpc":"2.0","method":"scene.open","params":{"component":"demo.Playground","lifetime":"connection"},"id":1}"#,
      id: 1)
    let scene = sceneID(in: reply)
    // The card's frame is in root coordinates: the screen's view fills the window at 0, 0.
    guard let card = frame(ofKey: "card", in: reply) else { fail("no card in \(reply)") }
    _ = connection.call(
      #"{"jsonrpc":"2.0","method":"scene.subscribe","params":{"scene":"\#(scene)"},"id":2}"#,
      id: 2)
    let center = (x: card.x + card.w / 2, y: card.y + card.h / 2)
    let began = connection.call(
      touchEvent(scene, phase: "began", x: center.x, y: center.y, t: 0, id: 3), id: 3)
    if !began.contains("\"handled\":true") { fail("the card did not take the touch: \(began)") }
    clients.append(Client(connection: connection, scene: scene, center: center))
  }
  // With --pid, the CPU time (user + system) compd and its scene hosts spend over the
  // measured seconds, per move sent in them.
  let hosts = options.pid > 0 ? hostPIDs(LineConnection(path: options.socket)) : []
  func cpuNow() -> (compd: Double, hosts: Double) { cpuTimes(compd: options.pid, hosts: hosts) }
  var cpuAtStart: (compd: Double, hosts: Double)?
  var cpuAtStop: (compd: Double, hosts: Double)?
  var pollSet = clients.map {
    pollfd(fd: $0.connection.descriptor, events: Int16(POLLIN), revents: 0)
  }
  let period = UInt64(options.intervalMilliseconds * 1e6)
  let start = nowNanoseconds()
  let measureFrom = start + UInt64(options.warmup * 1e9)
  let stopAt = measureFrom + UInt64(options.seconds * 1e9)
  for index in clients.indices {
    clients[index].dueAt = start + period * UInt64(index) / UInt64(clients.count)
  }
  var latencies: [UInt64] = []
  latencies.reserveCapacity(1 << 20)
  var lateness: [UInt64] = []
  lateness.reserveCapacity(1 << 20)
  // The start on CLOCK_MONOTONIC, to line the trace up with other recordings.
  var trace = "# start \(format(Double(start) / 1e6, 3)) ms\n"
  var bytes = 0
  var unchanged = 0
  var sent = 0
  var running = true
  while running || clients.contains(where: { !$0.awaiting.isEmpty }) {
    let now = nowNanoseconds()
    if now >= stopAt + 2_000_000_000 { break }  // answers still missing 2 s after the end
    running = now < stopAt
    if options.pid > 0 {
      if cpuAtStart == nil && now >= measureFrom { cpuAtStart = cpuNow() }
      if cpuAtStop == nil && now >= stopAt { cpuAtStop = cpuNow() }
    }
    var nextDue = UInt64.max
    if running {
      for index in clients.indices {
        while clients[index].dueAt <= now {
          // A triangle wave of 40 steps, 2 points each: every move changes the position.
          clients[index].step += 1
          let phase = clients[index].step % 40
          let offset = Double(phase < 20 ? phase : 40 - phase) * 2
          let due = clients[index].dueAt
          clients[index].id += 1
          clients[index].connection.send(
            touchEvent(
              clients[index].scene, phase: "moved", x: clients[index].center.x + offset,
              y: clients[index].center.y + offset, t: Double(due - start) / 1e6,
              id: clients[index].id))
          // Timed from the send: the client never waits for an answer before sending, so
          // a slow compd does not delay it; what delays it is poll's millisecond wake-up.
          let move = Move(
            due: due, sentAt: nowNanoseconds(), measured: due >= measureFrom && due < stopAt)
          clients[index].awaiting.append(move)
          clients[index].dueAt += period
          if move.measured {
            sent += 1
            lateness.append(move.sentAt - min(move.sentAt, due))
          }
        }
        nextDue = min(nextDue, clients[index].dueAt)
      }
    }
    // Asleep until the next move is due, rounded up to poll's milliseconds: a zero timeout
    // would spin, and the spinning client would take a core from compd.
    let wait = nextDue == .max ? 10_000_000 : nextDue - min(nextDue, nowNanoseconds())
    let timeout = Int32(min(10, (wait + 999_999) / 1_000_000))
    for index in readable(&pollSet, timeout: timeout) ?? [] {
      if !clients[index].connection.fill() { fail("client \(index) was disconnected") }
      while let line = clients[index].connection.takeLine() {
        let arrived = nowNanoseconds()
        if line.hasPrefix("{\"jsonrpc\":\"2.0\",\"method\":\"scene.changed\"") {
          if clients[index].changedAt == nil {
            clients[index].changedAt = arrived
            clients[index].changedBytes = line.utf8.count + 1
          }
          continue
        }
        if line.hasPrefix("{\"jsonrpc\":\"2.0\",\"method\"") { continue }
        if line.contains("\"error\"") { fail("touch failed: \(line)") }
        guard !clients[index].awaiting.isEmpty else { continue }
        let move = clients[index].awaiting.removeFirst()
        let (sentAt, due) = (move.sentAt, move.due)
        if move.measured {
          if let changed = clients[index].changedAt {
            latencies.append(changed - min(changed, sentAt))
            bytes += clients[index].changedBytes
            if options.trace != nil {
              trace +=
                "\(format(Double(due - start) / 1e6, 3)) \((sentAt - min(sentAt, due)) / 1000) "
                + "\((changed - min(changed, sentAt)) / 1000)\n"
            }
          } else {
            unchanged += 1
          }
        }
        clients[index].changedAt = nil
      }
    }
  }
  if let path = options.trace, !writeFile(path, trace) { fail("cannot write \(path)") }
  latencies.sort()
  lateness.sort()
  func percentile(_ fraction: Double, of values: [UInt64] = latencies) -> Double {
    guard !values.isEmpty else { return 0 }
    let rank = min(values.count - 1, Int((Double(values.count) * fraction).rounded(.up)) - 1)
    return Double(values[max(0, rank)]) / 1e6
  }
  let perMove = latencies.isEmpty ? 0 : Double(bytes) / Double(latencies.count)
  var cpuFields = ""
  if let cpuAtStart, let cpuAtStop, sent > 0 {
    cpuFields =
      "," + format((cpuAtStop.compd - cpuAtStart.compd) / Double(sent) * 1e6, 1) + ","
      + format((cpuAtStop.hosts - cpuAtStart.hosts) / Double(sent) * 1e6, 1)
  }
  print(
    "touch,\(options.clients),\(format(Double(sent) / options.seconds, 0)),"
      + "\(format(percentile(0.5), 3)),\(format(percentile(0.99), 3)),\(format(perMove, 1)),"
      + "\(unchanged),\(format(percentile(0.99, of: lateness), 3))" + cpuFields)
}

/// Writes `text` to a new file at `path`; false when it cannot.
func writeFile(_ path: String, _ text: String) -> Bool {
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  guard fd >= 0 else { return false }
  defer { close(fd) }
  var text = text
  return text.withUTF8 { bytes in
    var offset = 0
    while offset < bytes.count {
      let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if written <= 0 { return false }
      offset += written
    }
    return true
  }
}
