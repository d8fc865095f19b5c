import Foundation
import JSONRPC
import Testing

/// Scenes survive compd stopping — `kill -9`, a crash while saving, SIGTERM — through the
/// real socket and the bundled plugins: the same ids answer with the same trees, closed
/// ids say why, and new scenes never get an old id. The database is checked with Python's
/// `sqlite3` module, a reader this code did not write.
@Suite("Durable scenes", .serialized) struct SceneDurabilityTests {
  /// Short, so that the tests wait little for saves.
  static let saveDelay = ["--scene-save-delay", "0.1"]
  /// How far a restored revision moves past the saved one (SceneStore.restoredRevisionGap).
  static let revisionGap = 1_000_000
  static let components = [
    "demo.Login", "demo.StackedForm", "demo.Settings", "demo.Destination", "demo.Gallery",
  ]

  /// A tree without node ids (a restored scene numbers its nodes afresh) and without focus
  /// (the first responder is not part of the restorable state, as in UIKit: after a
  /// restart no field is focused).
  static func withoutIDs(_ node: JSON) -> JSON {
    guard var object = node.objectValue else { return node }
    object["id"] = nil
    if var props = object["props"]?.objectValue {
      props["focused"] = nil
      object["props"] = .object(props)
    }
    if let children = node["children"]?.arrayValue {
      object["children"] = .array(children.map(withoutIDs))
    }
    return .object(object)
  }

  /// An event that changes what a user would want back: typing, tapping (rows added,
  /// screens pushed), switches, going back. Not typing into secure fields: their text is
  /// never saved, by design.
  static func stateEvent(in tree: JSON, using generator: inout SeededGenerator) -> JSON? {
    let nodes = SceneTests.visibleNodes(in: tree)
    func pick(_ type: String) -> JSON? {
      nodes.filter { $0["type"]?.stringValue == type }.randomElement(using: &generator)
    }
    let words = ["ann", "Lisbon", "Zürich 8001", "a longer text that wraps around"]
    switch Int.random(in: 0..<10, using: &generator) {
    case 0, 1, 2, 3:
      if let field = pick("textField"), field["props"]?["secure"] != true {
        return [
          "type": "text", "target": field["id"]!,
          "text": .string(words.randomElement(using: &generator)!),
        ]
      }
    case 4, 5:
      if let toggle = pick("switch") {
        return [
          "type": "toggle", "target": toggle["id"]!, "on": .bool(Bool.random(using: &generator)),
        ]
      }
    case 6:
      return ["type": "back"]
    default:
      break
    }
    if let button = pick("button") { return ["type": "tap", "target": button["id"]!] }
    return nil
  }

  /// Waits until the database holds each scene at its revision now (read with Python).
  /// and each of `closed` closed.
  static func waitUntilSaved(
    _ daemon: SceneDaemon, _ revisions: [String: Int], closed: [String] = []
  ) throws {
    let file = daemon.stateDirectory + "/scenes.sqlite"
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      let rows = try python(
        file, "SELECT id || '=' || iif(closed IS NULL, revision, 'closed') FROM scenes")
      var stored: [String: String] = [:]
      for row in rows.split(separator: "\n") {
        let parts = row.split(separator: "=")
        if parts.count == 2 { stored[String(parts[0])] = String(parts[1]) }
      }
      if revisions.allSatisfy({ stored[$0.key] == String($0.value) }),
        closed.allSatisfy({ stored[$0] == "closed" })
      {
        return
      }
      usleep(20_000)
    }
    throw TestFailure("the scenes were not saved at \(revisions) in 20 s: \(daemon.log)")
  }

  @Test(
    "scenes of every bundled component come back after kill -9 and SIGTERM",
    arguments: [SIGKILL, SIGTERM])
  func scenesSurviveARestart(signal: Int32) throws {
    let daemon = try SceneDaemon(arguments: Self.saveDelay)
    do { try scenesSurviveARestart(signal: signal, daemon: daemon) } catch {
      throw TestFailure("\(error): \(daemon.log.suffix(2500))")
    }
  }

  func scenesSurviveARestart(signal: Int32, daemon: SceneDaemon) throws {
    let client = try daemon.client()
    var generator = SeededGenerator(seed: 0xD0AB_1E00 &+ UInt64(signal))
    var before: [String: JSON] = [:]
    var revisions: [String: Int] = [:]
    for (index, component) in Self.components.enumerated() {
      let lifetime = index % 2 == 0 ? "connection" : "daemon"
      let opened = try client.call(
        "scene.open", ["component": .string(component), "lifetime": .string(lifetime)])
      let scene = opened["scene"]!
      var tree = opened["root"]!
      for _ in 0..<15 {
        guard let event = Self.stateEvent(in: tree, using: &generator) else { break }
        let reply = try client.reply("scene.event", ["scene": scene, "event": event])
        if let error = reply["error"] {
          #expect(error["code"] == -32602, "\(component): \(error.serialized())")  // disabled
        }
        tree = try client.call("scene.layout", ["scene": scene])["root"]!
      }
      let layout = try client.call("scene.layout", ["scene": scene])
      before[scene.stringValue!] = layout
      revisions[scene.stringValue!] = Int(layout["revision"]!.intValue!)
    }
    let closed = try client.call("scene.open", ["component": "demo.Login"])["scene"]!
    try client.call("scene.close", ["scene": closed])
    if signal == SIGKILL {
      try Self.waitUntilSaved(daemon, revisions, closed: [closed.stringValue!])
    }
    _ = try? daemon.daemon.stop(signal: signal)
    #expect(try python(daemon.stateDirectory + "/scenes.sqlite", "PRAGMA integrity_check") == "ok")

    let restarted = try daemon.restarted(arguments: Self.saveDelay)
    let again = try restarted.client()
    var highest = 0
    for (id, layout) in before {
      let now = try again.call("scene.layout", ["scene": .string(id)])
      let revision = Int(now["revision"]!.intValue!)
      #expect(revision == revisions[id]! + Self.revisionGap, "\(id)")
      #expect(
        Self.withoutIDs(now["root"]!) == Self.withoutIDs(layout["root"]!),
        "\(id) came back different: \(now["root"]!.serialized())\nwas \(layout["root"]!.serialized())"
      )
      // A client resuming from before the restart gets a snapshot: the history is gone.
      let watcher = try restarted.client()
      let resumed = try watcher.call(
        "scene.subscribe", ["scene": .string(id), "since": .int(Int64(revisions[id]!))])
      #expect(resumed["revision"] == now["revision"])
      #expect(resumed["root"] == now["root"], "\(id): a resumed subscriber gets the tree now")
      highest = max(highest, Int(id.dropFirst())!)
    }
    let gone = try again.failure("scene.layout", ["scene": closed])
    #expect(gone["data"]?["name"] == "compd.NoSuchScene")
    #expect(gone["data"]?["reason"] == "closed")
    let never = try again.failure("scene.layout", ["scene": "s999999"])
    #expect(never["data"]?["reason"] == "unknown")
    let fresh = try again.call("scene.open", ["component": "demo.Login"])["scene"]!
    #expect(Int(fresh.stringValue!.dropFirst())! > Int(closed.stringValue!.dropFirst())!)
    #expect(Int(fresh.stringValue!.dropFirst())! > highest)
    let info = try again.call("daemon.info")
    #expect(info["scenes"] == .int(Int64(before.count + 1)))
    #expect(info["persistence"]?["state"] == "ok")
    #expect(restarted.log.contains("scenes restored"))
  }

  @Test("a scene whose component is gone is not restored and says why")
  func missingComponentIsNotRestored() throws {
    let daemon = try SceneDaemon(arguments: Self.saveDelay)
    let client = try daemon.client()
    let gallery = try client.call(
      "scene.open", ["component": "demo.Gallery", "lifetime": "daemon"])["scene"]!
    let login = try client.call(
      "scene.open", ["component": "demo.Login", "lifetime": "daemon"])["scene"]!
    try daemon.daemon.stop(signal: SIGTERM)
    try FileManager.default.removeItem(atPath: daemon.pluginDirectory + "/libGallery.so")
    let restarted = try daemon.restarted(arguments: Self.saveDelay)
    let again = try restarted.client()
    try again.call("scene.layout", ["scene": login])
    let error = try again.failure("scene.layout", ["scene": gallery])
    #expect(error["data"]?["reason"] == "not-restored")
    #expect(error["data"]?["detail"]?.stringValue?.contains("demo.Gallery") == true)
    #expect(restarted.log.contains("scene not restored"))
    // It stays a tombstone across the next restart too.
    try restarted.daemon.stop(signal: SIGTERM)
    let third = try restarted.restarted(arguments: Self.saveDelay)
    #expect(
      try third.client().failure("scene.layout", ["scene": gallery])["data"]?["reason"]
        == "not-restored")
  }

  @Test("closed scenes keep their reason for the last scene-tombstones closings, across restarts")
  func tombstonesAreBounded() throws {
    let arguments = Self.saveDelay + ["--scene-tombstones", "3"]
    let daemon = try SceneDaemon(arguments: arguments)
    let client = try daemon.client()
    var ids: [String] = []
    for _ in 0..<5 {
      let id = try client.call(
        "scene.open", ["component": "demo.Login", "lifetime": "daemon"])["scene"]!
      try client.call("scene.close", ["scene": id])
      ids.append(id.stringValue!)
    }
    let open = try client.call(
      "scene.open", ["component": "demo.Login", "lifetime": "daemon"])["scene"]!
    func reasons(_ client: RPCTestClient) throws -> [String] {
      try ids.map {
        try client.failure("scene.layout", ["scene": .string($0)])["data"]?["reason"]?
          .stringValue ?? ""
      }
    }
    // The forgotten ones are deleted with a later save (within the save delay).
    let file = daemon.stateDirectory + "/scenes.sqlite"
    func waitForTombstones(_ count: Int, _ log: @autoclosure () -> String) throws {
      let deadline = Date().addingTimeInterval(20)
      while try python(file, "SELECT count(*) FROM scenes WHERE closed IS NOT NULL") != "\(count)" {
        guard Date() < deadline else { throw TestFailure("tombstones not deleted: \(log())") }
        usleep(20_000)
      }
    }
    #expect(try reasons(client) == ["unknown", "unknown", "closed", "closed", "closed"])
    try Self.waitUntilSaved(daemon, [:], closed: Array(ids.suffix(3)))
    try waitForTombstones(3, daemon.log)
    // A smaller limit at the next start keeps the newest and deletes the rest.
    try daemon.daemon.stop(signal: SIGKILL)
    let restarted = try daemon.restarted(arguments: Self.saveDelay + ["--scene-tombstones", "1"])
    let again = try restarted.client()
    #expect(try reasons(again) == ["unknown", "unknown", "unknown", "unknown", "closed"])
    try again.call("scene.layout", ["scene": open])
    try waitForTombstones(1, restarted.log)
    #expect(try python(file, "SELECT count(*) FROM scenes WHERE closed IS NULL") == "1")
  }

  @Test("kill -9 at random moments while saving: the database stays sound and recent")
  func killsWhileSaving() throws {
    var generator = SeededGenerator(seed: 0xC8A5_4001)
    let delay = 0.05
    var daemon = try SceneDaemon(arguments: ["--scene-save-delay", "\(delay)"])
    let opened = try daemon.client().call(
      "scene.open", ["component": "demo.Login", "lifetime": "daemon"])
    let scene = opened["scene"]!
    var revision = Int(opened["revision"]!.intValue!)
    var text = ""
    for round in 0..<5 {
      let client = try daemon.client()
      // (revision, text, when acknowledged) of every event the daemon answered.
      var acknowledged: [(revision: Int, text: String, at: Date)] = [
        (revision, text, Date())
      ]
      let pid = daemon.daemon.process.processIdentifier
      let killAfter = Double.random(in: 0.2...1.5, using: &generator)
      let killed = DispatchSemaphore(value: 0)
      let killedAt = Date().addingTimeInterval(killAfter)  // or a little later
      DispatchQueue.global().asyncAfter(deadline: .now() + killAfter) {
        kill(pid, SIGKILL)
        killed.signal()
      }
      var step = 0
      while true {
        step += 1
        let next = String(text.suffix(40)) + String(UnicodeScalar(UInt8(97 + step % 26)))
        guard
          let reply = try? client.reply(
            "scene.event",
            [
              "scene": scene,
              "event": ["type": "text", "target": "username", "text": .string(next)],
            ],
            timeout: 5),
          let result = reply["result"]
        else { break }
        text = next
        revision = Int(result["revision"]!.intValue!)
        acknowledged.append((revision, text, Date()))
      }
      killed.wait()
      _ = try? daemon.daemon.waitForExit()
      let file = daemon.stateDirectory + "/scenes.sqlite"
      #expect(try python(file, "PRAGMA integrity_check") == "ok", "round \(round)")

      daemon = try daemon.restarted(arguments: ["--scene-save-delay", "\(delay)"])
      let layout = try daemon.client().call("scene.layout", ["scene": scene])
      let saved = Int(layout["revision"]!.intValue!) - Self.revisionGap
      // The saved revision is one the daemon reached (the last event may have been applied
      // without its reply arriving) ...
      let known = acknowledged.firstIndex { $0.revision == saved }
      #expect(
        known != nil || saved == revision + 1,
        "round \(round): saved revision \(saved), acknowledged up to \(revision)")
      // The state restored is the one saved with that revision.
      if let known {
        #expect(Self.username(in: layout["root"]!) == acknowledged[known].text, "round \(round)")
      }
      // ... and not older than the save delay allows: whatever was acknowledged a save
      // delay (plus a generous allowance for a write on a loaded machine) before the kill
      // is in it.
      let allowance = delay + 2
      if let last = acknowledged.last(where: {
        $0.at < killedAt.addingTimeInterval(-allowance)
      }) {
        #expect(
          saved >= last.revision,
          "round \(round): saved \(saved) is older than \(last.revision), acknowledged \(allowance) s before the kill"
        )
      }
      revision = Int(layout["revision"]!.intValue!)
      text = Self.username(in: layout["root"]!) ?? ""
    }
  }

  /// The text of the `username` field.
  static func username(in node: JSON) -> String? {
    if node["key"] == "username" { return node["props"]?["text"]?.stringValue }
    for child in node["children"]?.arrayValue ?? [] {
      if let text = username(in: child) { return text }
    }
    return nil
  }

  @Test(
    "a full state directory: compd serves on, says so once and in daemon.info, and recovers",
    .enabled(if: getuid() == 0, "mounts a small tmpfs"))
  func fullStateDirectory() throws {
    // As root, permissions do not stop writes; a small full tmpfs does (ENOSPC).
    let mountPoint = TestPaths.temporaryDirectory()
    try runChecked("/bin/mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", mountPoint)
    defer { _ = try? runChecked("/bin/umount", "-l", mountPoint) }
    let daemon = try SceneDaemon(arguments: Self.saveDelay, stateDirectory: mountPoint + "/state")
    let client = try daemon.client()
    let scene = try client.call(
      "scene.open", ["component": "demo.Login", "lifetime": "daemon"])["scene"]!
    func type(_ text: String) throws -> Int {
      let result = try client.call(
        "scene.event",
        ["scene": scene, "event": ["type": "text", "target": "username", "text": .string(text)]])
      return Int(result["revision"]!.intValue!)
    }
    try Self.waitUntilSaved(daemon, [scene.stringValue!: try type("before")])
    #expect(try client.call("daemon.info")["persistence"]?["state"] == "ok")

    // Fill the file system.
    _ = try? runChecked("/bin/dd", "if=/dev/zero", "of=\(mountPoint)/filler", "bs=64k")
    var state: JSON?
    var typed = 0
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      typed += 1
      _ = try type("while full \(typed) " + String(repeating: "x", count: typed % 300))
      state = try client.call("daemon.info")["persistence"]
      if state?["state"] == "failing" { break }
      usleep(20_000)
    }
    #expect(state?["state"] == "failing", "\(String(describing: state))")
    #expect(state?["error"]?.stringValue?.isEmpty == false)
    #expect(state?["lastSaved"] != nil)
    // Still serving: events, layouts, new scenes.
    for round in 0..<20 { _ = try type("still serving \(round)") }
    try client.call("scene.open", ["component": "demo.Settings"])
    usleep(1_500_000)  // a retry or more, still failing
    #expect(daemon.log.components(separatedBy: "cannot save scenes").count == 2, "\(daemon.log)")

    // Room again: the next retry saves everything.
    try FileManager.default.removeItem(atPath: mountPoint + "/filler")
    let last = try type("after")
    try Self.waitUntilSaved(daemon, [scene.stringValue!: last])
    #expect(try client.call("daemon.info")["persistence"]?["state"] == "ok")
    #expect(daemon.log.contains("saving scenes works again"))
    try daemon.daemon.stop(signal: SIGTERM)
    let restarted = try daemon.restarted(arguments: Self.saveDelay)
    let layout = try restarted.client().call("scene.layout", ["scene": scene])
    #expect(layout["revision"] == .int(Int64(last + Self.revisionGap)))
  }

  @Test("a damaged scene database stops compd at start with a message saying what to do")
  func damagedDatabaseStopsStart() throws {
    let daemon = try SceneDaemon(arguments: Self.saveDelay)
    try daemon.client().call("scene.open", ["component": "demo.Login", "lifetime": "daemon"])
    try daemon.daemon.stop(signal: SIGTERM)
    let file = daemon.stateDirectory + "/scenes.sqlite"
    // Garbage over the header and the first pages.
    let handle = try #require(FileHandle(forWritingAtPath: file))
    handle.write(Data(repeating: 0x5a, count: 8192))
    try handle.close()
    let result = try runProcess(
      TestPaths.compd,
      [
        "--socket", daemon.socketPath, "--plugin-dir", daemon.pluginDirectory, "--state-dir",
        daemon.stateDirectory,
      ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("the scene database is damaged"), "\(result.stderr)")
    #expect(result.stderr.contains("move it aside"))
  }

  @Test("persist-scenes = false: nothing is saved, nothing restored, daemon.info says off")
  func persistenceOff() throws {
    let daemon = try SceneDaemon(arguments: ["--persist-scenes", "false"])
    let client = try daemon.client()
    let scene = try client.call(
      "scene.open", ["component": "demo.Login", "lifetime": "daemon"])["scene"]!
    #expect(try client.call("daemon.info")["persistence"]?["state"] == "off")
    try daemon.daemon.stop(signal: SIGTERM)
    #expect(!FileManager.default.fileExists(atPath: daemon.stateDirectory + "/scenes.sqlite"))
    let restarted = try daemon.restarted(arguments: ["--persist-scenes", "false"])
    #expect(
      try restarted.client().failure("scene.layout", ["scene": scene])["data"]?["reason"]
        == "unknown")
  }
}

/// Runs a command and waits; throws when it fails (the mounts and fills of the tests that
/// need a full disk).
@discardableResult
func runChecked(_ executable: String, _ arguments: String...) throws -> Int32 {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  try process.run()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw TestFailure("\(executable) \(arguments.joined(separator: " ")) failed")
  }
  return process.terminationStatus
}

/// compctl across a compd restart: `watch` reconnects and resumes, one-shot commands wait
/// for the socket for a bounded time.
@Suite("compctl across restarts", .serialized) struct CompctlRestartTests {
  @Test("watch reconnects after kill -9 and a restart, resubscribes with since and goes on")
  func watchReconnects() throws {
    let daemon = try SceneDaemon(arguments: SceneDurabilityTests.saveDelay)
    let client = try daemon.client()
    let scene = try client.call(
      "scene.open", ["component": "demo.Login", "lifetime": "daemon"])["scene"]!
    let watcher = try CompctlWatch(scene: scene.stringValue!, socketPath: daemon.socketPath)
    let watch = watcher.process
    func readLines(until done: ([JSON]) -> Bool) throws { try watcher.readLines(until: done) }
    var lines: [JSON] { watcher.lines }
    try readLines { !$0.isEmpty }
    let typed = try client.call(
      "scene.event",
      ["scene": scene, "event": ["type": "text", "target": "username", "text": "ann"]])
    try readLines { $0.contains { $0["revision"] == typed["revision"] && $0["ops"] != nil } }
    try SceneDurabilityTests.waitUntilSaved(
      daemon, [scene.stringValue!: Int(typed["revision"]!.intValue!)])
    _ = try? daemon.daemon.stop(signal: SIGKILL)
    usleep(300_000)  // watch sees compd gone and starts reconnecting
    let restarted = try daemon.restarted(arguments: SceneDurabilityTests.saveDelay)
    try readLines { $0.contains { $0["reconnected"] == true } }
    let resumed = try #require(lines.first { $0["reconnected"] == true })
    let restoredRevision = try restarted.client().call("scene.layout", ["scene": scene])[
      "revision"]!
    #expect(resumed["revision"] == restoredRevision)
    #expect(resumed["root"] != nil, "history does not survive a restart: a snapshot")
    // It goes on with the new compd's changes.
    let again = try restarted.client()
    let next = try again.call(
      "scene.event",
      ["scene": scene, "event": ["type": "text", "target": "username", "text": "anna"]])
    try readLines { $0.contains { $0["revision"] == next["revision"] && $0["ops"] != nil } }
    #expect(watch.isRunning)
  }

  @Test("a one-shot command waits for a restarting compd's socket, up to --connect-retry")
  func oneShotRetriesTheConnect() throws {
    let daemon = try SceneDaemon()
    try daemon.daemon.stop(signal: SIGTERM)
    // compd comes back a second after compctl started.
    let ping = Process()
    ping.executableURL = URL(fileURLWithPath: TestPaths.compctl)
    ping.arguments = ["ping", "--socket", daemon.socketPath]
    ping.standardOutput = FileHandle.nullDevice
    ping.standardError = FileHandle.nullDevice
    try ping.run()
    usleep(1_000_000)
    let restarted = try daemon.restarted()
    let deadline = Date().addingTimeInterval(20)
    while ping.isRunning && Date() < deadline { usleep(20_000) }
    #expect(!ping.isRunning && ping.terminationStatus == 0)
    // With no compd the wait is bounded.
    try restarted.daemon.stop(signal: SIGTERM)
    let started = Date()
    let result = try runProcess(
      TestPaths.compctl, ["ping", "--socket", daemon.socketPath, "--connect-retry", "1"])
    #expect(result.status == 3)
    #expect(Date().timeIntervalSince(started) >= 1)
    #expect(Date().timeIntervalSince(started) < 5)
  }
}

/// The listening socket survives a restart in systemd's descriptor store.
@Suite("Restart keeping the socket") struct SocketStoreTests {
  @Test("FDSTORE: the socket is stored, kept, queued into and handed to the next compd")
  func restartKeepsTheSocket() throws {
    // Tests/Scripts/fdstore_restart.py plays systemd's part (see its docstring).
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Scripts/fdstore_restart.py").path
    let directory = TestPaths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try runProcess(
      "/usr/bin/env", ["python3", script, TestPaths.compd, directory], seconds: 120)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("ok"))
  }
}
