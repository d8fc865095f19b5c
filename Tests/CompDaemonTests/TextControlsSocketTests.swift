import Foundation
import JSONRPC
import Testing

/// The text controls through the socket, as a client drives them: the gallery's "Text and
/// pickers" page (`demo.TextControls`) with a text view, a text field with a clear button
/// and a label with attributed runs.
@Suite("Text controls over the socket", .serialized)
struct TextControlsSocketTests {
  private func node(_ key: String, in client: RPCTestClient, scene: JSON) throws -> JSON {
    let layout = try client.call("scene.layout", ["scene": scene])
    return try #require(SceneTests.find(key, in: layout["root"]!)?.node)
  }

  @Test("typing into a text view: its text, the delegate's change count, the emitted event")
  func typingIntoATextView() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call("scene.open", ["component": "demo.TextControls"])
    let scene = opened["scene"]!
    let notes = try #require(SceneTests.find("notes", in: opened["root"]!)?.node)
    #expect(notes["type"] == "textView")
    #expect(notes["props"]?["text"] == "")
    #expect(notes["props"]?["font"] == "system-regular-15")
    let emptyHeight = try #require(notes["props"]?["contentSize"]?["height"]?.doubleValue)
    let watcher = try daemon.client()
    try watcher.call("scene.subscribe", ["scene": scene])

    let typed = try client.call(
      "scene.event",
      ["scene": scene, "event": ["type": "text", "target": "notes", "text": "Hello\nworld"]])
    #expect(typed["handled"] == true)
    let after = try node("notes", in: client, scene: scene)
    #expect(after["props"]?["text"] == "Hello\nworld")
    #expect(after["props"]?["focused"] == true)
    // A second line makes the content one line taller.
    let grown = try #require(after["props"]?["contentSize"]?["height"]?.doubleValue)
    #expect(grown > emptyHeight + 15)
    #expect(
      try node("notesCount", in: client, scene: scene)["props"]?["text"]
        == "11 characters, 1 edits")
    var emitted: JSON?
    while emitted == nil {
      let message = try watcher.notification()
      if message["method"] == "scene.emitted" { emitted = message["params"] }
    }
    #expect(emitted?["name"] == "notesChanged")
    #expect(emitted?["payload"]?["length"] == 11)

    let blurred = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "blur", "target": "notes"]])
    #expect(blurred["handled"] == true)
    #expect(try node("notes", in: client, scene: scene)["props"]?["focused"] == nil)
    // Submitting to a text view inserts a line break.
    let submitted = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "submit", "target": "notes"]])
    #expect(submitted["handled"] == false, "submit needs the view to be first responder")
  }

  @Test("a text field's traits and clear button: the clear event empties it, then fails")
  func clearButton() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call("scene.open", ["component": "demo.TextControls"])
    let scene = opened["scene"]!
    let email = try #require(SceneTests.find("email", in: opened["root"]!)?.node)
    #expect(email["props"]?["textContentType"] == "emailAddress")
    #expect(email["props"]?["autocapitalizationType"] == "none")
    #expect(email["props"]?["autocorrectionType"] == "no")
    #expect(email["props"]?["clearButton"] == nil, "no clear button over an empty field")
    // The left view takes room: the text starts after it.
    let insetLeft = try #require(email["props"]?["textInsets"]?["left"]?.doubleValue)
    #expect(insetLeft > 7)
    #expect(email["children"]?.arrayValue?.first?["type"] == "label")

    try client.call(
      "scene.event",
      ["scene": scene, "event": ["type": "text", "target": "email", "text": "ann@example.org"]])
    let typed = try node("email", in: client, scene: scene)
    #expect(typed["props"]?["clearButton"] == true)
    #expect(typed["props"]?["textInsets"]?["right"] == 25)  // 6 + 19, the clear button
    let cleared = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "clear", "target": "email"]])
    #expect(cleared["handled"] == true)
    let empty = try node("email", in: client, scene: scene)
    #expect(empty["props"]?["text"] == "")
    #expect(empty["props"]?["clearButton"] == nil)
    let again = try client.failure(
      "scene.event", ["scene": scene, "event": ["type": "clear", "target": "email"]])
    #expect(again["code"] == -32602)
    #expect(again["message"]?.stringValue?.contains("no clear button") == true)
    let onLabel = try client.failure(
      "scene.event", ["scene": scene, "event": ["type": "clear", "target": "notesCount"]])
    #expect(onLabel["code"] == -32602)
    let noTarget = try client.failure(
      "scene.event", ["scene": scene, "event": ["type": "clear"]])
    #expect(noTarget["data"]?["field"] == "event.target")
  }

  @Test("configured buttons: their style's background and corners, subtitle, update handler")
  func configuredButtons() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call("scene.open", ["component": "demo.TextControls"])
    let scene = opened["scene"]!
    let filled = try #require(SceneTests.find("filled", in: opened["root"]!)?.node)
    #expect(filled["type"] == "button")
    // The gallery's filled-button fill (GalleryPalette.buttonFill), white on it 7.6:1.
    #expect(filled["props"]?["backgroundColor"] == "#0040ddff")
    #expect(filled["props"]?["titleColor"] == "#ffffffff")
    #expect(filled["props"]?["cornerRadius"] == 6)
    #expect(filled["props"]?["font"] == "system-regular-17")
    // 7 + a 17-point line (20.67 in Inter on the 1/3-point grid) + 7.
    let height = try #require(filled["frame"]?["height"]?.doubleValue)
    #expect(abs(height - (14 + 62.0 / 3)) < 0.01)
    let tinted = try #require(SceneTests.find("tinted", in: opened["root"]!)?.node)
    #expect(tinted["props"]?["subtitle"] == "with a subtitle")
    #expect(tinted["props"]?["backgroundColor"] == "#0040dd26")  // the screen's tint at 15 %
    let tintedHeight = try #require(tinted["frame"]?["height"]?.doubleValue)
    #expect(tinted["props"]?["cornerRadius"]?.doubleValue == tintedHeight / 2)

    // A press on Filled starts its activity indicator, at the image's place left of the
    // title, the button 20 points wider; another press stops it.
    let width = try #require(filled["frame"]?["width"]?.doubleValue)
    _ = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "tap", "target": "filled"]])
    let busy = try node("filled", in: client, scene: scene)
    #expect(busy["props"]?["activityIndicator"] == true)
    #expect(busy["props"]?["imageFrame"]?["width"] == 20)
    #expect(abs((busy["props"]?["imageFrame"]?["x"]?.doubleValue ?? 0) - 12) < 0.001)
    #expect(busy["frame"]?["width"]?.doubleValue == width + 20)
    _ = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "tap", "target": "filled"]])
    #expect(try node("filled", in: client, scene: scene)["props"]?["activityIndicator"] == nil)

    let tapped = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "tap", "target": "gray"]])
    #expect(tapped["handled"] == true)
    let gray = try node("gray", in: client, scene: scene)
    #expect(gray["props"]?["title"] == "Gray, selected")
    #expect(gray["props"]?["selected"] == true)
    #expect(gray["props"]?["font"] == nil, "a small button's 15 points is the wire default")
  }

  @Test("picking a date (snapped and clamped) and a picker row through the value event")
  func pickers() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call("scene.open", ["component": "demo.TextControls"])
    let scene = opened["scene"]!
    let date = try #require(SceneTests.find("date", in: opened["root"]!)?.node)
    #expect(date["type"] == "datePicker")
    #expect(date["props"]?["date"] == 1_781_265_600)
    #expect(date["props"]?["style"] == "compact")
    #expect(date["props"]?["minuteInterval"] == 15)
    #expect(date["props"]?["minimumDate"] == 1_767_225_600)
    #expect(date["props"]?["text"] == "Jun 12, 2026 12:00\u{202F}PM")

    let picked = try client.call(
      "scene.event",
      ["scene": scene, "event": ["type": "value", "target": "date", "value": 1_781_266_100]])
    #expect(picked["handled"] == true)
    #expect(try node("date", in: client, scene: scene)["props"]?["date"] == 1_781_266_500)
    #expect(
      try node("dateLabel", in: client, scene: scene)["props"]?["text"]
        == "Picked Jun 12, 2026 12:15\u{202F}PM UTC")
    try client.call(
      "scene.event", ["scene": scene, "event": ["type": "value", "target": "date", "value": 0]])
    #expect(try node("date", in: client, scene: scene)["props"]?["date"] == 1_767_225_600)
    let withComponent = try client.failure(
      "scene.event",
      ["scene": scene, "event": ["type": "value", "target": "date", "value": 0, "component": 1]])
    #expect(withComponent["code"] == -32602)

    let picker = try #require(SceneTests.find("picker", in: opened["root"]!)?.node)
    #expect(picker["type"] == "picker")
    #expect(
      picker["props"]?["components"]?.arrayValue?.first?["rows"] == ["Small", "Medium", "Large"])
    #expect(picker["props"]?["components"]?.arrayValue?.last?["selected"] == 0)
    let row = try client.call(
      "scene.event",
      ["scene": scene, "event": ["type": "value", "target": "picker", "value": 2, "component": 1]])
    #expect(row["handled"] == true)
    let after = try node("picker", in: client, scene: scene)
    #expect(after["props"]?["components"]?.arrayValue?.last?["selected"] == 2)
    #expect(try node("pickerLabel", in: client, scene: scene)["props"]?["text"] == "Small, Blue")
    let outOfRange = try client.failure(
      "scene.event",
      ["scene": scene, "event": ["type": "value", "target": "picker", "value": 9, "component": 0]])
    #expect(outOfRange["code"] == -32602)
    #expect(outOfRange["message"]?.stringValue?.contains("0 to 2") == true)
    let noComponent = try client.failure(
      "scene.event",
      ["scene": scene, "event": ["type": "value", "target": "picker", "value": 0, "component": 4]])
    #expect(noComponent["code"] == -32602)
  }

  @Test("a search bar: typed text reaches the updater, submit the delegate, cancel ends it")
  func searchBar() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call("scene.open", ["component": "demo.TextControls"])
    let scene = opened["scene"]!
    let bar = try #require(SceneTests.find("search", in: opened["root"]!)?.node)
    #expect(bar["type"] == "searchBar")
    #expect(bar["frame"]?["height"] == 100)  // 56 and the 44-point scope bar
    #expect(bar["props"]?["scopes"] == ["All", "Warm", "Cool"])
    #expect(bar["props"]?["placeholder"] == "Search colours")
    let watcher = try daemon.client()
    try watcher.call("scene.subscribe", ["scene": scene])

    let typed = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "text", "target": "search", "text": "re"]])
    #expect(typed["handled"] == true)
    #expect(
      try node("searchResult", in: client, scene: scene)["props"]?["text"] == "Red, Green")
    let scoped = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "value", "target": "search", "value": 1]])
    #expect(scoped["handled"] == true)
    #expect(try node("searchResult", in: client, scene: scene)["props"]?["text"] == "Red")
    let submitted = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "submit", "target": "search"]])
    #expect(submitted["handled"] == true)
    var emitted: JSON?
    while emitted == nil {
      let message = try watcher.notification()
      if message["method"] == "scene.emitted" { emitted = message["params"] }
    }
    #expect(emitted?["name"] == "searched" && emitted?["payload"]?["text"] == "re")
    // The cancel button shows while searching; a tap empties the search and ends it.
    let searching = try node("search", in: client, scene: scene)
    let cancel = try #require(searching["children"]?.arrayValue?.first { $0["key"] == "cancel" })
    #expect(cancel["props"]?["hidden"] == nil)
    let cancelled = try client.call(
      "scene.event",
      ["scene": scene, "event": ["type": "tap", "target": cancel["id"]!]])
    #expect(cancelled["handled"] == true)
    let after = try node("search", in: client, scene: scene)
    #expect(after["props"]?["text"] == "" && after["props"]?["focused"] == nil)
    #expect(
      try node("searchResult", in: client, scene: scene)["props"]?["text"]
        == "Red, Orange, Yellow, Pink, Brown")
    let badScope = try client.failure(
      "scene.event", ["scene": scene, "event": ["type": "value", "target": "search", "value": 3]])
    #expect(badScope["code"] == -32602)
  }

  @Test("an attributed label arrives as runs and is measured run by run")
  func attributedRuns() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call("scene.open", ["component": "demo.TextControls"])
    let label = try #require(SceneTests.find("attributed", in: opened["root"]!)?.node)
    let runs = try #require(label["props"]?["runs"]?.arrayValue)
    #expect(
      runs.map { $0["text"]?.stringValue ?? "" }.joined() == label["props"]?["text"]?.stringValue)
    #expect(runs.first?["text"] == "Bold")
    #expect(runs.first?["font"] == "system-bold-20")
    #expect(runs.contains { $0["text"] == "red" && $0["textColor"] == "#d70015ff" })
    #expect(runs.contains { $0["strikethrough"] == 1 })
    #expect(runs.contains { $0["kern"] == 2 })
    // The bold 20-point run makes the line taller than a 17-point one.
    #expect(label["frame"]?["height"]?.doubleValue ?? 0 > 21)
  }

  @Test("in a dark scene the pickers and the search bar send their text colours resolved")
  func darkSceneSendsResolvedTextColours() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    for (style, expected) in [("light", JSON.null), ("dark", JSON.string("#ffffffff"))] {
      let opened = try client.call(
        "scene.open",
        ["component": "demo.TextControls", "environment": ["style": .string(style)]])
      let scene = opened["scene"]!
      // A light scene leaves them out (clients assume UIKit's light values); a dark one
      // sends UIKit's dark label colour, white, and the dark selected-scope grey.
      for key in ["search", "date", "picker"] {
        let props = try node(key, in: client, scene: scene)["props"]
        #expect((props?["textColor"] ?? .null) == expected, "\(style) \(key)")
      }
      let search = try node("search", in: client, scene: scene)["props"]
      #expect((search?["selectedSegmentTintColor"] == nil) == (style == "light"))
      try client.call("scene.close", ["scene": scene])
    }
  }
}
