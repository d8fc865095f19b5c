import JSONRPC
import Testing

/// demo.Playground driven by touch phases through the real socket, as a touch screen's client
/// sends them: a drag moves the card, a held finger becomes a long press on its own (the
/// host's timer publishes it without another event), a swipe, a double tap, a pinch with two
/// fingers; bad touch events are refused with the field named.
@Suite("Scenes: touches and gestures", .serialized)
final class SceneTouchTests {
  let daemon: SceneDaemon
  let client: RPCTestClient
  let scene: JSON
  var tree: ClientTree

  init() throws {
    (daemon, client, scene, tree) = try SceneDaemon.subscribed(to: "demo.Playground")
  }

  /// The centre of the node keyed `key`, in root coordinates.
  func center(of key: String) throws -> (x: Double, y: Double) {
    let found = try #require(SceneTests.find(key, in: tree.root))
    let frame = found.node["frame"]!
    return (
      found.x + frame["width"]!.doubleValue! / 2, found.y + frame["height"]!.doubleValue! / 2
    )
  }

  /// Sends one touch phase and applies the changes it made; returns `handled`.
  @discardableResult
  func touch(
    _ phase: String, id: Int = 1, _ x: Double, _ y: Double, t: Double
  ) throws -> Bool {
    let reply = try client.call(
      "scene.event",
      [
        "scene": scene,
        "event": [
          "type": "touch", "phase": .string(phase), "id": .int(Int64(id)), "x": .double(x),
          "y": .double(y), "t": .double(t),
        ],
      ])
    try absorbNotifications()
    return reply["handled"]?.boolValue ?? false
  }

  /// Applies the changes received so far; returns the names of the events emitted.
  @discardableResult
  func absorbNotifications() throws -> [JSON] {
    var emitted: [JSON] = []
    for message in client.takeNotifications() {
      if message["method"] == "scene.emitted" { emitted.append(message["params"]!) }
      try tree.apply(notification: message)
    }
    self.emitted.append(contentsOf: emitted)
    return emitted
  }
  var emitted: [JSON] = []

  func text(of key: String) throws -> String? {
    try #require(SceneTests.find(key, in: tree.root)).node["props"]?["text"]?.stringValue
  }

  @Test("a drag moves the card by the finger's path and emits where it was dropped")
  func dragTheCard() throws {
    let start = try center(of: "card")
    #expect(try touch("began", start.x, start.y, t: 0))
    for step in 1...5 {
      try touch(
        "moved", start.x + Double(step) * 10, start.y + Double(step) * 20, t: Double(step) * 8)
    }
    try touch("ended", start.x + 50, start.y + 100, t: 48)
    let end = try center(of: "card")
    #expect(end.x == start.x + 50 && end.y == start.y + 100)
    let dropped = try #require(emitted.last)
    #expect(dropped["name"] == "dropped")
    #expect(dropped["payload"]?["x"]?.doubleValue == end.x)
  }

  @Test("a held finger becomes a long press that the host publishes by itself")
  func holdTheTarget() throws {
    let target = try center(of: "holdTarget")
    try touch("began", target.x, target.y, t: 0)
    #expect(try text(of: "holdTarget") == "Hold me")
    // No more events: the long press begins after 0.5 s on the host's timer.
    let changed = try client.notification(timeout: 5)
    #expect(changed["method"] == "scene.changed")
    try tree.apply(notification: changed)
    try client.drain(seconds: 0.3)
    try absorbNotifications()
    #expect(try text(of: "holdTarget") == "Held")
    #expect(emitted.contains { $0["name"] == "held" })
    try touch("ended", target.x, target.y, t: 900)
    #expect(try text(of: "holdTarget") == "Hold me")
  }

  @Test("a quick horizontal swipe, a double tap and a pinch")
  func swipeTapPinch() throws {
    let swipe = try center(of: "swipeTarget")
    try touch("began", swipe.x - 40, swipe.y, t: 0)
    try touch("moved", swipe.x, swipe.y + 2, t: 30)
    try touch("moved", swipe.x + 40, swipe.y + 4, t: 60)
    try touch("ended", swipe.x + 40, swipe.y + 4, t: 70)
    #expect(try text(of: "swipeTarget") == "Swiped right")

    let tap = try center(of: "tapTarget")
    for start in [1000.0, 1150] {
      try touch("began", tap.x, tap.y, t: start)
      try touch("ended", tap.x, tap.y, t: start + 60)
    }
    #expect(try text(of: "tapTarget") == "Double-tapped")
    #expect(emitted.last?["payload"]?["taps"] == 2)

    let photo = try center(of: "photo")
    let before = try #require(SceneTests.find("photo", in: tree.root)).node["frame"]!["width"]!
    try touch("began", id: 1, photo.x - 10, photo.y, t: 2000)
    try touch("began", id: 2, photo.x + 10, photo.y, t: 2000)
    try touch("moved", id: 1, photo.x - 20, photo.y, t: 2050)
    try touch("moved", id: 2, photo.x + 20, photo.y, t: 2050)
    try touch("ended", id: 1, photo.x - 20, photo.y, t: 2100)
    try touch("ended", id: 2, photo.x + 20, photo.y, t: 2100)
    let after = try #require(SceneTests.find("photo", in: tree.root)).node["frame"]!["width"]!
    #expect(after.doubleValue! == before.doubleValue! * 2)
  }

  @Test("bad touch events are refused with the field named, and the scene goes on")
  func badTouches() throws {
    func refused(_ event: JSON) throws -> String? {
      let error = try client.failure("scene.event", ["scene": scene, "event": event])
      #expect(error["code"] == -32602)
      return error["data"]?["field"]?.stringValue
    }
    #expect(
      try refused(["type": "touch", "phase": "sideways", "id": 1, "x": 1, "y": 1]) == "event.phase")
    #expect(
      try refused(["type": "touch", "phase": "began", "id": -1, "x": 1, "y": 1]) == "event.id")
    #expect(
      try refused(["type": "touch", "phase": "began", "id": 1, "x": 1, "y": 1, "t": -5])
        == "event.t")
    #expect(try refused(["type": "touch", "phase": "moved", "id": 7, "x": 1, "y": 1]) == "event")
    // The plain touch without a phase is still a tap.
    let fade = try center(of: "fadeButton")
    let tapped = try client.call(
      "scene.event",
      ["scene": scene, "event": ["type": "touch", "x": .double(fade.x), "y": .double(fade.y)]])
    #expect(tapped["handled"] == true)
  }

  @Test("an animation block's changes carry its timing; its completion is published later")
  func fadeWithAnimation() throws {
    let fade = try center(of: "fadeButton")
    try touch("began", fade.x, fade.y, t: 0)
    let faderID = try #require(SceneTests.find("fader", in: tree.root)?.node["id"])
    let ended = try client.call(
      "scene.event",
      [
        "scene": scene,
        "event": [
          "type": "touch", "phase": "ended", "id": 1, "x": .double(fade.x),
          "y": .double(fade.y), "t": 80,
        ],
      ])
    #expect(ended["handled"] == true)
    let changes = client.takeNotifications().filter { $0["method"] == "scene.changed" }
    let ops = changes.flatMap { $0["params"]?["ops"]?.arrayValue ?? [] }
    let faderOp = try #require(ops.first { $0["id"] == faderID && $0["op"] == "update" })
    #expect(faderOp["props"]?["alpha"]?.doubleValue == 0.1)
    let animation = try #require(faderOp["animation"])
    #expect(animation["duration"]?.doubleValue == 0.3 && animation["delay"]?.doubleValue == 0)
    #expect(animation["curve"] == "easeOut")
    // Changes outside the block carry none.
    #expect(ops.filter { $0["id"] != faderID }.allSatisfy { $0["animation"] == nil })
    for change in changes { try tree.apply(changed: change["params"]!) }
    #expect(try text(of: "status") != "Faded out")
    // The completion runs 0.3 s later on the host; its change reaches the subscriber alone.
    let completed = try client.notification(timeout: 5)
    try tree.apply(notification: completed)
    #expect(try text(of: "status") == "Faded out")
  }
}
