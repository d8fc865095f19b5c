import JSONRPC
import Testing

/// What the bundled screens show for the environment a client gives them: the dark style's
/// colours, and a form that makes room for the keyboard. Driven through the real socket.
@Suite("Scenes: style and keyboard", .serialized)
struct SceneAppearanceTests {
  /// The props of the node with `key`, or of the component's root view (the window's child).
  static func props(_ key: String?, in root: JSON) -> JSON? {
    if let key { return SceneTests.find(key, in: root)?.node["props"] }
    return root["children"]?.arrayValue?.first?["props"]
  }

  // Expected values: Apple's Human Interface Guidelines, "Color" (systemBackground white /
  // black, placeholderText #3C3C43 / #EBEBF5 at 30 %, label black / white); the wire's
  // default text colour is black, so a light label sends none. The login button's grey is
  // the plugin's own (LoginPalette: #6C6C70 in both, white on it 5.2:1).
  @Test("--style dark: the bundled Login scene carries the dark values; light the light ones")
  func darkSceneCarriesDarkValues() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let dark = try client.call(
      "scene.open",
      ["component": "demo.Login", "environment": ["width": 390, "height": 844, "style": "dark"]])
    let darkRoot = try #require(dark["root"])
    #expect(Self.props(nil, in: darkRoot)?["backgroundColor"] == "#000000ff")
    #expect(Self.props("login", in: darkRoot)?["backgroundColor"] == "#6c6c70ff")
    #expect(Self.props("login", in: darkRoot)?["titleColor"] == "#ffffffff")
    #expect(Self.props("username", in: darkRoot)?["textColor"] == "#ffffffff")
    #expect(Self.props("password", in: darkRoot)?["placeholderColor"] == "#ebebf54d")

    let light = try client.call("scene.open", ["component": "demo.Login"])
    let lightRoot = try #require(light["root"])
    #expect(Self.props(nil, in: lightRoot)?["backgroundColor"] == "#ffffffff")
    #expect(Self.props("login", in: lightRoot)?["backgroundColor"] == "#6c6c70ff")
    #expect(Self.props("login", in: lightRoot)?["titleColor"] == "#ffffffff")
    #expect(Self.props("username", in: lightRoot)?["textColor"] == nil)
    #expect(Self.props("password", in: lightRoot)?["placeholderColor"] == "#3c3c434d")

    // A style change redraws: the light scene turned dark matches the one opened dark.
    try client.call(
      "scene.resize", ["scene": light["scene"]!, "environment": ["style": "dark"]])
    let turned = try client.call("scene.layout", ["scene": light["scene"]!])["root"]!
    #expect(Self.props(nil, in: turned)?["backgroundColor"] == "#000000ff")
    #expect(Self.props("password", in: turned)?["placeholderColor"] == "#ebebf54d")

    let settings = try client.call(
      "scene.open",
      [
        "component": "demo.Settings",
        "environment": ["width": 390, "height": 844, "style": "dark"],
      ])
    #expect(Self.props(nil, in: settings["root"]!)?["backgroundColor"] == "#000000ff")
  }

  @Test("keyboard: the stacked form insets its scroll view and keeps the focused row visible")
  func stackedFormMakesRoomForTheKeyboard() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call(
      "scene.open", ["component": "demo.StackedForm", "params": ["rows": 30]])
    let scene = opened["scene"]!
    func layout() throws -> JSON { try client.call("scene.layout", ["scene": scene])["root"]! }
    func scroll(_ root: JSON) -> JSON? {
      var pending = [root]
      while let node = pending.popLast() {
        if node["type"] == "scroll" { return node }
        pending += node["children"]?.arrayValue ?? []
      }
      return nil
    }
    let before = try #require(scroll(opened["root"]!))
    let bottomBefore = before["props"]?["contentInset"]?["bottom"]?.doubleValue ?? 0

    // The last row starts below the screen; focusing it scrolls it into sight, as UIKit's
    // scroll view shows a field that begins editing (the focus engine shows the focused view).
    let focused = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "focus", "target": "row30"]])
    #expect(focused["handled"] == true)
    let row = try #require(SceneTests.absoluteFrame("row30", in: try layout()))
    #expect(row[1] >= 0 && row[1] + row[3] <= 844)

    let shown = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "keyboard", "height": 300]])
    #expect(shown["handled"] == true)
    let withKeyboard = try layout()
    let inset = try #require(
      scroll(withKeyboard)?["props"]?["contentInset"]?["bottom"]?.doubleValue)
    // The scroll view reaches the bottom of the screen, so all 300 points are covered.
    #expect(inset == bottomBefore + 300)
    let visible = try #require(SceneTests.absoluteFrame("row30", in: withKeyboard))
    #expect(visible[1] >= 0 && visible[1] + visible[3] <= 844 - 300)

    let same = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "keyboard", "height": 300]])
    #expect(same["handled"] == false)
    #expect(same["revision"] == shown["revision"])

    let hidden = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "keyboard", "height": 0]])
    #expect(hidden["handled"] == true)
    let after = scroll(try layout())?["props"]?["contentInset"]?["bottom"]?.doubleValue ?? 0
    #expect(after == bottomBefore)
  }

  @Test("keyboard: a screen that follows no keyboard answers handled false and stays as it was")
  func keyboardOnAScreenThatIgnoresIt() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call("scene.open", ["component": "demo.Login"])
    let reply = try client.call(
      "scene.event", ["scene": opened["scene"]!, "event": ["type": "keyboard", "height": 300]])
    #expect(reply["handled"] == false)
    #expect(reply["revision"] == 1)
  }
}
