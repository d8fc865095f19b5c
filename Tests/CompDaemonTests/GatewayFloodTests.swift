import Foundation
import Testing

/// compd-web against pages that send fragmented WebSocket messages and never finish them,
/// from many connections at once (`Tests/Scripts/fragment_flood.py`). Its memory once grew
/// from 29 to 495 MiB and stayed there.
@Suite("Gateway: fragment floods", .serialized)
struct GatewayFloodTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Scripts/fragment_flood.py").path

  @Test(
    "fragment floods from 250 connections: compd-web holds its budget for unfinished messages, serves on, and returns to its baseline"
  )
  func fragmentFloods() throws {
    let daemon = try DaemonProcess()
    let started = try GatewayProcess(
      executable: TestPaths.binaries.appendingPathComponent("compd-web"),
      socket: daemon.socketPath)
    defer { started.stop() }
    let gateway = started.process
    let port = started.port
    let pid = gateway.processIdentifier
    func flood(_ connections: Int, _ fragments: Int, _ bytes: Int) throws -> String {
      let result = try runProcess(
        "/usr/bin/python3",
        [
          Self.script, "127.0.0.1", String(port), String(connections), String(fragments),
          String(bytes), "0.5",
        ], seconds: 60)
      #expect(result.status == 0, "\(result.stderr)")
      return result.stdout
    }
    // A small flood first, so that the baseline has the code and buffers of serving any.
    _ = try flood(10, 10, 4000)
    usleep(700_000)
    let baseline = try HardeningTests.memory(of: pid).resident
    // The peak from here on (writing 5 to clear_refs resets VmHWM to the current RSS).
    try "5".write(toFile: "/proc/\(pid)/clear_refs", atomically: false, encoding: .utf8)

    // 200 pages each 250 fragments of 4,000 bytes into a message (just under the count and
    // size each may hold: 191 MiB unbounded), then 250 pages past the fragment count, twice.
    var reports: [String] = []
    for (connections, fragments, bytes) in [(200, 250, 4000), (250, 300, 3000), (250, 300, 3000)] {
      reports.append(try flood(connections, fragments, bytes))
      #expect(reports.last?.contains("ping=ok") == true, "\(reports.last ?? "")")
      // The trim after a large release runs at most twice a second.
      usleep(700_000)
      let after = try HardeningTests.memory(of: pid).resident - baseline
      #expect(after < 16 << 20, "\(after >> 20) MiB still held after the flood")
    }
    let peak = try HardeningTests.memory(of: pid).peak - baseline
    print("fragment floods: baseline \(baseline >> 20) MiB, peak +\(peak >> 20) MiB; \(reports)")
    // Unbounded, the first flood alone took 249 MiB. With the 16 MiB budget for unfinished
    // messages, the peak is that, the connections' own buffers and what the allocator
    // holds meanwhile (a debug build).
    #expect(peak < 128 << 20, "peak growth \(peak >> 20) MiB")
    #expect(gateway.isRunning)
  }
}
