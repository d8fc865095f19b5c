import Foundation
import JSONRPC
import Synchronization
import Testing

@testable import CompdBroker
@testable import CompdSceneHost

/// A scene host killed from outside (SIGKILL) while 50 clients type into and tap their own
/// Login scenes, spread over two hosts: no request goes unanswered (each gets its result or
/// `compd.ComponentFailed`), and every client's tree — its `scene.subscribe` snapshot with
/// each `scene.changed` and `scene.reset` applied in order, as docs/protocol.md defines
/// them — ends equal to `scene.layout`; the scenes of the killed host come back with a
/// text an answered event typed, holding everything answered more than the host's state
/// interval (plus an allowance for a loaded machine) before the kill.
@Suite("Scene host killed under load", .serialized) struct HostKillTests {
  static let clients = 50

  /// What one client did and saw.
  struct Outcome: Sendable {
    var scene: JSON = .null
    var sent = 0
    var answered = 0
    var failures: [JSON] = []
    /// Replies that are neither a result nor `compd.ComponentFailed`.
    var unexpected: [String] = []
    var resets: [String] = []
    /// Each text an answered event typed, and when the answer came (uptime nanoseconds).
    var typed: [(text: String, at: UInt64)] = []
    /// For each `scene.reset`: the user name it holds and how many texts were answered then.
    var restoredText: [(restored: String?, answered: Int)] = []
    var problem: String?
  }

  /// What the clients share with the test.
  final class Run: Sendable {
    /// How many clients have had their first events answered.
    let ready = Atomic<Int>(0)
    let stop = Atomic<Bool>(false)
    /// When the host was killed (uptime nanoseconds).
    let killedAt = Atomic<UInt64>(0)
    let outcomes = Mutex<[Outcome]>([])
  }

  @Test(.timeLimit(.minutes(3))) func sigkillWhileFiftyClientsType() throws {
    let daemon = try SceneDaemon(
      arguments: ["--scene-hosts", "2", "--scene-host-isolation", "shared"], bundled: ["Login"])
    let observer = try daemon.client()
    let compdPID = try observer.call("daemon.info")["pid"]!

    let run = Run()
    let finished = DispatchGroup()
    // However the test ends, the clients stop before the daemon does.
    defer {
      run.stop.store(true, ordering: .relaxed)
      _ = finished.wait(timeout: .now() + 60)
    }
    for _ in 0..<Self.clients {
      finished.enter()
      let socketPath = daemon.socketPath
      Thread {
        let outcome = Self.drive(socketPath: socketPath, run: run)
        run.outcomes.withLock { $0.append(outcome) }
        finished.leave()
      }.start()
    }
    let deadline = Date().addingTimeInterval(60)
    while run.ready.load(ordering: .relaxed) < Self.clients && Date() < deadline {
      usleep(10_000)
    }
    try #require(run.ready.load(ordering: .relaxed) == Self.clients, "every client is typing")

    // Kill the host with the most scenes while every client is busy.
    let entries = try observer.call("scene.list")["scenes"]?.arrayValue ?? []
    var byHost: [Int64: Set<JSON>] = [:]
    for entry in entries {
      byHost[entry["host"]?.intValue ?? 0, default: []].insert(entry["scene"]!)
    }
    let (victim, victimScenes) = try #require(byHost.max { $0.value.count < $1.value.count })
    #expect(
      byHost.count == 2, "the scenes are spread over both hosts: \(byHost.mapValues(\.count))")
    run.killedAt.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
    #expect(kill(pid_t(victim), SIGKILL) == 0)
    usleep(1_500_000)
    run.stop.store(true, ordering: .relaxed)
    #expect(finished.wait(timeout: .now() + 60) == .success, "every client finished")

    let all = run.outcomes.withLock { $0 }
    #expect(all.count == Self.clients)
    var sent = 0
    var answered = 0
    var failed = 0
    // A host reports the state of a scene that keeps changing once per interval: what was
    // answered longer ago than that before the kill is in the restored state.
    let allowance = HostedScene.stateInterval + .milliseconds(500)
    let recent = run.killedAt.load(ordering: .relaxed) - UInt64(allowance / .nanoseconds(1))
    for outcome in all {
      #expect(outcome.problem == nil, "\(outcome.scene.serialized()): \(outcome.problem ?? "")")
      #expect(outcome.unexpected.isEmpty, "\(outcome.unexpected.prefix(3))")
      #expect(outcome.sent == outcome.answered + outcome.failures.count, "no reply lost")
      sent += outcome.sent
      answered += outcome.answered
      failed += outcome.failures.count
      for failure in outcome.failures {
        #expect(failure["code"] == -32005, "\(failure.serialized())")
        #expect(failure["data"]?["reason"] == "crashed", "\(failure.serialized())")
        #expect(failure["data"]?["signal"] == "SIGKILL", "\(failure.serialized())")
      }
      if victimScenes.contains(outcome.scene) {
        #expect(outcome.resets == ["crashed"], "\(outcome.scene.serialized())")
      } else {
        #expect(outcome.resets.isEmpty, "\(outcome.scene.serialized()) was in a live host")
        #expect(outcome.failures.isEmpty)
      }
      for (restored, answered) in outcome.restoredText {
        let typed = outcome.typed.prefix(answered)
        let kept = typed.lastIndex { $0.text == restored }
        #expect(kept != nil || typed.isEmpty, "\(restored ?? "nil") was typed and answered")
        if let kept, kept + 1 < typed.endIndex {
          #expect(
            typed[kept + 1].at >= recent,
            "\(restored ?? "nil") lacks \(typed[kept + 1].text), answered \(allowance) before the kill"
          )
        }
      }
    }
    print(
      "SIGKILL of host \(victim) with \(victimScenes.count) of \(Self.clients) scenes: "
        + "\(sent) events sent, \(answered) answered, \(failed) compd.ComponentFailed")
    let info = try observer.call("daemon.info")
    #expect(info["pid"] == compdPID)
    let hosts = info["hosts"]?.arrayValue?.compactMap { $0["pid"]?.intValue } ?? []
    #expect(hosts.count == 2 && !hosts.contains(victim), "\(hosts)")
  }

  /// One client: opens its Login scene, subscribes on the same connection, and alternates
  /// typing one more character into `username` with tapping `login` until `stop`; then
  /// checks that its tree converged to `scene.layout`.
  static func drive(socketPath: String, run: Run) -> Outcome {
    var outcome = Outcome()
    do {
      let client = try RPCTestClient(path: socketPath)
      outcome.scene = try client.call("scene.open", ["component": "demo.Login"])["scene"]!
      let snapshot = try client.call("scene.subscribe", ["scene": outcome.scene])
      var tree = try ClientTree(
        root: snapshot["root"]!, revision: Int(snapshot["revision"]!.intValue!))
      var acknowledged = ""
      func apply(_ notifications: [JSON]) throws {
        for message in notifications {
          try tree.apply(notification: message)
          if message["method"] == "scene.reset" {
            let root = message["params"]!["root"]!
            outcome.resets.append(message["params"]?["reason"]?.stringValue ?? "?")
            outcome.restoredText.append(
              (
                SceneTests.find("username", in: root)?.node["props"]?["text"]?.stringValue,
                outcome.typed.count
              ))
          }
        }
      }
      var step = 0
      while !run.stop.load(ordering: .relaxed) {
        step += 1
        let typing = step % 2 == 1
        let text = acknowledged.count < 40 ? acknowledged + "x" : "x"
        let event: JSON =
          typing
          ? ["type": "text", "target": "username", "text": .string(text)]
          : ["type": "tap", "target": "login"]
        outcome.sent += 1
        let reply = try client.reply(
          "scene.event", ["scene": outcome.scene, "event": event], timeout: 15)
        // What came before the reply, in order, before the reply.
        try apply(client.takeNotifications())
        if reply["result"] != nil {
          outcome.answered += 1
          if typing {
            acknowledged = text
            outcome.typed.append((text, DispatchTime.now().uptimeNanoseconds))
          }
        } else if let error = reply["error"], error["code"] == -32005 {
          outcome.failures.append(error)
        } else {
          outcome.unexpected.append(reply.serialized())
        }
        if step == 6 { run.ready.add(1, ordering: .relaxed) }
      }
      let layout = try client.call("scene.layout", ["scene": outcome.scene])
      try apply(client.takeNotifications())
      let revision = Int(layout["revision"]!.intValue!)
      while tree.revision != revision {
        try apply([client.notification(timeout: 10)])
      }
      if tree.root != layout["root"]! {
        outcome.problem = "the client's tree differs from scene.layout at revision \(revision)"
      }
    } catch {
      outcome.problem = "\(error)"
    }
    return outcome
  }
}
