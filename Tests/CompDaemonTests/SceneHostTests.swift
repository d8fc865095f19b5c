import Foundation
import JSONRPC
import Testing

@testable import CompdBroker
@testable import CompdProtocol
@testable import CompdSceneHost

/// Scene hosts: the host process and its protocol, and the broker's supervision of them
/// (a host killed or hung, a plugin file upgraded) driven through the real socket with
/// the bundled plugins.
@Suite("Scene hosts", .serialized)
struct SceneHostTests {
  /// A `compd --scene-host 3` child with its end of a socket pair, as the broker starts it.
  final class HostChild {
    let pid: pid_t
    /// JSON-RPC over the broker's end of the pair.
    let client: RPCTestClient

    init() throws {
      var fds: [Int32] = [-1, -1]
      guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else {
        throw TestFailure("socketpair failed")
      }
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_adddup2(&actions, fds[1], 3)
      posix_spawn_file_actions_addclose(&actions, fds[0])
      let arguments = [TestPaths.compd, "--scene-host", "3"]
      var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
      defer { for pointer in argv { free(pointer) } }
      var child: pid_t = 0
      guard posix_spawn(&child, TestPaths.compd, &actions, nil, &argv, environ) == 0 else {
        throw TestFailure("cannot start compd --scene-host")
      }
      close(fds[1])
      pid = child
      client = RPCTestClient(socket: SocketClient(descriptor: fds[0]), replyTimeout: 20)
    }

    /// Waits for the child to exit; its wait status.
    func waitForExit(seconds: Double = 10) throws -> Int32 {
      let deadline = Date().addingTimeInterval(seconds)
      var status: Int32 = 0
      while Date() < deadline {
        if waitpid(pid, &status, WNOHANG) == pid { return status }
        usleep(10_000)
      }
      kill(pid, SIGKILL)
      throw TestFailure("the host did not exit")
    }
  }

  /// The manifest vetting prints for a bundled plugin (`compd --scan-plugin`).
  static func manifest(of path: String) throws -> JSON {
    let output = try PluginFixtureBuilder.run([TestPaths.compd, "--scan-plugin", path])
    let line = try #require(output.split(separator: "\n").last { $0.hasPrefix("{") })
    return try JSONParser.parse(String(line))
  }

  /// A restorable state as a host sends it (a JSON object; `null` or absent: none), as text.
  static func stateText(_ state: JSON?) -> String? {
    guard let state, state != .null else { return nil }
    return state.serialized()
  }

  @Test(
    "the host protocol: load, open, event, resize, layout, state, flush, ping, close; EOF ends it"
  )
  func hostProtocol() throws {
    let directory = try PluginFixtureBuilder.temporaryDirectory("host-protocol")
    let path = try PluginFixtureBuilder.install(
      PluginFixtureBuilder.bundled("Login"), into: directory, as: "libLogin.so")
    let identity = try #require(PluginFileIdentity(path: path))
    let host = try HostChild()
    #expect(try host.client.call("host.ping") == [:])

    let load = HostLoadSet(
      plugins: [
        .init(identity: identity, manifest: try PluginManifest(json: Self.manifest(of: path)))
      ])
    let loaded = try host.client.call("host.load", load.json)
    #expect(loaded["failed"] == [])
    // A file that is not the one vetted is refused.
    var stale = load
    stale.plugins[0].identity.size += 1
    stale.plugins[0].identity.path = directory + "/other.so"
    let refused = try host.client.call("host.load", stale.json)
    #expect(refused["failed"]?.arrayValue?.count == 1)

    let opened = try host.client.call(
      "host.open",
      ["scene": "a", "component": "demo.Login", "environment": SceneEnvironment().json])
    let root = try #require(opened["root"])
    #expect(SceneTests.find("username", in: root) != nil)
    #expect(opened["state"]?.objectValue != nil)

    let typed = try host.client.call(
      "host.event", ["scene": "a", "event": ["type": "text", "target": "username", "text": "ada"]])
    #expect(typed["handled"] == true)
    let ops = try #require(typed["ops"]?.arrayValue)
    #expect(!ops.isEmpty)
    #expect(Self.stateText(typed["state"])?.contains("ada") == true)
    // The same text again changes nothing: no ops, no state.
    let again = try host.client.call(
      "host.event", ["scene": "a", "event": ["type": "text", "target": "username", "text": "ada"]])
    #expect(again["ops"] == [] && again["state"] == nil)

    let missing = try host.client.reply(
      "host.event", ["scene": "a", "event": ["type": "tap", "target": "nope"]])
    #expect(missing["error"]?["data"]?["name"] == "compd.NoSuchNode")
    let badParams = try host.client.reply(
      "host.open", ["scene": "b", "component": "demo.Login", "params": ["usrname": "x"]])
    #expect(badParams["error"]?["code"] == -32602)
    #expect(badParams["error"]?["data"]?["suggestion"] == "username")

    let resized = try host.client.call(
      "host.resize", ["scene": "a", "environment": ["width": 600, "height": 400]])
    #expect(resized["ops"]?.arrayValue?.isEmpty == false)
    let layout = try host.client.call("host.layout", ["scene": "a"])
    #expect(layout["root"]?["frame"]?["width"] == 600)
    let state = try host.client.call("host.state", ["scene": "a"])
    #expect(Self.stateText(state["state"])?.contains("ada") == true)

    // A restored scene comes back with its state.
    let restored = try host.client.call(
      "host.open",
      [
        "scene": "c", "component": "demo.Login", "environment": SceneEnvironment().json,
        "state": state["state"]!,
      ])
    #expect(
      SceneTests.find("username", in: restored["root"]!)?.node["props"]?["text"] == "ada")

    // A burst of changes within the state interval: a reply carries the state only when it
    // was encoded for it; what changed after that is encoded at the interval's end and
    // sent as a `host.state` notification, so the last state reported holds the last text.
    let texts = (1...20).map { "ada" + String(repeating: "!", count: $0) }
    for text in texts {
      _ = try host.client.send(
        "host.event",
        ["scene": "a", "event": ["type": "text", "target": "username", "text": .string(text)]])
    }
    var replies = 0
    var encodings = 0
    var latest: String?
    while replies < texts.count || latest?.contains(texts.last!) != true {
      let message = try host.client.notificationOrReply(timeout: 5)
      if message["method"] == "host.state" {
        #expect(message["params"]?["scene"] == "a")
        latest = Self.stateText(message["params"]?["state"])
        encodings += 1
      } else if let result = message["result"] {
        replies += 1
        if let state = Self.stateText(result["state"]) {
          latest = state
          encodings += 1
        }
      }
    }
    #expect(encodings < texts.count / 2, "\(encodings) encodings for \(texts.count) changes")
    // `host.flush` reports what is held back, before its answer.
    let last = try host.client.call(
      "host.event", ["scene": "a", "event": ["type": "text", "target": "username", "text": "z"]])
    let flushID = try host.client.send("host.flush")
    var flushed: String?
    while true {
      let message = try host.client.notificationOrReply(timeout: 5)
      if message["method"] == "host.state" { flushed = Self.stateText(message["params"]?["state"]) }
      if message["id"]?.intValue == Int64(flushID) { break }
    }
    let reported = Self.stateText(last["state"]) ?? flushed
    #expect(reported?.contains("\"z\"") == true, "\(reported ?? "nothing reported")")
    #expect(
      Self.stateText(try host.client.call("host.state", ["scene": "a"])["state"])?.contains("\"z\"")
        == true)

    #expect(try host.client.call("host.close", ["scene": "a"]) == [:])
    #expect(try host.client.reply("host.layout", ["scene": "a"])["error"] != nil)

    shutdown(host.client.socket.descriptor, Int32(SHUT_WR))
    let status = try host.waitForExit()
    #expect(status == 0)
  }

  @Test(
    "host.withdraw: the plugin's components leave the catalog; the scenes that made one are named"
  )
  func hostWithdraw() throws {
    let directory = try PluginFixtureBuilder.temporaryDirectory("host-withdraw")
    var plugins: [HostLoadSet.Plugin] = []
    for name in ["Login", "Gallery"] {
      let path = try PluginFixtureBuilder.install(
        PluginFixtureBuilder.bundled(name), into: directory, as: "lib\(name).so")
      plugins.append(
        .init(
          identity: try #require(PluginFileIdentity(path: path)),
          manifest: try PluginManifest(json: Self.manifest(of: path))))
    }
    let host = try HostChild()
    let load = HostLoadSet(plugins: plugins)
    #expect(try host.client.call("host.load", load.json)["failed"] == [])
    let environment = SceneEnvironment().json
    for (scene, component) in [
      ("login", "demo.Login"), ("plain", "demo.Gallery"), ("pushed", "demo.Gallery"),
    ] {
      try host.client.call(
        "host.open",
        ["scene": .string(scene), "component": .string(component), "environment": environment])
    }
    let tapped = try host.client.call(
      "host.event", ["scene": "pushed", "event": ["type": "tap", "target": "demo.Login"]])
    #expect(tapped["emitted"]?.arrayValue?.first?["name"] == "opened", "\(tapped.serialized())")

    let bad = try host.client.reply("host.withdraw", ["plugins": "demo.login"])
    #expect(bad["error"]?["code"] == -32602, "\(bad.serialized())")
    let badItem = try host.client.reply("host.withdraw", ["plugins": ["demo.login", 3]])
    #expect(badItem["error"]?["message"]?.stringValue?.contains("plugins[1]") == true)

    let withdrawn = try host.client.call("host.withdraw", ["plugins": ["demo.login", "nope"]])
    #expect(withdrawn == ["components": ["demo.Login"], "scenes": ["login", "pushed"]])
    // Nothing in this host makes the old code again: not a new scene, not a composition.
    let refused = try host.client.reply(
      "host.open", ["scene": "again", "component": "demo.Login", "environment": environment])
    #expect(refused["error"]?["data"]?["name"] == "compd.NoSuchComponent")
    let failed = try host.client.call(
      "host.event", ["scene": "plain", "event": ["type": "tap", "target": "demo.Login"]])
    #expect(failed["emitted"]?.arrayValue?.first?["name"] == "openFailed", "\(failed.serialized())")
    // The scenes that made it live on until the broker moves them; a new build of the
    // plugin is not loaded here.
    #expect(try host.client.call("host.layout", ["scene": "login"])["root"] != nil)
    var rebuilt = load
    rebuilt.plugins[0].identity.path = try PluginFixtureBuilder.install(
      PluginFixtureBuilder.bundled("Login"), into: directory, as: "libLoginAgain.so")
    rebuilt.plugins[0].identity = try #require(
      PluginFileIdentity(path: rebuilt.plugins[0].identity.path))
    let reload = try host.client.call("host.load", ["plugins": rebuilt.json["plugins"]!])
    #expect(
      reload["failed"]?.arrayValue?.first?["error"]?.stringValue?.contains("withdrawn") == true,
      "\(reload.serialized())")
    // Withdrawing again names the scenes that still run it, and withdraws nothing more.
    #expect(
      try host.client.call("host.withdraw", ["plugins": ["demo.login"]])
        == ["components": [], "scenes": ["login", "pushed"]])

    shutdown(host.client.socket.descriptor, Int32(SHUT_WR))
    #expect(try host.waitForExit() == 0)
  }

  @Test("a host's share: a plugin and the plugins its components compose, transitively")
  func isolatedShare() throws {
    func plugin(_ name: String, _ components: [String: [String]]) throws -> HostLoadSet.Plugin {
      let entries: [JSON] = components.keys.sorted().map { component in
        [
          "name": .string(component), "version": "1", "kind": "viewController", "summary": "",
          "params": ["type": "object"], "events": [],
          "requires": .array(components[component]!.map(JSON.string)),
        ]
      }
      let manifest = try PluginManifest(
        json: ["stamp": "s", "name": .string(name), "version": "1", "components": .array(entries)])
      return .init(
        identity: .init(path: "/p/\(name).so", size: 1, modificationNanoseconds: 1, inode: 1),
        manifest: manifest)
    }
    let set = HostLoadSet(
      plugins: [
        try plugin("a", ["a.A": ["b.B"], "a.Alone": []]), try plugin("b", ["b.B": ["c.C"]]),
        try plugin("c", ["c.C": ["a.Alone"]]), try plugin("d", ["d.D": []]),
      ],
      screens: [.init(path: "/p/s.screen.json", name: "s.S", requires: ["a.A"], text: "{}")])
    #expect(set.serving("a").names == ["a", "b", "c"])
    #expect(set.serving("c").names == ["a", "b", "c"])
    #expect(set.serving("d").names == ["d"])
    #expect(set.serving("s.S").names == ["a", "b", "c", "s.S"])
    #expect(set.serving("nothing").isEmpty)
    // A new version of c makes stale what loaded c, and nothing else.
    var newer = set
    newer.plugins[2].identity.size = 2
    #expect(set.serving("a").isStale(comparedTo: newer))
    #expect(set.serving("s.S").isStale(comparedTo: newer))
    #expect(!set.serving("d").isStale(comparedTo: newer))
    #expect(
      set.serving("a").additions(in: newer.serving("a")).plugins.map(\.manifest.name) == ["c"])
  }

  /// Hosts as `daemon.info` lists them.
  static func hosts(_ client: RPCTestClient) throws -> [JSON] {
    try #require(client.call("daemon.info")["hosts"]?.arrayValue)
  }

  /// The pid of the host holding `scene` (from `scene.list`).
  static func host(of scene: JSON, _ client: RPCTestClient) throws -> Int32 {
    let entry = try #require(
      client.call("scene.list")["scenes"]?.arrayValue?.first { $0["scene"] == scene })
    return Int32(try #require(entry["host"]?.intValue))
  }

  /// The pid of the host holding `scene`, or `nil` while it has none (being restored).
  static func placedHost(of scene: JSON, _ client: RPCTestClient) -> Int32? {
    let scenes = (try? client.call("scene.list"))?["scenes"]?.arrayValue ?? []
    return scenes.first { $0["scene"] == scene }?["host"]?.intValue.map { Int32($0) }
  }

  /// Stops `pid` with SIGSTOP and waits until the kernel shows it stopped.
  static func stop(_ pid: Int32) throws {
    kill(pid, SIGSTOP)
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline {
      let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
      if let close = stat.lastIndex(of: ")"),
        stat[stat.index(after: close)...].split(separator: " ").first == "T"
      {
        return
      }
      usleep(1_000)
    }
    throw TestFailure("host \(pid) did not stop")
  }

  /// Applies every notification for `scene` in order to `tree`; returns the resets' params.
  static func apply(_ notifications: [JSON], scene: JSON, to tree: inout ClientTree) throws
    -> [JSON]
  {
    var resets: [JSON] = []
    for message in notifications where message["params"]?["scene"] == scene {
      try tree.apply(notification: message)
      if message["method"] == "scene.reset" { resets.append(message["params"]!) }
    }
    return resets
  }

  /// Waits until `client` has a `scene.reset` or `scene.closed` for `scene`.
  static func waitForNotification(
    _ method: String, scene: JSON, _ client: RPCTestClient, seconds: Double = 15
  ) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      try client.drain(seconds: 0.05)
      if client.notifications.contains(where: {
        $0["method"]?.stringValue == method && $0["params"]?["scene"] == scene
      }) {
        return
      }
    }
    throw TestFailure("no \(method) for \(scene) within \(seconds) s")
  }

  @Test("a killed host: the running request fails ComponentFailed, subscribers get scene.reset")
  func killedHost() throws {
    let daemon = try SceneDaemon(arguments: ["--scene-hosts", "2"])
    let driver = try daemon.client()
    let watcher = try daemon.client()
    let hosts = try Self.hosts(driver)
    #expect(hosts.count == 2)
    #expect(hosts.allSatisfy { $0["state"] == "running" && $0["isolation"] == "shared" })
    // Scenes go to the least loaded host: two scenes, one per host.
    let first = try driver.call("scene.open", ["component": "demo.Login", "lifetime": "daemon"])
    let second = try driver.call("scene.open", ["component": "demo.Login", "lifetime": "daemon"])
    let scene = first["scene"]!
    let pid = try Self.host(of: scene, driver)
    #expect(pid != (try Self.host(of: second["scene"]!, driver)))

    try driver.call(
      "scene.event",
      ["scene": scene, "event": ["type": "text", "target": "username", "text": "ann"]])
    let subscribed = try watcher.call("scene.subscribe", ["scene": scene])
    var tree = try ClientTree(
      root: subscribed["root"]!, revision: Int(subscribed["revision"]!.intValue!))

    // Stop the host, queue an event behind it, kill it: that event was running.
    try Self.stop(pid)
    let pending = try driver.send(
      "scene.event",
      ["scene": scene, "event": ["type": "text", "target": "password", "text": "secret"]])
    // Broker-only, and answered after the event was handed to the host (one connection's
    // requests start on the broker's main actor in order).
    try driver.call("scene.list")
    kill(pid, SIGKILL)
    let failed = try driver.awaitReply(to: pending)
    let error = try #require(failed["error"])
    #expect(error["data"]?["name"] == "compd.ComponentFailed")
    #expect(error["data"]?["reason"] == "crashed")
    #expect(error["data"]?["signal"] == "SIGKILL")
    #expect(error["data"]?["component"] == "demo.Login")
    #expect(error["data"]?["scene"] == scene)

    try Self.waitForNotification("scene.reset", scene: scene, watcher)
    let resets = try Self.apply(watcher.takeNotifications(), scene: scene, to: &tree)
    #expect(resets.count == 1)
    #expect(resets.first?["reason"] == "crashed")
    #expect(resets.first?["detail"]?.stringValue?.contains("signal 9") == true)
    // The restored scene kept what was typed before the crash, and is in another host.
    #expect(SceneTests.find("username", in: tree.root)?.node["props"]?["text"] == "ann")
    let layout = try driver.call("scene.layout", ["scene": scene])
    #expect(layout["revision"]?.intValue == Int64(tree.revision))
    #expect(layout["root"] == tree.root)
    #expect(try Self.host(of: scene, driver) != pid)

    // It serves on: changes after the reset apply on top of it.
    try driver.call(
      "scene.event",
      ["scene": scene, "event": ["type": "text", "target": "username", "text": "bea"]])
    try watcher.drain(seconds: 0.3)
    _ = try Self.apply(watcher.takeNotifications(), scene: scene, to: &tree)
    #expect(try driver.call("scene.layout", ["scene": scene])["root"] == tree.root)
    // The replacement host is counted, and the other host's scene was untouched.
    let after = try Self.hosts(driver)
    #expect(after.count == 2)
    #expect(after.contains { $0["restarts"] == 1 })
    #expect(try driver.call("scene.layout", ["scene": second["scene"]!])["revision"] == 1)
  }

  @Test("a hung host is killed after host-hang-timeout and its scenes restored (reason hung)")
  func hungHost() throws {
    let daemon = try SceneDaemon(arguments: [
      "--scene-hosts", "1", "--host-hang-timeout", "1", "--host-ping-interval", "0.2",
    ])
    let driver = try daemon.client()
    let watcher = try daemon.client()
    let scene = try driver.call("scene.open", ["component": "demo.Login", "lifetime": "daemon"])[
      "scene"]!
    let subscribed = try watcher.call("scene.subscribe", ["scene": scene])
    var tree = try ClientTree(
      root: subscribed["root"]!, revision: Int(subscribed["revision"]!.intValue!))
    let pid = try Self.host(of: scene, driver)
    try Self.stop(pid)
    let started = Date()
    let pending = try driver.send(
      "scene.event",
      ["scene": scene, "event": ["type": "text", "target": "username", "text": "x"]])
    // The broker itself answers meanwhile.
    #expect(try driver.reply("daemon.ping")["result"] == [:])
    let failed = try driver.awaitReply(to: pending, timeout: 20)
    let elapsed = Date().timeIntervalSince(started)
    #expect(
      failed["error"]?["data"]?["reason"] == "hung",
      "\(failed.serialized()) pid \(pid) \(daemon.log.split(separator: "\n").filter { !$0.contains("loaded plugin") }.joined(separator: " | "))"
    )
    // Killed once the last answered ping (at most one interval before the stop) is older
    // than the timeout.
    #expect(elapsed >= 0.75 && elapsed < 6, "\(elapsed) s")
    try Self.waitForNotification("scene.reset", scene: scene, watcher)
    let resets = try Self.apply(watcher.takeNotifications(), scene: scene, to: &tree)
    #expect(resets.first?["reason"] == "hung")
    #expect(try driver.call("scene.layout", ["scene": scene])["root"] == tree.root)
  }

  @Test("a host killed while a component's request waits in it charges nobody: no quarantine")
  func killWithoutEvidenceChargesNobody() throws {
    let daemon = try SceneDaemon(arguments: [
      "--scene-hosts", "1", "--component-crash-limit", "2",
    ])
    let driver = try daemon.client()
    let watcher = try daemon.client()
    let scene = try driver.call("scene.open", ["component": "demo.Login", "lifetime": "daemon"])[
      "scene"]!
    try watcher.call("scene.subscribe", ["scene": scene])
    // Three times: the request is in the host, not running (the host is stopped), and the
    // host is killed from outside. That Login's request was waiting is no evidence that
    // Login's code killed it (HostBlameTests and HostFaultTests show the charged cases).
    for _ in 1...3 {
      // The restored scene's host is listed once it is placed (the reset may come first).
      let deadline = Date().addingTimeInterval(10)
      var placed = Self.placedHost(of: scene, driver)
      while placed == nil, Date() < deadline {
        Thread.sleep(forTimeInterval: 0.05)
        placed = Self.placedHost(of: scene, driver)
      }
      let pid = try #require(placed, "the scene was not placed in a host again")
      try Self.stop(pid)
      let pending = try driver.send(
        "scene.event", ["scene": scene, "event": ["type": "tap", "target": "login"]])
      try driver.call("scene.list")  // answered after the event was handed to the host
      kill(pid, SIGKILL)
      let failed = try driver.awaitReply(to: pending, timeout: 30)
      #expect(failed["error"]?["data"]?["reason"] == "crashed", "\(failed.serialized())")
      try Self.waitForNotification("scene.reset", scene: scene, watcher, seconds: 30)
    }
    #expect(!daemon.log.contains("component quarantined"))
    let listed = try #require(
      driver.call("components.list")["components"]?.arrayValue?.first {
        $0["name"] == "demo.Login"
      })
    #expect(listed["quarantined"] == nil, "\(listed.serialized())")
    #expect(try driver.call("scene.layout", ["scene": scene])["root"] != nil)
  }

  @Test("a changed plugin file: scenes move to new hosts with scene.reset (upgraded), nothing lost")
  func upgrade() throws {
    let daemon = try SceneDaemon(arguments: ["--scene-hosts", "2"])
    let driver = try daemon.client()
    let watcher = try daemon.client()
    let scene = try driver.call("scene.open", ["component": "demo.Login", "lifetime": "daemon"])[
      "scene"]!
    try driver.call(
      "scene.event",
      ["scene": scene, "event": ["type": "text", "target": "username", "text": "kept"]])
    let subscribed = try watcher.call("scene.subscribe", ["scene": scene])
    var tree = try ClientTree(
      root: subscribed["root"]!, revision: Int(subscribed["revision"]!.intValue!))
    let before = Set(try Self.hosts(driver).compactMap { $0["pid"]?.intValue })

    try PluginFixtureBuilder.install(
      PluginFixtureBuilder.bundled("Login"), into: daemon.pluginDirectory, as: "libLogin.so")
    let plugins = try driver.call("plugins.rescan")["plugins"]?.arrayValue ?? []
    #expect(plugins.allSatisfy { $0["restartRequired"] == nil && $0["state"] == "loaded" })
    try Self.waitForNotification("scene.reset", scene: scene, watcher)
    let resets = try Self.apply(watcher.takeNotifications(), scene: scene, to: &tree)
    #expect(resets.first?["reason"] == "upgraded")
    #expect(SceneTests.find("username", in: tree.root)?.node["props"]?["text"] == "kept")
    #expect(try driver.call("scene.layout", ["scene": scene])["root"] == tree.root)
    // New hosts serve; the old ones are gone.
    let deadline = Date().addingTimeInterval(10)
    var after = Set<Int64>()
    while Date() < deadline {
      after = Set(try Self.hosts(driver).compactMap { $0["pid"]?.intValue })
      if after.isDisjoint(with: before) && after.count == 2 { break }
      usleep(50_000)
    }
    #expect(after.isDisjoint(with: before) && after.count == 2)
    #expect(!before.contains(Int64(try Self.host(of: scene, driver))))
  }
}

extension SceneHostTests {
  /// The file names of the libraries in `directory` that the process `pid` has mapped, as
  /// the kernel shows them (`/proc/PID/maps`).
  static func mappedPlugins(_ pid: Int32, from directory: String) throws -> Set<String> {
    // Read to the end by hand: procfs files report no size.
    let fd = open("/proc/\(pid)/maps", O_RDONLY)
    guard fd >= 0 else { throw TestFailure("cannot read /proc/\(pid)/maps") }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while case let count = read(fd, &buffer, buffer.count), count > 0 {
      bytes += buffer[..<count]
    }
    let prefix = directory + "/"
    return Set(
      String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
        guard let start = line.range(of: prefix) else { return nil }
        return String(line[start.upperBound...])
      })
  }

  @Test("isolation: a screen's host loads the plugins it composes; their new build moves it too")
  func isolatedScreenComposesAnotherPlugin() throws {
    let daemon = try SceneDaemon(
      arguments: ["--scene-host-isolation", "plugin"], bundled: ["Login", "StackedForms"])
    let driver = try daemon.client()
    let watcher = try daemon.client()
    try #"""
    {"component": "demo.SignIn", "version": "1.0.0", "summary": "Login in a stack",
     "root": {"container": "stack", "children": [{"component": "demo.Login"}]}}
    """#.write(
      toFile: "\(daemon.pluginDirectory)/signin.screen.json", atomically: true, encoding: .utf8)
    try driver.call("plugins.rescan")
    var scenes: [String: JSON] = [:]
    for (name, params) in [
      ("demo.SignIn", JSON.null), ("demo.Login", .null), ("demo.StackedForm", ["rows": 1]),
    ] {
      var request: JSONObject = ["component": .string(name), "lifetime": "daemon"]
      if params != .null { request["params"] = params }
      scenes[name] = try driver.call("scene.open", .object(request))["scene"]!
      try watcher.call("scene.subscribe", ["scene": scenes[name]!])
    }
    let components = try #require(driver.call("components.list")["components"]?.arrayValue)
    func plugin(of name: String) -> JSON? {
      components.first { $0["name"] == .string(name) }?["plugin"]
    }
    let loginPlugin = try #require(plugin(of: "demo.Login"))
    let formsPlugin = try #require(plugin(of: "demo.StackedForm"))
    var pids: [String: Int32] = [:]
    for (name, scene) in scenes { pids[name] = try Self.host(of: scene, driver) }
    #expect(Set(pids.values).count == 3, "a host per plugin: \(pids)")
    let hosts = try Self.hosts(driver)
    func entry(_ pid: Int32?) -> JSON? {
      hosts.first { $0["pid"]?.intValue == pid.map(Int64.init) }
    }
    #expect(entry(pids["demo.SignIn"])?["plugins"] == [loginPlugin, "demo.SignIn"])
    #expect(entry(pids["demo.Login"])?["plugins"] == [loginPlugin])
    #expect(entry(pids["demo.StackedForm"])?["plugins"] == [formsPlugin])
    let directory = daemon.pluginDirectory
    #expect(try Self.mappedPlugins(pids["demo.SignIn"]!, from: directory) == ["libLogin.so"])
    #expect(try Self.mappedPlugins(pids["demo.Login"]!, from: directory) == ["libLogin.so"])
    #expect(
      try Self.mappedPlugins(pids["demo.StackedForm"]!, from: directory) == ["libStackedForms.so"])

    // A new build of Login moves the scenes of both hosts that loaded it; the form's stays.
    try PluginFixtureBuilder.install(
      PluginFixtureBuilder.bundled("Login"), into: directory, as: "libLogin.so")
    try driver.call("plugins.rescan")
    for name in ["demo.SignIn", "demo.Login"] {
      try Self.waitForNotification("scene.reset", scene: scenes[name]!, watcher)
      #expect(try Self.host(of: scenes[name]!, driver) != pids[name], "\(name) moved")
    }
    try watcher.drain(seconds: 0.3)
    let formNotices = watcher.takeNotifications().filter {
      $0["params"]?["scene"] == scenes["demo.StackedForm"]
    }
    #expect(
      !formNotices.contains { $0["method"] == "scene.reset" || $0["method"] == "scene.closed" },
      "\(formNotices)")
    #expect(try Self.host(of: scenes["demo.StackedForm"]!, driver) == pids["demo.StackedForm"])
    #expect(
      try driver.call("scene.layout", ["scene": scenes["demo.StackedForm"]!])["revision"] == 1)
    // Isolated hosts are replaced, never kept with code withdrawn as shared ones are.
    let after = try Self.hosts(driver)
    #expect(after.allSatisfy { $0["withdrawn"] == [] }, "\(after)")
    let oldLogin = after.first { $0["pid"]?.intValue == pids["demo.Login"].map(Int64.init) }
    #expect(oldLogin == nil || oldLogin?["state"] == "retiring", "\(after)")
  }

  @Test("scene-host-isolation = plugin: each plugin's scenes in hosts of their own")
  func isolation() throws {
    let daemon = try SceneDaemon(arguments: ["--scene-host-isolation", "plugin"])
    let driver = try daemon.client()
    #expect(try Self.hosts(driver).isEmpty)  // started with a plugin's first scene
    let login = try driver.call("scene.open", ["component": "demo.Login", "lifetime": "daemon"])[
      "scene"]!
    let secondLogin = try driver.call(
      "scene.open", ["component": "demo.Login", "lifetime": "daemon"])["scene"]!
    let form = try driver.call(
      "scene.open", ["component": "demo.StackedForm", "params": ["rows": 2], "lifetime": "daemon"])[
        "scene"]!
    let loginHost = try Self.host(of: login, driver)
    #expect(try Self.host(of: secondLogin, driver) == loginHost)
    #expect(try Self.host(of: form, driver) != loginHost)
    let hosts = try Self.hosts(driver)
    let plugins = try #require(driver.call("components.list")["components"]?.arrayValue)
    let loginPlugin = plugins.first { $0["name"] == "demo.Login" }?["plugin"]
    #expect(
      hosts.first { $0["pid"]?.intValue == Int64(loginHost) }?["isolation"] == loginPlugin)
    #expect(hosts.first { $0["pid"]?.intValue == Int64(loginHost) }?["scenes"] == 2)

    // A crash in the Login plugin's host leaves the form's host alone.
    let formHost = try Self.host(of: form, driver)
    kill(loginHost, SIGKILL)
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, Self.placedHost(of: login, driver) ?? loginHost == loginHost {
      usleep(50_000)
    }
    #expect(try Self.host(of: login, driver) != loginHost)
    #expect(try Self.host(of: form, driver) == formHost)
    #expect(try driver.call("scene.layout", ["scene": form])["revision"] == 1)
  }
}

extension SceneHostTests {
  /// Types `count` texts into `scene`'s `username` as one pipelined burst (well within a
  /// host's state interval) and returns the last, once every event was answered.
  static func typeBurst(
    _ client: RPCTestClient, into scene: JSON, prefix: String, count: Int = 20
  ) throws -> String {
    let texts = (1...count).map { "\(prefix)\($0)" }
    let ids = try texts.map { text in
      try client.send(
        "scene.event",
        ["scene": scene, "event": ["type": "text", "target": "username", "text": .string(text)]])
    }
    for id in ids { #expect(try client.awaitReply(to: id)["result"] != nil) }
    return texts.last!
  }

  /// The `username` text of `scene` as `scene.layout` shows it.
  static func username(of scene: JSON, _ client: RPCTestClient) throws -> JSON? {
    let root = try client.call("scene.layout", ["scene": scene])["root"]!
    return SceneTests.find("username", in: root)?.node["props"]?["text"]
  }

  @Test(
    "a burst's last state is never held back for good: a host killed after the state interval, an upgrade and a SIGTERM right after it"
  )
  func burstState() throws {
    let daemon = try SceneDaemon(arguments: ["--scene-hosts", "1"])
    let driver = try daemon.client()
    let watcher = try daemon.client()
    let scene = try driver.call("scene.open", ["component": "demo.Login", "lifetime": "daemon"])[
      "scene"]!
    try watcher.call("scene.subscribe", ["scene": scene])

    // Killed once the interval is over: its end's encoding reached the broker.
    var typed = try Self.typeBurst(driver, into: scene, prefix: "kill")
    usleep(UInt32((HostedScene.stateInterval + .milliseconds(250)) / .microseconds(1)))
    kill(try Self.host(of: scene, driver), SIGKILL)
    try Self.waitForNotification("scene.reset", scene: scene, watcher)
    _ = watcher.takeNotifications()
    #expect(try Self.username(of: scene, driver) == .string(typed))

    // An upgrade right after a burst asks the old host for the state.
    typed = try Self.typeBurst(driver, into: scene, prefix: "upgrade")
    try PluginFixtureBuilder.install(
      PluginFixtureBuilder.bundled("Login"), into: daemon.pluginDirectory, as: "libLogin.so")
    try driver.call("plugins.rescan")
    try Self.waitForNotification("scene.reset", scene: scene, watcher)
    #expect(try Self.username(of: scene, driver) == .string(typed))

    // SIGTERM right after a burst: the hosts report what they hold back before the last save.
    typed = try Self.typeBurst(driver, into: scene, prefix: "term")
    try daemon.daemon.stop(signal: SIGTERM)
    let restarted = try daemon.restarted(arguments: ["--scene-hosts", "1"])
    #expect(try Self.username(of: scene, restarted.client()) == .string(typed))
  }
}
