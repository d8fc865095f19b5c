import Foundation
import JSONRPC
import Testing

/// compctl's scene commands, run as a user runs them, against a real compd with the
/// bundled plugins.
@Suite("compctl scene commands", .serialized)
struct CompctlSceneTests {
  func compctl(_ daemon: SceneDaemon, _ arguments: [String]) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try runProcess(TestPaths.compctl, arguments + ["--socket", daemon.socketPath])
  }

  @Test("plugins, components, describe, open, layout, draw, type, tap, resize, scenes, close")
  func driveLoginFromTheCommandLine() throws {
    let daemon = try SceneDaemon()
    let plugins = try compctl(daemon, ["plugins"])
    #expect(plugins.status == 0)
    #expect(plugins.stdout.contains("demo.login") && plugins.stdout.contains("loaded"))
    let components = try compctl(daemon, ["components"])
    #expect(components.stdout.contains("demo.Gallery"))
    let filtered = try compctl(daemon, ["components", "--plugin", "demo.login"])
    #expect(filtered.stdout.contains("demo.Login") && !filtered.stdout.contains("demo.Gallery"))
    let described = try compctl(daemon, ["describe", "demo.Login"])
    #expect(described.status == 0 && described.stdout.contains("login"))

    let opened = try compctl(daemon, ["open", "demo.Login", "--param", "username=ada"])
    #expect(opened.status == 0, "\(opened.stderr)")
    let scene = opened.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(scene.hasPrefix("s"))

    let layout = try compctl(daemon, ["layout", scene])
    #expect(layout.status == 0)
    #expect(layout.stdout.contains("textField \"username\""))
    #expect(layout.stdout.contains("(0, 90, 358×40)"))

    let typed = try compctl(daemon, ["type", scene, "password", "pa55word"])
    #expect(typed.status == 0 && typed.stdout.contains("handled"))
    let tapped = try compctl(daemon, ["tap", scene, "login"])
    #expect(tapped.status == 0 && tapped.stdout.contains("handled"))
    let event = try compctl(daemon, ["event", scene, #"{"type":"keyboard","height":300}"#])
    #expect(event.status == 0)

    let drawn = try compctl(daemon, ["draw", scene, "--width", "60"])
    #expect(drawn.status == 0)
    #expect(drawn.stdout.contains("Login") && drawn.stdout.contains("┌"))
    #expect(drawn.stdout.contains("ada"))
    #expect(!drawn.stdout.contains("pa55word"))
    #expect(drawn.stdout.split(separator: "\n").allSatisfy { $0.count <= 60 })

    let resized = try compctl(daemon, ["resize", scene, "844x390"])
    #expect(resized.status == 0)
    let scenes = try compctl(daemon, ["scenes"])
    #expect(scenes.stdout.contains(scene) && scenes.stdout.contains("demo.Login"))
    let json = try compctl(daemon, ["scenes", "--json"])
    let listed = try JSONParser.parse(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(listed["scenes"]?.arrayValue?.first?["environment"]?["width"] == 844)

    #expect(try compctl(daemon, ["close", scene]).status == 0)
    let gone = try compctl(daemon, ["layout", scene])
    #expect(gone.status == 2 && gone.stderr.contains(scene))
  }

  @Test("bad arguments exit 1 before connecting; daemon errors exit 2")
  func errors() throws {
    let daemon = try SceneDaemon()
    #expect(try compctl(daemon, ["open", "demo.Login", "--size", "wide"]).status == 1)
    #expect(try compctl(daemon, ["open", "demo.Login", "--param", "novalue"]).status == 1)
    #expect(try compctl(daemon, ["event", "s1", "{not json"]).status == 1)
    #expect(try compctl(daemon, ["open", "demo.Missing"]).status == 2)
    let scene = try compctl(daemon, ["open", "demo.Login"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let unknownNode = try compctl(daemon, ["tap", scene, "nowhere"])
    #expect(unknownNode.status == 2 && unknownNode.stderr.contains("nowhere"))
    // The error names the scene by the id the user gave, not by its scene host's key.
    #expect(
      unknownNode.stderr.contains("scene \(scene) has no node with id or key \"nowhere\""),
      "\(unknownNode.stderr)")
    #expect(!unknownNode.stderr.contains("scene o"), "\(unknownNode.stderr)")
  }

  @Test("watch --json streams changes, emitted events and the close, then exits 0")
  func watchStreams() throws {
    let daemon = try SceneDaemon()
    let scene = try compctl(daemon, ["open", "demo.Login"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let watcher = try CompctlWatch(scene: scene, socketPath: daemon.socketPath)
    let watch = watcher.process
    func readLines(until done: ([JSON]) -> Bool) throws { try watcher.readLines(until: done) }
    try readLines { !$0.isEmpty }  // the subscription's snapshot
    var lines: [JSON] { watcher.lines }
    #expect(lines.first?["root"] != nil)
    #expect(try compctl(daemon, ["type", scene, "username", "ann"]).status == 0)
    #expect(try compctl(daemon, ["tap", scene, "login"]).status == 0)
    try readLines { lines in lines.contains { $0["name"] == "login" } }
    #expect(lines.contains { $0["ops"] != nil && $0["base"] != nil })
    #expect(lines.contains { $0["name"] == "login" && $0["payload"]?["username"] == "ann" })
    #expect(try compctl(daemon, ["close", scene]).status == 0)
    try readLines { lines in lines.contains { $0["reason"] == "closed" } }
    let deadline = Date().addingTimeInterval(10)
    while watch.isRunning && Date() < deadline { usleep(20_000) }
    #expect(!watch.isRunning && watch.terminationStatus == 0)
  }
}
