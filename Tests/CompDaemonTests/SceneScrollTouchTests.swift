import Foundation
import JSONRPC
import Testing

/// demo.Contacts' table driven by touch phases through the real socket: a fling scrolls it
/// and the op that moves its offset carries the deceleration (docs/protocol.md, "Motion",
/// `decelerate`); a horizontal drag on a row reveals its Delete action under the finger, and
/// a full swipe deletes the row.
@Suite("Scenes: scrolling and swiping by touches", .serialized)
final class SceneScrollTouchTests {
  let daemon: SceneDaemon
  let client: RPCTestClient
  let scene: JSON
  var tree: ClientTree
  /// The ops received, in order.
  var ops: [JSON] = []

  init() throws {
    (daemon, client, scene, tree) = try SceneDaemon.subscribed(to: "demo.Contacts")
  }

  func node(_ key: String) throws -> (node: JSON, x: Double, y: Double) {
    try #require(SceneTests.find(key, in: tree.root))
  }

  /// Sends one touch phase and applies the changes it made.
  func touch(_ phase: String, _ x: Double, _ y: Double, t: Double) throws {
    _ = try client.call(
      "scene.event",
      [
        "scene": scene,
        "event": [
          "type": "touch", "phase": .string(phase), "id": 1, "x": .double(x), "y": .double(y),
          "t": .double(t),
        ],
      ])
    for message in client.takeNotifications() {
      ops.append(contentsOf: message["params"]?["ops"]?.arrayValue ?? [])
      try tree.apply(notification: message)
    }
  }

  func offsetY(of key: String) throws -> Double {
    try node(key).node["props"]!["contentOffset"]!["y"]!.doubleValue!
  }

  @Test("a fling scrolls the table to its projection, and the offset's op decelerates")
  func flingTheTable() throws {
    let table = try node("contacts")
    let id = try #require(table.node["id"])
    let frame = table.node["frame"]!
    let x = table.x + frame["width"]!.doubleValue! / 2
    let y = table.y + frame["height"]!.doubleValue! * 0.8
    let start = try offsetY(of: "contacts")
    // 10 points to begin, then 90 more in 32 ms: the finger leaves at 100 / 0.048 pt/s.
    try touch("began", x, y, t: 0)
    try touch("moved", x, y - 10, t: 16)
    try touch("moved", x, y - 50, t: 32)
    try touch("moved", x, y - 100, t: 48)
    ops = []
    try touch("ended", x, y - 100, t: 48)
    let speed = 100 / 0.048
    let projected = start + 90 + speed / 1000 * 0.998 / 0.002
    #expect(abs(try offsetY(of: "contacts") - projected) < 0.01)
    let op = try #require(
      ops.first { $0["op"] == "update" && $0["id"] == id && $0["props"]?["contentOffset"] != nil })
    let animation = try #require(op["animation"])
    #expect(animation["delay"]?.doubleValue == 0)
    let decelerate = try #require(animation["decelerate"])
    #expect(decelerate["rate"]?.doubleValue == 0.998)
    #expect(abs(decelerate["velocity"]!["y"]!.doubleValue! - speed) < 1e-6)
    #expect(decelerate["velocity"]!["x"]!.doubleValue! == 0)
    // Until the speed falls below half a point per 60 Hz frame.
    let duration = log(0.03 / (speed / 1000)) / log(0.998) / 1000
    #expect(abs(animation["duration"]!.doubleValue! - duration) < 1e-6)
    // The rows that came into view are ordinary ops, without the deceleration.
    #expect(!ops.contains { $0["id"] != id && $0["animation"]?["decelerate"] != nil })
  }

  /// The first row in view's key and centre.
  func firstRow() throws -> (key: String, x: Double, y: Double) {
    let table = try node("contacts")
    let offset = try offsetY(of: "contacts")
    let rows = (table.node["children"]?.arrayValue ?? []).filter {
      $0["type"] == "cell" && $0["frame"]!["y"]!.doubleValue! >= offset
    }.sorted { $0["frame"]!["y"]!.doubleValue! < $1["frame"]!["y"]!.doubleValue! }
    let row = try #require(rows.first)
    let key = try #require(row["key"]?.stringValue)
    let found = try node(key)
    return (
      key, found.x + row["frame"]!["width"]!.doubleValue! / 2,
      found.y + row["frame"]!["height"]!.doubleValue! / 2
    )
  }

  @Test("a row's Delete action follows the finger, stays open past half, and a full swipe deletes")
  func swipeARow() throws {
    let row = try firstRow()
    let start = try offsetY(of: "contacts")
    // A short drag, released slowly: the action closes again.
    try touch("began", row.x, row.y, t: 0)
    try touch("moved", row.x - 15, row.y, t: 16)
    try touch("moved", row.x - 25, row.y, t: 32)
    #expect(try node(row.key).node["props"]?["swiped"] == "trailing")
    let action = try #require(SceneTests.find("swipeAction0", in: try node(row.key).node))
    let width = action.node["frame"]!["width"]!.doubleValue!
    #expect(width == 25)  // as far as the finger went
    try touch("moved", row.x - 25, row.y, t: 400)
    try touch("ended", row.x - 25, row.y, t: 400)
    #expect(try node(row.key).node["props"]?["swiped"] == nil)
    // Dragged past half the action's width: it stays open at its full width.
    try touch("began", row.x, row.y, t: 1000)
    try touch("moved", row.x - 20, row.y, t: 1016)
    try touch("moved", row.x - 70, row.y, t: 1100)
    try touch("moved", row.x - 70, row.y, t: 1400)
    try touch("ended", row.x - 70, row.y, t: 1400)
    #expect(try node(row.key).node["props"]?["swiped"] == "trailing")
    #expect(try offsetY(of: "contacts") == start)  // the table did not scroll
    // A full swipe: past 60 % of the row's width, the row is deleted.
    try touch("began", row.x + 150, row.y, t: 2000)
    try touch("moved", row.x + 130, row.y, t: 2016)
    try touch("moved", row.x - 150, row.y, t: 2100)
    try touch("moved", row.x - 150, row.y, t: 2400)
    try touch("ended", row.x - 150, row.y, t: 2400)
    #expect(SceneTests.find(row.key, in: tree.root) == nil)
  }

  @Test("a vertical drag on a row scrolls the table instead of swiping it")
  func verticalDragScrolls() throws {
    let row = try firstRow()
    let start = try offsetY(of: "contacts")
    try touch("began", row.x, row.y + 100, t: 0)
    try touch("moved", row.x - 3, row.y + 80, t: 16)
    try touch("moved", row.x - 30, row.y + 40, t: 32)
    try touch("moved", row.x - 30, row.y + 40, t: 400)
    try touch("ended", row.x - 30, row.y + 40, t: 400)
    #expect(try offsetY(of: "contacts") > start)
    #expect(SceneTests.find(row.key, in: tree.root)?.node["props"]?["swiped"] == nil)
  }
}
