import JSONRPC
import Testing

/// A list of 100,000 people through the real socket: only the rows in view are nodes, a
/// scroll brings the rows that come into view, a tap selects a row and pushes its detail, a
/// swipe reveals Delete and its tap removes the row, and the search field filters.
@Suite("Scenes: lists", .serialized)
struct SceneListTests {
  /// The nodes of `type` under `tree`.
  static func nodes(_ type: String, in tree: JSON) -> [JSON] {
    var found: [JSON] = []
    var pending = [tree]
    while let node = pending.popLast() {
      if node["type"]?.stringValue == type { found.append(node) }
      pending.append(contentsOf: node["children"]?.arrayValue ?? [])
    }
    return found
  }

  static func count(in tree: JSON) -> Int {
    1 + (tree["children"]?.arrayValue ?? []).reduce(0) { $0 + count(in: $1) }
  }

  @Test("demo.Contacts with 100,000 rows: a screen of nodes, scroll, select, delete, search")
  func contactsThroughTheSocket() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call(
      "scene.open", ["component": "demo.Contacts", "params": ["count": 100_000]])
    let scene = opened["scene"]!
    let root = try #require(opened["root"])
    let table = try #require(SceneTests.find("contacts", in: root)?.node)
    #expect(table["type"] == "table")
    #expect(table["props"]?["rowCount"] == 100_000)
    // Content starts below the navigation bar, as UIKit's: the offset is -adjustedInset.top.
    let insetTop = try #require(table["props"]?["contentInset"]?["top"]?.doubleValue)
    #expect(table["props"]?["contentOffset"]?["y"]?.doubleValue == -insetTop)
    let cells = Self.nodes("cell", in: root)
    // 844 points of screen, half a screen prepared below: a couple of dozen rows at most.
    #expect(cells.count > 10 && cells.count < 40)
    #expect(Self.count(in: root) < 250)
    let height = try #require(table["props"]?["contentSize"]?["height"]?.doubleValue)
    #expect(height > 100_000 * 44)

    // A scroll far down: the rows there arrive in the cells that left, moved in place (the
    // same node ids), a screen and a half of them (the margin above is now content too).
    let scrolled = try client.call(
      "scene.event",
      ["scene": scene, "event": ["type": "scroll", "target": "contacts", "x": 0, "y": 2_000_000]])
    #expect(scrolled["handled"] == true)
    let afterScroll = try client.call("scene.layout", ["scene": scene])["root"]!
    let visible = Self.nodes("cell", in: afterScroll)
    #expect(visible.count <= Int((844.0 * 2 / 64).rounded(.up)) + 2)
    #expect(visible.allSatisfy { ($0["frame"]?["y"]?.doubleValue ?? 0) > 1_990_000 })
    let before = Set(cells.compactMap { $0["id"]?.stringValue })
    let after = Set(visible.compactMap { $0["id"]?.stringValue })
    #expect(before.isSubset(of: after))

    // A tap on a row in view selects it and pushes the detail screen.
    let target = try #require(
      visible.first { abs(($0["frame"]?["y"]?.doubleValue ?? 0) - 2_000_300) < 200 }?["key"]?
        .stringValue)
    let tapped = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "tap", "target": .string(target)]])
    #expect(tapped["handled"] == true)
    let detail = try client.call("scene.layout", ["scene": scene])["root"]!
    #expect(SceneTests.find("phone", in: detail) != nil)
    try client.call("scene.event", ["scene": scene, "event": ["type": "back"]])

    // A left swipe reveals Delete; its tap removes the row.
    let list = try client.call("scene.layout", ["scene": scene])["root"]!
    let row = try #require(Self.nodes("cell", in: list).first?["key"]?.stringValue)
    let swiped = try client.call(
      "scene.event",
      ["scene": scene, "event": ["type": "swipe", "target": .string(row), "direction": "left"]])
    #expect(swiped["handled"] == true)
    let deleted = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "tap", "target": "swipeAction0"]])
    #expect(deleted["handled"] == true)
    let afterDelete = try client.call("scene.layout", ["scene": scene])["root"]!
    #expect(SceneTests.find(row, in: afterDelete) == nil)
    #expect(SceneTests.find("contacts", in: afterDelete)?.node["props"]?["rowCount"] == 99_999)

    // Typing in the search field filters the list.
    try client.call(
      "scene.event",
      ["scene": scene, "event": ["type": "text", "target": "search", "text": "Grace Hopper"]])
    let searched = try client.call("scene.layout", ["scene": scene])["root"]!
    let rowCount = SceneTests.find("contacts", in: searched)?.node["props"]?["rowCount"]?.intValue
    #expect((rowCount ?? 0) > 0 && (rowCount ?? 0) < 1000)
  }

  @Test("a swipe names a direction; one that is not a row's is refused")
  func swipeIsValidated() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call(
      "scene.open", ["component": "demo.Contacts", "params": ["count": 50]])
    let scene = opened["scene"]!
    #expect(throws: (any Error).self) {
      try client.call(
        "scene.event",
        [
          "scene": scene,
          "event": ["type": "swipe", "target": "contacts", "direction": "sideways"],
        ])
    }
    #expect(throws: (any Error).self) {
      try client.call(
        "scene.event",
        ["scene": scene, "event": ["type": "swipe", "target": "search", "direction": "left"]])
    }
  }

  @Test(
    "environment.overscan: a client asks for rows further beyond the bounds; too much is refused")
  func overscanWidensThePreparedRows() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let plain = try client.call(
      "scene.open", ["component": "demo.Contacts", "params": ["count": 10_000]])
    let wide = try client.call(
      "scene.open",
      [
        "component": "demo.Contacts", "params": ["count": 10_000],
        "environment": ["width": 390, "height": 844, "overscan": 2000],
      ])
    let plainCells = Self.nodes("cell", in: plain["root"]!)
    let wideCells = Self.nodes("cell", in: wide["root"]!)
    // Rows of 64 points from the content's top to 844 - 91 + 2000 below it: 43 or 44.
    #expect(wideCells.count > plainCells.count + 20)
    #expect(wideCells.count <= Int(((844 + 2000) / 64.0).rounded(.up)) + 1)
    #expect(throws: (any Error).self) {
      try client.call(
        "scene.open",
        [
          "component": "demo.Contacts",
          "environment": ["width": 390, "height": 844, "overscan": 5000],
        ])
    }
  }

  @Test(
    "demo.Favorites: a collection's cards on the wire as a justified flow, reused as it scrolls")
  func favoritesGridThroughTheSocket() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call(
      "scene.open", ["component": "demo.Favorites", "params": ["count": 10_000]])
    let scene = opened["scene"]!
    let root = try #require(opened["root"])
    let grid = try #require(SceneTests.find("favorites", in: root)?.node)
    #expect(grid["type"] == "collection")
    #expect(grid["props"]?["itemCount"] == 10_000)
    let cells = Self.nodes("cell", in: root)
    #expect(cells.count > 6 && cells.count < 40)
    // A flow layout justifies a full line between the section insets (Apple, "Using the
    // Flow Layout"): 358 points of line, three 110-point items, 14 between them.
    let xs = Set(cells.compactMap { $0["frame"]?["x"]?.doubleValue })
    #expect(xs == [16, 140, 264])
    let ys = Set(cells.compactMap { $0["frame"]?["y"]?.doubleValue }).sorted()
    #expect(Array(ys.prefix(2)) == [16, 162])
    try client.call(
      "scene.event",
      ["scene": scene, "event": ["type": "scroll", "target": "favorites", "x": 0, "y": 100_000]])
    let scrolled = try client.call("scene.layout", ["scene": scene])["root"]!
    let after = Self.nodes("cell", in: scrolled)
    #expect(after.allSatisfy { ($0["frame"]?["y"]?.doubleValue ?? 0) > 99_000 })
    let before = Set(cells.compactMap { $0["id"]?.stringValue })
    #expect(before.isSubset(of: Set(after.compactMap { $0["id"]?.stringValue })))
    let card = try #require(after.first?["key"]?.stringValue)
    let tapped = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "tap", "target": .string(card)]])
    #expect(tapped["handled"] == true)
  }

  @Test("a scroll moves reused rows in place: key, frame and update ops, no removals or inserts")
  func scrollMovesReusedRowsInPlace() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call(
      "scene.open", ["component": "demo.Contacts", "params": ["count": 100_000]])
    let scene = opened["scene"]!
    let watcher = try daemon.client()
    try watcher.call("scene.subscribe", ["scene": scene])
    var mirror = try ClientTree(
      root: try #require(opened["root"]), revision: Int(opened["revision"]?.intValue ?? 1))
    // From 5,000 points down the prepared rows above and below are full: from then on every
    // row that comes into view takes a cell that left.
    for step in 0...20 {
      try client.call(
        "scene.event",
        [
          "scene": scene,
          "event": [
            "type": "scroll", "target": "contacts", "x": 0, "y": .int(Int64(5000 + step * 320)),
          ],
        ])
      if step == 0 {
        try mirror.apply(changed: try watcher.notification()["params"]!)
        continue
      }
      let changed = try watcher.notification()["params"]!
      let kinds = Set((changed["ops"]?.arrayValue ?? []).compactMap { $0["op"]?.stringValue })
      // Rows leaving at the top come back at the bottom as the same nodes.
      #expect(!kinds.contains("insert") && !kinds.contains("remove"), "step \(step): \(kinds)")
      #expect(kinds.contains("key"))
      try mirror.apply(changed: changed)
    }
    // The client's tree, kept by the ops alone, is compd's.
    let layout = try client.call("scene.layout", ["scene": scene])["root"]!
    #expect(mirror.root == layout)
  }
}
