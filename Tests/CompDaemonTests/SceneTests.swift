import Foundation
import JSONRPC
import Testing

/// Scenes end to end: a real compd with the bundled plugins, driven through its socket as a
/// client would.
@Suite("Scenes over the socket", .serialized)
struct SceneTests {
  /// The node with `key` (or id) in `tree`, with its frame in root coordinates.
  static func find(_ target: String, in tree: JSON, origin: (Double, Double) = (0, 0))
    -> (node: JSON, x: Double, y: Double)?
  {
    let frame = tree["frame"]!
    let x = origin.0 + frame["x"]!.doubleValue!
    let y = origin.1 + frame["y"]!.doubleValue!
    if tree["key"]?.stringValue == target || tree["id"]?.stringValue == target {
      return (tree, x, y)
    }
    let offset = tree["props"]?["contentOffset"]
    let childOrigin = (x - (offset?["x"]?.doubleValue ?? 0), y - (offset?["y"]?.doubleValue ?? 0))
    for child in tree["children"]?.arrayValue ?? [] {
      if let found = find(target, in: child, origin: childOrigin) { return found }
    }
    return nil
  }

  static func absoluteFrame(_ target: String, in tree: JSON) -> [Double]? {
    guard let found = find(target, in: tree) else { return nil }
    let frame = found.node["frame"]!
    return [found.x, found.y, frame["width"]!.doubleValue!, frame["height"]!.doubleValue!]
  }

  static func errorName(_ error: JSON) -> String? { error["data"]?["name"]?.stringValue }

  @Test("Login: seed frames, typing, tap, scene.emitted; the password is sent and logged nowhere")
  func loginEndToEnd() throws {
    let daemon = try SceneDaemon(arguments: ["--log-level", "trace"])
    let driver = try daemon.client()
    let opened = try driver.call("scene.open", ["component": "demo.Login", "lifetime": "daemon"])
    let scene = opened["scene"]!
    let root = opened["root"]!
    #expect(opened["revision"] == 1)
    #expect(Self.absoluteFrame("username", in: root) == [16, 67, 358, 30])
    #expect(Self.absoluteFrame("password", in: root) == [16, 107, 358, 30])
    let button = try #require(Self.absoluteFrame("login", in: root))
    #expect(button[1] == 107 + 30 + 20 && button[3] == 40)
    #expect(Self.find("login", in: root)?.node["type"] == "button")
    #expect(Self.find("password", in: root)?.node["props"]?["secure"] == true)

    let watcher = try daemon.client()
    let subscribed = try watcher.call("scene.subscribe", ["scene": scene])
    var mirror = try ClientTree(
      root: subscribed["root"]!, revision: Int(subscribed["revision"]!.intValue!))

    let secret = "hunter2-Pa55"
    try driver.call(
      "scene.event",
      ["scene": scene, "event": ["type": "text", "target": "username", "text": "ann"]])
    let typed = try driver.call(
      "scene.event",
      ["scene": scene, "event": ["type": "text", "target": "password", "text": .string(secret)]])
    #expect(typed["handled"] == true)
    let tapped = try driver.call(
      "scene.event", ["scene": scene, "event": ["type": "tap", "target": "login"]])
    #expect(tapped["handled"] == true)

    var emitted: [JSON] = []
    while emitted.isEmpty {
      let message = try watcher.notification()
      switch message["method"]?.stringValue {
      case "scene.changed": try mirror.apply(changed: message["params"]!)
      case "scene.emitted": emitted.append(message["params"]!)
      default: Issue.record("unexpected \(message.serialized())")
      }
    }
    #expect(emitted.first?["name"] == "login")
    #expect(emitted.first?["payload"]?["username"] == "ann")
    let layout = try driver.call("scene.layout", ["scene": scene])
    #expect(mirror.revision == Int(layout["revision"]!.intValue!))
    #expect(mirror.root == layout["root"]!)
    #expect(
      Self.find("password", in: layout["root"]!)?.node["props"]?["textLength"]
        == .int(Int64(secret.count)))

    try watcher.drain()
    let everything = (driver.receivedText + watcher.receivedText).joined(separator: "\n")
    #expect(!everything.contains(secret))
    #expect(!daemon.log.contains(secret))
    #expect(everything.contains("ann"))
  }

  /// Clients served by the main thread (the default), and by I/O threads of their own that
  /// hand scene requests to the main actor.
  @Test(
    "random events on every bundled screen: snapshot + every scene.changed == scene.layout",
    arguments: [[], ["--io-threads", "2"]])
  func diffsReproduceTheLayout(arguments: [String]) throws {
    let daemon = try SceneDaemon(arguments: arguments)
    let client = try daemon.client()
    var generator = SeededGenerator(seed: 0x5EED_0001)
    var applied: [String: Int] = [:]
    for component in [
      "demo.Login", "demo.StackedForm", "demo.Settings", "demo.Destination", "demo.Gallery",
    ] {
      let opened = try client.call("scene.open", ["component": .string(component)])
      let scene = opened["scene"]!
      let watcher = try daemon.client()
      let snapshot = try watcher.call("scene.subscribe", ["scene": scene])
      var mirror = try ClientTree(
        root: snapshot["root"]!, revision: Int(snapshot["revision"]!.intValue!))
      var tree = opened["root"]!
      for step in 0..<100 {
        let event = Self.randomEvent(in: tree, using: &generator)
        let reply: JSON
        if step % 17 == 16 {
          let landscape = step % 34 == 16
          reply = try client.reply(
            "scene.resize",
            [
              "scene": scene,
              "environment": landscape
                ? ["width": 844, "height": 390] : ["width": 390, "height": 844, "style": "dark"],
            ])
        } else {
          reply = try client.reply("scene.event", ["scene": scene, "event": event])
        }
        if let error = reply["error"] {
          // Events a node cannot take now (a disabled control, a hidden field) are refused.
          #expect(
            error["code"] == -32602,
            "\(component) step \(step): \(event.serialized()) → \(error.serialized())")
        }
        let layout = try client.call("scene.layout", ["scene": scene])
        let revision = Int(layout["revision"]!.intValue!)
        while mirror.revision < revision {
          let message = try watcher.notification()
          if message["method"] == "scene.changed" { try mirror.apply(changed: message["params"]!) }
        }
        #expect(
          mirror.root == layout["root"]!, "\(component) after step \(step): \(event.serialized())")
        if mirror.root != layout["root"]! { return }
        tree = layout["root"]!
      }
      for (kind, count) in mirror.appliedOps { applied[kind, default: 0] += count }
      try client.call("scene.close", ["scene": scene])
    }
    // The sequences must have exercised every kind of op, or the property says little.
    for kind in ["insert", "remove", "update", "frame"] {
      #expect(applied[kind, default: 0] > 0, "no \(kind) op in any sequence: \(applied)")
    }
  }

  /// Every node of `tree` that is not hidden (nor inside a hidden one), in tree order.
  static func visibleNodes(in tree: JSON) -> [JSON] {
    var nodes: [JSON] = []
    func collect(_ node: JSON) {
      if node["props"]?["hidden"] == true { return }
      nodes.append(node)
      for child in node["children"]?.arrayValue ?? [] { collect(child) }
    }
    collect(tree)
    return nodes
  }

  /// An event a user could send to the tree: mostly on nodes that take input.
  static func randomEvent(in tree: JSON, using generator: inout SeededGenerator) -> JSON {
    let nodes = visibleNodes(in: tree)
    func pick(_ type: String) -> JSON? {
      nodes.filter { $0["type"]?.stringValue == type }.randomElement(using: &generator)
    }
    let words = ["a", "Lisbon", "", "Zürich 8001", "long text that wraps around more than once"]
    switch Int.random(in: 0..<10, using: &generator) {
    case 0, 1, 2:
      if let button = pick("button") { return ["type": "tap", "target": button["id"]!] }
    case 3, 4:
      if let field = pick("textField") {
        return [
          "type": "text", "target": field["id"]!,
          "text": .string(words.randomElement(using: &generator)!),
        ]
      }
    case 5:
      if let toggle = pick("switch") {
        return [
          "type": "toggle", "target": toggle["id"]!, "on": .bool(Bool.random(using: &generator)),
        ]
      }
    case 6:
      if let scroll = pick("scroll") {
        return [
          "type": "scroll", "target": scroll["id"]!, "x": 0,
          "y": .int(Int64.random(in: 0...600, using: &generator)),
        ]
      }
    case 7:
      return ["type": "keyboard", "height": .int([0, 0, 336].randomElement(using: &generator)!)]
    case 8:
      if let field = pick("textField") { return ["type": "submit", "target": field["id"]!] }
    default:
      break
    }
    if Bool.random(using: &generator) { return ["type": "back"] }
    return [
      "type": "touch", "x": .int(Int64.random(in: 0..<390, using: &generator)),
      "y": .int(Int64.random(in: 0..<844, using: &generator)),
    ]
  }

  @Test("a client driving the scene it watches gets each event's scene.changed before its reply")
  func changesArriveBeforeTheReply() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call("scene.open", ["component": "demo.Login"])
    let scene = opened["scene"]!
    _ = try client.call("scene.subscribe", ["scene": scene])
    var text = ""
    for round in 0..<20 {
      text += "x"
      let typed = try client.call(
        "scene.event",
        ["scene": scene, "event": ["type": "text", "target": "username", "text": .string(text)]])
      // Already read, in the same write as the reply or ahead of it.
      let changes = client.takeNotifications().filter { $0["method"] == "scene.changed" }
      #expect(changes.count == 1, "round \(round)")
      #expect(changes.last?["params"]?["revision"] == typed["revision"], "round \(round)")
      _ = try client.call(
        "scene.event", ["scene": scene, "event": ["type": "tap", "target": "login"]])
      let afterTap = client.takeNotifications().compactMap { $0["method"]?.stringValue }
      #expect(afterTap.contains("scene.emitted"), "round \(round): \(afterTap)")
    }
  }

  @Test("a dropped subscriber resumes with since and gets exactly the missed changes")
  func resumeReplaysMissedChanges() throws {
    let daemon = try SceneDaemon()
    let driver = try daemon.client()
    let scene = try driver.call("scene.open", ["component": "demo.Login"])["scene"]!
    var mirror: ClientTree
    do {
      let watcher = try daemon.client()
      let snapshot = try watcher.call("scene.subscribe", ["scene": scene])
      mirror = try ClientTree(
        root: snapshot["root"]!, revision: Int(snapshot["revision"]!.intValue!))
      try driver.call(
        "scene.event",
        ["scene": scene, "event": ["type": "text", "target": "username", "text": "a"]])
      try mirror.apply(changed: try watcher.notification()["params"]!)
    }  // the watcher's connection closes here
    for text in ["ad", "ada", "ada!"] {
      try driver.call(
        "scene.event",
        ["scene": scene, "event": ["type": "text", "target": "username", "text": .string(text)]])
    }
    try driver.call(
      "scene.event", ["scene": scene, "event": ["type": "focus", "target": "password"]])
    let layout = try driver.call("scene.layout", ["scene": scene])
    let current = Int(layout["revision"]!.intValue!)
    #expect(current == mirror.revision + 4)

    let again = try daemon.client()
    let resumed = try again.call(
      "scene.subscribe", ["scene": scene, "since": .int(Int64(mirror.revision))])
    #expect(resumed["root"] == nil)
    #expect(resumed["revision"] == .int(Int64(current)))
    while mirror.revision < current {
      let message = try again.notification()
      #expect(message["method"] == "scene.changed")
      try mirror.apply(changed: message["params"]!)
    }
    #expect(mirror.root == layout["root"]!)
    try again.drain()
    #expect(again.notifications.isEmpty, "exactly the missed changes, nothing more")

    // Up to date: neither a snapshot nor a replay.
    let upToDate = try again.call(
      "scene.subscribe", ["scene": scene, "since": .int(Int64(current))])
    #expect(upToDate["root"] == nil)
    let future = try again.failure(
      "scene.subscribe", ["scene": scene, "since": .int(Int64(current + 5))])
    #expect(future["code"] == -32602)
  }

  @Test("bad requests get their documented error and disturb nothing else")
  func errors() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call("scene.open", ["component": "demo.Login"])
    let scene = opened["scene"]!
    let label = Self.find("label", in: opened["root"]!)
    _ = label

    #expect(
      Self.errorName(try client.failure("scene.layout", ["scene": "s999"])) == "compd.NoSuchScene")
    #expect(
      Self.errorName(try client.failure("scene.open", ["component": "demo.Nope"]))
        == "compd.NoSuchComponent")
    let missing = try client.failure("scene.open", [:])
    #expect(missing["code"] == -32602 && missing["data"]?["field"] == "component")
    let badSize = try client.failure(
      "scene.open", ["component": "demo.Login", "environment": ["width": -5]])
    #expect(badSize["code"] == -32602 && badSize["data"]?["field"] == "environment.width")
    let badSafeArea = try client.failure(
      "scene.open",
      [
        "component": "demo.Login",
        "environment": ["height": 100, "safeArea": ["top": 80, "bottom": 40]],
      ])
    #expect(badSafeArea["data"]?["field"] == "environment.safeArea")
    let badParams = try client.failure(
      "scene.open", ["component": "demo.Login", "params": ["username": 5]])
    #expect(badParams["code"] == -32602)
    let noNode = try client.failure(
      "scene.event", ["scene": scene, "event": ["type": "tap", "target": "nowhere"]])
    #expect(Self.errorName(noNode) == "compd.NoSuchNode")
    // In the client's ids, not the scene host's key for the scene.
    #expect(noNode["data"]?["scene"] == scene)
    #expect(
      noNode["message"]?.stringValue
        == "scene \(scene.stringValue ?? "") has no node with id or key \"nowhere\"")
    let unknownType = try client.failure(
      "scene.event", ["scene": scene, "event": ["type": "swipe"]])
    #expect(unknownType["code"] == -32602)
    let noTarget = try client.failure(
      "scene.event", ["scene": scene, "event": ["type": "text", "text": "x"]])
    #expect(noTarget["data"]?["field"] == "event.target")
    // Typing into a stack view (not a text field) is an event the node cannot take.
    let stack = try #require(Self.firstNode(ofType: "stack", in: opened["root"]!))
    let wrongKind = try client.failure(
      "scene.event",
      ["scene": scene, "event": ["type": "text", "target": stack["id"]!, "text": "x"]])
    #expect(wrongKind["code"] == -32602)
    let toggleButton = try client.failure(
      "scene.event", ["scene": scene, "event": ["type": "toggle", "target": "login", "on": true]])
    #expect(toggleButton["code"] == -32602)
    #expect(
      try client.call("scene.layout", ["scene": scene])["revision"] == 1,
      "failed events change nothing")

    let watcher = try daemon.client()
    try watcher.call("scene.subscribe", ["scene": scene])
    try client.call("scene.close", ["scene": scene])
    let closed = try watcher.notification()
    #expect(closed["method"] == "scene.closed")
    #expect(closed["params"]?["reason"] == "closed")
    #expect(
      Self.errorName(
        try client.failure("scene.event", ["scene": scene, "event": ["type": "back"]]))
        == "compd.NoSuchScene")
    #expect(
      Self.errorName(try client.failure("scene.close", ["scene": scene])) == "compd.NoSuchScene")
    #expect(try client.call("daemon.info")["scenes"] == 0)
  }

  @Test("a component that throws while opening is ComponentFailed; the daemon serves on")
  func componentFailure() throws {
    let daemon = try SceneDaemon(fixtures: [.picky])
    let client = try daemon.client()
    let refused = try client.failure(
      "scene.open", ["component": "fixture.Picky", "params": ["refuse": true]])
    #expect(Self.errorName(refused) == "compd.ComponentFailed")
    #expect(refused["message"]?.stringValue?.contains("the fixture refuses") == true)
    #expect(try client.call("daemon.info")["scenes"] == 0)
    let opened = try client.call("scene.open", ["component": "fixture.Picky"])
    #expect(Self.find("picky", in: opened["root"]!) != nil)
    try client.call("scene.open", ["component": "demo.Login"])
    #expect(try client.call("daemon.info")["scenes"] == 2)
  }

  @Test("an event the component did not declare is dropped with a warning; declared ones arrive")
  func undeclaredEvents() throws {
    let daemon = try SceneDaemon(fixtures: [.picky])
    let client = try daemon.client()
    let scene = try client.call("scene.open", ["component": "fixture.Picky"])["scene"]!
    try client.call("scene.subscribe", ["scene": scene])
    try client.call("scene.event", ["scene": scene, "event": ["type": "tap", "target": "ping"]])
    try client.drain(seconds: 0.5)
    let emitted = client.takeNotifications().filter { $0["method"] == "scene.emitted" }
    #expect(emitted.count == 1)
    #expect(emitted.first?["params"]?["name"] == "pinged")
    #expect(emitted.first?["params"]?["payload"] == 1)
    #expect(daemon.log.contains("dropped an undeclared event"))
    #expect(daemon.log.contains("sneaky"))
  }

  static func firstNode(ofType type: String, in tree: JSON) -> JSON? {
    if tree["type"]?.stringValue == type { return tree }
    for child in tree["children"]?.arrayValue ?? [] {
      if let found = firstNode(ofType: type, in: child) { return found }
    }
    return nil
  }

  @Test("connection scenes outlive their client for the grace period; daemon scenes stay")
  func lifetimes() throws {
    let daemon = try SceneDaemon(arguments: ["--scene-grace", "2"])
    let observer = try daemon.client()
    var kept: JSON = .null
    var abandoned: JSON = .null
    var resumed: JSON = .null
    do {
      let client = try daemon.client()
      kept = try client.call("scene.open", ["component": "demo.Login", "lifetime": "daemon"])[
        "scene"]!
      abandoned = try client.call("scene.open", ["component": "demo.Login"])["scene"]!
      resumed = try client.call("scene.open", ["component": "demo.Login"])["scene"]!
    }
    #expect(try observer.call("daemon.info")["scenes"] == 3, "within the grace period")
    let returning = try daemon.client()
    try returning.call("scene.subscribe", ["scene": resumed])
    // The abandoned scene goes after its grace period (poll, with room for a slow machine).
    let deadline = Date().addingTimeInterval(30)
    var listed: [JSON] = []
    repeat {
      usleep(100_000)
      listed = try observer.call("scene.list")["scenes"]!.arrayValue!.map { $0["scene"]! }
    } while listed.contains(abandoned) && Date() < deadline
    #expect(listed.contains(kept))
    #expect(listed.contains(resumed))
    #expect(!listed.contains(abandoned))
  }

  @Test("scene caps per client and per user answer LimitExceeded")
  func limits() throws {
    let daemon = try SceneDaemon(arguments: ["--max-scenes-per-client", "2"])
    let client = try daemon.client()
    try client.call("scene.open", ["component": "demo.Login"])
    try client.call("scene.open", ["component": "demo.Login"])
    let third = try client.failure("scene.open", ["component": "demo.Login"])
    #expect(Self.errorName(third) == "compd.LimitExceeded")
    #expect(third["data"]?["scope"] == "client")
    let other = try daemon.client()
    try other.call("scene.open", ["component": "demo.Login"])
  }

  @Test("opens sent before any is answered count against the limits, and spread over the hosts")
  func pipelinedOpens() throws {
    let daemon = try SceneDaemon(arguments: ["--max-scenes-per-client", "4", "--scene-hosts", "2"])
    let client = try daemon.client()
    // All six are on their way before the first host answers: the broker must count the
    // ones in flight, or every one of them would pass the limit.
    for _ in 0..<6 { _ = try client.send("scene.open", ["component": "demo.Login"]) }
    // The refusals are answered at once, before the hosts answer the opens: any order.
    var replies: [JSON] = []
    while replies.count < 6 {
      let message = try client.notificationOrReply()
      if message["id"] != nil { replies.append(message) }
    }
    let opened = replies.compactMap { $0["result"]?["scene"] }
    let refused = replies.filter { $0["error"]?["data"]?["scope"] == "client" }
    #expect(opened.count == 4)
    #expect(refused.count == 2)
    let hosts = try client.call("daemon.info")["hosts"]?.arrayValue ?? []
    #expect(hosts.map { $0["scenes"] } == [2, 2])
  }

  @Test("resize: viewWillTransition, traits and a relayout reach the subscribers")
  func resize() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call("scene.open", ["component": "demo.Login"])
    let scene = opened["scene"]!
    var mirror = try ClientTree(root: opened["root"]!, revision: 1)
    try client.call("scene.subscribe", ["scene": scene, "since": 1])
    let resized = try client.call(
      "scene.resize",
      [
        "scene": scene,
        "environment": [
          "width": 844, "height": 390,
          "safeArea": ["top": 0, "left": 47, "bottom": 21, "right": 47],
        ],
      ])
    #expect(resized["revision"] == 2)
    try mirror.apply(changed: try client.notification()["params"]!)
    let layout = try client.call("scene.layout", ["scene": scene])
    #expect(mirror.root == layout["root"]!)
    // Landscape: the fields sit between the side insets, symmetrically.
    let field = try #require(Self.absoluteFrame("username", in: layout["root"]!))
    #expect(field[0] > 47 && field[2] > 358)
    #expect(field[0] + field[2] == 844 - field[0])
    let listed = try client.call("scene.list")["scenes"]!.arrayValue!.first!
    #expect(listed["environment"]?["width"] == 844)
  }

  @Test("a subscriber that stops reading is dropped; the others get every change in order")
  func slowSubscriberIsDropped() throws {
    let daemon = try SceneDaemon(arguments: ["--max-output-bytes", "65536"])
    let driver = try daemon.client()
    let scene = try driver.call("scene.open", ["component": "demo.Login", "lifetime": "daemon"])[
      "scene"]!
    let stalled = try daemon.client()
    try stalled.call("scene.subscribe", ["scene": scene])
    let reader = try daemon.client()
    let snapshot = try reader.call("scene.subscribe", ["scene": scene])
    var mirror = try ClientTree(root: snapshot["root"]!, revision: 1)
    let long = String(repeating: "x", count: 8000)
    for round in 0..<300 {
      try driver.call(
        "scene.event",
        [
          "scene": scene,
          "event": ["type": "text", "target": "username", "text": .string(long + String(round))],
        ])
      while let message = try? reader.notification(timeout: 0.0001) {
        try mirror.apply(changed: message["params"]!)
      }
    }
    let revision = Int(try driver.call("scene.layout", ["scene": scene])["revision"]!.intValue!)
    while mirror.revision < revision {
      try mirror.apply(changed: try reader.notification()["params"]!)
    }
    #expect(mirror.root == (try driver.call("scene.layout", ["scene": scene]))["root"]!)
    #expect(stalled.socket.isClosedByPeer(timeout: 10))
    #expect(daemon.log.contains("does not read"))
    #expect(try driver.call("scene.list")["scenes"]!.arrayValue!.first?["subscribers"] == 1)
  }
}
