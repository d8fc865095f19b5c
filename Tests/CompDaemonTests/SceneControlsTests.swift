import Foundation
import JSONRPC
import Testing

/// The valued controls through the real socket (demo.Controls): `value` events and taps at
/// a point move each control as a user would, the props follow, `valueChanged` is reported
/// only for the user's input; a subscriber that declares protocol 2 gets a slider as a
/// plain view while another subscriber of the same scene gets the slider.
@Suite("Scenes: valued controls", .serialized)
struct SceneControlsTests {
  /// The props of the node keyed `key` in the scene's current tree.
  static func props(_ key: String, _ client: RPCTestClient, _ scene: JSON) throws -> JSON {
    let root = try client.call("scene.layout", ["scene": scene])["root"]!
    return try #require(SceneTests.find(key, in: root)?.node["props"])
  }

  /// Sends `event` and returns `handled` and the `valueChanged` reports it caused.
  static func send(_ event: JSON, _ client: RPCTestClient, _ scene: JSON) throws -> (
    handled: Bool, reports: [JSON]
  ) {
    _ = client.takeNotifications()
    let answer = try client.call("scene.event", ["scene": scene, "event": event])
    let reports = client.takeNotifications().filter {
      $0["method"] == "scene.emitted" && $0["params"]?["name"] == "valueChanged"
    }.compactMap { $0["params"]?["payload"] }
    return (answer["handled"] == true, reports)
  }

  @Test("value events and taps move each control; valueChanged only for input")
  func controlsTakeValuesAndTaps() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call("scene.open", ["component": "demo.Controls"])
    let scene = opened["scene"]!
    let root = try #require(opened["root"])
    let types = ["slider", "stepper", "segments", "progress", "pages"].map {
      SceneTests.find($0, in: root)?.node["type"]?.stringValue
    }
    #expect(types == ["slider", "stepper", "segmentedControl", "progress", "pageControl"])
    _ = try client.call("scene.subscribe", ["scene": scene, "since": 1])

    // Slider: 0…100, at 40; a value past the maximum is pinned.
    #expect(try Self.props("slider", client, scene)["value"] == 40)
    var sent = try Self.send(["type": "value", "target": "slider", "value": 75.5], client, scene)
    #expect(sent.handled && sent.reports == [["key": "slider", "value": 75.5]])
    #expect(try Self.props("slider", client, scene)["value"] == 75.5)
    #expect(try Self.props("sliderValue", client, scene)["text"] == "Value: 76")
    sent = try Self.send(["type": "value", "target": "slider", "value": 1000], client, scene)
    #expect(try Self.props("slider", client, scene)["value"] == 100)
    sent = try Self.send(["type": "value", "target": "slider", "value": 100], client, scene)
    #expect(!sent.handled && sent.reports.isEmpty)

    // Stepper: 0…10 at 3; the right half steps up, the left half down.
    let stepper = try #require(SceneTests.find("stepper", in: root)?.node)
    #expect(stepper["frame"]?["width"] == 94 && stepper["frame"]?["height"] == 32)
    sent = try Self.send(["type": "tap", "target": "stepper", "x": 80, "y": 16], client, scene)
    #expect(sent.handled && sent.reports == [["key": "stepper", "value": 4.0]])
    sent = try Self.send(["type": "tap", "target": "stepper", "x": 10, "y": 16], client, scene)
    sent = try Self.send(["type": "tap", "target": "stepper", "x": 10, "y": 16], client, scene)
    #expect(try Self.props("stepper", client, scene)["value"] == 2)
    sent = try Self.send(["type": "value", "target": "stepper", "value": 50], client, scene)
    #expect(try Self.props("stepper", client, scene)["value"] == 10)
    #expect(try Self.props("stepperValue", client, scene)["text"] == "10")

    // Segmented control: Day selected; a tap on the last third selects Month.
    var segments = try Self.props("segments", client, scene)
    #expect(segments["selectedSegmentIndex"] == 0)
    let titles = segments["segments"]?.arrayValue?.compactMap { $0["title"]?.stringValue }
    #expect(titles == ["Day", "Week", "Month"])
    let widths = segments["segments"]?.arrayValue?.compactMap { $0["width"]?.doubleValue } ?? []
    let width = widths.reduce(0, +)
    sent = try Self.send(
      ["type": "tap", "target": "segments", "x": .double(width - 5), "y": 16], client, scene)
    #expect(sent.handled && sent.reports == [["key": "segments", "value": 2]])
    segments = try Self.props("segments", client, scene)
    #expect(segments["selectedSegmentIndex"] == 2)
    sent = try Self.send(["type": "value", "target": "segments", "value": 1], client, scene)
    #expect(try Self.props("segmentValue", client, scene)["text"] == "Selected: Week")
    let bad = try client.failure(
      "scene.event",
      ["scene": scene, "event": ["type": "value", "target": "segments", "value": 9]])
    #expect(bad["code"] == -32602)
    // A momentary control reports the tapped segment and keeps no selection.
    sent = try Self.send(["type": "tap", "target": "actions", "x": 300, "y": 16], client, scene)
    #expect(sent.reports == [["key": "actions", "value": 1]])
    #expect(try Self.props("actions", client, scene)["selectedSegmentIndex"] == nil)
    #expect(try Self.props("actions", client, scene)["momentary"] == true)

    // Progress follows the slider; it takes no input.
    #expect(try Self.props("progress", client, scene)["progress"] == 1)
    let noInput = try client.failure(
      "scene.event",
      ["scene": scene, "event": ["type": "value", "target": "progress", "value": 0]])
    #expect(noInput["code"] == -32602)

    // Page control: five pages; the right half moves one on, a touch in the left half back.
    sent = try Self.send(["type": "tap", "target": "pages", "x": 300, "y": 10], client, scene)
    #expect(sent.handled && sent.reports == [["key": "pages", "value": 1]])
    let pages = try #require(SceneTests.find("pages", in: root))
    sent = try Self.send(
      ["type": "touch", "x": .double(pages.x + 5), "y": .double(pages.y + 10)], client, scene)
    #expect(sent.handled)
    #expect(try Self.props("pages", client, scene)["currentPage"] == nil)  // back to 0
    sent = try Self.send(["type": "value", "target": "pages", "value": 3], client, scene)
    #expect(try Self.props("pageValue", client, scene)["text"] == "Page 4 of 5")
  }

  @Test("a protocol 2 subscriber sees a slider as a view, another the slider, in one scene")
  func olderClientsGetPlainViews() throws {
    let daemon = try SceneDaemon()
    let opener = try daemon.client()
    let old = try daemon.client()
    let opened = try opener.call("scene.open", ["component": "demo.Controls"])
    let scene = opened["scene"]!
    _ = try opener.call("scene.subscribe", ["scene": scene, "since": 1])
    let limited = try old.call(
      "scene.subscribe", ["scene": scene, "since": 1, "capabilities": ["protocol": 2]])
    // A limited subscriber gets a snapshot whatever its since.
    let oldRoot = try #require(limited["root"])
    let oldSlider = try #require(SceneTests.find("slider", in: oldRoot)?.node)
    #expect(oldSlider["type"] == "view")
    #expect(oldSlider["props"]?["value"] == nil && oldSlider["props"]?["maximumValue"] == nil)
    #expect(SceneTests.find("sliderValue", in: oldRoot)?.node["type"] == "label")
    let fullSlider = try #require(SceneTests.find("slider", in: opened["root"]!)?.node)
    #expect(fullSlider["type"] == "slider" && fullSlider["frame"] == oldSlider["frame"])

    // One change: the full subscriber gets the slider's value, the old one no update of it.
    _ = try opener.call(
      "scene.event", ["scene": scene, "event": ["type": "value", "target": "slider", "value": 10]])
    let sliderID = try #require(oldSlider["id"])
    func updates(of id: JSON, in notifications: [JSON]) -> [JSON] {
      notifications.filter { $0["method"] == "scene.changed" }
        .flatMap { $0["params"]?["ops"]?.arrayValue ?? [] }
        .filter { $0["op"] == "update" && $0["id"] == id }
    }
    let full = updates(of: sliderID, in: opener.takeNotifications())
    #expect(full.count == 1 && full.first?["props"]?["value"] == 10)
    let changed = try old.notification()
    #expect(changed["method"] == "scene.changed")
    let oldOps = changed["params"]?["ops"]?.arrayValue ?? []
    #expect(updates(of: sliderID, in: [changed]).isEmpty)
    // Its label still changes for the old client.
    #expect(oldOps.contains { $0["props"]?["text"] == "Value: 10" })

    // A declared list of node types; bad declarations name the field.
    let listed = try old.call(
      "scene.layout", ["scene": scene, "capabilities": ["nodeTypes": ["view", "label", "slider"]]])
    let listedRoot = try #require(listed["root"])
    #expect(SceneTests.find("slider", in: listedRoot)?.node["type"] == "slider")
    #expect(SceneTests.find("stepper", in: listedRoot)?.node["type"] == "view")
    let everything = try old.call(
      "scene.layout", ["scene": scene, "capabilities": ["protocol": 3]])
    #expect(everything["root"] == (try old.call("scene.layout", ["scene": scene]))["root"])
    let badType = try old.failure(
      "scene.layout", ["scene": scene, "capabilities": ["nodeTypes": ["view", "dial"]]])
    #expect(badType["code"] == -32602 && badType["data"]?["field"] == "capabilities.nodeTypes")
    let badVersion = try old.failure(
      "scene.subscribe", ["scene": scene, "capabilities": ["protocol": 9]])
    #expect(badVersion["code"] == -32602 && badVersion["data"]?["field"] == "capabilities.protocol")
    let opened2 = try old.failure(
      "scene.open", ["component": "demo.Controls", "capabilities": ["protocol": "two"]])
    #expect(opened2["data"]?["field"] == "capabilities.protocol")
  }

  @Test("after its host dies, the limited subscriber's scene.reset has the slider as a view")
  func resetIsDowngradedToo() throws {
    let daemon = try SceneDaemon()
    let full = try daemon.client()
    let old = try daemon.client()
    let scene = try full.call("scene.open", ["component": "demo.Controls"])["scene"]!
    _ = try full.call("scene.subscribe", ["scene": scene, "since": 1])
    _ = try old.call(
      "scene.subscribe", ["scene": scene, "capabilities": ["nodeTypes": ["view", "label"]]])
    let entry = try #require(
      try full.call("scene.list")["scenes"]?.arrayValue?.first { $0["scene"] == scene })
    let pid = try #require(entry["host"]?.intValue)
    #expect(kill(pid_t(pid), SIGKILL) == 0)
    func reset(_ client: RPCTestClient) throws -> JSON {
      while true {
        let message = try client.notification(timeout: 30)
        if message["method"] == "scene.reset" { return message["params"]!["root"]! }
      }
    }
    let fullRoot = try reset(full)
    let oldRoot = try reset(old)
    #expect(SceneTests.find("slider", in: fullRoot)?.node["type"] == "slider")
    #expect(SceneTests.find("slider", in: oldRoot)?.node["type"] == "view")
    #expect(SceneListTests.nodes("stack", in: oldRoot).isEmpty)
    #expect(!SceneListTests.nodes("stack", in: fullRoot).isEmpty)
    #expect(SceneTests.find("sliderValue", in: oldRoot)?.node["type"] == "label")
    // The changes after the reset follow the reset tree: still no slider props for it.
    _ = try full.call(
      "scene.event", ["scene": scene, "event": ["type": "value", "target": "slider", "value": 5]])
    let changed = try old.notification()
    let sliderID = SceneTests.find("slider", in: oldRoot)?.node["id"]
    let ops = changed["params"]?["ops"]?.arrayValue ?? []
    #expect(!ops.contains { $0["id"] == sliderID && $0["props"]?["value"] != nil })
    #expect(ops.contains { $0["props"]?["text"] == "Value: 5" })
  }
}
