import Foundation
import JSONRPC
import Logging
import Testing

@testable import CompdBroker
@testable import CompdProtocol

/// What component code writes on stdout and stderr — `print()`, ScreenKit's layout
/// warnings, the runtime's message before a trap — reaches compd's log as entries of their
/// own, with the scene and component whose code wrote them, through a real compd and the
/// fixture component `faults.Chatty` (`Tests/PluginFixtures/FaultPlugin.swift`).
@Suite("Scene host output in the log", .serialized) struct HostOutputTests {
  /// The log's entries that contain `text`.
  static func entries(_ log: String, containing text: String) -> [Substring] {
    log.split(separator: "\n").filter { $0.contains(text) }
  }

  /// Waits until the log has an entry containing `text` and returns the first.
  static func entry(in daemon: SceneDaemon, containing text: String) throws -> Substring {
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      if let found = entries(daemon.log, containing: text).first { return found }
      usleep(20_000)
    }
    throw TestFailure("no log entry contains \"\(text)\":\n\(daemon.log)")
  }

  @Test("print, stderr and layout warnings are log entries naming their scene and component")
  func componentOutputIsLogged() throws {
    let daemon = try SceneDaemon(
      arguments: ["--scene-hosts", "1"], bundled: ["Login"],
      libraries: [PluginFixtureBuilder.faultPlugin()])
    let client = try daemon.client()
    let login = try client.call("scene.open", ["component": "demo.Login"])["scene"]!
    let opened = try client.call(
      "scene.open", ["component": "faults.Chatty", "params": ["chatty": true]])
    let scene = try #require(opened["scene"]?.stringValue)
    let pid = try #require(
      client.call("scene.list")["scenes"]?.arrayValue?.first { $0["scene"]?.stringValue == scene }?[
        "host"]?.intValue)

    // While it is being opened a scene has no id yet: its component is named.
    let opening = try Self.entry(in: daemon, containing: "chatty: opening")
    #expect(opening.contains("info compd: stdout| chatty: opening"), "\(opening)")
    #expect(opening.contains("component=faults.Chatty") && opening.contains("host=\(pid)"))
    #expect(opening.contains("stream=stdout") && !opening.contains("scene="), "\(opening)")
    // Another scene's request in the same host, then a tap: the tap's output is its scene's.
    _ = try client.call("scene.layout", ["scene": login])
    // A print without a newline went out, as its scene's, before the other scene's mark.
    let unfinished = try Self.entry(in: daemon, containing: "chatty: viewDidLoad")
    #expect(unfinished.contains("component=faults.Chatty"), "\(unfinished)")
    _ = try client.call(
      "scene.event", ["scene": .string(scene), "event": ["type": "tap", "target": "fault"]])
    let tapped = try Self.entry(in: daemon, containing: "chatty: tapped")
    #expect(tapped.contains("info compd: stdout| chatty: tapped"), "\(tapped)")
    #expect(tapped.contains("scene=\(scene)") && tapped.contains("component=faults.Chatty"))
    #expect(tapped.contains("stream=stdout"))
    let errorLine = try Self.entry(in: daemon, containing: "chatty: to stderr")
    #expect(errorLine.contains("warning compd: stderr| chatty: to stderr"), "\(errorLine)")
    #expect(errorLine.contains("scene=\(scene)") && errorLine.contains("stream=stderr"))
    // ScreenKit's warning about the broken constraint: each of its lines an entry, with a
    // timestamp like every other line of the log, and the scene.
    let warning = try Self.entry(in: daemon, containing: "Unable to simultaneously satisfy")
    #expect(
      warning.range(
        of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z warning compd: stderr\| Unable"#,
        options: .regularExpression) != nil, "\(warning)")
    #expect(warning.contains("scene=\(scene)") && warning.contains("component=faults.Chatty"))
    let recovered = try Self.entry(in: daemon, containing: "Recovered by breaking")
    #expect(recovered.contains("scene=\(scene)"), "\(recovered)")

    // Every line of the log is compd's: no bare output, no marks.
    for line in daemon.log.split(separator: "\n") {
      #expect(
        line.range(of: #"^\d{4}-\d\d-\d\dT"#, options: .regularExpression) != nil, "\(line)")
      #expect(!line.contains(HostOutputMark.prefix), "\(line)")
    }
  }

  @Test("the runtime's message before a trap is logged with the scene, after the host died")
  func trapMessageIsLogged() throws {
    let daemon = try SceneDaemon(
      arguments: ["--scene-host-isolation", "plugin"], bundled: [],
      libraries: [PluginFixtureBuilder.faultPlugin()])
    let client = try daemon.client()
    let scene = try #require(
      client.call("scene.open", ["component": "faults.TrapOnTap"])["scene"]?.stringValue)
    let failure = try client.failure(
      "scene.event", ["scene": .string(scene), "event": ["type": "tap", "target": "fault"]])
    #expect(failure["data"]?["reason"] == "crashed")
    let trap = try Self.entry(in: daemon, containing: "tapped a trap on purpose")
    #expect(trap.contains("warning compd:") && trap.contains("stream=stderr"), "\(trap)")
    #expect(trap.contains("scene=\(scene)") && trap.contains("component=faults.TrapOnTap"))
  }

  @Test("a flood is prefixed, escaped, cut and capped; one entry says how much was dropped")
  func floodIsBounded() throws {
    let daemon = try SceneDaemon(
      arguments: ["--scene-hosts", "1"], bundled: ["Login"],
      libraries: [PluginFixtureBuilder.faultPlugin()])
    let client = try daemon.client()
    let login = try client.call("scene.open", ["component": "demo.Login"])["scene"]!
    let flood = try client.call("scene.open", ["component": "faults.PrintFlood"])["scene"]!
    let exit = try client.call("scene.open", ["component": "faults.ExitOnTap"])["scene"]!
    // The attacker taps from a connection of its own while a user types into Login.
    let socketPath = daemon.socketPath
    let tapped = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      let attacker = try? RPCTestClient(path: socketPath)
      _ = try? attacker?.reply(
        "scene.event", ["scene": flood, "event": ["type": "tap", "target": "fault"]],
        timeout: 60)
      tapped.signal()
    }
    var slowest = 0.0
    for index in 0..<40 {
      let started = Date()
      try client.call(
        "scene.event",
        [
          "scene": login,
          "event": ["type": "text", "target": "username", "text": .string("user\(index)")],
        ])
      slowest = max(slowest, Date().timeIntervalSince(started))
    }
    #expect(tapped.wait(timeout: .now() + 60) == .success)
    #expect(slowest < 5, "Login answered within \(slowest) s while the flood ran")
    // The host's output ends with the host: what was still being dropped is reported then.
    _ = try client.failure(
      "scene.event", ["scene": exit, "event": ["type": "tap", "target": "fault"]])
    let notice = try Self.entry(in: daemon, containing: "scene host output over its budget")
    #expect(notice.contains("warning compd:"), "\(notice)")

    let log = daemon.log
    // The forged line is the component's, visibly: prefixed, after compd's own fields.
    let forged = Self.entries(log, containing: "component quarantined component=demo.Login")
    #expect(forged.count == 1, "\(forged)")
    #expect(
      forged.first?.range(
        of:
          #"^\d{4}-\d\d-\d\dT[0-9:.]+Z info compd: stdout\| 2026-01-01T00:00:00.000Z error compd: component quarantined"#,
        options: .regularExpression) != nil, "\(forged)")
    // Written on the host's own log, it is the host's, not the broker's.
    let onHostLog = try Self.entry(in: daemon, containing: "forged on the host's log")
    #expect(
      onHostLog.contains("warning compd: host| 2026-01-01T00:00:00.000Z error compd: forged"),
      "\(onHostLog)")
    // No line of the log starts as the forged ones do, and no escape reaches it.
    #expect(!log.contains("\n2026-01-01T00:00:00.000Z"))
    #expect(!log.contains("\u{1B}"))
    let erased = try Self.entry(in: daemon, containing: "erased the line before")
    #expect(erased.contains(#"stdout| \u{1B}[2K\u{0D}erased the line before"#), "\(erased)")
    // The 16 MiB line is one entry, cut, saying how long it was (the relay keeps 4096 bytes
    // of a line, however long).
    let long = try Self.entry(in: daemon, containing: "long line yyy")
    #expect(long.contains("[cut: \(10 + (16 << 20)) bytes in all]"), "\(long.prefix(100))")
    #expect(long.utf8.count < HostOutputRelay.maxLineBytes + 400, "\(long.utf8.count) bytes")
    // Of the 8000 numbered lines, what went over the budget was dropped and counted: the
    // lines logged and the lines the notices count are all of them.
    // The notices come as episodes end, the last when the host ends: wait until the log
    // accounts for every line (or the deadline passes).
    func accounted(_ log: String) -> (logged: Int, dropped: Int) {
      var dropped = 0
      for entry in Self.entries(log, containing: "scene host output over its budget") {
        let words = entry.split(separator: " ")
        if let index = words.firstIndex(of: "budget:"), let count = Int(words[index + 1]) {
          dropped += count
        }
      }
      return (Self.entries(log, containing: "flood line ").count, dropped)
    }
    var (logged, dropped) = accounted(log)
    let deadline = Date().addingTimeInterval(15)
    while logged + dropped < 8000, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.2)
      (logged, dropped) = accounted(daemon.log)
    }
    #expect(logged + dropped == 8000, "\(logged) logged, \(dropped) dropped")
    #expect(logged > 100 && logged < 4000, "\(logged) of 8000 lines logged")
    // Login's scene lives on in the new host, under its id.
    #expect(try client.call("scene.layout", ["scene": login])["root"] != nil)
  }

  @Test("the output budget: a burst, then dropping until it refilled to half, then a summary")
  func budgetDropsInEpisodes() {
    let start = ContinuousClock.now
    var budget = HostOutputBudget(now: start)
    let line = 1000
    let cost = line + HostOutputBudget.entryCost
    let burst = HostOutputBudget.burstBytes / cost
    for _ in 0..<burst { #expect(budget.admit(line, now: start) == .log) }
    #expect(budget.admit(line, now: start) == .drop)
    // Refilled by a quarter: still dropping (no notice between every admitted line).
    let quarter = Duration.seconds(
      Double(HostOutputBudget.burstBytes / 4) / Double(HostOutputBudget.bytesPerSecond))
    #expect(budget.admit(line, now: start + quarter) == .drop)
    // Refilled past half: logged, after the summary of what was dropped.
    let resumed = budget.admit(line, now: start + quarter * 3)
    #expect(
      resumed == .logAfterDropping(lines: 2, bytes: 2 * line, seconds: (quarter * 3) / .seconds(1)))
    #expect(budget.admit(line, now: start + quarter * 3) == .log)
    #expect(budget.droppingSince == nil)
  }

  @Test("a host's own log line gives its level; control characters are shown, not run")
  func hostLogLinesAndEscapes() {
    #expect(
      HostOutputRelay.hostLogEntry("<3>error compd: cannot load plugin /p: bad")! == (
        .error, "cannot load plugin /p: bad"
      ))
    #expect(
      HostOutputRelay.hostLogEntry("<6>info compd: withdrawn x=1")! == (.info, "withdrawn x=1"))
    #expect(HostOutputRelay.hostLogEntry("2026-01-01T00:00:00.000Z error compd: x") == nil)
    #expect(HostOutputRelay.hostLogEntry("<9>x") == nil)
    #expect(
      HostOutputRelay.escapingControls("a\u{1B}[2Kb\tc\u{7F}\u{85}é")
        == "a\\u{1B}[2Kb\tc\\u{7F}\\u{85}é")
  }

  @Test func marksRoundTrip() {
    let mark = HostOutputMark.line(scene: "s3", component: "demo.Login")
    #expect(mark.hasPrefix("\n") && mark.hasSuffix("\n"))
    let line = String(mark.dropFirst().dropLast())
    #expect(HostOutputMark.parse(line)! == ("demo.Login", "s3"))
    let opening = String(
      HostOutputMark.line(scene: nil, component: "demo.Login").dropFirst().dropLast())
    #expect(HostOutputMark.parse(opening)! == ("demo.Login", nil))
    let none = String(HostOutputMark.line(scene: nil, component: nil).dropFirst().dropLast())
    #expect(HostOutputMark.parse(none)! == (nil, nil))
    #expect(HostOutputMark.parse("compd-running demo.Login s3") == nil)
  }

  @Test("under systemd an entry goes to the journal with its metadata as fields")
  func journalFields() throws {
    let path = TestPaths.temporaryDirectory() + "/journal"
    let receiver = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
    defer { close(receiver) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(receiver, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0)
    let logger = Logger(label: "compd") { label in
      StandardErrorLogHandler(
        label: label, level: .trace, forJournal: true, journal: JournalSocket(path: path))
    }
    logger.warning(
      "chatty: two\nlines",
      metadata: ["scene": "s3", "component": "demo.Login", "host-pid": "42"])
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = recv(receiver, &buffer, buffer.count, 0)
    try #require(count > 0)
    let datagram = Array(buffer[..<count])
    // Fields of one line, and the message (it holds a newline) with its length.
    let text = String(decoding: datagram, as: UTF8.self)
    #expect(text.contains("PRIORITY=4\n") && text.contains("SYSLOG_IDENTIFIER=compd\n"))
    #expect(text.contains("COMPD_SCENE=s3\n") && text.contains("COMPD_COMPONENT=demo.Login\n"))
    #expect(text.contains("COMPD_HOST_PID=42\n"))
    let message = "warning compd: chatty: two\nlines component=demo.Login host-pid=42 scene=s3"
    var length = UInt64(message.utf8.count).littleEndian
    let expected =
      Array("MESSAGE\n".utf8) + withUnsafeBytes(of: &length) { Array($0) }
      + Array(message.utf8) + [10]
    #expect(datagram.starts(with: expected), "\(text)")
    #expect(JournalSocket.connected(to: STDERR_FILENO, path: path) == nil, "no JOURNAL_STREAM")
  }
}
