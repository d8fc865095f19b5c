import Foundation
import JSONRPC
import Testing

/// Accessibility through the real socket: `a11y` props on the bundled screens, the
/// `accessibility` event activating and adjusting controls, its errors, and
/// `scene.announcement` reaching a subscriber after the change it belongs to.
@Suite("Scenes: accessibility", .serialized)
struct AccessibilityTests {
  static func node(_ key: String, _ client: RPCTestClient, _ scene: JSON) throws -> JSON {
    let root = try client.call("scene.layout", ["scene": scene])["root"]!
    return try #require(SceneTests.find(key, in: root)?.node)
  }

  static func event(_ target: String, _ action: String) -> JSON {
    ["type": "accessibility", "target": .string(target), "action": .string(action)]
  }

  @Test("bundled screens send a11y only where a node differs from its type's default")
  func a11yPropsOnBundledScreens() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let settings = try client.call("scene.open", ["component": "demo.Settings"])
    let root = try #require(settings["root"])
    // The switches are labelled by their rows' text, which UIKit developers set.
    for (key, title) in [("autoplay", "Autoplay"), ("darkMode", "Dark mode")] {
      let toggle = try #require(SceneTests.find(key, in: root)?.node)
      #expect(toggle["type"] == "switch")
      #expect(toggle["props"]?["a11y"] == ["label": .string(title)])
    }
    // Labels, tables and the cells holding switches keep their types' defaults.
    var withA11y: [String] = []
    func walk(_ node: JSON) {
      if node["props"]?["a11y"] != nil, node["type"] != "switch" {
        withA11y.append(node["type"]?.stringValue ?? "?")
      }
      for child in node["children"]?.arrayValue ?? [] { walk(child) }
    }
    walk(root)
    #expect(withA11y.isEmpty, "unexpected a11y on \(withA11y)")

    let gallery = try client.call("scene.open", ["component": "demo.Gallery"])
    let galleryRoot = try #require(gallery["root"])
    // The navigation title is a header, as UIKit's.
    let title = try #require(SceneTests.find("navigation.title", in: galleryRoot)?.node)
    #expect(title["props"]?["a11y"]?["traits"] == ["header", "staticText"])
  }

  @Test("the accessibility event activates a button and adjusts a slider and a stepper")
  func eventsActivateAndAdjust() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let controls = try client.call("scene.open", ["component": "demo.Controls"])["scene"]!
    _ = try client.call("scene.subscribe", ["scene": controls, "since": 1])
    #expect(try Self.node("slider", client, controls)["props"]?["value"] == 40)
    var answer = try client.call(
      "scene.event", ["scene": controls, "event": Self.event("slider", "increment")])
    #expect(answer["handled"] == true)
    // UIKit's slider moves by a tenth of its range (0…100 here).
    #expect(try Self.node("slider", client, controls)["props"]?["value"] == 50)
    #expect(try Self.node("sliderValue", client, controls)["props"]?["text"] == "Value: 50")
    let reports = client.takeNotifications().filter { $0["method"] == "scene.emitted" }
    #expect(reports.last?["params"]?["payload"] == ["key": "slider", "value": .double(50)])
    _ = try client.call(
      "scene.event", ["scene": controls, "event": Self.event("slider", "decrement")])
    _ = try client.call(
      "scene.event", ["scene": controls, "event": Self.event("slider", "decrement")])
    #expect(try Self.node("slider", client, controls)["props"]?["value"] == 30)
    _ = try client.call(
      "scene.event", ["scene": controls, "event": Self.event("stepper", "increment")])
    #expect(try Self.node("stepper", client, controls)["props"]?["value"] == 4)

    let login = try client.call("scene.open", ["component": "demo.Login"])["scene"]!
    _ = try client.call("scene.subscribe", ["scene": login, "since": 1])
    _ = client.takeNotifications()
    answer = try client.call(
      "scene.event", ["scene": login, "event": Self.event("login", "activate")])
    #expect(answer["handled"] == true)
    let names = client.takeNotifications().compactMap { message -> String? in
      guard message["params"]?["scene"] == login else { return nil }
      return message["method"]?.stringValue
    }
    // The activation tapped the button: the login event, then its announcement.
    #expect(names == ["scene.emitted", "scene.announcement"])
  }

  @Test("bad accessibility events get -32602 naming the field, and compd keeps serving")
  func badEvents() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let scene = try client.call("scene.open", ["component": "demo.Controls"])["scene"]!
    func failure(_ event: JSON) throws -> JSON {
      try client.failure("scene.event", ["scene": scene, "event": event])
    }
    var error = try failure(Self.event("slider", "frobnicate"))
    #expect(error["code"] == -32602)
    #expect(error["data"]?["field"] == "event.action")
    #expect(error["message"]?.stringValue?.contains("\"frobnicate\"") == true)
    error = try failure(["type": "accessibility", "target": "slider"])
    #expect(error["code"] == -32602 && error["data"]?["field"] == "event.action")
    error = try failure(["type": "accessibility", "target": "slider", "action": 3])
    #expect(error["data"]?["field"] == "event.action")
    // A label does not adjust; a stack view is no element.
    error = try failure(Self.event("sliderValue", "increment"))
    #expect(error["code"] == -32602 && error["data"]?["field"] == "event.target")
    let root = try client.call("scene.layout", ["scene": scene])["root"]!
    let stack = try #require(Self.firstNode(ofType: "stack", in: root))
    error = try failure(Self.event(stack, "activate"))
    #expect(error["data"]?["field"] == "event.target")
    // Still serving: a good event works.
    let answer = try client.call(
      "scene.event", ["scene": scene, "event": Self.event("slider", "increment")])
    #expect(answer["handled"] == true)
  }

  @Test("an announcement reaches another connection's subscriber after the scene.changed")
  func announcementReachesSubscriber() throws {
    let daemon = try SceneDaemon()
    let driver = try daemon.client()
    let watcher = try daemon.client()
    let scene = try driver.call("scene.open", ["component": "demo.Login"])["scene"]!
    _ = try watcher.call("scene.subscribe", ["scene": scene, "since": 1])
    _ = try driver.call(
      "scene.event",
      ["scene": scene, "event": ["type": "text", "target": "username", "text": "ann"]])
    _ = try driver.call("scene.event", ["scene": scene, "event": Self.event("login", "activate")])
    var methods: [String] = []
    var announcement: JSON?
    while announcement == nil {
      let message = try watcher.notification()
      methods.append(message["method"]?.stringValue ?? "?")
      if message["method"] == "scene.announcement" { announcement = message["params"] }
    }
    #expect(
      announcement == [
        "scene": scene, "kind": "announcement", "text": "Signing in as ann",
      ])
    #expect(methods.first == "scene.changed")  // the typing's change came first
    #expect(methods.suffix(2) == ["scene.emitted", "scene.announcement"])
  }

  @Test("compctl a11y prints demo.Settings and demo.Controls in reading order")
  func compctlA11y() throws {
    let daemon = try SceneDaemon()
    func compctl(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
      try runProcess(TestPaths.compctl, arguments + ["--socket", daemon.socketPath])
    }
    let settings = try compctl(["open", "demo.Settings"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let printed = try compctl(["a11y", settings])
    #expect(printed.status == 0, "\(printed.stderr)")
    let lines = printed.stdout.split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    // Each row's switch is read after its text, labelled by it, with UIKit's "1"/"0".
    let autoplay = try #require(lines.firstIndex { $0.hasPrefix("staticText \"Autoplay\"") })
    #expect(lines[autoplay + 1].hasPrefix("button (switch) \"Autoplay\" = \"0\""))
    #expect(lines.contains { $0.hasPrefix("list [") } && lines.contains { $0.hasPrefix("row [") })

    let controls = try compctl(["open", "demo.Controls"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let json = try compctl(["a11y", "--json", controls])
    let items = try #require(try JSONParser.parse(json.stdout).arrayValue)
    let labels = items.map { $0["label"]?.stringValue ?? $0["type"]?.stringValue ?? "?" }
    // The caption first, then the value label and the stepper of its row; segments as buttons.
    let caption = try #require(labels.firstIndex(of: "Stepper"))
    #expect(Array(labels[caption...].prefix(3)) == ["Stepper", "3", "stepper"])
    let slider = try #require(items.first { $0["type"] == "slider" })
    #expect(slider["value"] == "40%" && slider["traits"] == ["adjustable"])
    let day = try #require(items.first { $0["label"] == "Day" })
    #expect(day["traits"] == ["button", "selected"] && day["segment"] == 0)
    // draw --a11y boxes each element where it is, numbered in reading order.
    let drawn = try compctl(["draw", "--a11y", "--width", "90", controls])
    #expect(drawn.status == 0)
    #expect(drawn.stdout.contains("adjustable = 40%"))
    let dayNumber = try #require(labels.firstIndex(of: "Day")) + 1
    #expect(drawn.stdout.contains("\(dayNumber) button \"Day\""))
  }

  static func firstNode(ofType type: String, in node: JSON) -> String? {
    if node["type"]?.stringValue == type { return node["id"]?.stringValue }
    for child in node["children"]?.arrayValue ?? [] {
      if let found = firstNode(ofType: type, in: child) { return found }
    }
    return nil
  }
}
