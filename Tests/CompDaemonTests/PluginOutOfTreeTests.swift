import Foundation
import ScreenKit
import Testing

@testable import CompDaemon

/// A plugin developed outside this repository exactly as docs/plugins.md shows it (the
/// code is taken from the document): its own package depending on `SDK/` by path, built
/// with `swift build`, installed by copying the `.so` into a plugin directory.
@Suite("Out-of-tree plugin package") @MainActor struct PluginOutOfTreeTests {
  typealias Fixtures = PluginFixtureBuilder

  /// The first two Swift blocks of docs/plugins.md: the plugin and its Package.swift.
  static func documentedPackage() throws -> (source: String, manifest: String) {
    let text = try String(
      contentsOfFile: "\(Fixtures.repositoryRoot)/docs/plugins.md", encoding: .utf8)
    let blocks = text.components(separatedBy: "```swift\n").dropFirst().map {
      String($0.components(separatedBy: "```")[0])
    }
    try #require(blocks.count >= 2)
    return (blocks[0], blocks[1])
  }

  @Test(.timeLimit(.minutes(10))) func aSeparatePackageBuildsAPluginThatLoads() async throws {
    let root = try Fixtures.temporaryDirectory("outoftree")
    let package = "\(root)/Greeting"
    try FileManager.default.createDirectory(
      atPath: "\(package)/Sources/Greeting", withIntermediateDirectories: true)
    let (source, manifest) = try Self.documentedPackage()
    #expect(source.split(separator: "\n").count < 30)
    try manifest.replacingOccurrences(
      of: "/path/to/compd/SDK", with: "\(Fixtures.repositoryRoot)/SDK"
    ).write(toFile: "\(package)/Package.swift", atomically: true, encoding: .utf8)
    try source.write(
      toFile: "\(package)/Sources/Greeting/Greeting.swift", atomically: true, encoding: .utf8)
    try Fixtures.run(["swift", "build", "--package-path", package, "--product", "Greeting"])
    let built = "\(package)/.build/debug/libGreeting.so"
    #expect(FileManager.default.fileExists(atPath: built))

    let plugins = "\(root)/plugins"
    try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
    let installed = try Fixtures.install(built, into: plugins, as: "libGreeting.so")
    let host = Fixtures.host([plugins], timeout: 5)
    await host.scan()
    let record = try #require(host.record(path: installed))
    #expect(record.state == .loaded, "\(record.error ?? "")")
    #expect(record.name == "acme.greeting" && record.version == "1.0.0")
    #expect(host.describeComponentResult(name: "acme.Greeting")?["params"]?["properties"] != nil)

    var events: [ComponentEvent] = []
    let controller = try host.catalog.instantiate("acme.Greeting", params: ["name": "Ada"]) {
      events.append($0)
    }
    let view: View = controller.view
    #expect(view.accessibilityIdentifier == "greeting")
    #expect(events == [ComponentEvent(component: "acme.Greeting", name: "greeted", payload: "Ada")])
    #expect(throws: ComponentError.self) {
      try host.catalog.instantiate("acme.Greeting", params: ["name": 42]) { _ in }
    }
  }
}
