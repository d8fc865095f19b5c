import Foundation
import ScreenKit
import Testing

@testable import CompDaemon

/// A plugin developed outside this repository, as docs/plugins.md describes: its own
/// package depending on `SDK/` by path, built with `swift build`, installed by copying the
/// `.so` into a plugin directory.
@Suite("Out-of-tree plugin package") @MainActor struct PluginOutOfTreeTests {
  typealias Fixtures = PluginFixtureBuilder

  static let manifest = """
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(
      name: "Weather",
      products: [.library(name: "Weather", type: .dynamic, targets: ["Weather"])],
      dependencies: [.package(path: "SDK_PATH")],
      targets: [
        .target(name: "Weather", dependencies: [.product(name: "ScreenKit", package: "SDK")])
      ]
    )
    """

  static let source = """
    import ScreenKit

    final class ForecastController: ViewController {
      let city: String
      init(city: String) {
        self.city = city
        super.init()
      }
      override func viewDidLoad() {
        view.accessibilityIdentifier = "forecast for \\(city)"
      }
    }

    @_cdecl("compd_plugin_entry")
    public func compdPluginEntry(_ request: Int32, _ registrar: UnsafeMutableRawPointer?)
      -> UnsafePointer<CChar>?
    {
      PluginEntry.handle(request, registrar, plugin: "acme.weather", version: "0.3.0") { plugin in
        plugin.register(
          .viewController(
            "acme.Forecast", summary: "Tomorrow's weather",
            params: .object([.init("city", .string(minLength: 1), required: true)])
          ) { context in ForecastController(city: context.params["city"]!.stringValue!) })
      }
    }
    """

  @Test(.timeLimit(.minutes(10))) func aSeparatePackageBuildsAPluginThatLoads() async throws {
    let root = try Fixtures.temporaryDirectory("outoftree")
    let package = "\(root)/Weather"
    try FileManager.default.createDirectory(
      atPath: "\(package)/Sources/Weather", withIntermediateDirectories: true)
    try Self.manifest.replacingOccurrences(of: "SDK_PATH", with: "\(Fixtures.repositoryRoot)/SDK")
      .write(toFile: "\(package)/Package.swift", atomically: true, encoding: .utf8)
    try Self.source.write(
      toFile: "\(package)/Sources/Weather/Weather.swift", atomically: true, encoding: .utf8)
    try Fixtures.run(["swift", "build", "--package-path", package, "--product", "Weather"])
    let built = "\(package)/.build/debug/libWeather.so"
    #expect(FileManager.default.fileExists(atPath: built))

    let plugins = "\(root)/plugins"
    try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
    let installed = try Fixtures.install(built, into: plugins, as: "libWeather.so")
    let host = Fixtures.host([plugins], timeout: 5)
    await host.scan()
    let record = try #require(host.record(path: installed))
    #expect(record.state == .loaded, "\(record.error ?? "")")
    #expect(record.name == "acme.weather" && record.version == "0.3.0")
    #expect(host.describeComponentResult(name: "acme.Forecast")?["params"]?["required"] == ["city"])

    let controller = try host.catalog.instantiate("acme.Forecast", params: ["city": "Oslo"]) { _ in
    }
    #expect(controller.view.accessibilityIdentifier == "forecast for Oslo")
    #expect(throws: ComponentError.self) {
      try host.catalog.instantiate("acme.Forecast", params: nil) { _ in }
    }
  }
}
