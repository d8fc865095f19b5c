import Foundation
import ScreenKit
import Testing

@testable import CompdBroker

/// The daemon and its plugins must share one copy of libScreenKit.so; a second copy would
/// give a plugin its own `View` class, its own registries, and casts that fail.
@Suite("One shared libScreenKit.so") @MainActor struct PluginSharedLibraryTests {
  typealias Fixtures = PluginFixtureBuilder

  private func screenKitResolution(_ binary: String) throws -> String {
    let output = try Fixtures.run(["ldd", binary])
    let line = try #require(output.split(separator: "\n").first { $0.contains("libScreenKit.so") })
    let target = try #require(line.split(separator: " ").first { $0.hasPrefix("/") })
    return URL(fileURLWithPath: String(target)).resolvingSymlinksInPath().path
  }

  @Test func lddResolvesTheSameLibScreenKit() throws {
    let daemon = try screenKitResolution(Fixtures.compd)
    let plugin = try screenKitResolution(Fixtures.library(.good))
    #expect(daemon == plugin)
    // ScreenKit's `View` type descriptor is defined in the library, and not in compd (no
    // static copy of ScreenKit's classes).
    // (compd's own symbols may mention `View` in their signatures; what must be absent is
    // the class's descriptor, metadata and metadata accessor.)
    let viewDefinitions: Set<String> = [
      "$s9ScreenKit4ViewCMn", "$s9ScreenKit4ViewCMa", "$s9ScreenKit4ViewCN",
    ]
    let library = try definedSymbols(try Fixtures.run(["nm", "-D", "--defined-only", daemon]))
    #expect(viewDefinitions.isSubset(of: library))
    let executable = try definedSymbols(try Fixtures.run(["nm", "--defined-only", Fixtures.compd]))
    #expect(viewDefinitions.isDisjoint(with: executable))
  }

  /// The symbol names of `nm` output lines (`address type name`).
  private func definedSymbols(_ output: String) throws -> Set<String> {
    var names: Set<String> = []
    for line in output.split(separator: "\n") {
      let fields = line.split(separator: " ", maxSplits: 2)
      if fields.count == 3 { names.insert(String(fields[2])) }
    }
    #expect(!names.isEmpty)
    return names
  }

  @Test func aPluginSeesTheDaemonsScreenKitTypes() async throws {
    let directory = try Fixtures.temporaryDirectory("identity")
    let path = try Fixtures.install(Fixtures.library(.good), into: directory, as: "libgood.so")
    let host = Fixtures.host([directory])
    await host.scan()
    #expect(host.record(path: path)?.state == .loaded)
    // The loaded plugin's own view of ScreenKit's `View` class is this process's.
    let handle = try #require(dlopen(path, RTLD_NOW | RTLD_NOLOAD))
    let symbol = try #require(dlsym(handle, "fixture_view_class_identity"))
    typealias Identity = @convention(c) () -> UInt
    let pluginView = unsafeBitCast(symbol, to: Identity.self)()
    #expect(pluginView == unsafeBitCast(View.self as AnyClass, to: UInt.self))
    // A view made by the plugin is a `View` to the daemon.
    let controller = try host.catalog.instantiate("fixture.Hello", params: nil) { _ in }
    let view: View = controller.view
    #expect(type(of: view) == View.self)
  }
}
