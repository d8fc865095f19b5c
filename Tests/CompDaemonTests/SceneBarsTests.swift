import JSONRPC
import Testing

/// The gallery's Bars & Alerts page through the real socket: bar items are `button` nodes
/// a client taps by key, an alert is presented over the page (which stays in the tree), a
/// tap on an action dismisses the alert and runs its handler, and a swipe down closes a
/// sheet.
@Suite("Scenes: bars and alerts", .serialized)
struct SceneBarsTests {
  static func tap(_ client: RPCTestClient, _ scene: JSON, _ key: String) throws -> JSON {
    try client.call(
      "scene.event", ["scene": scene, "event": ["type": "tap", "target": .string(key)]])
  }

  static func layout(_ client: RPCTestClient, _ scene: JSON) throws -> JSON {
    try client.call("scene.layout", ["scene": scene])["root"]!
  }

  static func status(_ tree: JSON) -> String? {
    SceneTests.find("status", in: tree)?.node["props"]?["text"]?.stringValue
  }

  @Test("bar items, an alert and its action, a sheet swiped away")
  func barsAndAlertsThroughTheSocket() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call("scene.open", ["component": "demo.Gallery"])
    let scene = opened["scene"]!
    #expect(try Self.tap(client, scene, "demo.BarsAndAlerts")["handled"] == true)
    let page = try Self.layout(client, scene)

    // The bar: a large title, the items as buttons with their wire props.
    let bar = try #require(SceneListTests.nodes("navigationBar", in: page).first)
    #expect(bar["props"]?["largeTitle"] == true)
    #expect(bar["frame"]?["height"]?.doubleValue == 47.0 + 96)
    let add = try #require(SceneTests.find("add", in: page))
    #expect(add.node["type"] == "button")
    #expect(add.node["props"]?["barItem"] == "navigation")
    #expect(add.node["props"]?["systemItem"] == "add")
    #expect(add.node["props"]?["symbol"] == "plus")
    // Its image is the symbol image itself, by hash, centred in the item's 28 points.
    #expect(add.node["props"]?["image"]?["name"] == "plus")
    #expect(add.node["props"]?["image"]?["hash"]?.stringValue?.count == 64)
    let addImage = try #require(add.node["props"]?["imageFrame"])
    #expect(
      abs(addImage["x"]!.doubleValue! + addImage["width"]!.doubleValue! / 2 - 14) < 1e-9)
    #expect(add.node["props"]?["title"] == nil)
    #expect(add.x == 390 - 16 - 28)
    #expect(SceneTests.find("sort", in: page)?.node["props"]?["menu"] == true)
    let toolbar = try #require(SceneListTests.nodes("toolbar", in: page).first)
    // 44 points above the home indicator's 34.
    #expect(toolbar["frame"]?["y"]?.doubleValue == 844.0 - 34 - 44)
    #expect((toolbar["children"]?.arrayValue ?? []).count == 3)

    // A tap on a bar item runs its action.
    #expect(try Self.tap(client, scene, "add")["handled"] == true)
    #expect(Self.status(try Self.layout(client, scene)) == "Chose add 1")
    #expect(try Self.tap(client, scene, "edit")["handled"] == true)
    let editing = try Self.layout(client, scene)
    #expect(SceneTests.find("edit", in: editing)?.node["props"]?["title"] == "Done")
    #expect(SceneTests.find("edit", in: editing)?.node["props"]?["style"] == "done")

    // An alert: its card over the dimmed page, which stays in the tree.
    #expect(try Self.tap(client, scene, "showAlert")["handled"] == true)
    let alerting = try Self.layout(client, scene)
    let alert = try #require(SceneTests.find("alert", in: alerting))
    #expect(alert.node["props"]?["presentation"] == "alert")
    #expect(alert.node["frame"]?["width"] == 270)
    #expect(
      SceneTests.find("presentation.dimming", in: alerting)?.node["props"]?["dimming"] == true)
    #expect(SceneTests.find("showAlert", in: alerting) != nil)
    let cancel = try #require(SceneTests.find("alert.action.0", in: alerting))
    #expect(cancel.node["props"]?["style"] == "cancel")
    let delete = try #require(SceneTests.find("alert.action.1", in: alerting))
    #expect(delete.node["props"]?["style"] == "destructive")
    // Two actions side by side, cancel on the left.
    #expect(cancel.x < delete.x && cancel.y == delete.y)

    // The action: the alert is gone and the handler ran.
    #expect(try Self.tap(client, scene, "alert.action.1")["handled"] == true)
    let after = try Self.layout(client, scene)
    #expect(SceneTests.find("alert", in: after) == nil)
    #expect(SceneTests.find("presentation.dimming", in: after) == nil)
    #expect(Self.status(after) == "Chose delete")

    // A menu entry, chosen with a tap.
    #expect(try Self.tap(client, scene, "sort")["handled"] == true)
    let menu = try Self.layout(client, scene)
    #expect(SceneTests.find("menu", in: menu)?.node["props"]?["presentation"] == "menu")
    #expect(SceneTests.find("menu.2", in: menu)?.node["props"]?["style"] == "destructive")
    #expect(try Self.tap(client, scene, "menu.0")["handled"] == true)
    #expect(Self.status(try Self.layout(client, scene)) == "Chose sort name")

    // A page sheet: the page under it, a swipe down closes it and tells the delegate.
    #expect(try Self.tap(client, scene, "showPageSheet")["handled"] == true)
    let sheet = try Self.layout(client, scene)
    let sheetRoot = try #require(
      (sheet["children"]?.arrayValue ?? []).first { $0["props"]?["presentation"] == "pageSheet" })
    #expect(sheetRoot["frame"]?["y"]?.doubleValue == 47.0 + 10)
    #expect(SceneTests.find("showPageSheet", in: sheet) != nil)
    let swiped = try client.call(
      "scene.event",
      ["scene": scene, "event": ["type": "swipe", "target": "sheetDone", "direction": "down"]])
    #expect(swiped["handled"] == true)
    let closed = try Self.layout(client, scene)
    #expect(SceneTests.find("sheetDone", in: closed) == nil)
    #expect(Self.status(closed) == "Chose sheet closed")

    // A disabled or missing target is a clear error and the scene keeps serving.
    let missing = try client.failure(
      "scene.event", ["scene": scene, "event": ["type": "tap", "target": "alert.action.9"]])
    #expect(missing["code"] != nil)
    #expect(Self.status(try Self.layout(client, scene)) == "Chose sheet closed")
  }
}
