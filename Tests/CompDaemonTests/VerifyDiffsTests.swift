import Foundation
import JSONRPC
import Testing

/// `verify-diffs` (the `--verify-diffs` flag or the config key) reaches every scene host,
/// shows in `daemon.info`, and a bad value in the file is refused like any key's.
@Suite("verify-diffs", .serialized)
struct VerifyDiffsTests {
  /// The arguments of process `pid`, from /proc (NUL-separated).
  private func commandLine(of pid: Int64) throws -> [String] {
    let data = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))
    return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The pids of the scene hosts `daemon.info` lists.
  private func hostPIDs(_ info: JSON) throws -> [Int64] {
    let hosts = try #require(info["hosts"]?.arrayValue)
    return hosts.compactMap { $0["pid"]?.intValue }
  }

  /// A new temporary directory holding `compd.conf` with `text`.
  private func configDirectory(_ text: String) throws -> String {
    let directory = TestPaths.temporaryDirectory()
    try text.write(toFile: directory + "/compd.conf", atomically: true, encoding: .utf8)
    return directory
  }

  @Test func theFlagReachesEveryHost() throws {
    let daemon = try SceneDaemon(arguments: ["--scene-hosts", "2"])
    let info = try daemon.client().call("daemon.info")
    #expect(info["verifyDiffs"] == .bool(true))
    let pids = try hostPIDs(info)
    #expect(pids.count == 2)
    for pid in pids {
      let arguments = try commandLine(of: pid)
      #expect(arguments.contains("--scene-host"), "\(arguments)")
      #expect(arguments.contains("--verify-diffs"), "\(arguments)")
    }
  }

  @Test func theConfigKeyTurnsItOnAndItIsOffByDefault() throws {
    let directory = try configDirectory("scene-hosts = 1\nverify-diffs = true\n")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let on = try DaemonProcess(arguments: ["--config", directory + "/compd.conf"])
    let onInfo = try RPCTestClient(path: on.socketPath).call("daemon.info")
    #expect(onInfo["verifyDiffs"] == .bool(true))
    let onPIDs = try hostPIDs(onInfo)
    #expect(onPIDs.count == 1)
    for pid in onPIDs {
      #expect(try commandLine(of: pid).contains("--verify-diffs"))
    }
    #expect(try on.stop() == 0)

    let off = try DaemonProcess(arguments: ["--scene-hosts", "1"])
    let offInfo = try RPCTestClient(path: off.socketPath).call("daemon.info")
    #expect(offInfo["verifyDiffs"] == .bool(false))
    let pids = try hostPIDs(offInfo)
    #expect(!pids.isEmpty)
    for pid in pids {
      let arguments = try commandLine(of: pid)
      #expect(arguments.contains("--scene-host") && !arguments.contains("--verify-diffs"))
    }
    #expect(try off.stop() == 0)
  }

  @Test func aBadValueInTheFileIsRefused() throws {
    let directory = try configDirectory("# diagnostics\nverify-diffs = sometimes\n")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/compd.conf"
    let daemon = try DaemonProcess(arguments: ["--config", file], waitForSocket: false)
    #expect(try daemon.waitForExit() == 1)
    #expect(
      daemon.log.contains(
        "\(file):2: bad value `sometimes` for verify-diffs: expected true or false"),
      "\(daemon.log)")
    #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
  }
}
