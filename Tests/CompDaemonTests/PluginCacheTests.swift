import Foundation
import JSONRPC
import ScreenKit
import Testing

@testable import CompdBroker

@Suite("Plugin registry cache") @MainActor struct PluginCacheTests {
  typealias Fixtures = PluginFixtureBuilder

  private func setUp(_ label: String) throws -> (plugins: String, state: String) {
    let root = try Fixtures.temporaryDirectory(label)
    let plugins = "\(root)/plugins"
    try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
    return (plugins, "\(root)/state")
  }

  @Test func unchangedFilesAreNotVettedAgainAndTouchedOnesAre() async throws {
    let (plugins, state) = try setUp("cache")
    let good = try Fixtures.install(Fixtures.library(.good), into: plugins, as: "libgood.so")
    let crash = try Fixtures.install(Fixtures.library(.crash), into: plugins, as: "libcrash.so")
    let wrong = try Fixtures.install(
      Fixtures.library(.wrongStamp), into: plugins, as: "libwrong.so")

    let cold = Fixtures.host([plugins], stateDirectory: state)
    await cold.scan()
    #expect(cold.vettingChildrenStarted == 3)
    #expect(FileManager.default.fileExists(atPath: "\(state)/plugin-cache.json"))

    // A restart with nothing changed vets nothing, and remembers every verdict.
    let warm = Fixtures.host([plugins], stateDirectory: state)
    await warm.scan()
    #expect(warm.vettingChildrenStarted == 0)
    #expect(warm.record(path: good)?.state == .loaded)
    #expect(warm.catalog.names == ["fixture.Hello"])
    #expect(warm.record(path: crash)?.state == .quarantined)
    #expect(warm.record(path: crash)?.error == cold.record(path: crash)?.error)
    #expect(warm.record(path: wrong)?.state == .rejected)
    #expect(warm.pluginsListResult() == cold.pluginsListResult())

    // Touching a file (new mtime) makes it be vetted again; only it.
    let later = Date().addingTimeInterval(5)
    try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: wrong)
    let touched = Fixtures.host([plugins], stateDirectory: state)
    await touched.scan()
    #expect(touched.vettingChildrenStarted == 1)
    #expect(touched.record(path: wrong)?.state == .rejected)
  }

  @Test func quarantineLastsUntilTheFileChanges() async throws {
    let (plugins, state) = try setUp("quarantine")
    let path = try Fixtures.install(Fixtures.library(.crash), into: plugins, as: "libflaky.so")
    let first = Fixtures.host([plugins], stateDirectory: state)
    await first.scan()
    #expect(first.record(path: path)?.state == .quarantined)

    let again = Fixtures.host([plugins], stateDirectory: state)
    await again.scan()
    #expect(again.vettingChildrenStarted == 0)
    #expect(again.record(path: path)?.state == .quarantined)

    // A new file at the same path lifts the quarantine.
    try Fixtures.install(Fixtures.library(.renamed), into: plugins, as: "libflaky.so")
    let fixed = Fixtures.host([plugins], stateDirectory: state)
    await fixed.scan()
    #expect(fixed.vettingChildrenStarted == 1)
    #expect(fixed.record(path: path)?.state == .loaded)
    #expect(fixed.catalog.names == ["fixture.Renamed"])

    // And a rescan in a running host lifts it too.
    try Fixtures.install(Fixtures.library(.crash), into: plugins, as: "libother.so")
    await fixed.scan()
    #expect(fixed.record(path: plugins + "/libother.so")?.state == .quarantined)
    try Fixtures.install(Fixtures.library(.good), into: plugins, as: "libother.so")
    await fixed.scan()
    #expect(fixed.record(path: plugins + "/libother.so")?.state == .loaded)
    #expect(fixed.catalog.names == ["fixture.Hello", "fixture.Renamed"])
  }

  @Test func aComponentQuarantineIsRememberedUntilTheFileChanges() async throws {
    let (plugins, state) = try setUp("component-quarantine")
    let path = try Fixtures.install(Fixtures.library(.good), into: plugins, as: "libgood.so")
    let screen = "\(plugins)/welcome.screen.json"
    func writeScreen(_ summary: String) throws {
      try """
      {"component": "fixture.Welcome", "version": "1.0.0", "summary": "\(summary)",
       "root": {"container": "stack", "children": [{"component": "fixture.Hello"}]}}
      """.write(toFile: screen, atomically: true, encoding: .utf8)
    }
    try writeScreen("hello")
    let first = Fixtures.host([plugins], stateDirectory: state)
    await first.scan()
    first.quarantine("fixture.Hello", reason: "crashed its scene host 3 times")
    first.quarantine("fixture.Welcome", reason: "crashed its scene host 2 times")

    let again = Fixtures.host([plugins], stateDirectory: state)
    await again.scan()
    #expect(again.vettingChildrenStarted == 0)
    #expect(again.quarantineReason(of: "fixture.Hello") == "crashed its scene host 3 times")
    #expect(again.quarantineReason(of: "fixture.Welcome") == "crashed its scene host 2 times")
    #expect(again.pluginsListResult() == first.pluginsListResult())

    // A new file (the same code, copied anew; the screen written again) starts afresh.
    try Fixtures.install(Fixtures.library(.good), into: plugins, as: "libgood.so")
    try writeScreen("hello again")
    await again.scan()
    #expect(again.quarantineReason(of: "fixture.Hello") == nil)
    #expect(again.quarantineReason(of: "fixture.Welcome") == nil)
    let after = Fixtures.host([plugins], stateDirectory: state)
    await after.scan()
    #expect(after.vettingChildrenStarted == 0)
    #expect(after.record(path: path)?.state == .loaded)
    #expect(after.record(path: screen)?.state == .loaded)
    #expect(after.quarantineReason(of: "fixture.Hello") == nil)
    #expect(after.quarantineReason(of: "fixture.Welcome") == nil)
  }

  @Test(arguments: [
    "", "{", "[1,2]", "{\"version\": 99}",
    "{\"version\":1,\"stamp\":\"\(ABIStamp.library)\",\"plugins\":[{\"path\":3}]}",
  ])
  func aCorruptCacheIsIgnored(contents: String) async throws {
    let (plugins, state) = try setUp("corrupt")
    try Fixtures.install(Fixtures.library(.good), into: plugins, as: "libgood.so")
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    try contents.write(toFile: "\(state)/plugin-cache.json", atomically: true, encoding: .utf8)
    let host = Fixtures.host([plugins], stateDirectory: state)
    await host.scan()
    #expect(host.vettingChildrenStarted == 1)
    #expect(host.catalog.names == ["fixture.Hello"])
    // The cache is rewritten whole and valid.
    let saved = try String(contentsOfFile: "\(state)/plugin-cache.json", encoding: .utf8)
    let json = try JSONParser.parse(saved)
    #expect(json["version"] == 1)
    #expect(json["plugins"]?.arrayValue?.count == 1)
    #expect(!FileManager.default.fileExists(atPath: "\(state)/plugin-cache.json.tmp.\(getpid())"))
  }

  @Test func aCacheFromAnotherScreenKitIsIgnored() async throws {
    let (plugins, state) = try setUp("stale")
    try Fixtures.install(Fixtures.library(.good), into: plugins, as: "libgood.so")
    let host = Fixtures.host([plugins], stateDirectory: state)
    await host.scan()
    let path = "\(state)/plugin-cache.json"
    let saved = try String(contentsOfFile: path, encoding: .utf8)
    try saved.replacingOccurrences(of: ABIStamp.library, with: "ScreenKit 9.9.9")
      .write(toFile: path, atomically: true, encoding: .utf8)
    let next = Fixtures.host([plugins], stateDirectory: state)
    await next.scan()
    #expect(next.vettingChildrenStarted == 1)
  }
}
