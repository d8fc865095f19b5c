import Foundation
import JSONRPC
import Testing

@testable import CompdBroker
@testable import CompdCommandLine

/// `host-process-limit`: a component that forks a lingering child on every tap (as one
/// whose 300 taps left 300 processes) is stopped at the limit — its host is killed with its
/// process group and replaced — while a well-behaved neighbour keeps being served. Driven
/// through the real daemon with the fault fixture's `faults.ForkOnTap`; the processes are
/// counted here from `/proc`, independently of compd's own count.
@Suite("Scene host process limit", .serialized) struct HostProcessLimitTests {
  /// The processes whose process group is `group`, from `/proc/PID/stat`.
  static func members(ofGroup group: Int) -> Int {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.filter { entry in
      guard Int(entry) != nil,
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return false }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 2 && Int(fields[2]) == group
    }.count
  }

  static func hostPIDs(_ client: RPCTestClient) throws -> [Int] {
    (try client.call("daemon.info")["hosts"]?.arrayValue ?? []).compactMap {
      $0["pid"]?.intValue.map(Int.init)
    }
  }

  @Test("a fork on every tap stops at host-process-limit; the neighbour is served throughout")
  func forkPerTapIsBounded() throws {
    let limit = 8
    let daemon = try SceneDaemon(
      arguments: ["--scene-hosts", "1", "--host-process-limit", "\(limit)"], bundled: ["Login"],
      libraries: [PluginFixtureBuilder.faultPlugin()])
    let client = try daemon.client()
    let login = try client.call("scene.open", ["component": "demo.Login"])["scene"]!
    let forker = try client.call("scene.open", ["component": "faults.ForkOnTap"])["scene"]!
    var seen = Set<Int>()
    var most = 0
    var loginAnswered = 0
    for tap in 0..<40 {
      // While the slot backs off after a kill, the scene waits for its next host.
      _ = try client.reply(
        "scene.event", ["scene": forker, "event": ["type": "tap", "target": "fault"]],
        timeout: 40)
      for pid in try Self.hostPIDs(client) {
        seen.insert(pid)
        most = max(most, Self.members(ofGroup: pid))
      }
      let typed = try client.reply(
        "scene.event",
        [
          "scene": login,
          "event": ["type": "text", "target": "username", "text": .string("u\(tap)")],
        ], timeout: 40)
      if typed["result"] != nil { loginAnswered += 1 }
    }
    // The tap that forked past the limit is answered before the host is killed: one over
    // it at most, where 40 taps would have left 41 processes.
    #expect(most <= limit + 1, "a host's group held \(most) processes")
    #expect(
      daemon.log.contains("more processes than host-process-limit"), "\(daemon.log.suffix(2000))")
    #expect(seen.count >= 3, "the forking host was replaced: \(seen.sorted())")
    // Killed with nothing running, the shared host charged nobody: the forker, isolated,
    // went past the limit alone in its host, again and again, and was quarantined.
    #expect(daemon.log.contains("component quarantined component=faults.ForkOnTap"))
    // Every host that was killed took what it forked with it.
    let live = Set(try Self.hostPIDs(client))
    for pid in seen.subtracting(live) {
      // The last one may still be being killed.
      let deadline = Date().addingTimeInterval(3)
      while Self.members(ofGroup: pid) > 0 && Date() < deadline { usleep(50_000) }
      #expect(Self.members(ofGroup: pid) == 0, "host \(pid)'s children outlived it")
    }
    // The neighbour: its scene keeps its id and is served (a request that was waiting in
    // a killed host may fail; most do not).
    #expect(loginAnswered >= 30, "Login answered \(loginAnswered) of 40")
    let layout = try client.call("scene.layout", ["scene": login])
    #expect(layout["root"] != nil)
    let components = try client.call("components.list")["components"]?.arrayValue ?? []
    #expect(components.first { $0["name"] == "demo.Login" }?["quarantined"] == nil)
  }

  @Test("host-process-limit is validated and documented")
  func settingIsValidated() throws {
    #expect(DaemonConfig(socketPath: "/s").hostProcessLimit == 64)
    var config = DaemonConfig(socketPath: "/s")
    config.hostProcessLimit = 0
    #expect(throws: ConfigError("host-process-limit must be a number of processes from 1 to 65536"))
    {
      try config.validate()
    }
    #expect(CompdCommand.helpMessage(columns: 200).contains("--host-process-limit"))
    let flag = try CompdCommand.parse(["--socket", "/s", "--host-process-limit", "12"])
    #expect(try flag.resolvedConfig().hostProcessLimit == 12)
    #expect(
      throws: ConfigError(
        "--host-process-limit: bad value `many`: expected a number of processes from 1 to 65536")
    ) {
      try CompdCommand.parse(["--socket", "/s", "--host-process-limit", "many"]).resolvedConfig()
    }
  }
}
