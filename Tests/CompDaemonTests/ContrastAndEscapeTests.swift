import Foundation
import JSONRPC
import Testing

/// Increased contrast and VoiceOver's escape through the real socket: the `contrast`
/// environment member resolves the system colours to their increased-contrast values (and
/// back, live), a contrast that is not `normal` or `high` is -32602 naming the field, and
/// the `escape` accessibility action and the Escape key dismiss a sheet unless it is locked.
@Suite("Scenes: contrast and escape", .serialized)
struct ContrastAndEscapeTests {
  static func tree(_ client: RPCTestClient, _ scene: JSON) throws -> String {
    try client.call("scene.layout", ["scene": scene])["root"]!.serialized()
  }

  @Test("contrast high paints the system green #248a3d, normal #34c759, switching live")
  func contrastSwitchesTheSystemColours() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call(
      "scene.open", ["component": "demo.Controls", "environment": ["contrast": "high"]])
    let scene = opened["scene"]!
    // demo.Controls' progress bar is filled in systemGreen (its buttons take the gallery's
    // own tint, GalleryPalette, which does not change with the contrast).
    let high = try Self.tree(client, scene)
    #expect(high.contains("#248a3dff"), "the increased-contrast green")
    #expect(!high.contains("#34c759ff"))
    try client.call("scene.resize", ["scene": scene, "environment": ["contrast": "normal"]])
    let normal = try Self.tree(client, scene)
    #expect(normal.contains("#34c759ff"))
    #expect(!normal.contains("#248a3dff"))
    // In the dark the increased-contrast dark value (#30db5b), not the dark one (#30d158).
    try client.call(
      "scene.resize", ["scene": scene, "environment": ["contrast": "high", "style": "dark"]])
    let dark = try Self.tree(client, scene)
    #expect(dark.contains("#30db5bff"))
    #expect(!dark.contains("#30d158ff"))
    let listed = try client.call("scene.list")["scenes"]?.arrayValue ?? []
    #expect(listed.first?["environment"]?["contrast"] == "high")
  }

  @Test("a contrast that is not normal or high is -32602 naming environment.contrast")
  func badContrast() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let error = try client.failure(
      "scene.open", ["component": "demo.Login", "environment": ["contrast": "more"]])
    #expect(error["code"] == -32602, "\(error.serialized())")
    #expect(error["data"]?["field"] == "environment.contrast", "\(error.serialized())")
    let opened = try client.call("scene.open", ["component": "demo.Login"])
    let failure = try client.failure(
      "scene.resize", ["scene": opened["scene"]!, "environment": ["contrast": 1]])
    #expect(failure["data"]?["field"] == "environment.contrast", "\(failure.serialized())")
  }

  @Test("escape and the Escape key dismiss a sheet, not while it is locked")
  func escapeDismissesASheet() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let scene = try client.call("scene.open", ["component": "demo.BarsAndAlerts"])["scene"]!
    func tap(_ key: String) throws {
      try client.call(
        "scene.event", ["scene": scene, "event": ["type": "tap", "target": .string(key)]])
    }
    func escape(from key: String) throws -> JSON {
      try client.call(
        "scene.event", ["scene": scene, "event": AccessibilityTests.event(key, "escape")])
    }
    func sheetShown() throws -> Bool {
      try Self.tree(client, scene).contains("\"lockSheet\"")
    }
    try tap("showPageSheet")
    #expect(try sheetShown())
    // Locked (isModalInPresentation): escape does nothing.
    try tap("lockSheet")
    let refused = try escape(from: "lockSheet")
    #expect(refused["handled"] == false, "\(refused.serialized())")
    #expect(try sheetShown())
    try tap("lockSheet")
    let handled = try escape(from: "lockSheet")
    #expect(handled["handled"] == true, "\(handled.serialized())")
    #expect(try !sheetShown())
    // The Escape key from within the form sheet does the same.
    try tap("showFormSheet")
    #expect(try sheetShown())
    try client.call(
      "scene.event", ["scene": scene, "event": ["type": "focus", "target": "lockSheet"]])
    let key = try KeyboardFocusTests.key("Escape", [], client, scene)
    #expect(key.handled)
    #expect(try !sheetShown())
  }
}
