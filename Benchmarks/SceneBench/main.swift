// SceneBench: drives compd's scenes the way thin clients do. Three measurements, each
// printed as one CSV line:
//
//   events,<clients>,<events/s>,<p50 ms>,<p99 ms>   — every client opens its own Login scene,
//       subscribes, and loops: type one more character into `username` (timed to the
//       arrival of its scene.changed), then tap `login`. events/s counts both. By default
//       each client sends its next event as soon as the last one is answered (closed loop:
//       the server is saturated and latency is mostly queueing). With --rate R the clients
//       together send R events/s, each on its own schedule, and latency is timed from when
//       the event was due, so a late server is not excused by a late send. With --pid,
//       a sixth field: compd's CPU time (user + system, all threads) per event over the
//       measured seconds, in microseconds.
//   bytes,<scene.changed bytes>                      — the notification line (with its
//       newline) for typing one character into `username`.
//       When compd runs scene hosts (`daemon.info` lists `hosts`), three more fields: the
//       hosts' CPU time per event (all hosts together, microseconds), their mean resident
//       memory at the end (KiB) and how many there are.
//   memory,<scenes>,<KiB per scene>                  — the resident memory growth of compd and
//       its scene hosts together per open Login scene (needs --pid).
//   lists,<rows>,<open bytes>,<open nodes>,<scroll p50 ms>,<scroll p99 ms>,<KiB per scene>,
//       <host µs per scroll>
//       — a demo.Contacts scene of <rows> people: the scene.open reply line's bytes and
//       nodes; a fling of --steps scroll events (each --step-points further down; those
//       past the end of the content change nothing and are not timed),
//       each timed from its send to the arrival of its scene.changed; and the scene hosts'
//       resident memory growth per scene over --scenes more such scenes; and the scene
//       hosts' CPU time per scroll event (user + system), which waiting on a busy machine
//       does not inflate as it does the latencies.
//   touch,…                                           — see TouchBench.swift.
//   recovery,<scenes>,<last ms>,<median ms>          — every scene (each with its own
//       subscribed connection, some text typed) is in one scene host; SceneBench kills that
//       host with SIGKILL and times until each subscriber holds its restored tree (its
//       scene.reset has arrived): the time of the last one and the median.
//
// One thread, poll(2), raw sockets, hand-written request lines: the client should cost as
// little as possible next to the server it measures.
#if canImport(Glibc)
  import Glibc
#endif

struct Options {
  var socket = ""
  var mode = "events"
  var clients = 100
  var seconds = 5.0
  var warmup = 1.0
  var scenes = 1000
  var pid: Int32 = 0
  /// Events per second for all clients together; 0 for a closed loop.
  var rate = 0.0
  /// The people in each demo.Contacts scene (`--mode lists`).
  var rows = 1000
  /// The scroll events of one fling (`--mode lists`).
  var steps = 200
  /// How far each scroll event of the fling moves, in points (`--mode lists`): 320, a fast
  /// flick's distance per 60 Hz frame.
  var stepPoints = 320
  /// Milliseconds between one client's touch moves (`--mode touch`).
  var intervalMilliseconds = 8.0
  /// Where `--mode touch` writes one line per measured move, when given.
  var trace: String?
}

func usage() -> Never {
  printError(
    "usage: SceneBench --socket PATH [--mode events|bytes|memory|recovery|lists|touch] [--clients N] [--seconds S] [--warmup S] [--scenes N] [--pid PID] [--rate EVENTS_PER_S] [--rows N] [--steps N] [--step-points N] [--interval-ms MS] [--trace PATH]\n"
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
    case "--mode": options.mode = value
    case "--clients": options.clients = Int(value) ?? 0
    case "--seconds": options.seconds = Double(value) ?? 0
    case "--warmup": options.warmup = Double(value) ?? -1
    case "--scenes": options.scenes = Int(value) ?? 0
    case "--pid": options.pid = Int32(value) ?? 0
    case "--rate": options.rate = Double(value) ?? -1
    case "--rows": options.rows = Int(value) ?? -1
    case "--steps": options.steps = Int(value) ?? 0
    case "--step-points": options.stepPoints = Int(value) ?? 0
    case "--interval-ms": options.intervalMilliseconds = Double(value) ?? 0
    case "--trace": options.trace = value
    default: usage()
    }
  }
  guard !options.socket.isEmpty, options.clients >= 1, options.seconds > 0, options.warmup >= 0,
    options.scenes >= 1, options.rate >= 0, options.rows >= 0, options.steps >= 1,
    options.stepPoints >= 1, options.intervalMilliseconds > 0,
    ["events", "bytes", "memory", "recovery", "lists", "touch"].contains(options.mode)
  else { usage() }
  return options
}

func printError(_ text: String) {
  var text = text
  text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

func fail(_ text: String) -> Never {
  printError("SceneBench: \(text)\n")
  exit(1)
}

/// Waits at most `timeout` milliseconds for the descriptors of `pollSet` to be readable:
/// the indices of those that are (their `revents` cleared), empty when a signal ended the
/// wait early, `nil` when it timed out.
func readable(_ pollSet: inout [pollfd], timeout: Int32) -> [Int]? {
  let ready = pollSet.withUnsafeMutableBufferPointer {
    poll($0.baseAddress, nfds_t($0.count), timeout)
  }
  if ready == 0 { return nil }
  if ready < 0 {
    if errno == EINTR { return [] }
    fail("poll: \(String(cString: strerror(errno)))")
  }
  let indices = pollSet.indices.filter { pollSet[$0].revents != 0 }
  for index in indices { pollSet[index].revents = 0 }
  return indices
}

func nowNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// A blocking line-oriented client connection.
final class LineConnection {
  let descriptor: Int32
  private var pending: [UInt8] = []
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)

  init(path: String) {
    descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    if result != 0 { fail("cannot connect to \(path): \(String(cString: strerror(errno)))") }
  }

  func send(_ line: String) {
    let bytes = Array(line.utf8) + [10]
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      }
      if written < 0 {
        if errno == EINTR { continue }
        fail("write: \(String(cString: strerror(errno)))")
      }
      offset += written
    }
  }

  /// Reads what is available once (blocking when nothing is pending); false at EOF.
  func fill() -> Bool {
    let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    if count < 0 && errno == EINTR { return true }
    if count <= 0 { return false }
    pending += buffer[0..<count]
    return true
  }

  /// The next complete line already received, without its newline.
  func takeLine() -> String? {
    guard let end = pending.firstIndex(of: 10) else { return nil }
    let line = String(decoding: pending[..<end], as: UTF8.self)
    pending.removeSubrange(...end)
    return line
  }

  /// The next line, blocking.
  func readLine() -> String {
    while true {
      if let line = takeLine() { return line }
      if !fill() { fail("the server closed the connection") }
    }
  }

  /// Sends a request and returns its reply line (notifications before it are passed to
  /// `notification`).
  func call(_ line: String, id: Int, notification: (String) -> Void = { _ in }) -> String {
    send(line)
    let marker = "\"id\":\(id)"
    while true {
      let reply = readLine()
      if reply.contains(marker) && !reply.hasPrefix("{\"jsonrpc\":\"2.0\",\"method\"") {
        if reply.contains("\"error\"") { fail("request failed: \(reply)") }
        return reply
      }
      notification(reply)
    }
  }
}

/// The value of `"scene":"…"` in a reply.
func sceneID(in reply: String) -> String {
  let marker = Array("\"scene\":\"".utf8)
  let bytes = Array(reply.utf8)
  guard bytes.count > marker.count,
    let start = (0...(bytes.count - marker.count)).first(where: {
      Array(bytes[$0..<$0 + marker.count]) == marker
    })
  else { fail("no scene in \(reply)") }
  let rest = bytes[(start + marker.count)...]
  return String(decoding: rest.prefix { $0 != UInt8(ascii: "\"") }, as: UTF8.self)
}

func openLogin(_ connection: LineConnection, id: Int, lifetime: String = "connection") -> String {
  let reply = connection.call(
    #"{"jsonrpc":"2.0","method":"scene.open","params":{"component":"demo.Login","lifetime":"\#(lifetime)"},"id":\#(id)}"#,
    id: id)
  return sceneID(in: reply)
}

/// A new connection with a Login scene of its own, subscribed to it.
func subscribedLogin(_ options: Options) -> (connection: LineConnection, scene: String) {
  let connection = LineConnection(path: options.socket)
  let scene = openLogin(connection, id: 1)
  _ = connection.call(
    #"{"jsonrpc":"2.0","method":"scene.subscribe","params":{"scene":"\#(scene)"},"id":2}"#, id: 2)
  return (connection, scene)
}

func textEvent(_ scene: String, _ text: String, id: Int) -> String {
  #"{"jsonrpc":"2.0","method":"scene.event","params":{"scene":"\#(scene)","event":{"type":"text","target":"username","text":"\#(text)"}},"id":\#(id)}"#
}

func tapEvent(_ scene: String, id: Int) -> String {
  #"{"jsonrpc":"2.0","method":"scene.event","params":{"scene":"\#(scene)","event":{"type":"tap","target":"login"}},"id":\#(id)}"#
}

func format(_ value: Double, _ digits: Int) -> String {
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let scaled = Int((value * scale).rounded())
  var fraction = String(scaled % Int(scale))
  while fraction.count < digits { fraction = "0" + fraction }
  return digits == 0 ? "\(scaled / Int(scale))" : "\(scaled / Int(scale)).\(fraction)"
}

/// Each client: text (timed to its scene.changed) then tap, one request in flight; closed
/// loop, or paced by `options.rate`.
func measureEvents(_ options: Options) {
  struct Client {
    var connection: LineConnection
    var scene: String
    var length = 0
    /// When the event in flight was sent (closed loop) or due (paced).
    var startedAt: UInt64 = 0
    /// When the next event is due (paced).
    var dueAt: UInt64 = 0
    var inFlight = false
    var awaitingChange = false
    var nextIsTap = false
    var id = 10
  }
  var clients: [Client] = []
  for _ in 0..<options.clients {
    let (connection, scene) = subscribedLogin(options)
    clients.append(Client(connection: connection, scene: scene))
  }
  var pollSet = clients.map {
    pollfd(fd: $0.connection.descriptor, events: Int16(POLLIN), revents: 0)
  }
  let paced = options.rate > 0
  // Each client sends one event per period; the clients' schedules are evenly staggered.
  let period = paced ? UInt64(Double(options.clients) / options.rate * 1e9) : 0
  func sendNext(_ index: Int, now: UInt64) {
    clients[index].id += 1
    let id = clients[index].id
    clients[index].inFlight = true
    clients[index].startedAt = paced ? clients[index].dueAt : now
    if clients[index].nextIsTap {
      clients[index].connection.send(tapEvent(clients[index].scene, id: id))
      clients[index].awaitingChange = false
    } else {
      clients[index].length = clients[index].length % 40 + 1
      let text = String(repeating: "a", count: clients[index].length)
      clients[index].awaitingChange = true
      clients[index].connection.send(textEvent(clients[index].scene, text, id: id))
    }
    clients[index].nextIsTap.toggle()
  }
  let start = nowNanoseconds()
  let measureFrom = start + UInt64(options.warmup * 1e9)
  let stopAt = measureFrom + UInt64(options.seconds * 1e9)
  var latencies: [UInt64] = []
  latencies.reserveCapacity(1 << 20)
  var completed = 0
  for index in clients.indices {
    clients[index].dueAt = start + period * UInt64(index) / UInt64(clients.count)
    if !paced { sendNext(index, now: start) }
  }
  var running = clients.count
  let hosts = options.pid > 0 ? hostPIDs(LineConnection(path: options.socket)) : []
  var cpuAtStart: (compd: Double, hosts: Double)?
  var cpuAtStop: (compd: Double, hosts: Double)?
  func cpuNow() -> (compd: Double, hosts: Double) { cpuTimes(compd: options.pid, hosts: hosts) }
  while running > 0 {
    if options.pid > 0 {
      let tick = nowNanoseconds()
      if cpuAtStart == nil && tick >= measureFrom { cpuAtStart = cpuNow() }
      if cpuAtStop == nil && tick >= stopAt { cpuAtStop = cpuNow() }
    }
    var timeout: Int32 = 1000
    if paced {
      // Send what is due; wake for the next due event.
      let now = nowNanoseconds()
      var nextDue = UInt64.max
      for index in clients.indices where pollSet[index].fd >= 0 && !clients[index].inFlight {
        if now >= stopAt {
          running -= 1
          pollSet[index].fd = -1
        } else if clients[index].dueAt <= now {
          sendNext(index, now: now)
        } else {
          nextDue = min(nextDue, clients[index].dueAt)
        }
      }
      if nextDue != .max { timeout = Int32(min(1000, (nextDue - now) / 1_000_000)) }
    }
    for index in readable(&pollSet, timeout: timeout) ?? [] {
      if !clients[index].connection.fill() { fail("client \(index) was disconnected") }
      while let line = clients[index].connection.takeLine() {
        let now = nowNanoseconds()
        if line.hasPrefix("{\"jsonrpc\":\"2.0\",\"method\":\"scene.changed\"") {
          if clients[index].awaitingChange {
            clients[index].awaitingChange = false
            if now >= measureFrom && now < stopAt {
              latencies.append(now - clients[index].startedAt)
            }
          }
          continue
        }
        if line.hasPrefix("{\"jsonrpc\":\"2.0\",\"method\"") { continue }  // scene.emitted
        if line.contains("\"error\"") { fail("event failed: \(line)") }
        clients[index].inFlight = false
        if now >= measureFrom && now < stopAt { completed += 1 }
        if now >= stopAt {
          running -= 1
          pollSet[index].fd = -1
        } else if paced {
          clients[index].dueAt += period
        } else {
          sendNext(index, now: now)
        }
      }
    }
  }
  // The last answers can all arrive in one wake-up, after which no client is left to loop.
  if cpuAtStart != nil && cpuAtStop == nil { cpuAtStop = cpuNow() }
  latencies.sort()
  func percentile(_ fraction: Double) -> Double {
    guard !latencies.isEmpty else { return 0 }
    let rank = min(latencies.count - 1, Int((Double(latencies.count) * fraction).rounded(.up)) - 1)
    return Double(latencies[max(0, rank)]) / 1e6
  }
  var line =
    "events,\(options.clients),\(format(Double(completed) / options.seconds, 0)),\(format(percentile(0.5), 3)),\(format(percentile(0.99), 3))"
  if let cpuAtStart, let cpuAtStop, completed > 0 {
    line += "," + format((cpuAtStop.compd - cpuAtStart.compd) / Double(completed) * 1e6, 1)
    if !hosts.isEmpty {
      let resident = hosts.reduce(0) { $0 + residentKiB($1) } / hosts.count
      line +=
        "," + format((cpuAtStop.hosts - cpuAtStart.hosts) / Double(completed) * 1e6, 1)
        + ",\(resident),\(hosts.count)"
    }
  }
  print(line)
}

/// The size of the scene.changed line for one more character in `username`.
func measureBytes(_ options: Options) {
  let connection = LineConnection(path: options.socket)
  let scene = openLogin(connection, id: 1)
  _ = connection.call(textEvent(scene, "ann", id: 2), id: 2)
  _ = connection.call(
    #"{"jsonrpc":"2.0","method":"scene.subscribe","params":{"scene":"\#(scene)"},"id":3}"#, id: 3)
  var changed: [String] = []
  _ = connection.call(textEvent(scene, "anna", id: 4), id: 4) { line in
    if line.contains("\"scene.changed\"") { changed.append(line) }
  }
  guard changed.count == 1 else { fail("expected one scene.changed, got \(changed)") }
  print("bytes,\(changed[0].utf8.count + 1)")
  printError("SceneBench: \(changed[0])\n")
}

/// The CPU time (user + system) of compd, `compd`, and of its scene hosts together.
func cpuTimes(compd: Int32, hosts: [Int32]) -> (compd: Double, hosts: Double) {
  (cpuSeconds(compd), hosts.reduce(0) { $0 + cpuSeconds($1) })
}

/// The CPU seconds (user + system, every thread) process `pid` has used, from
/// /proc/PID/stat (fields 14 and 15, in clock ticks).
func cpuSeconds(_ pid: Int32) -> Double {
  guard let file = fopen("/proc/\(pid)/stat", "r") else { fail("no process \(pid)") }
  defer { fclose(file) }
  var line = [CChar](repeating: 0, count: 4096)
  guard fgets(&line, Int32(line.count), file) != nil else { fail("cannot read /proc/\(pid)/stat") }
  let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  // The command name (field 2) is in parentheses and may hold spaces: count after it.
  guard let close = text.lastIndex(of: ")") else { fail("bad /proc/\(pid)/stat") }
  let fields = text[text.index(after: close)...].split(separator: " ")
  // fields[0] is field 3 (state), so utime (14) and stime (15) are at 11 and 12.
  guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
    fail("bad /proc/\(pid)/stat")
  }
  return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

func residentKiB(_ pid: Int32) -> Int {
  guard let file = fopen("/proc/\(pid)/status", "r") else { fail("no process \(pid)") }
  defer { fclose(file) }
  var line = [CChar](repeating: 0, count: 512)
  while fgets(&line, Int32(line.count), file) != nil {
    let text = String(
      decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if text.hasPrefix("VmRSS:") {
      return Int(text.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
    }
  }
  fail("no VmRSS for \(pid)")
}

/// Resident memory growth per open Login scene.
func measureMemory(_ options: Options) {
  guard options.pid > 0 else { fail("--mode memory needs --pid") }
  let connection = LineConnection(path: options.socket)
  // Warm up: the first scene loads code and caches that every later scene shares.
  let first = openLogin(connection, id: 1, lifetime: "daemon")
  _ = first
  usleep(200_000)
  // compd and every scene host, those started meanwhile counting from nothing.
  func resident(_ pids: [Int32]) -> Int { pids.reduce(0) { $0 + residentKiB($1) } }
  let hostsBefore = hostPIDs(connection)
  let before = residentKiB(options.pid) + resident(hostsBefore)
  for index in 0..<options.scenes {
    _ = openLogin(connection, id: 100 + index, lifetime: "daemon")
  }
  usleep(200_000)
  let after = residentKiB(options.pid) + resident(hostPIDs(connection))
  print("memory,\(options.scenes),\(format(Double(after - before) / Double(options.scenes), 1))")
}

/// The pids of compd's scene hosts (`daemon.info`'s `hosts`); empty for a compd without them.
func hostPIDs(_ connection: LineConnection) -> [Int32] {
  let reply = connection.call(#"{"jsonrpc":"2.0","method":"daemon.info","id":90}"#, id: 90)
  guard let hosts = reply.firstRange(of: "\"hosts\":[") else { return [] }
  // The list ends at the "]" that closes it: each host's `plugins` is a list too.
  var end = hosts.upperBound
  var depth = 0
  while end < reply.endIndex && !(reply[end] == "]" && depth == 0) {
    if reply[end] == "[" { depth += 1 }
    if reply[end] == "]" { depth -= 1 }
    end = reply.index(after: end)
  }
  let list = reply[hosts.upperBound..<end]
  return list.split(separator: "\"pid\":", omittingEmptySubsequences: false).dropFirst().compactMap
  {
    Int32($0.prefix { $0.isNumber })
  }
}

/// The pid of the host holding `scene` (its `scene.list` entry's `host`).
func hostPID(of scene: String, _ connection: LineConnection) -> Int32 {
  let reply = connection.call(#"{"jsonrpc":"2.0","method":"scene.list","id":91}"#, id: 91)
  guard let entry = reply.firstRange(of: "\"scene\":\"\(scene)\"") else {
    fail("\(scene) is not in scene.list: \(reply)")
  }
  // The entry is the object around the scene's id: from its "{" to the matching "}".
  var start = entry.lowerBound
  var depth = 0
  while start > reply.startIndex {
    start = reply.index(before: start)
    if reply[start] == "}" { depth += 1 }
    if reply[start] == "{" {
      if depth == 0 { break }
      depth -= 1
    }
  }
  var end = entry.upperBound
  depth = 0
  while end < reply.endIndex && !(reply[end] == "}" && depth == 0) {
    if reply[end] == "{" { depth += 1 }
    if reply[end] == "}" { depth -= 1 }
    end = reply.index(after: end)
  }
  let object = reply[start..<end]
  guard let host = object.firstRange(of: "\"host\":") else {
    fail("no host for \(scene): \(reply)")
  }
  guard let pid = Int32(object[host.upperBound...].prefix { $0.isNumber }) else {
    fail("bad host for \(scene): \(reply)")
  }
  return pid
}

/// A demo.Contacts scene of `options.rows` people: what opening it costs on the wire, how
/// long each scroll of a fling takes to come back as a change, and what each more such
/// scene costs its host in memory.
func measureLists(_ options: Options) {
  let connection = LineConnection(path: options.socket)
  func open(id: Int) -> String {
    connection.call(
      #"{"jsonrpc":"2.0","method":"scene.open","params":{"component":"demo.Contacts","params":{"count":\#(options.rows)}},"id":\#(id)}"#,
      id: id)
  }
  let reply = open(id: 1)
  let scene = sceneID(in: reply)
  let nodes = reply.split(separator: "\"id\":\"n", omittingEmptySubsequences: false).count - 1
  _ = connection.call(
    #"{"jsonrpc":"2.0","method":"scene.subscribe","params":{"scene":"\#(scene)"},"id":2}"#, id: 2)
  var latencies: [UInt64] = []
  let hosts = hostPIDs(connection)
  let cpuBefore = hosts.reduce(0) { $0 + cpuSeconds($1) }
  for step in 1...options.steps {
    let id = 10 + step
    let y = step * options.stepPoints
    let start = nowNanoseconds()
    connection.send(
      #"{"jsonrpc":"2.0","method":"scene.event","params":{"scene":"\#(scene)","event":{"type":"scroll","target":"contacts","x":0,"y":\#(y)}},"id":\#(id)}"#
    )
    // The reply and the scene.changed come in either order; the step ends with both.
    var changed = false
    var answered = false
    while !(changed && answered) {
      let line = connection.readLine()
      if line.contains("\"scene.changed\"") {
        if !changed { latencies.append(nowNanoseconds() - start) }
        changed = true
      } else if line.contains("\"id\":\(id)") {
        if line.contains("\"error\"") { fail("scroll failed: \(line)") }
        answered = true
        // Past the end of the content the offset stays: nothing changes, nothing to time.
        if line.contains("\"handled\":false") { changed = true }
      }
    }
  }
  let cpuPerScroll =
    (hosts.reduce(0) { $0 + cpuSeconds($1) } - cpuBefore) / Double(options.steps) * 1e6
  latencies.sort()
  func percentile(_ fraction: Double) -> Double {
    let rank = min(latencies.count - 1, Int((Double(latencies.count) * fraction).rounded(.up)) - 1)
    return Double(latencies[max(0, rank)]) / 1e6
  }
  usleep(200_000)
  let hostsBefore = hostPIDs(connection)
  let before = hostsBefore.reduce(0) { $0 + residentKiB($1) }
  for index in 0..<options.scenes { _ = open(id: 1000 + index) }
  usleep(200_000)
  let after = hostPIDs(connection).reduce(0) { $0 + residentKiB($1) }
  print(
    "lists,\(options.rows),\(reply.utf8.count + 1),\(nodes),\(format(percentile(0.5), 3)),"
      + "\(format(percentile(0.99), 3)),\(format(Double(after - before) / Double(options.scenes), 0)),"
      + format(cpuPerScroll, 1)
  )
}

/// Kills the host of `options.scenes` Login scenes (compd must run them all in one host) and
/// times until each scene's subscriber has its `scene.reset`.
func measureRecovery(_ options: Options) {
  var connections: [LineConnection] = []
  var scenes: [String] = []
  for index in 0..<options.scenes {
    let (connection, scene) = subscribedLogin(options)
    // State to restore: a typed user name.
    _ = connection.call(textEvent(scene, "user\(index)", id: 3), id: 3)
    connections.append(connection)
    scenes.append(scene)
  }
  let host = hostPID(of: scenes[0], connections[0])
  for scene in scenes where hostPID(of: scene, connections[0]) != host {
    fail("\(scene) is not in host \(host): start compd with --scene-hosts 1")
  }
  var pollSet = connections.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
  var restoredAt = [UInt64](repeating: 0, count: connections.count)
  let killedAt = nowNanoseconds()
  guard kill(host, SIGKILL) == 0 else { fail("cannot kill host \(host)") }
  var waiting = connections.count
  while waiting > 0 {
    guard let ready = readable(&pollSet, timeout: 10_000) else {
      fail("no scene.reset within 10 s of killing host \(host)")
    }
    for index in ready {
      if !connections[index].fill() { fail("subscriber \(index) was disconnected") }
      while let line = connections[index].takeLine() {
        guard line.hasPrefix("{\"jsonrpc\":\"2.0\",\"method\":\"scene.reset\"") else { continue }
        if !line.contains("\"user\(index)\"") { fail("the typed text was not restored: \(line)") }
        restoredAt[index] = nowNanoseconds()
        pollSet[index].fd = -1
        waiting -= 1
      }
    }
  }
  let times = restoredAt.map { Double($0 - killedAt) / 1e6 }.sorted()
  print(
    "recovery,\(options.scenes),\(format(times.last!, 1)),\(format(times[(times.count - 1) / 2], 1))"
  )
}

let options = parseOptions()
switch options.mode {
case "bytes": measureBytes(options)
case "memory": measureMemory(options)
case "recovery": measureRecovery(options)
case "lists": measureLists(options)
case "touch": measureTouch(options)
default: measureEvents(options)
}
