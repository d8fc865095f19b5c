import Foundation
import JSONRPC
import Testing

/// demo.Gallery driven by touch phases through the real socket, as a touch screen's client
/// sends them: the controls page's slider thumb dragged by a finger (a touch on its track
/// away from the thumb does nothing), then the navigation controller's back swipe from the
/// left edge, which moves the page with the finger and, let go past half the width, pops it
/// with an animation whose end the host publishes by itself.
@Suite("Scenes: controls and the back swipe by touches", .serialized)
final class SceneControlTouchTests {
  let daemon: SceneDaemon
  let client: RPCTestClient
  let scene: JSON
  var tree: ClientTree
  /// Every notification applied, in order.
  var received: [JSON] = []

  init() throws {
    (daemon, client, scene, tree) = try SceneDaemon.subscribed(to: "demo.Gallery")
    try event(["type": "tap", "target": "demo.Controls"])
  }

  @discardableResult
  func event(_ event: JSON) throws -> JSON {
    let reply = try client.call("scene.event", ["scene": scene, "event": event])
    try absorbNotifications()
    return reply
  }

  /// Sends one touch phase of finger 1 and applies the changes it made.
  func touch(_ phase: String, _ x: Double, _ y: Double, t: Double) throws {
    try event([
      "type": "touch", "phase": .string(phase), "id": 1, "x": .double(x), "y": .double(y),
      "t": .double(t),
    ])
  }

  func absorbNotifications() throws {
    for message in client.takeNotifications() {
      received.append(message)
      try tree.apply(notification: message)
    }
  }

  func frame(of key: String) throws -> [Double] {
    try #require(SceneTests.absoluteFrame(key, in: tree.root), "no \(key)")
  }

  func text(of key: String) throws -> String? {
    try #require(SceneTests.find(key, in: tree.root)).node["props"]?["text"]?.stringValue
  }

  /// The values of the slider's `valueChanged` events emitted so far.
  var sliderValues: [Double] {
    received.filter { $0["method"] == "scene.emitted" }.compactMap { message in
      let params = message["params"]!
      guard params["name"] == "valueChanged", params["payload"]?["key"] == "slider" else {
        return nil
      }
      return params["payload"]?["value"]?.doubleValue
    }
  }

  @Test("the slider's thumb follows a finger; a touch on its track away from it does nothing")
  func dragTheSlider() throws {
    let slider = try frame(of: "slider")
    // The 28-point thumb's centre travels the width less a thumb; the page starts at 40 %.
    let travel = slider[2] - 28
    let thumb = (x: slider[0] + 14 + 0.4 * travel, y: slider[1] + slider[3] / 2)
    try touch("began", thumb.x + 3, thumb.y, t: 0)
    try touch("moved", thumb.x + 3 + 0.1 * travel, thumb.y + 4, t: 16)
    try touch("moved", thumb.x + 3 + 0.2 * travel, thumb.y + 4, t: 32)
    try touch("ended", thumb.x + 3 + 0.2 * travel, thumb.y + 4, t: 48)
    #expect(sliderValues.map { $0.rounded() } == [50, 60])
    #expect(try text(of: "sliderValue") == "Value: 60")

    let track = (x: slider[0] + slider[2] - 10, y: thumb.y)  // the maximum end, far from the thumb
    try touch("began", track.x, track.y, t: 1000)
    try touch("moved", track.x - 20, track.y, t: 1016)
    try touch("ended", track.x - 20, track.y, t: 1032)
    #expect(sliderValues.count == 2)
    #expect(try text(of: "sliderValue") == "Value: 60")
  }

  @Test("a finger held on the stepper's + half steps at once, then repeats on the host's timer")
  func holdTheStepper() throws {
    let stepper = try frame(of: "stepper")
    let plus = (x: stepper[0] + stepper[2] * 0.75, y: stepper[1] + stepper[3] / 2)
    try touch("began", plus.x, plus.y, t: 0)
    #expect(try text(of: "stepperValue") == "4")  // the page starts at 3
    // No more events: the repetitions arrive as changes the host publishes by itself.
    let deadline = Date().addingTimeInterval(10)
    while try text(of: "stepperValue") != "7", Date() < deadline {
      try client.drain(seconds: 0.1)
      try absorbNotifications()
    }
    try touch("ended", plus.x, plus.y, t: 2000)
    let lifted = try #require(try text(of: "stepperValue").flatMap { Int($0) })
    #expect(lifted >= 7)
    try client.drain(seconds: 0.5)
    try absorbNotifications()
    #expect(try text(of: "stepperValue") == String(lifted))  // lifted: no more steps
  }

  @Test("a back swipe from the left edge moves the page with the finger and pops it")
  func swipeBack() throws {
    let width = try frame(of: tree.root["id"]!.stringValue!)[2]
    let before = try frame(of: "slider")
    let y = before[1] + 100
    try touch("began", 4, y, t: 0)
    try touch("moved", 24, y, t: 100)
    try touch("moved", 4 + width * 0.4, y, t: 400)
    #expect(try frame(of: "slider")[0] == before[0] + width * 0.4)
    #expect(try frame(of: "components")[0] == -(0.6 * 0.3 * width))  // the list below, in parallax
    try touch("moved", 4 + width * 0.6, y, t: 800)
    received = []
    try touch("ended", 4 + width * 0.6, y, t: 900)
    // Let go past half the width: the frames move to their ends with an animation.
    let ops = received.filter { $0["method"] == "scene.changed" }
      .flatMap { $0["params"]!["ops"]!.arrayValue! }
    #expect(ops.contains { $0["op"] == "frame" && $0["animation"]?["duration"] != nil })
    #expect(try frame(of: "components")[0] == 0)
    // The pop itself comes when the animation has run, published by the host on its own.
    let deadline = Date().addingTimeInterval(10)
    while SceneTests.find("slider", in: tree.root) != nil, Date() < deadline {
      try client.drain(seconds: 0.1)
      try absorbNotifications()
    }
    #expect(SceneTests.find("slider", in: tree.root) == nil)
    #expect(SceneTests.find("demo.Controls", in: tree.root) != nil)
  }
}
