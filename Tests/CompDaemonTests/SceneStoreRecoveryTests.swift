import Foundation
import JSONRPC
import Testing

/// What happens to the scene store when its files are lost, emptied or restored, and when a
/// stop cannot save: compd never hands out a scene id twice, never starts empty without a
/// word, and says when a stop lost acknowledged changes. Driven through the real daemon and
/// socket, with the files handled as an operator's mistake or a failing disk would.
@Suite("Scene store recovery", .serialized) struct SceneStoreRecoveryTests {
  static let saveDelay = SceneDurabilityTests.saveDelay

  /// The number of a scene id (`s12` → 12).
  static func number(_ scene: JSON) -> Int { Int(scene.stringValue!.dropFirst())! }

  /// Opens `count` daemon-lifetime scenes and waits until they are saved.
  static func openSaved(_ count: Int, in daemon: SceneDaemon) throws -> [JSON] {
    let client = try daemon.client()
    var revisions: [String: Int] = [:]
    var scenes: [JSON] = []
    for _ in 0..<count {
      let opened = try client.call(
        "scene.open", ["component": "demo.Login", "lifetime": "daemon"])
      scenes.append(opened["scene"]!)
      revisions[opened["scene"]!.stringValue!] = Int(opened["revision"]!.intValue!)
    }
    try SceneDurabilityTests.waitUntilSaved(daemon, revisions)
    return scenes
  }

  static func removeLog(of daemon: SceneDaemon) {
    for suffix in ["-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: daemon.stateDirectory + "/scenes.sqlite" + suffix)
    }
  }

  @Test("a lost -wal file after kill -9: no id is handed out again, and the loss is reported")
  func lostWriteAheadLog() throws {
    let daemon = try SceneDaemon(arguments: Self.saveDelay)
    let scenes = try Self.openSaved(3, in: daemon)
    // The scenes live in the write-ahead log until a checkpoint; kill -9 leaves them there.
    _ = try daemon.daemon.stop(signal: SIGKILL)
    Self.removeLog(of: daemon)

    let restarted = try daemon.restarted(arguments: Self.saveDelay)
    let client = try restarted.client()
    let fresh = try client.call("scene.open", ["component": "demo.Login"])["scene"]!
    #expect(
      Self.number(fresh) > scenes.map(Self.number).max()!,
      "\(fresh) reuses an id of \(scenes)")
    #expect(restarted.log.contains("holds less than compd saved into it"), "\(restarted.log)")
    let persistence = try client.call("daemon.info")["persistence"]
    #expect(persistence?["warning"]?.stringValue?.contains("high-water mark") == true)
    #expect(persistence?["state"] == "ok")
  }

  @Test("a 0-byte scenes.sqlite stops compd at start, saying how to recover")
  func emptyDatabaseStopsStart() throws {
    let daemon = try SceneDaemon(arguments: Self.saveDelay)
    _ = try Self.openSaved(1, in: daemon)
    #expect(try daemon.daemon.stop(signal: SIGTERM) == 0)
    #expect(truncate(daemon.stateDirectory + "/scenes.sqlite", 0) == 0)
    Self.removeLog(of: daemon)
    let result = try runProcess(
      TestPaths.compd,
      [
        "--socket", daemon.socketPath, "--plugin-dir", daemon.pluginDirectory, "--state-dir",
        daemon.stateDirectory,
      ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("is empty (0 bytes)"), "\(result.stderr)")
    #expect(result.stderr.contains("Restore it from a backup"), "\(result.stderr)")
  }

  @Test("compctl backup while serving: the copy restores its scenes; later ids stay unused")
  func onlineBackupRestores() throws {
    let daemon = try SceneDaemon(arguments: Self.saveDelay)
    let client = try daemon.client()
    let scenes = try Self.openSaved(2, in: daemon)
    _ = try client.call(
      "scene.event",
      ["scene": scenes[0], "event": ["type": "text", "target": "username", "text": "kept"]])

    let copy = try PluginFixtureBuilder.temporaryDirectory("backup") + "/scenes-copy.sqlite"
    let backup = try runProcess(
      TestPaths.compctl, ["--socket", daemon.socketPath, "--json", "backup", copy])
    #expect(backup.status == 0, "\(backup.stderr)")
    let result = try JSONParser.parse(backup.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(result["scenes"] == 2)
    #expect((result["bytes"]?.intValue ?? 0) > 0)
    // The copy is read by Python's sqlite3, a reader this code did not write.
    let rows = try python(copy, "SELECT id FROM scenes WHERE closed IS NULL ORDER BY number")
    #expect(rows.split(separator: "\n") == ["s1", "s2"], "\(rows)")

    // Bad paths are refused, and the daemon serves on.
    let relative = try client.failure("daemon.backup", ["path": "copy.sqlite"])
    #expect(relative["code"] == -32602)
    let existing = try client.failure("daemon.backup", ["path": .string(copy)])
    #expect(existing["code"] == -32602)
    let noDirectory = try client.failure("daemon.backup", ["path": "/nonexistent-dir/copy"])
    #expect(noDirectory["code"] == -32602)

    let later = try Self.openSaved(1, in: daemon)[0]
    _ = try daemon.daemon.stop(signal: SIGKILL)
    let database = daemon.stateDirectory + "/scenes.sqlite"
    try FileManager.default.removeItem(atPath: database)
    Self.removeLog(of: daemon)
    try FileManager.default.copyItem(atPath: copy, toPath: database)

    let restarted = try daemon.restarted(arguments: Self.saveDelay)
    let restored = try restarted.client()
    let username = try restored.call("scene.layout", ["scene": scenes[0]])
    #expect(username.serialized().contains("\"kept\""))
    _ = try restored.call("scene.layout", ["scene": scenes[1]])
    let fresh = try restored.call("scene.open", ["component": "demo.Login"])["scene"]!
    #expect(Self.number(fresh) > Self.number(later), "\(fresh) reuses \(later)")
  }

  @Test(
    "SIGTERM with the disk full: compd exits non-zero and says what it could not save",
    .enabled(if: getuid() == 0, "mounts a small tmpfs"))
  func stopWithFullDiskFails() throws {
    let mountPoint = TestPaths.temporaryDirectory()
    try runChecked("/bin/mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", mountPoint)
    defer { _ = try? runChecked("/bin/umount", "-l", mountPoint) }
    let daemon = try SceneDaemon(
      arguments: ["--scene-save-delay", "30"], stateDirectory: mountPoint + "/state")
    let client = try daemon.client()
    let scene = try Self.openSaved(1, in: daemon)[0]
    _ = try? runChecked("/bin/dd", "if=/dev/zero", "of=\(mountPoint)/filler", "bs=64k")
    // Acknowledged changes that wait for the (long) save delay.
    for round in 0..<50 {
      _ = try client.call(
        "scene.event",
        [
          "scene": scene,
          "event": [
            "type": "text", "target": "username",
            "text": .string("typed \(round) " + String(repeating: "x", count: 2000)),
          ],
        ])
    }
    let status = try daemon.daemon.stop(signal: SIGTERM)
    #expect(status != 0, "\(daemon.log.suffix(2000))")
    #expect(daemon.log.contains("stopped without saving the last scene changes"), "\(daemon.log)")
  }
}
