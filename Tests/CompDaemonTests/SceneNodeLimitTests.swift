import Foundation
import JSONRPC
import ScreenKit
import Testing

@testable import CompdBroker
@testable import CompdCommandLine
@testable import CompdProtocol
@testable import CompdSceneHost

/// `max-scene-nodes`: a component that builds a huge view tree gets a clear error instead
/// of an unbounded reply, its scene host and the broker serve everyone else on, and the
/// broker's memory stays bounded. Driven through the real socket with `scratch.Forest` of
/// `Tests/PluginFixtures/ScratchPlugin.swift`, which plants as many plain views as asked.
@Suite("Scene node limit", .serialized)
struct SceneNodeLimitTests {
  /// A compd serving demo.Login and the scratch plugin from one scene host (so that the
  /// forest and the well-behaved scene share it), with `arguments`. Planting 200,000 views
  /// takes a debug build's host about 6 s, longer than the default hang timeout.
  static func daemon(_ arguments: [String] = []) throws -> SceneDaemon {
    try SceneDaemon(
      arguments: ["--scene-hosts", "1", "--host-hang-timeout", "60"] + arguments,
      bundled: ["Login"],
      libraries: [PluginFixtureBuilder.scratchPlugin()])
  }

  static func count(_ node: JSON) -> Int {
    1 + (node["children"]?.arrayValue ?? []).reduce(0) { $0 + count($1) }
  }

  @Test(
    "a 200,000-view tree is refused with the count and the limit; the host and the broker serve on, the broker's memory bounded"
  )
  func hugeTreeIsRefused() throws {
    let scenes = try Self.daemon()
    let broker = scenes.daemon.process.processIdentifier
    let good = try scenes.client()
    let login = try good.call("scene.open", ["component": "demo.Login"])
    let loginScene = try #require(login["scene"])
    let host = try #require(good.call("daemon.info")["hosts"]?.arrayValue?.first?["pid"])

    // The forest's own nodes besides its trees (window, root view, button and its label...).
    let bare = try good.call("scene.open", ["component": "scratch.Forest"])
    let overhead = Self.count(try #require(bare["root"]))
    let limit = SceneNodeLimit.defaultMaximum
    // Exactly at the limit: served whole.
    let full = try good.call(
      "scene.open",
      ["component": "scratch.Forest", "params": ["views": .int(Int64(limit - overhead))]])
    #expect(Self.count(try #require(full["root"])) == limit)
    _ = try good.call("scene.close", ["scene": full["scene"]!])
    _ = try good.call("daemon.info")
    let baseline = try HardeningTests.memory(of: broker).resident
    // The peak from here on (writing 5 to clear_refs resets VmHWM to the current RSS).
    try "5".write(toFile: "/proc/\(broker)/clear_refs", atomically: false, encoding: .utf8)

    // One node over it, and the 200,000 views: each refused, naming both figures.
    // (Planting them takes a debug build's host some seconds, more on a busy machine.)
    for views in [limit - overhead + 1, 200_000] {
      let reply = try good.reply(
        "scene.open", ["component": "scratch.Forest", "params": ["views": .int(Int64(views))]],
        timeout: 60)
      let error = try #require(reply["error"], "\(reply)")
      #expect(error["code"] == -32007, "\(error)")
      #expect(error["data"]?["name"] == "compd.LimitExceeded")
      #expect(error["data"]?["setting"] == "max-scene-nodes")
      #expect(error["data"]?["limit"] == .int(Int64(limit)))
      #expect(error["data"]?["size"] == .int(Int64(views + overhead)), "\(error)")
      #expect(error["data"]?["component"] == "scratch.Forest")
      let message = error["message"]?.stringValue ?? ""
      #expect(
        message.contains("has \(views + overhead) nodes, over the limit of \(limit)"), "\(message)")
      #expect(message.utf8.count < 1024)
    }
    // The broker never saw the tree: it held nothing like the 215 MiB it took to forward one.
    let peak = try HardeningTests.memory(of: broker).peak - baseline
    print("scene node limit: the broker's peak rose \(peak >> 10) KiB over the refused opens")
    #expect(peak < 8 << 20, "the broker grew by \(peak >> 20) MiB")

    // The same host serves the other scene on, and new ones.
    let tap = try good.call(
      "scene.event",
      ["scene": loginScene, "event": ["type": "text", "target": "username", "text": "ada"]])
    #expect(tap["handled"] == true)
    #expect(try good.call("daemon.info")["hosts"]?.arrayValue?.first?["pid"] == host)
    #expect(try good.call("scene.open", ["component": "demo.Login"])["root"] != nil)
    #expect(scenes.log.contains("scene not opened: its tree is over the node limit"))
  }

  @Test(
    "a scene that grows past the limit is closed with reason component-failed; its subscribers are told, others serve on"
  )
  func growingSceneIsClosed() throws {
    let scenes = try Self.daemon(["--max-scene-nodes", "1000"])
    let driver = try scenes.client()
    let watcher = try scenes.client()
    let login = try driver.call("scene.open", ["component": "demo.Login"])["scene"]!
    let opened = try driver.call(
      "scene.open", ["component": "scratch.Forest", "params": ["views": 400, "grow": 400]])
    let forest = try #require(opened["scene"])
    _ = try watcher.call("scene.subscribe", ["scene": forest])
    // 400 more: still within 1,000.
    #expect(
      try driver.call(
        "scene.event", ["scene": forest, "event": ["type": "tap", "target": "grow"]])["handled"]
        == true)
    let changed = try watcher.notification()
    #expect(changed["method"] == "scene.changed")
    // 400 more: over it.
    let error = try driver.failure(
      "scene.event", ["scene": forest, "event": ["type": "tap", "target": "grow"]])
    #expect(error["data"]?["name"] == "compd.LimitExceeded", "\(error)")
    #expect(error["data"]?["limit"] == 1000)
    let size = error["data"]?["size"]?.intValue ?? 0
    #expect(size > 1000 && size < 1300, "\(error)")
    #expect(error["data"]?["scene"] == forest)
    #expect(error["message"]?.stringValue?.hasSuffix("the scene is closed") == true)
    let closed = try watcher.notification()
    #expect(closed["method"] == "scene.closed", "\(closed)")
    #expect(closed["params"]?["reason"] == "component-failed")
    let detail = closed["params"]?["detail"]?.stringValue ?? ""
    #expect(detail == "its tree grew to \(size) nodes, over the limit of 1000 (max-scene-nodes)")
    let gone = try driver.failure("scene.layout", ["scene": forest])
    #expect(gone["data"]?["name"] == "compd.NoSuchScene")
    #expect(gone["data"]?["reason"] == "component-failed")
    // The other scene in the same host is untouched.
    let typed = try driver.call(
      "scene.event",
      ["scene": login, "event": ["type": "text", "target": "username", "text": "ada"]])
    #expect(typed["handled"] == true)
    #expect(scenes.log.contains("scene closed: its tree is over the node limit"))
  }

  @Test("max-scene-nodes is validated, on the command line and in the file")
  func settingIsValidated() throws {
    #expect(try CompdCommand.parse(["--socket", "/s"]).resolvedConfig().maxSceneNodes == 20_000)
    #expect(
      try CompdCommand.parse(["--socket", "/s", "--max-scene-nodes", "5000"]).resolvedConfig()
        .maxSceneNodes == 5000)
    for bad in ["5", "250001", "many", "0"] {
      #expect(throws: ConfigError.self) {
        try CompdCommand.parse(["--socket", "/s", "--max-scene-nodes", bad]).resolvedConfig()
      }
    }
    #expect {
      _ = try ConfigFile.parse("max-scene-nodes = 3", fileName: "t.conf")
    } throws: { error in
      let text = (error as? ConfigError)?.description ?? ""
      return text.hasPrefix("t.conf:1") && text.contains("max-scene-nodes")
    }
  }
}

/// `NodeTable` under a node limit, without a daemon: the exact count, the table left as it
/// was, and room made by views that leave.
@MainActor
@Suite("Scene node limit: the node table")
struct SceneNodeLimitTableTests {
  /// A window (one node) holding `count` plain views.
  static func window(holding count: Int) -> Window {
    let window = Window(frame: Rect(origin: .zero, size: Size(width: 100, height: 100)))
    for _ in 0..<count { window.addSubview(View()) }
    return window
  }

  @Test func aFullWalkStopsAtTheLimitAndNamesTheWholeCount() throws {
    let limit = SceneNodeLimit(maximum: 50)
    let table = NodeTable(scene: "s1")
    _ = try table.refresh(root: Self.window(holding: 49), limit: limit)
    #expect(table.records.count == 50)
    let over = Self.window(holding: 120)
    #expect(throws: SceneNodeLimit.Exceeded(nodes: 121, limit: 50)) {
      try table.refresh(root: over, limit: limit)
    }
    #expect(table.records.count == 50, "the table stays as the clients have it")
  }

  @Test func anIncrementalRefreshCountsNewSubtreesAndTheViewsThatLeft() throws {
    let limit = SceneNodeLimit(maximum: 50)
    let window = Self.window(holding: 40)
    let table = NodeTable(scene: "s1", verifiesIncrementalRefresh: true)
    _ = try table.refresh(root: window, limit: limit)
    // Ten views go and nine come in one change: 50 nodes, within the limit although the
    // new ones alone would pass what the kept records leave.
    for view in window.subviews.prefix(10) { view.removeFromSuperview() }
    for _ in 0..<9 { window.addSubview(View()) }
    _ = try table.refresh(root: window, changed: [window], limit: limit)
    #expect(table.records.count == 40)
    // Eleven more: 51 nodes.
    for _ in 0..<11 { window.addSubview(View()) }
    #expect(throws: SceneNodeLimit.Exceeded(nodes: 51, limit: 50)) {
      try table.refresh(root: window, changed: [window], limit: limit)
    }
  }
}
