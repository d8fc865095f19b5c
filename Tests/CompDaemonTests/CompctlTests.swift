import Foundation
import JSONRPC
import Testing

@testable import CompCtl
import CompdClient

/// The compctl executable against a real compd.
@Suite(.serialized) struct CompctlTests {
  @Test func pingInfoAndCallSucceed() throws {
    let daemon = try DaemonProcess()
    let ping = try runProcess(TestPaths.compctl, ["ping", "--socket", daemon.socketPath])
    #expect(ping.status == 0)
    #expect(ping.stdout.contains("answered in"))

    let pingJSON = try runProcess(
      TestPaths.compctl, ["ping", "--json", "--socket", daemon.socketPath])
    #expect(pingJSON.status == 0)
    #expect(
      try JSONParser.parse(pingJSON.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) == [:])

    let info = try runProcess(TestPaths.compctl, ["info", "--json", "--socket", daemon.socketPath])
    #expect(info.status == 0)
    let parsed = try JSONParser.parse(info.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(parsed["protocol"] == 3)
    #expect(parsed["pid"]?.intValue == Int64(daemon.process.processIdentifier))

    let human = try runProcess(TestPaths.compctl, ["info", "--socket", daemon.socketPath])
    #expect(human.status == 0)
    #expect(human.stdout.contains("version"))

    let call = try runProcess(
      TestPaths.compctl, ["call", "daemon.ping", "{}", "--json", "--socket", daemon.socketPath])
    #expect(call.status == 0)
    #expect(call.stdout == "{}\n")
    #expect(try daemon.stop() == 0)
  }

  @Test func clientOptionsMayComeBeforeTheSubcommand() throws {
    let daemon = try DaemonProcess()
    let ping = try runProcess(TestPaths.compctl, ["--socket", daemon.socketPath, "ping"])
    #expect(ping.status == 0, "\(ping.stderr)")
    let info = try runProcess(
      TestPaths.compctl, ["--json", "--socket=\(daemon.socketPath)", "--timeout", "5", "info"])
    #expect(info.status == 0, "\(info.stderr)")
    #expect(
      try JSONParser.parse(info.stdout.trimmingCharacters(in: .whitespacesAndNewlines))["protocol"]
        == 3)
    #expect(
      CompctlCommand.movingClientOptions(["--socket", "/s", "call", "m", "{}"])
        == ["call", "--socket", "/s", "m", "{}"])
    #expect(CompctlCommand.movingClientOptions(["--help"]) == ["--help"])
    #expect(CompctlCommand.movingClientOptions(["--socket"]) == ["--socket"])
    #expect(try daemon.stop() == 0)
  }

  @Test func theSocketComesFromTheEnvironment() throws {
    let daemon = try DaemonProcess()
    var environment = ProcessInfo.processInfo.environment
    environment["COMPD_SOCKET"] = daemon.socketPath
    let viaVariable = try runProcess(TestPaths.compctl, ["ping"], environment: environment)
    #expect(viaVariable.status == 0)
    environment["COMPD_SOCKET"] = nil
    environment["XDG_RUNTIME_DIR"] = daemon.directory
    let viaRuntimeDirectory = try runProcess(TestPaths.compctl, ["ping"], environment: environment)
    #expect(viaRuntimeDirectory.status == 0, "\(viaRuntimeDirectory.stderr)")
    #expect(try daemon.stop() == 0)
  }

  @Test func daemonErrorsExitTwo() throws {
    let daemon = try DaemonProcess()
    let result = try runProcess(
      TestPaths.compctl, ["call", "no.such.method", "--socket", daemon.socketPath])
    #expect(result.status == 2)
    #expect(result.stderr.contains("-32601"))
    let json = try runProcess(
      TestPaths.compctl, ["call", "no.such.method", "--json", "--socket", daemon.socketPath])
    #expect(json.status == 2)
    let error = try JSONParser.parse(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(error["code"] == -32601)
    #expect(try daemon.stop() == 0)
  }

  @Test func noDaemonExitsThreeNamingTheSocket() throws {
    let directory = TestPaths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/absent.sock"
    let result = try runProcess(TestPaths.compctl, ["ping", "--socket", path])
    #expect(result.status == 3)
    #expect(result.stderr.contains(path))
    #expect(result.stderr.contains("compd is not running there"))
  }

  @Test(arguments: [
    ["frobnicate"], ["call"], ["call", "daemon.ping", "[1,2]"], ["call", "daemon.ping", "{"],
    ["ping", "--timeout", "-1"],
  ])
  func usageErrorsExitOne(_ arguments: [String]) throws {
    let result = try runProcess(TestPaths.compctl, arguments + ["--socket", "/nonexistent.sock"])
    #expect(result.status == 1, "\(arguments): \(result.stderr)")
    #expect(!result.stderr.isEmpty)
  }

  @Test func helpExitsZero() throws {
    let result = try runProcess(TestPaths.compctl, ["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("ping"))
  }

  @Test func socketLookupOrder() {
    #expect(SocketLocator.resolve(flag: "/a", environment: ["COMPD_SOCKET": "/b"]).path == "/a")
    #expect(
      SocketLocator.resolve(
        flag: nil, environment: ["COMPD_SOCKET": "/b", "XDG_RUNTIME_DIR": "/c"]
      )
      .path == "/b")
    #expect(
      SocketLocator.resolve(flag: nil, environment: ["XDG_RUNTIME_DIR": "/c/"]).path
        == "/c/compd.sock")
    #expect(SocketLocator.resolve(flag: nil, environment: [:]).path == "/run/compd.sock")
  }
}
