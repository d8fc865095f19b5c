import Foundation
import JSONRPC
import Testing

/// The input budget of all clients (`max-input-buffer`) in a real compd: 40 connections
/// each sending 12 MiB of one request line without its newline, slowly
/// (`Tests/Scripts/input_flood.py`), raised compd's RSS by 483 MiB under `max-line-bytes`
/// alone (measured with `--max-input-buffer 2GiB`: none disconnected); under the default
/// budget, by 63 MiB, with 36 of them told and disconnected.
@Suite("Hardening: input budget", .serialized)
struct InputBudgetDaemonTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Scripts/input_flood.py").path

  static let attackers = 40
  static let lineMiB = 12
  /// Seconds from the flood's start to its clients' exit.
  static let seconds = 6
  /// The default budget, which the test runs under.
  static let budget = 64 << 20
  /// What compd may hold besides the budget: the buffers of lines being doubled as they
  /// grow (the old one and the new, one per event loop), each event loop's read buffer, the
  /// memory of disconnected clients freed between two heap trims (at most twice a second),
  /// and a debug build's allocations serving the well-behaved client.
  static let slack = 48 << 20

  @Test(
    "40 clients each sending 12 MiB of a line slowly hold no more than the budget; the biggest are told and disconnected, a good client is answered meanwhile, and the memory goes back"
  )
  func partialLineFlood() throws {
    let scenes = try SceneDaemon(bundled: ["Login"])
    let broker = scenes.daemon.process.processIdentifier
    let good = try scenes.client()
    let scene = try #require(good.call("scene.open", ["component": "demo.Login"])["scene"])
    for _ in 0..<20 {
      _ = try good.call("scene.layout", ["scene": scene])
      _ = try good.call("daemon.ping")
    }
    let baseline = try HardeningTests.memory(of: broker).resident
    // The peak from here on (writing 5 to clear_refs resets VmHWM to the current RSS).
    try "5".write(toFile: "/proc/\(broker)/clear_refs", atomically: false, encoding: .utf8)

    let flood = Process()
    flood.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    flood.arguments = [
      Self.script, scenes.socketPath, String(Self.attackers), String(Self.lineMiB),
      String(Self.seconds),
    ]
    let output = Pipe()
    flood.standardOutput = output
    flood.standardError = output
    try flood.run()

    var latencies: [Double] = []
    var highest = 0
    var round = 0
    while flood.isRunning {
      let started = Date()
      if round % 2 == 0 {
        #expect(try good.call("scene.layout", ["scene": scene])["root"] != nil)
      } else {
        _ = try good.call("daemon.ping")
      }
      latencies.append(Date().timeIntervalSince(started))
      highest = max(highest, try HardeningTests.memory(of: broker).resident)
      round += 1
      usleep(10_000)
    }
    let peak = max(highest, try HardeningTests.memory(of: broker).peak) - baseline
    let report = String(
      decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    func count(_ name: String) -> Int? {
      report.split(separator: " ").first { $0.hasPrefix(name + "=") }
        .flatMap {
          Int($0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
    let disconnected = try #require(count("disconnected"), "\(report)")
    let told = try #require(count("errors"), "\(report)")
    // Lines of 12 MiB hold 16 MiB each: at most four fit in 64 MiB, and the rest go.
    #expect(disconnected >= Self.attackers - Self.budget / (16 << 20), "\(report)")
    #expect(told == disconnected, "each was sent the error before its close: \(report)")
    #expect(
      scenes.log.contains("the input buffer for all clients is used up"),
      "\(scenes.log.suffix(2000))")
    #expect(
      peak < Self.budget + Self.slack,
      "compd's RSS rose \(peak >> 20) MiB above its baseline")
    latencies.sort()
    let p99 = latencies[min(latencies.count - 1, latencies.count * 99 / 100)]
    let median = latencies[latencies.count / 2]
    print(
      "input flood: RSS +\(peak >> 20) MiB, good client \(latencies.count) requests, median \(Int(median * 1000)) ms, p99 \(Int(p99 * 1000)) ms; \(report.trimmingCharacters(in: .whitespacesAndNewlines))"
    )
    // Loosely: a debug build on a shared machine, next to a flood taking a core.
    #expect(p99 < 1, "p99 \(p99) s")
    // Once the flood's clients are gone, so is their memory.
    usleep(1_000_000)
    _ = try good.call("daemon.ping")
    let after = try HardeningTests.memory(of: broker).resident - baseline
    print("input flood: RSS +\(after >> 20) MiB a second after")
    #expect(after < 24 << 20, "\(after >> 20) MiB still held after the flood")
  }
}
