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

  static let detail = "demo.Login crashed its scene host 3 times in 600 s"

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
            "detail": "scene host 4242 ended by SIGKILL",
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
        "reset r1000002 (crashed: scene host 4242 ended by SIGKILL): 3 nodes",
        "reconnected: s1 r1000002",
        "closed (component-failed: \(Self.detail))",
      ])
    #expect(watched?.status == 0)
  }
}
