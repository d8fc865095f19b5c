import Foundation
import JSONRPC
import Logging
import ScreenKit
import Testing

@testable import CompdBroker
@testable import CompdProtocol

@Suite("Plugin host: vetting and loading") @MainActor struct PluginRegistryTests {
  typealias Fixtures = PluginFixtureBuilder

  /// One directory holding a good plugin and every kind of bad one: the host (this test
  /// process standing in for the daemon) survives, loads the good one and reports each
  /// bad one with its reason.
  @Test func everyBadPluginIsReportedAndTheGoodOneLoads() async throws {
    let directory = try Fixtures.temporaryDirectory("bad")
    let good = try Fixtures.install(Fixtures.library(.good), into: directory, as: "libagood.so")
    let duplicate = try Fixtures.install(
      Fixtures.library(.good), into: directory, as: "libbduplicate.so")
    let crash = try Fixtures.install(Fixtures.library(.crash), into: directory, as: "libcrash.so")
    let hang = try Fixtures.install(Fixtures.library(.hang), into: directory, as: "libhang.so")
    let wrong = try Fixtures.install(
      Fixtures.library(.wrongStamp), into: directory, as: "libwrong.so")
    let chatty = try Fixtures.install(
      Fixtures.library(.chatty), into: directory, as: "libchatty.so")
    let noEntry = try Fixtures.install(
      Fixtures.library(.noEntry), into: directory, as: "libnoentry.so")
    let throwing = try Fixtures.install(
      Fixtures.library(.throwingFactory), into: directory, as: "libthrowing.so")
    let trapping = try Fixtures.install(
      Fixtures.library(.trappingViewDidLoad), into: directory, as: "libtrapping.so")
    let badName = try Fixtures.install(
      Fixtures.library(.badName), into: directory, as: "libbadname.so")
    let text = "\(directory)/libtext.so"
    try "not a library\n".write(toFile: text, atomically: true, encoding: .utf8)
    try "ignored".write(toFile: "\(directory)/README", atomically: true, encoding: .utf8)

    let host = Fixtures.host([directory], timeout: 1)
    await host.scan()

    func expect(
      _ path: String, _ state: PluginRecord.State, _ reason: String,
      sourceLocation: SourceLocation = #_sourceLocation
    ) {
      let record = host.record(path: path)
      #expect(record?.state == state, "\(path)", sourceLocation: sourceLocation)
      #expect(
        record?.error?.contains(reason) == true, "\(record?.error ?? "no error")",
        sourceLocation: sourceLocation)
    }
    #expect(host.record(path: good)?.state == .loaded)
    #expect(host.record(path: good)?.error == nil)
    #expect(host.record(path: good)?.name == "fixture.good")
    #expect(host.record(path: good)?.components == ["fixture.Hello"])
    expect(
      duplicate, .rejected,
      "component \"fixture.Hello\" is already registered by \(good); \(duplicate) registers it too")
    expect(crash, .quarantined, "crashed with signal 11 (Segmentation fault) while stamp")
    expect(hang, .quarantined, "hung: vetting did not finish within 1 s while stamp")
    expect(
      wrong, .rejected,
      "ABI mismatch: the plugin was built for \"ScreenKit 0.0.0; Swift 1.0; interface 0000000000000000\""
    )
    expect(chatty, .rejected, "ABI mismatch")
    expect(noEntry, .rejected, "no entry point: the library does not export compd_plugin_entry")
    expect(
      throwing, .rejected,
      "opening fixture.Throwing with default params failed: component \"fixture.Throwing\" failed to open: the fixture refuses"
    )
    expect(
      trapping, .quarantined,
      "crashed with signal 4 (Illegal instruction) while open fixture.Trapping")
    expect(badName, .rejected, "\"NoNamespace\" is not a namespaced component name")
    expect(text, .rejected, "not an ELF shared library")
    #expect(host.record(path: "\(directory)/README") == nil)
    #expect(host.loadedPluginCount == 1)
    #expect(host.catalog.names == ["fixture.Hello"])

    // plugins.list: every file, the protocol's shape, in scan order.
    let list = try #require(host.pluginsListResult()["plugins"]?.arrayValue)
    #expect(list.count == 11)
    let first = try #require(list.first?.objectValue)
    #expect(first.keys == ["name", "version", "path", "state", "components"])
    #expect(
      list.first == [
        "name": "fixture.good", "version": "1.2.3", "path": .string(good), "state": "loaded",
        "components": ["fixture.Hello"],
      ])
    let crashed = try #require(list.first { $0["path"]?.stringValue == crash })
    #expect(crashed["name"] == "crash" && crashed["state"] == "quarantined")
    #expect(crashed["error"]?.stringValue?.contains("signal 11") == true)
  }

  @Test func componentsAreListedDescribedAndOpened() async throws {
    let directory = try Fixtures.temporaryDirectory("components")
    try Fixtures.install(Fixtures.library(.good), into: directory, as: "libgood.so")
    let host = Fixtures.host([directory])
    await host.scan()

    #expect(
      host.componentsListResult(plugin: nil) == [
        "components": [
          [
            "name": "fixture.Hello", "plugin": "fixture.good", "version": "2.0.0", "kind": "view",
            "summary": "A greeting",
          ]
        ]
      ])
    #expect(
      host.componentsListResult(plugin: "fixture.good") == host.componentsListResult(plugin: nil))
    #expect(host.componentsListResult(plugin: "no.such") == nil)
    #expect(
      host.describeComponentResult(name: "fixture.Hello") == [
        "name": "fixture.Hello", "plugin": "fixture.good", "version": "2.0.0", "kind": "view",
        "summary": "A greeting",
        "params": [
          "type": "object",
          "properties": ["name": ["type": "string", "maxLength": 40, "default": "world"]],
          "additionalProperties": false,
        ],
        "events": ["greeted"],
      ])
    #expect(host.describeComponentResult(name: "fixture.Nope") == nil)

    var events: [ComponentEvent] = []
    let controller = try host.catalog.instantiate("fixture.Hello", params: ["name": "Ada"]) {
      events.append($0)
    }
    let view: View = controller.view
    #expect(view.accessibilityIdentifier == "hello Ada")
    #expect(events == [ComponentEvent(component: "fixture.Hello", name: "greeted", payload: "Ada")])
    #expect(throws: ComponentError.self) {
      try host.catalog.instantiate("fixture.Hello", params: ["name": 5]) { _ in }
    }
  }

  /// A changed file of a loaded plugin is vetted again like a new one; once accepted it
  /// replaces the old version in the registry and in the load set, so a host that loaded
  /// the old one is stale (scene hosts move to the new one, see SceneHostTests).
  @Test func rescanLoadsNewFilesAndVetsChangedLoadedOnesAgain() async throws {
    let directory = try Fixtures.temporaryDirectory("rescan")
    let good = try Fixtures.install(Fixtures.library(.good), into: directory, as: "libgood.so")
    // As the daemon runs it: a registry, no code in this process (a library loaded once
    // stays: opening the changed file in-process would give back the old code).
    let host = PluginRegistry(
      configuration: .init(
        pluginDirectories: [directory], stateDirectory: nil, scannerExecutable: Fixtures.compd,
        vetTimeoutSeconds: 2),
      logger: Logger(label: "plugin-tests"))
    await host.scan()
    #expect(host.catalog.names.isEmpty)
    #expect(
      host.componentsListResult(plugin: nil)?["components"]?.arrayValue?.first?["name"]
        == "fixture.Hello")
    let before = host.loadSet
    #expect(!before.isStale(comparedTo: host.loadSet))

    // Replace the loaded file with one that provides another component.
    try Fixtures.install(Fixtures.library(.renamed), into: directory, as: "libgood.so")
    await host.scan()
    let changed = try #require(host.record(path: good))
    #expect(changed.state == .loaded)
    #expect(changed.manifest?.components.map(\.name) == ["fixture.Renamed"])
    #expect(before.isStale(comparedTo: host.loadSet))
    #expect(host.loadSet.plugins.map(\.identity) == [PluginFileIdentity(path: good)])
    let listed = try #require(
      host.componentsListResult(plugin: nil)?["components"]?.arrayValue?.map {
        $0["name"]?.stringValue
      })
    #expect(listed == ["fixture.Renamed"])
    let plugins = try #require(host.pluginsListResult()["plugins"]?.arrayValue)
    #expect(plugins.allSatisfy { $0["error"] == nil && $0["restartRequired"] == nil })
  }

  /// `compd --scan-plugin PATH` as the host runs it: the manifest on stdout and status 0,
  /// or `{"error": reason}` and status 2; what the plugin prints goes to stderr.
  @Test func theScanPluginFlagPrintsTheManifest() throws {
    func scan(_ path: String) throws -> (status: Int32, output: String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Fixtures.compd)
      process.arguments = ["--scan-plugin", path]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
    let good = try scan(Fixtures.library(.good))
    #expect(good.status == 0)
    let manifest = try PluginManifest(json: JSONParser.parse(good.output))
    #expect(manifest.name == "fixture.good" && manifest.stamp == ABIStamp.library)
    #expect(manifest.components.map(\.name) == ["fixture.Hello"])
    #expect(good.output.hasSuffix("}\n") && good.output.split(separator: "\n").count == 1)

    let chatty = try scan(Fixtures.library(.chatty))
    #expect(chatty.status == 2)
    #expect(!chatty.output.contains("garbage"))
    #expect(
      try JSONParser.parse(chatty.output)["error"]?.stringValue?.hasPrefix("ABI mismatch") == true)

    let missing = try scan("/nonexistent/libnothing.so")
    #expect(missing.status == 2)
    #expect(
      try JSONParser.parse(missing.output)["error"]?.stringValue?.hasPrefix("cannot resolve")
        == true)
  }

  @Test func concurrentScansRunOneAfterTheOther() async throws {
    let directory = try Fixtures.temporaryDirectory("concurrent")
    let good = try Fixtures.install(Fixtures.library(.good), into: directory, as: "libgood.so")
    let host = Fixtures.host([directory])
    async let first: Void = host.scan()
    async let second: Void = host.scan()
    _ = await (first, second)
    #expect(host.vettingChildrenStarted == 1)
    #expect(host.record(path: good)?.state == .loaded)
    #expect(host.pluginsListResult()["plugins"]?.arrayValue?.count == 1)
  }

  /// The parent checks what the child prints: garbage, an oversized answer, or a scanner
  /// that exits oddly quarantine the plugin.
  @Test(arguments: [
    ("printf 'this is not json\\n'", "vetting printed invalid output"),
    ("head -c 2000000 /dev/zero | tr '\\\\0' x", "vetting printed more than 1048576 bytes"),
    ("echo '{\"error\": 1}'; exit 2", "no reason for the rejection"),
    ("echo '{}'; exit 7", "vetting exited with status 7"),
    ("echo '{\"stamp\":\"x\",\"name\":\"p\",\"version\":\"1\",\"components\":[]}'", "ABI mismatch"),
    ("echo '{\"name\":\"p\"}'", "bad manifest: \"stamp\" is missing or not a string"),
  ])
  func scannerOutputIsValidated(script: String, reason: String) async throws {
    let directory = try Fixtures.temporaryDirectory("scanner")
    let scanner = "\(directory)/scanner.sh"
    try "#!/bin/sh\n\(script)\n".write(toFile: scanner, atomically: true, encoding: .utf8)
    chmod(scanner, 0o755)
    let plugins = "\(directory)/plugins"
    try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
    let plugin = try Fixtures.install(Fixtures.library(.good), into: plugins, as: "libgood.so")
    let host = Fixtures.host([plugins], scanner: scanner)
    await host.scan()
    let record = try #require(host.record(path: plugin))
    #expect(record.state != .loaded)
    #expect(record.error?.contains(reason) == true, "\(record.error ?? "")")
    #expect(host.catalog.names.isEmpty)
  }

  @Test func missingDirectoriesAndAMissingScannerDoNotStopTheHost() async throws {
    let directory = try Fixtures.temporaryDirectory("missing")
    let plugin = try Fixtures.install(Fixtures.library(.good), into: directory, as: "libgood.so")
    let host = Fixtures.host(["/nonexistent/plugins", directory], scanner: "/nonexistent/compd")
    await host.scan()
    let record = try #require(host.record(path: plugin))
    #expect(record.state == .quarantined)
    #expect(record.error?.contains("cannot start /nonexistent/compd") == true)
  }
}
