import Foundation
import JSONRPC
import Testing

@testable import CompdBroker

/// compd as systemd runs it: socket-activated by `systemd-socket-activate`, with a fake
/// `NOTIFY_SOCKET` receiver standing in for the service manager.
@Suite("Service: compd under socket activation", .serialized)
struct ServiceProcessTests {
  static let socketActivate = "/usr/bin/systemd-socket-activate"
  static let available = FileManager.default.isExecutableFile(atPath: socketActivate)

  /// compd started by systemd-socket-activate on `socketPath`; it execs on first connect.
  final class ActivatedDaemon {
    let directory = TestPaths.temporaryDirectory()
    var socketPath: String { directory + "/compd.sock" }
    let process = Process()
    let logPath: String

    init(
      arguments: [String] = [], environment: [String: String], datagram: Bool = false,
      passSocketPath: Bool = true
    ) throws {
      logPath = directory + "/compd.log"
      _ = FileManager.default.createFile(atPath: logPath, contents: nil)
      process.executableURL = URL(fileURLWithPath: ServiceProcessTests.socketActivate)
      process.arguments =
        (datagram ? ["--datagram"] : []) + ["-l", socketPath]
        + environment.keys.sorted().flatMap { ["-E", $0] }
        + [TestPaths.compd] + (passSocketPath ? ["--socket", socketPath] : []) + arguments
      var inherited = ProcessInfo.processInfo.environment
      for (key, value) in environment { inherited[key] = value }
      process.environment = inherited
      process.standardError = FileHandle(forWritingAtPath: logPath)
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      let deadline = Date().addingTimeInterval(10)
      while !FileManager.default.fileExists(atPath: socketPath) {
        guard Date() < deadline, process.isRunning else {
          throw TestFailure("systemd-socket-activate did not create the socket: \(log)")
        }
        usleep(10_000)
      }
    }

    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// A client of the activated socket; retried for a while, since the socket file exists
    /// a moment before systemd-socket-activate listens on it.
    func connect() throws -> SocketClient {
      let deadline = Date().addingTimeInterval(10)
      while true {
        do { return try SocketClient(path: socketPath) } catch {
          if Date() > deadline || !process.isRunning { throw error }
          usleep(10_000)
        }
      }
    }
    var pid: Int32 { process.processIdentifier }

    func waitForExit(seconds: Double = 10) throws -> Int32 {
      let deadline = Date().addingTimeInterval(seconds)
      while process.isRunning && Date() < deadline { usleep(10_000) }
      if process.isRunning {
        kill(pid, SIGKILL)
        process.waitUntilExit()
        throw TestFailure("compd did not exit in \(seconds) s: \(log)")
      }
      return process.terminationStatus
    }

    deinit {
      if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
      }
      try? FileManager.default.removeItem(atPath: directory)
    }
  }

  /// Datagrams until one satisfies `predicate`; all of them, in order. A failure names the
  /// awaited `step` and carries the daemon's log.
  static func receive(
    _ receiver: FakeNotifySocket, _ step: String, log: @autoclosure () -> String = "",
    until predicate: ([String]) -> Bool
  ) throws -> [[String]] {
    var messages: [[String]] = []
    // A live daemon pings the watchdog for ever: bound the wait so a missing message fails
    // the test instead of hanging the suite.
    let deadline = ContinuousClock.now + .seconds(30)
    while ContinuousClock.now < deadline {
      guard let message = receiver.receive() else {
        throw TestFailure("no \(step); got \(messages); compd log:\n\(log())")
      }
      messages.append(message)
      if predicate(message) { return messages }
    }
    throw TestFailure(
      "no \(step) within 30 s; got \(messages.suffix(5)); compd log:\n\(log())")
  }

  @Test("socket-activated without --socket: the passed socket names the path")
  func activatedWithoutSocketPath() throws {
    guard Self.available else { return }
    let daemon = try ActivatedDaemon(environment: [:], passSocketPath: false)
    let client = try daemon.connect()
    try client.write(line: #"{"jsonrpc":"2.0","method":"daemon.ping","id":1}"#)
    #expect(try client.readJSON()["result"] == .object([:]), "\(daemon.log)")
  }

  @Test(
    "READY, STATUS, RELOADING with MONOTONIC_USEC, WATCHDOG and STOPPING arrive in order; the socket is kept",
    .enabled(if: available))
  func notifyProtocol() throws {
    let receiver = try FakeNotifySocket(abstract: false)
    let daemon = try ActivatedDaemon(
      environment: ["NOTIFY_SOCKET": receiver.address, "WATCHDOG_USEC": "400000"])
    // The first connection makes systemd-socket-activate exec compd with the socket as fd 3.
    let client = try daemon.connect()
    try client.write(line: #"{"jsonrpc":"2.0","method":"daemon.info","id":1}"#)
    let info = try client.readJSON()
    #expect(info["result"]?["pid"] == .int(Int64(daemon.pid)))

    let startup = try Self.receive(receiver, "READY=1", log: daemon.log) { $0.contains("READY=1") }
    #expect(startup.count == 1, "nothing may come before READY=1: \(startup)")
    #expect(startup[0].contains { $0.hasPrefix("STATUS=Serving: ") })
    // The status line follows the client count (refreshed once a second); READY=1 already
    // carries it when compd accepted the client before announcing readiness.
    let oneClient = "STATUS=Serving: 0 plugins, 0 scenes, 1 client"
    if !startup[0].contains(oneClient) {
      let status = try Self.receive(receiver, "status line", log: daemon.log) {
        $0.contains(oneClient)
      }
      #expect(!status.flatMap { $0 }.contains("STOPPING=1"))
    }
    let pings = try Self.receive(receiver, "watchdog ping", log: daemon.log) {
      $0 == ["WATCHDOG=1"]
    }
    #expect(!pings.isEmpty)

    let before = MonotonicClock.microseconds()
    kill(daemon.pid, SIGHUP)
    let reload = try Self.receive(receiver, "RELOADING=1", log: daemon.log) {
      $0.contains("RELOADING=1")
    }
    let reloading = try #require(reload.last)
    let stamp = try #require(
      reloading.first { $0.hasPrefix("MONOTONIC_USEC=") }.flatMap { UInt64($0.dropFirst(15)) })
    #expect(stamp >= before && stamp <= MonotonicClock.microseconds())
    let afterReload = try Self.receive(receiver, "READY=1 after the reload", log: daemon.log) {
      $0.contains("READY=1")
    }
    #expect(afterReload.allSatisfy { !$0.contains("RELOADING=1") })
    _ = try Self.receive(receiver, "ping after the reload", log: daemon.log) {
      $0 == ["WATCHDOG=1"]
    }  // still pinging after a reload

    kill(daemon.pid, SIGTERM)
    let stopping = try Self.receive(receiver, "STOPPING=1", log: daemon.log) {
      $0.contains("STOPPING=1")
    }
    #expect(stopping.allSatisfy { !$0.contains("READY=1") })
    #expect(try daemon.waitForExit() == 0, "\(daemon.log)")
    // The socket belongs to whoever created it (here systemd-socket-activate): never unlinked.
    #expect(FileManager.default.fileExists(atPath: daemon.socketPath))
    #expect(daemon.log.contains("serving socket from systemd"))
  }

  @Test(
    "a socket from systemd that is not a listening stream socket stops the start",
    .enabled(if: available))
  func refusesDatagramSocket() throws {
    let daemon = try ActivatedDaemon(environment: [:], datagram: true)
    // Wake systemd-socket-activate with one datagram.
    let sender = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
    defer { close(sender) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) {
      $0.copyBytes(from: Array(daemon.socketPath.utf8))
    }
    let sent = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        sendto(sender, "x", 1, 0, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    #expect(sent == 1)
    #expect(try daemon.waitForExit() == 1)
    #expect(daemon.log.contains("not a stream socket"), "\(daemon.log)")
  }

  @Test(
    "SIGTERM with clients mid-request: every request read is answered, in order, before exit",
    .enabled(if: available))
  func gracefulStopMidRequest() throws {
    let daemon = try ActivatedDaemon(arguments: ["--shutdown-grace", "5"], environment: [:])
    let clients = try (0..<4).map { _ in try daemon.connect() }
    // Wait until compd (exec'd on the first connection) serves, so SIGTERM finds it running.
    try clients[0].write(line: #"{"jsonrpc":"2.0","method":"daemon.ping","id":0}"#)
    #expect(try clients[0].readJSON()["id"] == 0)
    // A batch of pipelined requests per client, then SIGTERM while they are being served.
    for client in clients {
      let lines = (1...400).map { #"{"jsonrpc":"2.0","method":"daemon.ping","id":\#($0)}"# + "\n" }
      try client.write(Array(lines.joined().utf8))
    }
    kill(daemon.pid, SIGTERM)
    var answered = 0
    for client in clients {
      var expected: Int64 = 1
      while let line = try client.readLine(timeout: 10) {
        let reply = try JSONParser.parse(line)
        if reply["error"] != nil {
          // Requests arriving after the shutdown began may be refused, never dropped silently.
          #expect(reply["error"]?["data"]?["name"] == "compd.ShuttingDown", "\(reply)")
        } else {
          #expect(reply["result"] == .object([:]))
        }
        #expect(reply["id"] == .int(expected), "replies must be consecutive: \(reply)")
        expected += 1
        answered += 1
      }
    }
    #expect(answered > 0)
    #expect(try daemon.waitForExit() == 0, "\(daemon.log)")
  }

  @Test(
    "a client that stops reading cannot hold up shutdown beyond shutdown-grace",
    .enabled(if: available))
  func shutdownIsBounded() throws {
    let daemon = try ActivatedDaemon(
      arguments: ["--shutdown-grace", "1", "--max-output-bytes", "64MiB"], environment: [:])
    let client = try daemon.connect()
    try client.write(line: #"{"jsonrpc":"2.0","method":"daemon.ping","id":0}"#)
    #expect(try client.readJSON()["id"] == 0)
    let flags = fcntl(client.descriptor, F_GETFL)
    _ = fcntl(client.descriptor, F_SETFL, flags | O_NONBLOCK)
    let line = Array(#"{"jsonrpc":"2.0","method":"daemon.ping","id":1}"#.utf8) + [10]
    let chunk = Array((0..<2000).map { _ in line }.joined())
    // Write requests and never read the replies, until the kernel buffers are full.
    let deadline = Date().addingTimeInterval(1)
    while Date() < deadline {
      let written = chunk.withUnsafeBytes {
        Glibc.write(client.descriptor, $0.baseAddress, $0.count)
      }
      if written < 0 && errno == EAGAIN { usleep(10_000) }
    }
    let started = Date()
    kill(daemon.pid, SIGTERM)
    #expect(try daemon.waitForExit(seconds: 15) == 0, "\(daemon.log)")
    let elapsed = Date().timeIntervalSince(started)
    #expect(elapsed < 1 + 3, "took \(elapsed) s")
  }
}
