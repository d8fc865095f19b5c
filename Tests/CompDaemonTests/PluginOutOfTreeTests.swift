import Foundation
import JSONRPC
import Testing

/// A plugin developed outside this repository as a plugin author starts one: `make
/// plugin-template DIR=…` copies `dist/plugin-template`, `swift build` builds it against
/// this checkout's SDK, the `.so` is copied into a plugin directory of a real compd, and a
/// client opens and drives its component through the socket. docs/plugins.md shows the
/// template's code, and must show it exactly.
@Suite("Out-of-tree plugin package", .serialized) struct PluginOutOfTreeTests {
  typealias Fixtures = PluginFixtureBuilder
  static let template = "\(Fixtures.repositoryRoot)/dist/plugin-template"

  /// The first two Swift blocks of docs/plugins.md.
  static func documentedBlocks() throws -> [String] {
    let text = try String(
      contentsOfFile: "\(Fixtures.repositoryRoot)/docs/plugins.md", encoding: .utf8)
    return text.components(separatedBy: "```swift\n").dropFirst().map {
      String($0.components(separatedBy: "```")[0])
    }
  }

  @Test func theDocumentShowsTheTemplate() throws {
    let blocks = try Self.documentedBlocks()
    try #require(blocks.count >= 2)
    let source = try String(
      contentsOfFile: "\(Self.template)/Sources/Counter/Counter.swift", encoding: .utf8)
    let manifest = try String(contentsOfFile: "\(Self.template)/Package.swift", encoding: .utf8)
    #expect(blocks[0] == source)
    #expect(blocks[1] == manifest)
  }

  @Test(.timeLimit(.minutes(10))) func theTemplateBuildsAPluginThatADaemonServes() throws {
    let root = try Fixtures.temporaryDirectory("outoftree")
    // Named as an author names theirs: the package, library, controller and component.
    let package = "\(root)/Tally"
    let made = try Fixtures.run(
      [
        "make", "--no-print-directory", "-C", Fixtures.repositoryRoot, "plugin-template",
        "DIR=\(package)", "NAME=Tally",
      ])
    #expect(made.contains("acme.Tally"))
    let manifest = try String(contentsOfFile: "\(package)/Package.swift", encoding: .utf8)
    #expect(manifest.contains(".package(path: \"\(Fixtures.repositoryRoot)/SDK\")"))
    // A second copy into the same place is refused rather than overwriting the author's work.
    #expect(throws: (any Error).self) {
      try Fixtures.run([
        "make", "-C", Fixtures.repositoryRoot, "plugin-template", "DIR=\(package)", "NAME=Tally",
      ])
    }

    try Fixtures.run(["swift", "build", "--package-path", package])
    let built = "\(package)/.build/debug/libTally.so"
    let plugins = "\(root)/plugins"
    try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
    try Fixtures.install(built, into: plugins, as: "libTally.so")

    let daemon = try DaemonProcess(arguments: ["--plugin-dir", plugins])
    defer { _ = try? daemon.stop() }
    let client = try RPCTestClient(path: daemon.socketPath)
    let described = try client.call("components.describe", ["name": "acme.Tally"])
    #expect(described["events"] == ["counted"])
    let opened = try client.call(
      "scene.open", ["component": "acme.Tally", "params": ["start": 41]])
    let scene = opened["scene"]!
    #expect(SceneTests.find("count", in: opened["root"]!)?.node["props"]?["text"] == "Count: 41")
    try client.call("scene.subscribe", ["scene": scene])
    let tapped = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "tap", "target": "add"]])
    #expect(tapped["handled"] == true)
    var emitted: JSON?
    while emitted == nil {
      let message = try client.notification()
      if message["method"] == "scene.emitted" { emitted = message["params"] }
    }
    #expect(emitted?["name"] == "counted")
    #expect(emitted?["payload"] == ["count": 42])
    let layout = try client.call("scene.layout", ["scene": scene])["root"]!
    #expect(SceneTests.find("count", in: layout)?.node["props"]?["text"] == "Count: 42")
    let bad = try client.failure(
      "scene.open", ["component": "acme.Tally", "params": ["start": -1]])
    #expect(bad["data"]?["field"] == "params.start")
  }

  @Test func theTemplateTakesAName() throws {
    let root = try Fixtures.temporaryDirectory("template-name")
    func make(_ arguments: [String]) throws -> String {
      try Fixtures.run(
        ["make", "--no-print-directory", "-C", Fixtures.repositoryRoot, "plugin-template"]
          + arguments)
    }
    // Without NAME it is the template as docs/plugins.md shows it.
    _ = try make(["DIR=\(root)/plain"])
    let plain = try String(
      contentsOfFile: "\(root)/plain/Sources/Counter/Counter.swift", encoding: .utf8)
    #expect(
      plain
        == (try String(
          contentsOfFile: "\(Self.template)/Sources/Counter/Counter.swift", encoding: .utf8)))

    _ = try make(["DIR=\(root)/todo", "NAME=TodoList"])
    let source = try String(
      contentsOfFile: "\(root)/todo/Sources/TodoList/TodoList.swift", encoding: .utf8)
    #expect(source.contains(#"plugin: "acme.todolist""#))
    #expect(source.contains(#""acme.TodoList", summary:"#))
    #expect(source.contains("final class TodoListViewController: ViewController"))
    #expect(source.contains("counted(count)"), "words that only contain Count stay")
    let manifest = try String(contentsOfFile: "\(root)/todo/Package.swift", encoding: .utf8)
    #expect(manifest.contains(#"name: "TodoList", type: .dynamic, targets: ["TodoList"]"#))
    let readme = try String(contentsOfFile: "\(root)/todo/README.md", encoding: .utf8)
    #expect(readme.contains("libTodoList.so") && readme.contains("acme.TodoList"))
    for file in [source, manifest, readme] { #expect(!file.contains("Counter")) }

    // Not a type name: refused, and nothing is made.
    #expect(throws: (any Error).self) { try make(["DIR=\(root)/bad", "NAME=to-do"]) }
    #expect(!FileManager.default.fileExists(atPath: "\(root)/bad"))
  }
}
