import Foundation
import JSONRPC
import Testing

/// The plugin methods as a client sees them: a real compd with a plugin directory, over
/// its socket.
@Suite("Plugin RPC methods") struct PluginRPCTests {
  typealias Fixtures = PluginFixtureBuilder

  private func call(
    _ client: SocketClient, _ id: Int64, _ method: String, _ params: JSONObject = [:]
  )
    throws -> JSON
  {
    try client.write(
      line: RPCMessage.request(id: .int(id), method: method, params: params).serialized())
    let reply = try client.readJSON()
    #expect(reply["id"] == .int(id))
    return reply
  }

  @Test func pluginsAndComponentsOverTheSocket() throws {
    let plugins = try Fixtures.temporaryDirectory("rpc")
    let state = try Fixtures.temporaryDirectory("rpc-state")
    let good = try Fixtures.install(Fixtures.library(.good), into: plugins, as: "libgood.so")
    let crash = try Fixtures.install(Fixtures.library(.crash), into: plugins, as: "libcrash.so")
    try Fixtures.install(Fixtures.library(.wrongStamp), into: plugins, as: "libwrong.so")
    let daemon = try DaemonProcess(arguments: ["--plugin-dir", plugins, "--state-dir", state])
    defer { _ = try? daemon.stop() }
    let client = try SocketClient(path: daemon.socketPath)

    let list = try #require(call(client, 1, "plugins.list")["result"]?["plugins"]?.arrayValue)
    #expect(list.map { $0["state"] } == ["quarantined", "loaded", "rejected"])
    #expect(
      list[1] == [
        "name": "fixture.good", "version": "1.2.3", "path": .string(good), "state": "loaded",
        "components": ["fixture.Hello"],
      ])
    #expect(list[0]["path"] == .string(crash))
    #expect(list[0]["error"]?.stringValue?.contains("crashed with signal 11") == true)
    #expect(list[2]["error"]?.stringValue?.hasPrefix("ABI mismatch") == true)

    let info = try call(client, 2, "daemon.info")["result"]
    #expect(info?["plugins"] == 1 && info?["components"] == 1)

    #expect(
      try call(client, 3, "components.list")["result"] == [
        "components": [
          [
            "name": "fixture.Hello", "plugin": "fixture.good", "version": "2.0.0", "kind": "view",
            "summary": "A greeting",
          ]
        ]
      ])
    let filtered = try call(client, 4, "components.list", ["plugin": "nope"])
    #expect(filtered["error"]?["data"]?["name"] == "compd.PluginError")
    let described = try call(client, 5, "components.describe", ["name": "fixture.Hello"])
    #expect(described["result"]?["params"]?["properties"]?["name"]?["default"] == "world")
    #expect(described["result"]?["events"] == ["greeted"])
    let unknown = try call(client, 6, "components.describe", ["name": "no.Such"])
    #expect(unknown["error"]?["code"] == -32002)
    #expect(unknown["error"]?["data"]?["name"] == "compd.NoSuchComponent")
    let missing = try call(client, 7, "components.describe")
    #expect(missing["error"]?["code"] == -32602)

    // A new file is vetted and loaded by a rescan; the daemon keeps serving throughout.
    try Fixtures.install(Fixtures.library(.renamed), into: plugins, as: "librenamed.so")
    let rescanned = try #require(
      call(client, 8, "plugins.rescan")["result"]?["plugins"]?.arrayValue)
    #expect(rescanned.count == 4)
    #expect(rescanned.last?["state"] == "loaded")
    #expect(try call(client, 9, "daemon.info")["result"]?["components"] == 2)
    #expect(try call(client, 10, "daemon.ping")["result"] == [:])
  }
  @Test("a real compd lists every bad plugin with its reason and serves the good one")
  func everyBadPluginThroughTheDaemon() throws {
    let plugins = try Fixtures.temporaryDirectory("rpc-bad")
    let state = try Fixtures.temporaryDirectory("rpc-bad-state")
    var expected: [(file: String, state: String, reason: String)] = [
      ("libagood.so", "loaded", ""),
      ("libbduplicate.so", "rejected", "is already registered by"),
      ("libcrash.so", "quarantined", "crashed with signal 11"),
      ("libhang.so", "quarantined", "hung: vetting did not finish"),
      ("libwrong.so", "rejected", "ABI mismatch"),
      ("libchatty.so", "rejected", "ABI mismatch"),
      ("libnoentry.so", "rejected", "no entry point"),
      ("libthrowing.so", "rejected", "failed to open: the fixture refuses"),
      ("libtrapping.so", "quarantined", "crashed with signal 4"),
      ("libbadname.so", "rejected", "is not a namespaced component name"),
    ]
    let swiftFixtures: [String: Fixtures.SwiftVariant] = [
      "libagood.so": .good, "libbduplicate.so": .good, "libthrowing.so": .throwingFactory,
      "libtrapping.so": .trappingViewDidLoad, "libbadname.so": .badName,
    ]
    let cFixtures: [String: Fixtures.CVariant] = [
      "libcrash.so": .crash, "libhang.so": .hang, "libwrong.so": .wrongStamp,
      "libchatty.so": .chatty, "libnoentry.so": .noEntry,
    ]
    for (file, variant) in swiftFixtures {
      try Fixtures.install(Fixtures.library(variant), into: plugins, as: file)
    }
    for (file, variant) in cFixtures {
      try Fixtures.install(Fixtures.library(variant), into: plugins, as: file)
    }
    try "not a library\n".write(toFile: plugins + "/libtext.so", atomically: true, encoding: .utf8)
    expected.append(("libtext.so", "rejected", "not an ELF shared library"))

    let daemon = try DaemonProcess(arguments: ["--plugin-dir", plugins, "--state-dir", state])
    defer { _ = try? daemon.stop() }
    let client = try SocketClient(path: daemon.socketPath)
    let list = try #require(call(client, 1, "plugins.list")["result"]?["plugins"]?.arrayValue)
    #expect(list.count == expected.count)
    for entry in expected {
      let record = list.first { $0["path"]?.stringValue == plugins + "/" + entry.file }
      #expect(record?["state"]?.stringValue == entry.state, "\(entry.file): \(record ?? .null)")
      if entry.reason.isEmpty {
        #expect(record?["error"] == nil, "\(entry.file)")
      } else {
        #expect(
          record?["error"]?.stringValue?.contains(entry.reason) == true,
          "\(entry.file): \(record ?? .null)")
      }
    }
    // Still serving, with the one good component.
    #expect(try call(client, 2, "daemon.info")["result"]?["components"] == 1)
    let opened = try call(client, 3, "scene.open", ["component": "fixture.Hello"])
    #expect(opened["result"]?["scene"] != nil, "\(opened)")
    let refused = try call(client, 4, "scene.open", ["component": "fixture.Trapping"])
    #expect(refused["error"]?["data"]?["name"] == "compd.NoSuchComponent")
    #expect(try daemon.stop() == 0)
  }
}
