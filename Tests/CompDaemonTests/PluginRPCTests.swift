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
}
