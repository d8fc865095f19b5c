import Foundation
import JSONRPC
import Testing

/// `compctl info` and `daemon.info` say where the daemon listens and where it looks for
/// plugins, so that a user can tell which directory to install a plugin into.
@Suite("compctl info", .serialized)
struct CompctlInfoTests {
  @Test func infoNamesTheSocketStateAndPluginDirectories() throws {
    let daemon = try SceneDaemon()
    let info = try daemon.client().call("daemon.info")
    let directories = try #require(info["pluginDirectories"]?.arrayValue)
    #expect(directories.count == 1)
    let pluginDirectory = try #require(directories.first?.stringValue)
    #expect(FileManager.default.fileExists(atPath: pluginDirectory + "/libLogin.so"))
    #expect(info["socket"] == .string(daemon.socketPath))
    #expect(info["stateDirectory"] == .string(pluginDirectory + "/state"))

    let printed = try runProcess(TestPaths.compctl, ["info", "--socket", daemon.socketPath])
    #expect(printed.status == 0)
    let lines = printed.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("  socket      \(daemon.socketPath)"))
    #expect(lines.contains("  plugin dirs \(pluginDirectory)"))
    #expect(lines.contains("  state       \(pluginDirectory)/state"))
  }
}
