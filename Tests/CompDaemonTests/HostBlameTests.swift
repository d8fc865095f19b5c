import Foundation
import JSONRPC
import Testing

@testable import CompdBroker

/// Who is charged when a scene host dies, and what a crash loop costs: a host that dies
/// between requests charges no component (another component's request waiting in it is
/// not evidence) but has its components isolated until the one at fault dies alone
/// (`CrashSuspects`), restarts of a slot whose hosts keep dying back off, and a quarantined
/// component's scenes close in every host. Driven through the real daemon and socket with
/// the fault fixture plugin.
@Suite("Scene host blame and backoff", .serialized) struct HostBlameTests {
  @Test func restartsBackOffExponentiallyUpToTheLongestWait() {
    let delays = (0...9).map { SceneHostPool.backoffDelay(quickDeaths: $0) }
    #expect(
      delays == [
        .zero, .zero, .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2),
        .seconds(4), .seconds(8), .seconds(16), .seconds(30),
      ])
    #expect(SceneHostPool.backoffDelay(quickDeaths: 1000) == .seconds(30))
  }

  @Test(
    "a crash 100 ms after viewDidLoad, between requests: isolation finds the component; the busy neighbour is never charged"
  )
  func delayedCrashIsFoundByIsolation() throws {
    let daemon = try SceneDaemon(
      arguments: ["--scene-hosts", "1", "--component-crash-limit", "2"], bundled: ["Login"],
      libraries: [PluginFixtureBuilder.faultPlugin()])
    let client = try daemon.client()
    let watcher = try daemon.client()
    let login = try client.call("scene.open", ["component": "demo.Login"])["scene"]!
    let trap = try client.call(
      "scene.open", ["component": "faults.TrapSoonAfterLoad", "params": ["trapSoon": true]]
    )["scene"]!
    try watcher.call("scene.subscribe", ["scene": trap])
    // Login is busy the whole time: its requests are what the shared host has pending when
    // the timer's trap ends it.
    let started = Date()
    var typed = 0
    while Date().timeIntervalSince(started) < 20, !daemon.log.contains("component quarantined") {
      typed += 1
      let reply = try client.reply(
        "scene.event",
        [
          "scene": login,
          "event": ["type": "text", "target": "username", "text": .string("u\(typed)")],
        ],
        timeout: 40)  // while a slot backs off, the scene waits for its next host
      if let error = reply["error"] {
        // A request the dying host held fails; the scene itself lives on.
        #expect(error["data"]?["name"] == "compd.ComponentFailed", "\(error.serialized())")
      }
    }
    let log = daemon.log
    #expect(
      log.contains("its components are isolated in hosts of their own"),
      "\(log.suffix(3000))")
    #expect(log.contains("component quarantined component=faults.TrapSoonAfterLoad"))
    // The shared host's death charged nobody; each death of the trap's own host charged it.
    #expect(!log.contains("component crashed its scene host component=demo.Login"))
    let charges =
      log.components(
        separatedBy: "component crashed its scene host component=faults.TrapSoonAfterLoad"
      ).count - 1
    #expect(charges == 2, "\(charges) charges")
    // The trap's message came from a timer, between requests: it names the host only, not
    // the scene that was served last.
    for entry in log.split(separator: "\n") where entry.contains("trapped 100 ms after") {
      #expect(!entry.contains("component=") && !entry.contains("scene="), "\(entry)")
    }
    let deaths = log.components(separatedBy: "scene host ended").count - 1
    #expect(deaths >= 3 && deaths <= 4, "\(deaths) host deaths")
    // The trap's scene closed for its subscriber.
    var notice: JSON?
    while notice == nil {
      let message = try watcher.notification(timeout: 20)
      if message["method"] == "scene.closed" { notice = message }
    }
    #expect(notice?["params"]?["reason"] == "component-failed", "\(notice?.serialized() ?? "")")
    let components = try client.call("components.list")["components"]?.arrayValue ?? []
    let trapEntry = components.first { $0["name"] == "faults.TrapSoonAfterLoad" }
    #expect(trapEntry?["quarantined"]?.stringValue?.contains("2 times") == true)
    let loginEntry = components.first { $0["name"] == "demo.Login" }
    #expect(loginEntry?["quarantined"] == nil, "\(loginEntry?.serialized() ?? "no entry")")
    // The innocent's scene kept its id, lives in a host of its own, and is served.
    let listed = try client.call("scene.list")["scenes"]?.arrayValue ?? []
    #expect(listed.map { $0["scene"] } == [login], "\(listed)")
    let hosts = try client.call("daemon.info")["hosts"]?.arrayValue ?? []
    let own = hosts.first { $0["suspect"] == "demo.Login" }
    #expect(own != nil && own?["pid"] == listed.first?["host"], "\(hosts)")
    for index in 0..<5 {
      let result = try client.call(
        "scene.event",
        [
          "scene": login,
          "event": ["type": "text", "target": "username", "text": .string("after\(index)")],
        ])
      #expect(result["error"] == nil)
    }
    let layout = try client.call("scene.layout", ["scene": login])
    #expect(layout.serialized().contains("after4"), "\(layout.serialized().prefix(300))")
    // New scenes of the suspect go to its host too; the shared host holds none of them.
    let second = try client.call("scene.open", ["component": "demo.Login"])["scene"]!
    let placed = try client.call("scene.list")["scenes"]?.arrayValue?.first {
      $0["scene"] == second
    }
    #expect(placed?["host"] == own?["pid"])
  }

  @Test("the verdict on a death without evidence: nobody, the lone component, or isolation")
  @MainActor func suspectsVerdicts() {
    let suspects = CrashSuspects(probation: .seconds(60))
    #expect(suspects.hostDied(holding: []) == .nobody)
    // Alone in a shared host: charged, and not made a suspect (it was isolated already).
    #expect(suspects.hostDied(holding: ["a.Lone"]) == .charge("a.Lone"))
    #expect(!suspects.isSuspect("a.Lone"))
    #expect(
      suspects.hostDied(holding: ["b.Login", "a.Trap"]) == .isolate(["a.Trap", "b.Login"]))
    #expect(suspects.isSuspect("a.Trap") && suspects.isSuspect("b.Login"))
    #expect(suspects.names == ["a.Trap", "b.Login"])
    // Its own host died: charged, and it stays a suspect.
    #expect(suspects.hostDied(holding: ["a.Trap"]) == .charge("a.Trap"))
    #expect(suspects.isSuspect("a.Trap"))
    suspects.forget("a.Trap")
    #expect(!suspects.isSuspect("a.Trap") && suspects.isSuspect("b.Login"))
  }

  @Test("a suspect whose host lives through its probation is cleared")
  @MainActor func probationClears() {
    let suspects = CrashSuspects(probation: .seconds(60))
    var cleared: [String] = []
    suspects.onCleared = { cleared.append($0) }
    let start = ContinuousClock.now
    _ = suspects.hostDied(holding: ["a.Trap", "b.Login"], now: start)
    // a.Trap's own host dies 20 s later: its probation starts again, until 80 s.
    #expect(suspects.hostDied(holding: ["a.Trap"], now: start + .seconds(20)) == .charge("a.Trap"))
    suspects.clearExpired(now: start + .seconds(59))
    #expect(cleared.isEmpty)
    suspects.clearExpired(now: start + .seconds(70))
    #expect(cleared == ["b.Login"])
    #expect(suspects.isSuspect("a.Trap", now: start + .seconds(70)))
    #expect(!suspects.isSuspect("b.Login", now: start + .seconds(70)))
    suspects.clearExpired(now: start + .seconds(80))
    #expect(cleared == ["b.Login", "a.Trap"])
    #expect(suspects.names.isEmpty)
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
