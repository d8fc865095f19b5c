import Foundation
import JSONRPC
import Testing

/// A plugin rebuilt while compd runs, with shared scene hosts (the default): only the
/// scenes that run its code move to its new build (`scene.reset`, `upgraded`); the scenes
/// of other plugins keep their hosts and their live state, even state that no restoration
/// could bring back; nothing new uses the old build. Driven through a real compd with real
/// plugin files: `fixture.faults` (its `faults.Note` shows its build, `Note v1` or
/// `Note v2`) is the plugin rebuilt, `fixture.scratch` (a text field whose text is not
/// restorable) the bystander.
@Suite("Plugin rebuilds in shared scene hosts", .serialized)
struct PluginRebuildTests {
  static let faultsFile = "libfaults.so"

  /// A compd over the fault and scratch plugins (and `bundled` ones) with `hosts` shared
  /// scene hosts.
  static func daemon(hosts: Int = 2, bundled: [String] = []) throws -> SceneDaemon {
    try SceneDaemon(
      arguments: ["--scene-hosts", String(hosts)], bundled: bundled,
      libraries: [PluginFixtureBuilder.faultPlugin(), PluginFixtureBuilder.scratchPlugin()])
  }

  /// Installs the fault plugin's first or second build and rescans.
  static func rebuildFaults(_ daemon: SceneDaemon, upgraded: Bool, _ driver: RPCTestClient) throws {
    try PluginFixtureBuilder.install(
      PluginFixtureBuilder.faultPlugin(upgraded: upgraded), into: daemon.pluginDirectory,
      as: faultsFile)
    let plugins = try driver.call("plugins.rescan")["plugins"]?.arrayValue ?? []
    let faults = plugins.first { $0["name"] == "fixture.faults" }
    #expect(faults?["version"] == (upgraded ? "2.0.0" : "1.0.0"), "\(plugins)")
  }

  /// The text of the node `id` in `root`.
  static func text(_ id: String, in root: JSON) -> JSON? {
    SceneTests.find(id, in: root)?.node["props"]?["text"]
  }

  /// Opens `component` for good, subscribes `watcher` to it; its id.
  static func open(_ component: String, _ driver: RPCTestClient, watcher: RPCTestClient) throws
    -> JSON
  {
    let scene = try driver.call(
      "scene.open", ["component": .string(component), "lifetime": "daemon"])["scene"]!
    try watcher.call("scene.subscribe", ["scene": scene])
    return scene
  }

  /// The methods of the notifications `watcher` got for `scene` (after a short drain).
  static func notices(for scene: JSON, _ watcher: RPCTestClient) throws -> [String] {
    try watcher.drain(seconds: 0.5)
    return watcher.takeNotifications().filter { $0["params"]?["scene"] == scene }
      .compactMap { $0["method"]?.stringValue }
  }

  /// The params of the `scene.reset` of `scene` that `watcher` gets (waiting for it).
  static func reset(of scene: JSON, _ watcher: RPCTestClient) throws -> JSON {
    try SceneHostTests.waitForNotification("scene.reset", scene: scene, watcher)
    return try #require(
      watcher.notifications.last {
        $0["method"] == "scene.reset" && $0["params"]?["scene"] == scene
      }?["params"])
  }

  /// The hosts `daemon.info` lists that have not begun to retire.
  static func liveHosts(_ driver: RPCTestClient) throws -> [JSON] {
    try SceneHostTests.hosts(driver).filter { $0["state"] != "retiring" }
  }

  /// Waits until `condition` holds (checked every 50 ms, for up to `seconds`).
  static func eventually(seconds: Double = 10, _ condition: () throws -> Bool) throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try condition() { return true }
      usleep(50_000)
    }
    return try condition()
  }

  /// The hosts `daemon.info` lists once they satisfy `settled` (expected within 10 s).
  @discardableResult
  static func hosts(_ driver: RPCTestClient, settlingAt settled: ([JSON]) -> Bool) throws
    -> [JSON]
  {
    var hosts: [JSON] = []
    let done = try eventually {
      hosts = try SceneHostTests.hosts(driver)
      return settled(hosts)
    }
    #expect(done, "\(hosts)")
    return hosts
  }

  @Test(
    "a rebuilt plugin's scenes move to its new code; another plugin's scene keeps its host, node ids and unrestorable state"
  )
  func otherPluginsKeepTheirScenes() throws {
    let daemon = try Self.daemon()
    let driver = try daemon.client()
    let watcher = try daemon.client()
    let note = try Self.open("faults.Note", driver, watcher: watcher)
    let pad = try Self.open("scratch.Pad", driver, watcher: watcher)
    try driver.call(
      "scene.event", ["scene": note, "event": ["type": "text", "target": "note", "text": "kept"]])
    try driver.call(
      "scene.event", ["scene": pad, "event": ["type": "text", "target": "pad", "text": "live"]])
    let padHost = try SceneHostTests.host(of: pad, driver)
    let padBefore = try driver.call("scene.layout", ["scene": pad])
    #expect(Self.text("pad", in: padBefore["root"]!) == "live")
    _ = try Self.notices(for: pad, watcher)

    try Self.rebuildFaults(daemon, upgraded: true, driver)

    // The note moved to the new build, its restorable text with it.
    let reset = try Self.reset(of: note, watcher)
    #expect(reset["reason"] == "upgraded")
    #expect(Self.text("version", in: reset["root"]!) == "Note v2")
    #expect(Self.text("note", in: reset["root"]!) == "kept")

    // The pad was not touched: same host, same revision, same tree (node ids included),
    // the typed text that no restoration keeps still there, and no notice at all.
    let padNotices = try Self.notices(for: pad, watcher)
    #expect(padNotices.isEmpty, "\(padNotices)")
    #expect(try SceneHostTests.host(of: pad, driver) == padHost)
    let padAfter = try driver.call("scene.layout", ["scene": pad])
    #expect(padAfter == padBefore)
    let typed = try driver.call(
      "scene.event", ["scene": pad, "event": ["type": "text", "target": "pad", "text": "live!"]])
    #expect(typed["handled"] == true)
    #expect(try SceneHostTests.host(of: pad, driver) == padHost)

    // The pad's host withdrew the old build and takes no new scene; a new note runs the
    // new build, elsewhere, as does the moved one.
    let entry = try SceneHostTests.hosts(driver).first { $0["pid"]?.intValue == Int64(padHost) }
    #expect(entry?["withdrawn"] == ["fixture.faults"], "\(entry?.serialized() ?? "no host")")
    #expect(try SceneHostTests.host(of: note, driver) != padHost)
    let fresh = try driver.call("scene.open", ["component": "faults.Note"])
    #expect(Self.text("version", in: fresh["root"]!) == "Note v2")
    #expect(try SceneHostTests.host(of: fresh["scene"]!, driver) != padHost)
    let newPad = try driver.call("scene.open", ["component": "scratch.Pad"])["scene"]!
    #expect(try SceneHostTests.host(of: newPad, driver) != padHost)
    let tapped = try driver.call(
      "scene.event", ["scene": note, "event": ["type": "tap", "target": "send"]])
    #expect(tapped["handled"] == true)
    try watcher.drain(seconds: 0.3)
    let sent = watcher.takeNotifications().last {
      $0["method"] == "scene.emitted" && $0["params"]?["scene"] == note
    }
    #expect(sent?["params"]?["payload"] == ["version": 2, "text": "kept"])

    // Closing the pad empties its host, which then retires: the shared hosts are the
    // current ones again.
    try driver.call("scene.close", ["scene": pad])
    #expect(
      try Self.eventually {
        try SceneHostTests.hosts(driver).allSatisfy { $0["pid"]?.intValue != Int64(padHost) }
      })
    #expect(try Self.liveHosts(driver).allSatisfy { $0["withdrawn"] == [] })
  }

  @Test(
    "a gallery scene that composed the rebuilt plugin moves and composes its new build; one that did not stays and cannot compose the old"
  )
  func compositionOfTheRebuiltPluginMoves() throws {
    let daemon = try Self.daemon(hosts: 1, bundled: ["Gallery"])
    let driver = try daemon.client()
    let watcher = try daemon.client()
    let composing = try Self.open("demo.Gallery", driver, watcher: watcher)
    let bystander = try Self.open("demo.Gallery", driver, watcher: watcher)
    let pushed = try driver.call(
      "scene.event", ["scene": composing, "event": ["type": "tap", "target": "faults.Note"]])
    #expect(pushed["handled"] == true)
    let composed = try driver.call("scene.layout", ["scene": composing])["root"]!
    #expect(Self.text("version", in: composed) == "Note v1", "the gallery pushed the note")
    let bystanderHost = try SceneHostTests.host(of: bystander, driver)
    #expect(try SceneHostTests.host(of: composing, driver) == bystanderHost)
    let bystanderBefore = try driver.call("scene.layout", ["scene": bystander])
    _ = try Self.notices(for: bystander, watcher)

    try Self.rebuildFaults(daemon, upgraded: true, driver)

    // The gallery that runs the note's code moved; its stack, restored through the
    // registry in its new host, holds the note's new build.
    let reset = try Self.reset(of: composing, watcher)
    #expect(reset["reason"] == "upgraded")
    #expect(Self.text("version", in: reset["root"]!) == "Note v2", "\(reset.serialized())")
    #expect(try SceneHostTests.host(of: composing, driver) != bystanderHost)

    // The other gallery stays as it was; composing the note there fails as for a
    // component that is not loaded, rather than running the old build.
    #expect(try Self.notices(for: bystander, watcher).isEmpty)
    #expect(try SceneHostTests.host(of: bystander, driver) == bystanderHost)
    #expect(try driver.call("scene.layout", ["scene": bystander]) == bystanderBefore)
    try driver.call(
      "scene.event", ["scene": bystander, "event": ["type": "tap", "target": "faults.Note"]])
    try watcher.drain(seconds: 0.3)
    let failed = watcher.takeNotifications().last {
      $0["method"] == "scene.emitted" && $0["params"]?["scene"] == bystander
    }?["params"]
    #expect(failed?["name"] == "openFailed", "\(failed?.serialized() ?? "nothing emitted")")
    #expect(
      failed?["payload"]?["error"]?.stringValue?.contains("faults.Note") == true,
      "\(failed?.serialized() ?? "")")
    let layout = try driver.call("scene.layout", ["scene": bystander])["root"]!
    #expect(Self.text("version", in: layout) == nil)

    // A new gallery composes the new build.
    let fresh = try driver.call("scene.open", ["component": "demo.Gallery"])["scene"]!
    #expect(try SceneHostTests.host(of: fresh, driver) != bystanderHost)
    try driver.call(
      "scene.event", ["scene": fresh, "event": ["type": "tap", "target": "faults.Note"]])
    let freshRoot = try driver.call("scene.layout", ["scene": fresh])["root"]!
    #expect(Self.text("version", in: freshRoot) == "Note v2")
  }

  @Test("repeated rebuilds: the rebuilt plugin's scene follows each build; hosts do not pile up")
  func repeatedRebuildsKeepHostsBounded() throws {
    let daemon = try Self.daemon(hosts: 1)
    let driver = try daemon.client()
    let watcher = try daemon.client()
    let pad = try Self.open("scratch.Pad", driver, watcher: watcher)
    try driver.call(
      "scene.event", ["scene": pad, "event": ["type": "text", "target": "pad", "text": "live"]])
    let padHost = try SceneHostTests.host(of: pad, driver)
    let note = try Self.open("faults.Note", driver, watcher: watcher)
    _ = try Self.notices(for: pad, watcher)

    for round in 1...4 {
      let upgraded = round % 2 == 1
      try Self.rebuildFaults(daemon, upgraded: upgraded, driver)
      try SceneHostTests.waitForNotification("scene.reset", scene: note, watcher)
      _ = watcher.takeNotifications()
      let root = try driver.call("scene.layout", ["scene": note])["root"]!
      #expect(Self.text("version", in: root) == (upgraded ? "Note v2" : "Note v1"), "\(round)")
      // A scene opened right after the rescan, while the new host may still start.
      let opened = try driver.call("scene.open", ["component": "faults.Note"])
      #expect(Self.text("version", in: opened["root"]!) == (upgraded ? "Note v2" : "Note v1"))
      try driver.call("scene.close", ["scene": opened["scene"]!])
    }
    // The pad's host and one current shared host, the one the note is in; every host in
    // between retired once its scenes had moved.
    let hosts = try Self.hosts(driver, settlingAt: { $0.count == 2 })
    #expect(
      Set(hosts.compactMap { $0["pid"]?.intValue })
        == [Int64(padHost), Int64(try SceneHostTests.host(of: note, driver))])
    #expect(try Self.notices(for: pad, watcher).isEmpty)
    let layout = try driver.call("scene.layout", ["scene": pad])["root"]!
    #expect(Self.text("pad", in: layout) == "live")
  }

  @Test(
    "a host that crashes while its old plugin code is withdrawn: its scenes come back on the current code"
  )
  func crashOfAHostThatWithdrew() throws {
    let daemon = try Self.daemon(hosts: 1)
    let driver = try daemon.client()
    let watcher = try daemon.client()
    let pad = try Self.open("scratch.Pad", driver, watcher: watcher)
    let padHost = try SceneHostTests.host(of: pad, driver)
    let note = try Self.open("faults.Note", driver, watcher: watcher)
    try Self.rebuildFaults(daemon, upgraded: true, driver)
    try SceneHostTests.waitForNotification("scene.reset", scene: note, watcher)
    #expect(try SceneHostTests.host(of: pad, driver) == padHost)
    let current = try SceneHostTests.host(of: note, driver)

    kill(padHost, SIGKILL)
    #expect(try Self.reset(of: pad, watcher)["reason"] == "crashed")
    // Restored in the current host; no replacement was started for the one that withdrew.
    #expect(try SceneHostTests.host(of: pad, driver) == current)
    try Self.hosts(driver, settlingAt: { $0.count == 1 })
    let opened = try driver.call("scene.open", ["component": "faults.Note"])
    #expect(Self.text("version", in: opened["root"]!) == "Note v2")
  }
}

extension PluginRebuildTests {
  @Test(
    "a host that dies before it answered host.withdraw: all its scenes come back on the current code"
  )
  func crashDuringWithdrawal() throws {
    let daemon = try Self.daemon(hosts: 1)
    let driver = try daemon.client()
    let watcher = try daemon.client()
    let pad = try Self.open("scratch.Pad", driver, watcher: watcher)
    let note = try Self.open("faults.Note", driver, watcher: watcher)
    let oldHost = try SceneHostTests.host(of: pad, driver)
    // Stopped, it cannot answer the withdrawal that the rescan sends it.
    try SceneHostTests.stop(oldHost)
    try Self.rebuildFaults(daemon, upgraded: true, driver)
    kill(oldHost, SIGKILL)

    #expect(try Self.reset(of: pad, watcher)["reason"] == "crashed")
    let noteReset = try Self.reset(of: note, watcher)
    #expect(noteReset["reason"] == "crashed")
    #expect(Self.text("version", in: noteReset["root"]!) == "Note v2")
    let current = try SceneHostTests.host(of: note, driver)
    #expect(try SceneHostTests.host(of: pad, driver) == current)
    try Self.hosts(driver, settlingAt: { $0.count == 1 && $0.first?["withdrawn"] == [] })
  }
}

extension PluginRebuildTests {
  @Test(
    "a compd restart after a rebuild: every scene comes back on the current code, no host withdrawn"
  )
  func restartAfterRebuild() throws {
    let daemon = try Self.daemon(hosts: 1)
    let driver = try daemon.client()
    let watcher = try daemon.client()
    let pad = try Self.open("scratch.Pad", driver, watcher: watcher)
    let note = try Self.open("faults.Note", driver, watcher: watcher)
    try driver.call(
      "scene.event", ["scene": note, "event": ["type": "text", "target": "note", "text": "kept"]])
    try Self.rebuildFaults(daemon, upgraded: true, driver)
    _ = try Self.reset(of: note, watcher)
    try daemon.daemon.stop()

    let restarted = try daemon.restarted(arguments: ["--scene-hosts", "1"])
    let client = try restarted.client()
    let root = try client.call("scene.layout", ["scene": note])["root"]!
    #expect(Self.text("version", in: root) == "Note v2")
    #expect(Self.text("note", in: root) == "kept")
    let hosts = try Self.hosts(client, settlingAt: { $0.count == 1 })
    #expect(hosts.first?["withdrawn"] == [])
    #expect(try SceneHostTests.host(of: pad, client) == SceneHostTests.host(of: note, client))
  }
}
