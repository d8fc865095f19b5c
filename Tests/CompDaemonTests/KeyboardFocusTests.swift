import Foundation
import JSONRPC
import Testing

/// Hardware keys and focus through the real socket: bundled screens driven by `key` events
/// alone, as a D-pad panel or a keyboard without touch does; the root's `focused` prop in
/// the published ops; bad key events refused with the member named.
@Suite("Scenes: keyboard and focus", .serialized)
struct KeyboardFocusTests {
  /// Sends a `key` event; returns `handled`, the ops published and the events emitted.
  static func key(
    _ name: String, _ modifiers: [String] = [], _ client: RPCTestClient, _ scene: JSON
  ) throws -> (handled: Bool, ops: [JSON], emitted: [JSON]) {
    _ = client.takeNotifications()
    var event: JSONObject = ["type": "key", "key": .string(name)]
    if !modifiers.isEmpty { event["modifiers"] = .array(modifiers.map(JSON.string)) }
    let answer = try client.call("scene.event", ["scene": scene, "event": .object(event)])
    try client.drain(seconds: 0.05)
    let notifications = client.takeNotifications()
    let ops = notifications.filter { $0["method"] == "scene.changed" }
      .flatMap { $0["params"]?["ops"]?.arrayValue ?? [] }
    let emitted = notifications.filter { $0["method"] == "scene.emitted" }
      .compactMap { $0["params"] }
    return (answer["handled"] == true, ops, emitted)
  }

  /// The key of the node the root's `focused` names, or nil when nothing is focused.
  static func focusedKey(_ client: RPCTestClient, _ scene: JSON) throws -> String? {
    let root = try client.call("scene.layout", ["scene": scene])["root"]!
    guard let id = root["props"]?["focused"]?.stringValue else { return nil }
    let node = try #require(SceneTests.find(id, in: root)?.node)
    return node["key"]?.stringValue ?? id
  }

  @Test("demo.Settings by keys alone: Tab to a switch, Enter toggles it, arrows move")
  func settingsByKeys() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call("scene.open", ["component": "demo.Settings"])
    let scene = opened["scene"]!
    let rootID = try #require(opened["root"]?["id"])
    #expect(opened["root"]?["props"]?["focused"] == nil)  // dormant until a key
    _ = try client.call("scene.subscribe", ["scene": scene, "since": 1])

    var sent = try Self.key("Tab", [], client, scene)
    #expect(sent.handled)
    let notifications = try #require(
      SceneTests.find(
        "notifications", in: try client.call("scene.layout", ["scene": scene])["root"]!))
    let switchID = try #require(notifications.node["id"])
    // The focus change is an update of the root's `focused`.
    #expect(
      sent.ops.contains {
        $0["op"] == "update" && $0["id"] == rootID && $0["props"]?["focused"] == switchID
      })
    let wasOn = notifications.node["props"]?["on"] == true

    sent = try Self.key("Enter", [], client, scene)
    #expect(sent.handled)
    #expect(
      sent.emitted.contains {
        $0["name"] == "settingChanged" && $0["payload"]?["key"] == "notifications"
      })
    let toggled = try SceneControlsTests.props("notifications", client, scene)
    #expect((toggled["on"] == true) != wasOn)
    sent = try Self.key(" ", [], client, scene)  // Space toggles back
    #expect((try SceneControlsTests.props("notifications", client, scene)["on"] == true) == wasOn)

    #expect(try Self.key("ArrowDown", [], client, scene).handled)
    #expect(try Self.focusedKey(client, scene) == "darkMode")
    #expect(try Self.key("ArrowDown", [], client, scene).handled)
    #expect(try Self.focusedKey(client, scene) == "autoplay")
    sent = try Self.key("ArrowDown", [], client, scene)
    #expect(!sent.handled && sent.ops.isEmpty)  // nothing below: focus stays
    #expect(try Self.key("Tab", ["shift"], client, scene).handled)
    #expect(try Self.focusedKey(client, scene) == "darkMode")
    #expect(try Self.key("ArrowLeft", [], client, scene).handled == false)
    // A key nothing takes is not handled.
    #expect(try Self.key("q", [], client, scene).handled == false)

    // `focus` moves focus to any focusable view, and refuses one that cannot be focused.
    let focus = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "focus", "target": "autoplay"]])
    #expect(focus["handled"] == true)
    #expect(try Self.focusedKey(client, scene) == "autoplay")
    let refused = try client.failure(
      "scene.event", ["scene": scene, "event": ["type": "focus", "target": "settings"]])
    #expect(refused["code"] == -32602)
    #expect(try Self.focusedKey(client, scene) == "autoplay")
  }

  @Test(
    "demo.Contacts: arrows move in the list, Enter opens a row, Escape goes back, Control-F searches"
  )
  func contactsByKeys() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let scene = try client.call("scene.open", ["component": "demo.Contacts"])["scene"]!
    #expect(try Self.key("Tab", [], client, scene).handled)
    #expect(try Self.focusedKey(client, scene) == "search")  // first in reading order
    #expect(try Self.key("ArrowDown", [], client, scene).handled)
    let first = try #require(try Self.focusedKey(client, scene))
    #expect(first.hasPrefix("person"))
    #expect(try Self.key("ArrowDown", [], client, scene).handled)
    let second = try #require(try Self.focusedKey(client, scene))
    #expect(second.hasPrefix("person") && second != first)
    #expect(try Self.key("ArrowUp", [], client, scene).handled)
    #expect(try Self.focusedKey(client, scene) == first)

    // Enter selects the focused row: the detail screen is pushed and focus goes into it.
    #expect(try Self.key("Enter", [], client, scene).handled)
    let detail = try client.call("scene.layout", ["scene": scene])["root"]!
    #expect(SceneTests.find("detail", in: detail) != nil)
    #expect(SceneTests.find("contacts", in: detail) == nil)
    // Escape, which no responder takes, goes back.
    #expect(try Self.key("Escape", [], client, scene).handled)
    let list = try client.call("scene.layout", ["scene": scene])["root"]!
    #expect(SceneTests.find("contacts", in: list) != nil)

    // Control-F is the list's key command: the search field is focused and typed into.
    #expect(try Self.key("f", ["control"], client, scene).handled)
    #expect(try Self.focusedKey(client, scene) == "search")
    #expect(try SceneControlsTests.props("search", client, scene)["focused"] == true)
    #expect(try Self.key("K", ["shift"], client, scene).handled)
    #expect(try SceneControlsTests.props("search", client, scene)["text"] == "K")
  }

  @Test("bad key events are -32602 naming the member, and the scene keeps serving")
  func badKeyEvents() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let scene = try client.call("scene.open", ["component": "demo.Settings"])["scene"]!
    let cases: [(JSON, String)] = [
      (["type": "key"], "event.key"),
      (["type": "key", "key": ""], "event.key"),
      (["type": "key", "key": "Shift"], "event.key"),
      (["type": "key", "key": 7], "event.key"),
      (["type": "key", "key": "a", "modifiers": ["meta"]], "event.modifiers"),
      (["type": "key", "key": "a", "modifiers": "shift"], "event.modifiers"),
      (["type": "key", "key": "a", "phase": "sideways"], "event.phase"),
    ]
    for (event, field) in cases {
      let error = try client.failure("scene.event", ["scene": scene, "event": event])
      #expect(error["code"] == -32602, "\(event.serialized())")
      #expect(error["data"]?["field"]?.stringValue == field, "\(event.serialized())")
    }
    // A down and an up of the same key make one press.
    let down = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "key", "key": "Tab", "phase": "down"]])
    #expect(down["handled"] == true)
    let up = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "key", "key": "Tab", "phase": "up"]])
    #expect(up["handled"] == true)
    #expect(try Self.focusedKey(client, scene) == "notifications")
  }
}
