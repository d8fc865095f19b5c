import Foundation
import JSONRPC
import ScreenKit
import Testing

@testable import CompdSceneHost

/// What a client paints inside a control or a row right to left, as the encoder writes it:
/// `layoutDirection: "rightToLeft"` on the valued controls and on rows with an accessory
/// where they are laid out right to left, never under `.forceLeftToRight` or `.playback`.
@MainActor
@Suite struct NodeEncodingRightToLeftTests {
  func direction(_ view: View) -> JSON? {
    let type = NodeEncoding.type(of: view)
    return NodeEncoding.nodeProps(of: view, type: type, children: [])["layoutDirection"]
  }

  /// A window in `locale` holding `views`.
  func window(_ locale: String, _ views: [View]) -> Window {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.makeKeyAndVisible()
    window.locale = Locale(identifier: locale)
    for view in views { window.addSubview(view) }
    window.layoutIfNeeded()
    return window
  }

  @Test func valuedControlsCarryTheDirectionRightToLeftOnly() {
    let controls: [View] = [
      Slider(), Stepper(), SegmentedControl(items: ["A", "B"]), ProgressView(), PageControl(),
    ]
    let ltr = window("en", controls)
    #expect(controls.allSatisfy { direction($0) == nil })
    withExtendedLifetime(ltr) {}
    let rtl = window("ar", controls)
    #expect(controls.allSatisfy { direction($0) == "rightToLeft" })
    // A label or a switch paints nothing with a side: no prop.
    let label = Label()
    label.text = "x"
    rtl.addSubview(label)
    #expect(direction(label) == nil)
  }

  @Test func mediaControlsStayLeftToRightAsUIKitKeepsThem() {
    let scrubber = Slider()
    scrubber.semanticContentAttribute = .playback
    let forced = SegmentedControl(items: ["A", "B"])
    forced.semanticContentAttribute = .forceLeftToRight
    let inside = Stepper()
    let box = View()
    box.semanticContentAttribute = .forceLeftToRight
    box.addSubview(inside)
    let plain = Slider()
    // A view does not keep its window: it is held to the end.
    let hebrew = window("he", [scrubber, forced, box, plain])
    #expect(direction(plain) == "rightToLeft")
    #expect(direction(scrubber) == nil)
    #expect(direction(forced) == nil)
    #expect(direction(inside) == nil)
    // And one forced right to left in a left-to-right scene paints mirrored.
    let mirrored = Slider()
    mirrored.semanticContentAttribute = .forceRightToLeft
    let english = window("en", [mirrored])
    #expect(direction(mirrored) == "rightToLeft")
    withExtendedLifetime((hebrew, english)) {}
  }

  @Test func aRowCarriesTheDirectionOnlyWithAnAccessory() {
    let plain = TableViewCell(style: .default, reuseIdentifier: nil)
    let disclosing = TableViewCell(style: .default, reuseIdentifier: nil)
    disclosing.accessoryType = .disclosureIndicator
    let arabic = window("ar", [plain, disclosing])
    #expect(direction(plain) == nil)
    #expect(direction(disclosing) == "rightToLeft")
    // A button's title aligned `.leading` sits on the right: its `titleFrame` says so.
    let button = Button(type: .system)
    button.frame = Rect(x: 0, y: 0, width: 200, height: 44)
    button.setTitle("Go", for: .normal)
    button.contentHorizontalAlignment = .leading
    arabic.addSubview(button)
    let titleFrame = NodeEncoding.props(of: button)["titleFrame"]
    let x = titleFrame?["x"]?.doubleValue ?? 0
    let width = titleFrame?["width"]?.doubleValue ?? 0
    #expect(titleFrame != nil && abs(x + width - 200) < 0.001, "\(String(describing: titleFrame))")
    withExtendedLifetime(arabic) {}
  }
}

/// The same through the real socket: bundled screens opened in Hebrew send their controls
/// and rows with `layoutDirection`, in the logical order (segments, pages) a client mirrors;
/// a swipe's direction follows the row's; the date picker writes the scene's locale.
@Suite("Scenes: right-to-left controls", .serialized)
struct SceneRightToLeftControlsTests {
  static let controlKeys = ["slider", "stepper", "segments", "actions", "progress", "bar", "pages"]

  @Test("demo.Controls in Hebrew: every control paints mirrored, its model unchanged")
  func controlsInHebrew() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let en = try client.call(
      "scene.open", ["component": "demo.Controls", "environment": ["locale": "en"]])
    let he = try client.call(
      "scene.open", ["component": "demo.Controls", "environment": ["locale": "he"]])
    let enRoot = try #require(en["root"])
    let heRoot = try #require(he["root"])
    for key in Self.controlKeys {
      let left = try #require(SceneTests.find(key, in: enRoot)?.node, "\(key)")
      let right = try #require(SceneTests.find(key, in: heRoot)?.node, "\(key)")
      #expect(left["props"]?["layoutDirection"] == nil, "\(key)")
      #expect(right["props"]?["layoutDirection"] == "rightToLeft", "\(key)")
      // Everything else is the same: the client mirrors the painting, not the model.
      var rest = right["props"]?.objectValue ?? [:]
      rest["layoutDirection"] = nil
      #expect(JSON.object(rest) == left["props"], "\(key)")
    }
    // The frames are the left-to-right ones mirrored in their parents.
    #expect(
      LayoutDirectionTests.unmirrored(en: enRoot, ar: heRoot, parentWidth: 390, path: "").isEmpty)

    // A tap on the stepper's left half is its + half right to left (UIKit flips it).
    let scene = he["scene"]!
    let stepped = try client.call(
      "scene.event",
      ["scene": scene, "event": ["type": "tap", "target": "stepper", "x": 10, "y": 16]])
    #expect(stepped["handled"] == true)
    let after = try client.call("scene.layout", ["scene": scene])["root"]!
    #expect(SceneTests.find("stepper", in: after)?.node["props"]?["value"] == 4)
    #expect(
      SceneTests.find("stepper", in: after)?.node["props"]?["layoutDirection"] == "rightToLeft")
  }

  @Test("demo.Contacts in Hebrew: rows with a chevron carry the direction, swipes flip")
  func rowsInHebrew() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call(
      "scene.open",
      ["component": "demo.Contacts", "params": ["count": 50], "environment": ["locale": "he"]])
    let scene = opened["scene"]!
    let root = try #require(opened["root"])
    let rows = SceneListTests.nodes("cell", in: root)
    #expect(!rows.isEmpty)
    for row in rows {
      #expect(row["props"]?["accessory"] == "disclosureIndicator")
      #expect(row["props"]?["layoutDirection"] == "rightToLeft")
    }
    let row = try #require(rows.first?["key"]?.stringValue)
    // A left swipe goes towards the trailing edge right to left: no leading actions here.
    let left = try client.call(
      "scene.event",
      ["scene": scene, "event": ["type": "swipe", "target": .string(row), "direction": "left"]])
    #expect(left["handled"] == false)
    let right = try client.call(
      "scene.event",
      ["scene": scene, "event": ["type": "swipe", "target": .string(row), "direction": "right"]])
    #expect(right["handled"] == true)
    let swiped = try client.call("scene.layout", ["scene": scene])["root"]!
    let cell = try #require(SceneTests.find(row, in: swiped)?.node)
    #expect(cell["props"]?["swiped"] == "trailing")
    // Delete shows on the row's left edge.
    let delete = try #require(
      cell["children"]?.arrayValue?.first { $0["key"] == "swipeAction0" })
    #expect(delete["frame"]?["x"] == 0)
    let tapped = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "tap", "target": "swipeAction0"]])
    #expect(tapped["handled"] == true)
    let afterDelete = try client.call("scene.layout", ["scene": scene])["root"]!
    #expect(SceneTests.find(row, in: afterDelete) == nil)
  }

  @Test("demo.TextControls: the date picker's text in en, de and ar")
  func datePickerText() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    var texts: [String: String] = [:]
    for locale in ["en", "de", "ar"] {
      let opened = try client.call(
        "scene.open",
        ["component": "demo.TextControls", "environment": ["locale": .string(locale)]])
      let date = try #require(SceneTests.find("date", in: opened["root"]!)?.node)
      texts[locale] = date["props"]?["text"]?.stringValue
      try client.call("scene.close", ["scene": opened["scene"]!])
    }
    // 2026-06-12 12:00 UTC, in CLDR's medium date and short time styles.
    #expect(texts["en"] == "Jun 12, 2026 12:00\u{202F}PM", "\(texts)")
    #expect(texts["de"] == "12.06.2026 12:00", "\(texts)")
    #expect(texts["ar"] == "12\u{200F}/06\u{200F}/2026 12:00\u{A0}\u{645}", "\(texts)")
  }
  @Test("scene.resize to another locale rewrites the date picker's text")
  func datePickerFollowsALiveLocaleSwitch() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call(
      "scene.open", ["component": "demo.TextControls", "environment": ["locale": "de"]])
    let scene = opened["scene"]!
    let german = try #require(SceneTests.find("date", in: opened["root"]!)?.node)
    #expect(german["props"]?["text"] == "12.06.2026 12:00")
    try client.call("scene.resize", ["scene": scene, "environment": ["locale": "en"]])
    let root = try client.call("scene.layout", ["scene": scene])["root"]!
    let english = try #require(SceneTests.find("date", in: root)?.node)
    #expect(english["props"]?["text"] == "Jun 12, 2026 12:00\u{202F}PM")
  }
}

extension LayoutDirectionTests {
  /// The node types whose painted parts have a leading and a trailing side.
  static let directionalTypes: Set<String> = [
    "slider", "stepper", "segmentedControl", "progress", "pageControl",
  ]

  /// The nodes of `ar` (laid out right to left) whose painting is not marked mirrored where
  /// it should be — a valued control or a row with an accessory without
  /// `layoutDirection: "rightToLeft"` — or of `en` marked so, as descriptions. Trees of the
  /// same shape.
  static func unflippedPaint(en: JSON, ar: JSON, path: String) -> [String] {
    let type = en["type"]?.stringValue ?? "?"
    let here = "\(path)/\(en["key"]?.stringValue ?? type)"
    var failures: [String] = []
    let directional =
      directionalTypes.contains(type) || (type == "cell" && en["props"]?["accessory"] != nil)
    if en["props"]?["layoutDirection"] != nil, type != "view" || path != "" {
      failures.append("\(here): left to right, yet marked \(en["props"]!["layoutDirection"]!)")
    }
    if directional, ar["props"]?["layoutDirection"] != "rightToLeft" {
      failures.append("\(here): right to left, painted unmirrored")
    }
    for (enChild, arChild) in zip(
      en["children"]?.arrayValue ?? [], ar["children"]?.arrayValue ?? [])
    {
      failures += unflippedPaint(en: enChild, ar: arChild, path: here)
    }
    return failures
  }

  /// How many nodes of `tree` have a directional painting.
  static func directionalCount(_ tree: JSON) -> Int {
    let type = tree["type"]?.stringValue ?? ""
    let own =
      directionalTypes.contains(type) || (type == "cell" && tree["props"]?["accessory"] != nil)
    return (own ? 1 : 0)
      + (tree["children"]?.arrayValue ?? []).reduce(0) { $0 + directionalCount($1) }
  }
}
