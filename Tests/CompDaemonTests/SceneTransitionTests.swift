import JSONRPC
import Testing

/// Animated container changes through the real socket: a bundled navigation screen's push
/// and pop and a sheet's presentation and dismissal send the `insert` and `remove` of the
/// views entering and leaving with their container `transition` (docs/protocol.md,
/// "Motion"), and a dismissal's completion, which changes a label, arrives after the
/// transition's duration as a `scene.changed` that no reply announces.
@Suite("Scenes: container transitions", .serialized)
struct SceneTransitionTests {
  /// The ops of the `scene.changed` notifications received within `seconds`.
  static func ops(_ client: RPCTestClient, seconds: Double = 0.2) throws -> [JSON] {
    try client.drain(seconds: seconds)
    return client.takeNotifications().filter { $0["method"] == "scene.changed" }
      .flatMap { $0["params"]?["ops"]?.arrayValue ?? [] }
  }

  /// The first key in `node`'s subtree that starts with `prefix`.
  static func key(startingWith prefix: String, in node: JSON) -> String? {
    if let key = node["key"]?.stringValue, key.hasPrefix(prefix) { return key }
    for child in node["children"]?.arrayValue ?? [] {
      if let found = key(startingWith: prefix, in: child) { return found }
    }
    return nil
  }

  static func tap(_ target: String, _ client: RPCTestClient, _ scene: JSON) throws {
    let reply = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "tap", "target": .string(target)]])
    #expect(reply["handled"] == true)
  }

  @Test("demo.Contacts: a row's push and the back pop carry push and pop")
  func pushAndPop() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call("scene.open", ["component": "demo.Contacts"])
    let scene = opened["scene"]!
    try client.call("scene.subscribe", ["scene": scene, "since": opened["revision"]!])
    let row = try #require(Self.key(startingWith: "person", in: opened["root"]!))
    try Self.tap(row, client, scene)
    let pushed = try Self.ops(client)
    func isPush(_ op: JSON) -> Bool {
      let animation = op["animation"]
      return animation?["transition"] == "push" && animation?["curve"] == "easeInOut"
        && animation?["duration"]?.doubleValue == 0.35 && animation?["delay"]?.doubleValue == 0
    }
    // The detail screen's view comes in, the list's goes out, both with the push.
    let insert = try #require(
      pushed.first { $0["op"] == "insert" && SceneTests.find("detail", in: $0["node"]!) != nil })
    #expect(isPush(insert))
    let remove = try #require(pushed.first { $0["op"] == "remove" })
    #expect(isPush(remove))

    try client.call("scene.event", ["scene": scene, "event": ["type": "back"]])
    let popped = try Self.ops(client)
    let back = try #require(
      popped.first { $0["op"] == "insert" && SceneTests.find("contacts", in: $0["node"]!) != nil })
    #expect(back["animation"]?["transition"] == "pop")
    #expect(popped.first { $0["op"] == "remove" }?["animation"]?["transition"] == "pop")
  }

  @Test("demo.BarsAndAlerts: a page sheet comes in with present; Done's completion comes later")
  func sheetAndCompletion() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call("scene.open", ["component": "demo.BarsAndAlerts"])
    let scene = opened["scene"]!
    try client.call("scene.subscribe", ["scene": scene, "since": opened["revision"]!])
    try Self.tap("showPageSheet", client, scene)
    let presented = try Self.ops(client)
    let sheet = try #require(
      presented.first { $0["op"] == "insert" && $0["node"]?["props"]?["presentation"] != nil })
    #expect(sheet["node"]?["props"]?["presentation"] == "pageSheet")
    #expect(sheet["animation"]?["transition"] == "present")
    #expect(sheet["animation"]?["duration"]?.doubleValue == 0.35)
    let dimming = try #require(
      presented.first { $0["op"] == "insert" && $0["node"]?["props"]?["dimming"] == true })
    #expect(dimming["animation"]?["transition"] == "fade")
    // The completion of the presentation (none here) and then Done: the sheet leaves with
    // the dismissal at once, and its completion reports "sheet closed" 0.35 s later.
    try client.drain(seconds: 0.5)
    _ = client.takeNotifications()
    try Self.tap("sheetDone", client, scene)
    try client.drain(seconds: 0.1)
    let atOnce = client.takeNotifications()
    let dismissal = atOnce.flatMap { $0["params"]?["ops"]?.arrayValue ?? [] }
    #expect(
      dismissal.contains { $0["op"] == "remove" && $0["animation"]?["transition"] == "dismiss" })
    #expect(!atOnce.map { $0.serialized() }.joined().contains("sheet closed"))
    let later = try client.notification(timeout: 5)
    #expect(later["method"] == "scene.changed")
    #expect(later.serialized().contains("sheet closed"))
  }
}
