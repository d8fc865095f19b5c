import Foundation
import JSONRPC
import Testing

@testable import CompDaemon

/// Who is charged when a scene host dies, and what a crash loop costs: a host that dies
/// between requests charges no component (another component's request waiting in it is
/// not evidence), restarts of a slot whose hosts keep dying back off, and a quarantined
/// component's scenes close in every host. Driven through the real daemon and socket with
/// the fault fixture plugin.
@Suite("Scene host blame and backoff", .serialized) struct HostBlameTests {
  @Test func restartsBackOffExponentiallyUpToTheLongestWait() {
    let delays = (0...9).map { SceneHostPool.backoffDelay(quickDeaths: $0) }
    #expect(
      delays == [
        .zero, .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(4),
        .seconds(8), .seconds(16), .seconds(30), .seconds(30),
      ])
    #expect(SceneHostPool.backoffDelay(quickDeaths: 1000) == .seconds(30))
  }

  @Test("a crash 100 ms after viewDidLoad: the busy neighbour is not charged; restarts back off")
  func delayedCrashBlamesNobodyInnocent() throws {
    let daemon = try SceneDaemon(
      arguments: ["--scene-hosts", "1", "--component-crash-limit", "2"], bundled: ["Login"],
      libraries: [PluginFixtureBuilder.faultPlugin()])
    let client = try daemon.client()
    let login = try client.call("scene.open", ["component": "demo.Login"])["scene"]!
    _ = try client.call(
      "scene.open", ["component": "faults.TrapSoonAfterLoad", "params": ["trapSoon": true]])
    // Login is busy the whole time: its requests are what the host has pending when the
    // timer's trap ends it.
    let started = Date()
    var typed = 0
    while Date().timeIntervalSince(started) < 8 {
      typed += 1
      let reply = try client.reply(
        "scene.event",
        [
          "scene": login,
          "event": ["type": "text", "target": "username", "text": .string("u\(typed)")],
        ],
        timeout: 40)  // while the slot backs off, the scene waits for its next host
      if let error = reply["error"] {
        // A request the dying host held fails; the scene itself lives on.
        #expect(error["data"]?["name"] == "compd.ComponentFailed", "\(error.serialized())")
      }
    }
    let deaths = daemon.log.components(separatedBy: "scene host ended").count - 1
    #expect(deaths >= 2, "the fixture did not crash its host: \(daemon.log.suffix(2000))")
    // 0.25 + 0.5 + 1 + 2 + 4 + 8 s of waits: a handful of deaths, not hundreds.
    let seconds = Date().timeIntervalSince(started)
    #expect(deaths <= 8, "\(deaths) host deaths in \(seconds) s")
    #expect(daemon.log.contains("no component is charged"))
    #expect(!daemon.log.contains("component quarantined"), "\(daemon.log.suffix(3000))")
    let components = try client.call("components.list")["components"]?.arrayValue ?? []
    let loginEntry = components.first { $0["name"] == "demo.Login" }
    #expect(loginEntry?["quarantined"] == nil, "\(loginEntry?.serialized() ?? "no entry")")
    #expect(try client.call("scene.layout", ["scene": login])["root"] != nil)
  }

  @Test("a quarantined component's scenes close in every host, not only the crashed one")
  func quarantineClosesEveryScene() throws {
    let daemon = try SceneDaemon(
      arguments: ["--scene-hosts", "2", "--component-crash-limit", "2"], bundled: ["Login"],
      libraries: [PluginFixtureBuilder.faultPlugin()])
    let client = try daemon.client()
    let watcher = try daemon.client()
    let first = try client.call("scene.open", ["component": "faults.TrapOnTap"])["scene"]!
    let second = try client.call("scene.open", ["component": "faults.TrapOnTap"])["scene"]!
    try watcher.call("scene.subscribe", ["scene": second])
    let hosts = Dictionary(
      uniqueKeysWithValues: (try client.call("scene.list")["scenes"]?.arrayValue ?? []).map {
        ($0["scene"]!.stringValue!, $0["host"]!.intValue!)
      })
    #expect(hosts[first.stringValue!] != hosts[second.stringValue!], "\(hosts)")
    // Two crashes with the tap request running: evidence, and the limit.
    for _ in 0..<2 {
      let failure = try client.failure(
        "scene.event", ["scene": first, "event": ["type": "tap", "target": "fault"]])
      #expect(failure["data"]?["name"] == "compd.ComponentFailed")
    }
    #expect(daemon.log.contains("component quarantined"))
    var notice: JSON?
    while notice == nil {
      let message = try watcher.notification()
      if message["method"] == "scene.closed" { notice = message }
    }
    #expect(notice?["params"]?["reason"] == "component-failed", "\(notice?.serialized() ?? "")")
  }
}
