import Glibc
import Testing

@testable import CompdBroker

/// A fake systemd: a datagram socket bound where `$NOTIFY_SOCKET` points.
final class FakeNotifySocket {
  let descriptor: Int32
  let address: String
  private let path: String?

  init(abstract: Bool) throws {
    descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    var socketAddress = sockaddr_un()
    socketAddress.sun_family = sa_family_t(AF_UNIX)
    let name = "compd-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    var bytes: [UInt8]
    if abstract {
      bytes = [0] + Array(name.utf8)
      address = "@" + name
      path = nil
    } else {
      let file = "/tmp/\(name).notify"
      bytes = Array(file.utf8) + [0]
      address = file
      path = file
    }
    withUnsafeMutableBytes(of: &socketAddress.sun_path) { $0.copyBytes(from: bytes) }
    let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count)
    let bound = withUnsafePointer(to: &socketAddress) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
    }
    try #require(bound == 0, "bind: \(String(cString: strerror(errno)))")
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  /// The next datagram as its `KEY=value` lines, or nil after the 5 s timeout.
  func receive() -> [String]? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    return String(decoding: buffer.prefix(count), as: UTF8.self).split(separator: "\n").map(
      String.init)
  }

  deinit {
    close(descriptor)
    if let path { unlink(path) }
  }
}

@Suite("Service: sd_notify client")
struct ServiceNotifierTests {
  @Test("sends each message as one datagram to a path socket", arguments: [false, true])
  func messages(abstract: Bool) throws {
    let receiver = try FakeNotifySocket(abstract: abstract)
    let notifier = try SystemdNotifier(address: receiver.address)
    try notifier.ready(status: "Serving: 0 plugins")
    #expect(receiver.receive() == ["READY=1", "STATUS=Serving: 0 plugins"])
    try notifier.status("two\nlines")
    #expect(receiver.receive() == ["STATUS=two lines"])
    let before = MonotonicClock.microseconds()
    try notifier.reloading()
    let reloading = try #require(receiver.receive())
    #expect(reloading.first == "RELOADING=1")
    let stamp = try #require(
      reloading.last.flatMap { UInt64($0.dropFirst("MONOTONIC_USEC=".count)) })
    #expect(reloading.last?.hasPrefix("MONOTONIC_USEC=") == true)
    #expect(stamp >= before && stamp <= MonotonicClock.microseconds())
    try notifier.watchdog()
    #expect(receiver.receive() == ["WATCHDOG=1"])
    try notifier.stopping()
    #expect(receiver.receive() == ["STOPPING=1"])
  }

  @Test("rejects addresses that are not paths or abstract names, and reports send failures")
  func badAddresses() throws {
    #expect(throws: ServiceProtocolError.self) { try SystemdNotifier(address: "relative/path") }
    #expect(throws: ServiceProtocolError.self) {
      try SystemdNotifier(address: "/" + String(repeating: "x", count: 200))
    }
    let nobody = try SystemdNotifier(address: "/tmp/compd-no-such-notify-socket-\(getpid())")
    #expect(throws: ServiceProtocolError.self) { try nobody.ready() }
  }

  @Test("watchdog settings honour WATCHDOG_USEC and WATCHDOG_PID")
  func watchdogSettings() throws {
    #expect(try WatchdogSettings.parse(watchdogMicroseconds: nil, watchdogPID: nil, pid: 10) == nil)
    let settings = try #require(
      try WatchdogSettings.parse(watchdogMicroseconds: "30000000", watchdogPID: "10", pid: 10))
    #expect(settings.pingInterval == .seconds(15))
    #expect(
      try WatchdogSettings.parse(watchdogMicroseconds: "30000000", watchdogPID: "11", pid: 10)
        == nil)
    #expect(
      try WatchdogSettings.parse(watchdogMicroseconds: "500", watchdogPID: nil, pid: 10) != nil)
    #expect(throws: ServiceProtocolError.self) {
      try WatchdogSettings.parse(watchdogMicroseconds: "soon", watchdogPID: nil, pid: 10)
    }
    #expect(throws: ServiceProtocolError.self) {
      try WatchdogSettings.parse(watchdogMicroseconds: "0", watchdogPID: nil, pid: 10)
    }
  }

  @Test("the watchdog pings from the main actor, and stops when the main actor is blocked")
  @MainActor func watchdogPings() async throws {
    let receiver = try FakeNotifySocket(abstract: true)
    let notifier = try SystemdNotifier(address: receiver.address)
    let watchdog = Watchdog(
      notifier: notifier, settings: WatchdogSettings(timeoutMicroseconds: 100_000))
    watchdog.start()
    var nonblocking = timeval(tv_sec: 0, tv_usec: 1000)
    setsockopt(
      receiver.descriptor, SOL_SOCKET, SO_RCVTIMEO, &nonblocking,
      socklen_t(MemoryLayout<timeval>.size))
    func drain() -> Int {
      var pings = 0
      while let message = receiver.receive() {
        #expect(message == ["WATCHDOG=1"])
        pings += 1
      }
      return pings
    }
    // Wait for pings with a generous deadline: other suites' main-actor tests (compiling
    // plugin fixtures, say) may hold the shared main actor for many seconds.
    func pings(atLeast wanted: Int) async throws -> Int {
      var seen = 0
      let deadline = ContinuousClock.now + .seconds(120)
      while seen < wanted && ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(50))
        seen += drain()
      }
      return seen
    }
    #expect(try await pings(atLeast: 2) >= 2, "pings every 50 ms")
    _ = drain()
    // Wedge the main actor: no ping may go out meanwhile (a wedged daemon gets restarted).
    usleep(300_000)
    #expect(drain() == 0, "a ping went out while the main actor was blocked")
    #expect(try await pings(atLeast: 1) >= 1, "pings resume once the main actor is free")
    watchdog.stop()
  }

  @Test("the status line changes only when the counts do")
  func statusLine() throws {
    let receiver = try FakeNotifySocket(abstract: false)
    let status = ServiceStatus(notifier: try SystemdNotifier(address: receiver.address))
    status.update { $0.plugins = 3 }
    #expect(receiver.receive() == ["STATUS=Serving: 3 plugins, 0 scenes, 0 clients"])
    status.update { $0.plugins = 3 }
    status.update {
      $0.clients = 1
      $0.scenes = 1
    }
    #expect(receiver.receive() == ["STATUS=Serving: 3 plugins, 1 scene, 1 client"])
  }
}
