import Foundation
import JSONRPC
import Testing

@testable import CompCtl

/// `compctl watch` and `scene.reset`: the real CLI against a scripted server playing
/// compd's side (`ScriptedServerSocket`), which sends a reset in the middle of a change stream,
/// drops the connection, and closes the scene as compd does for a quarantined component.
/// The expected lines follow `compctl watch --help` and the `scene.reset {scene, revision,
/// root, reason, detail?}` notification of docs/protocol.md.
@Suite(.serialized) struct CompctlWatchResetTests {
  /// A window holding a form with a text field: three nodes.
  static func tree(_ ids: [String], text: String) -> JSON {
    func node(_ id: String, _ type: String, _ props: JSON, _ children: [JSON]) -> JSON {
      [
        "id": .string(id), "type": .string(type),
        "frame": ["x": 0, "y": 0, "width": 390, "height": 844], "props": props,
        "children": .array(children),
      ]
    }
    return node(
      ids[0], "view", [:],
      [node(ids[1], "view", [:], [node(ids[2], "textField", ["text": .string(text)], [])])])
  }

  static let detail =
    "crashed its scene host 3 times within 600 s (last: its scene host killed by signal 5 (SIGTRAP))"

  @Test("a reset line says the revision, why and the new tree's size; a closing its detail")
  func resetAndClosingLines() {
    let reset: JSON = [
      "scene": "s1", "revision": 1_000_002, "root": Self.tree(["n1", "n2", "n5"], text: "ann"),
      "reason": "hung",
    ]
    #expect(
      NotificationText.line(method: "scene.reset", params: reset)
        == "reset r1000002 (hung): 3 nodes")
    #expect(
      NotificationText.line(
        method: "scene.closed",
        params: ["scene": "s1", "reason": "component-failed", "detail": .string(Self.detail)])
        == "closed (component-failed: \(Self.detail))")
    #expect(
      NotificationText.line(method: "scene.closed", params: ["scene": "s1", "reason": "closed"])
        == "closed (closed)")
  }

  @Test(
    "watch prints a reset, resumes from the reset's revision after a drop, and ends on a quarantine"
  )
  func watchFollowsAResetAcrossADrop() throws {
    let server = try ScriptedServerSocket()
    let group = DispatchGroup()
    nonisolated(unsafe) var watched: (status: Int32, stdout: String, stderr: String)?
    let socketPath = server.path
    DispatchQueue.global().async(group: group) {
      watched = try? runProcess(
        TestPaths.compctl, ["watch", "s1", "--socket", socketPath, "--reconnect", "20"])
    }
    func reply(to request: JSON, _ result: JSON) -> String {
      JSON.object(["jsonrpc": "2.0", "id": request["id"] ?? nil, "result": result]).serialized()
    }
    func notification(_ method: String, _ params: JSON) -> String {
      JSON.object(["jsonrpc": "2.0", "method": .string(method), "params": params]).serialized()
    }

    do {
      let first = try server.accept()
      let subscribe = try first.readJSON()
      #expect(subscribe["method"] == "scene.subscribe" && subscribe["params"] == ["scene": "s1"])
      try first.write(
        line: reply(
          to: subscribe,
          ["scene": "s1", "revision": 1, "root": Self.tree(["n1", "n2", "n3"], text: "")]))
      try first.write(
        line: notification(
          "scene.changed",
          [
            "scene": "s1", "revision": 2, "base": 1,
            "ops": [["op": "update", "id": "n3", "props": ["text": "ann"]]],
          ]))
      try first.write(
        line: notification(
          "scene.reset",
          [
            "scene": "s1", "revision": 1_000_002,
            "root": Self.tree(["n1", "n2", "n5"], text: "ann"), "reason": "crashed",
            "detail": "its scene host killed by signal 9 (SIGKILL)",
          ]))
      // The connection closes here, as when compd goes away.
    }

    let second = try server.accept(timeout: 20)
    let resubscribe = try second.readJSON()
    // The since is the reset's revision: the changes before it are void.
    #expect(resubscribe["params"] == ["scene": "s1", "since": 1_000_002])
    try second.write(line: reply(to: resubscribe, ["scene": "s1", "revision": 1_000_002]))
    try second.write(
      line: notification(
        "scene.closed",
        ["scene": "s1", "reason": "component-failed", "detail": .string(Self.detail)]))

    #expect(group.wait(timeout: .now() + 30) == .success)
    let lines = watched?.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "s1 r1: 3 nodes",
        #"r2 ← r1: update n3 {"text":"ann"}"#,
        "reset r1000002 (crashed: its scene host killed by signal 9 (SIGKILL)): 3 nodes",
        "reconnected: s1 r1000002",
        "closed (component-failed: \(Self.detail))",
      ])
    #expect(watched?.status == 0)
  }

  @Test(
    "watch against compd: a killed scene host prints a reset whose stream still rebuilds scene.layout"
  )
  func watchFollowsAKilledSceneHost() throws {
    let daemon = try SceneDaemon()
    func compctl(_ arguments: [String]) throws -> String {
      let result = try runProcess(TestPaths.compctl, arguments + ["--socket", daemon.socketPath])
      #expect(result.status == 0, "compctl \(arguments): \(result.stderr)")
      return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let scene = try compctl(["open", "demo.Login"])
    _ = try compctl(["type", scene, "username", "ann"])
    let watcher = try CompctlWatch(scene: scene, socketPath: daemon.socketPath)
    try watcher.readLines { !$0.isEmpty }

    let client = try daemon.client()
    let entry = try client.call("scene.list")["scenes"]?.arrayValue?.first {
      $0["scene"]?.stringValue == scene
    }
    guard let host = entry?["host"]?.intValue else {
      throw TestFailure("no host in \(entry as Any)")
    }
    #expect(kill(pid_t(host), SIGKILL) == 0)
    try watcher.readLines { lines in lines.contains { $0["reason"] == "crashed" } }
    _ = try compctl(["type", scene, "password", "pw"])
    let layout = try client.call("scene.layout", ["scene": .string(scene)])
    try watcher.readLines { lines in lines.contains { $0["revision"] == layout["revision"] } }

    // What watch printed, applied as a client applies it: the snapshot, its changes, the
    // reset's tree in place of the old one, the changes after it.
    let lines = watcher.lines
    guard let first = lines.first, let revision = first["revision"]?.intValue else {
      throw TestFailure("no snapshot in \(lines)")
    }
    var tree = try ClientTree(root: first["root"] ?? nil, revision: Int(revision))
    var resets: [JSON] = []
    for line in lines.dropFirst() {
      if let root = line["root"], let revision = line["revision"]?.intValue {
        resets.append(line)
        tree = try ClientTree(root: root, revision: Int(revision))
      } else if line["ops"] != nil {
        try tree.apply(changed: line)
      }
    }
    #expect(resets.count == 1 && resets.first?["scene"]?.stringValue == scene)
    #expect(Int64(tree.revision) == layout["revision"]?.intValue)
    #expect(tree.root == layout["root"])
    let typed = resets.first.flatMap { WireNode($0["root"] ?? nil) }.flatMap {
      find("username", in: $0)
    }
    #expect(typed?.props["text"] == "ann")
    _ = try compctl(["close", scene])
    try watcher.readLines { lines in lines.contains { $0["reason"] == "closed" } }
  }

  private func find(_ key: String, in node: WireNode) -> WireNode? {
    if node.key == key { return node }
    return node.children.lazy.compactMap { find(key, in: $0) }.first
  }
}
