import Foundation
import JSONRPC
import Testing

/// demo.Pages flicked by touch phases through the real socket: the paging scroll view's
/// offset moves to the next page at once, carrying a deceleration, and the page the status
/// names changes only when `scrollViewDidEndDecelerating` runs on the host after the
/// deceleration's duration, published by itself.
@Suite("Scenes: paging by a fling", .serialized)
final class ScenePagingTouchTests {
  let daemon: SceneDaemon
  let client: RPCTestClient
  let scene: JSON
  var tree: ClientTree

  init() throws {
    (daemon, client, scene, tree) = try SceneDaemon.subscribed(to: "demo.Pages")
  }

  func node(_ key: String) throws -> (node: JSON, x: Double, y: Double) {
    try #require(SceneTests.find(key, in: tree.root))
  }

  func status() throws -> String? { try node("pageStatus").node["props"]?["text"]?.stringValue }

  /// Sends one touch phase, applies the changes and returns their ops.
  @discardableResult
  func touch(_ phase: String, _ x: Double, _ y: Double, t: Double) throws -> [JSON] {
    _ = try client.call(
      "scene.event",
      [
        "scene": scene,
        "event": [
          "type": "touch", "phase": .string(phase), "id": 1, "x": .double(x), "y": .double(y),
          "t": .double(t),
        ],
      ])
    var ops: [JSON] = []
    for message in client.takeNotifications() {
      ops.append(contentsOf: message["params"]?["ops"]?.arrayValue ?? [])
      try tree.apply(notification: message)
    }
    return ops
  }

  @Test("a flick pages on with a deceleration, and the host names the page when it ends")
  func flickToTheNextPage() throws {
    let pages = try node("pages")
    let width = pages.node["frame"]!["width"]!.doubleValue!
    let x = pages.x + width * 0.8
    let y = pages.y + 100
    #expect(try status() == "Page 1 of 5")
    try touch("began", x, y, t: 0)
    try touch("moved", x - 10, y, t: 10)
    try touch("moved", x - 60, y, t: 30)
    let ops = try touch("ended", x - 60, y, t: 30)
    let offset = try node("pages").node["props"]!["contentOffset"]!
    #expect(offset["x"]?.doubleValue == width)
    let op = try #require(ops.first { $0["props"]?["contentOffset"] != nil })
    let decelerate = try #require(op["animation"]?["decelerate"])
    #expect(decelerate["rate"]?.doubleValue == 0.998)
    // The velocity whose projection is the page: the points left to it · (1 − r) / r per ms.
    let expected = (width - 50) * 0.002 / 0.998 * 1000
    #expect(abs(decelerate["velocity"]!["x"]!.doubleValue! - expected) < 1e-6)
    let duration = try #require(op["animation"]?["duration"]?.doubleValue)
    // Not yet: the content is still decelerating on the clients.
    #expect(try status() == "Page 1 of 5")
    // After the duration, the host publishes the delegate's change without another event.
    let started = Date()
    let changed = try client.notification(timeout: duration + 5)
    #expect(changed["method"] == "scene.changed")
    #expect(Date().timeIntervalSince(started) >= duration - 0.2)
    try tree.apply(notification: changed)
    try client.drain(seconds: 0.2)
    for message in client.takeNotifications() { try tree.apply(notification: message) }
    #expect(try status() == "Page 2 of 5")
  }
}
