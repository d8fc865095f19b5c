import Testing

@testable import CompdBroker

@Suite("Access: configuration keys")
struct AccessConfigTests {
  @Test("access keys parse into the daemon config; lists replace the defaults, then add")
  func parses() throws {
    let file = try ConfigFile.parse(
      """
      socket = /run/compd.sock
      control-user = alice, 1001
      control-user = bob
      read-access = listed
      read-group = staff
      scene-admin-group = wheel
      max-connections-per-user = 8
      max-scenes-per-user = 4
      max-scenes = 100
      """, fileName: "compd.conf")
    var config = DaemonConfig(socketPath: "/x")
    file.apply(to: &config)
    #expect(config.access.controlUsers == ["alice", "1001", "bob"])
    #expect(config.access.controlGroups == ["compd"])  // untouched default
    #expect(config.access.readEveryone == false)
    #expect(config.access.readGroups == ["staff"])
    #expect(config.access.sceneAdminGroups == ["wheel"])
    #expect(config.access.maxConnectionsPerUser == 8)
    #expect(config.access.maxScenesPerUser == 4)
    #expect(config.access.maxScenes == 100)
    let override = try ConfigFile.parse("control-group = ops", fileName: "compd.conf")
    override.apply(to: &config)
    #expect(config.access.controlGroups == ["ops"])
  }

  @Test(
    "bad access values are errors naming file:line",
    arguments: [
      ("read-access = sometimes", "read-access"),
      ("max-connections-per-user = 0", "max-connections-per-user"),
      ("max-scenes = lots", "max-scenes"), ("control-user = a,,b", "control-user"),
    ])
  func badValues(line: String, key: String) {
    #expect {
      _ = try ConfigFile.parse("socket = /s\n\(line)", fileName: "compd.conf")
    } throws: { error in
      let text = "\(error)"
      return text.contains("compd.conf:2") && text.contains(key)
    }
  }

  @Test("the packaged default config parses, and every access key in it is known")
  func packagedConfig() throws {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    let text = try String(contentsOfFile: path + "/dist/compd.conf", encoding: .utf8)
      .replacingOccurrences(of: "@plugindir@", with: "/usr/lib/compd/plugins")
    _ = try ConfigFile.parse(text, fileName: "compd.conf")
    // Uncommenting every `#key = value` line that has a value must parse as well.
    let uncommented = text.split(separator: "\n").map { line -> String in
      if line.hasPrefix("#"), line.contains(" = "), !line.hasSuffix("="),
        let key = line.dropFirst().split(separator: " ").first,
        ConfigFile.keys.contains(String(key))
      {
        return String(line.dropFirst())
      }
      return String(line)
    }.joined(separator: "\n")
    let file = try ConfigFile.parse(uncommented, fileName: "compd.conf")
    var config = DaemonConfig(socketPath: "/x")
    file.apply(to: &config)
    #expect(
      config
        == {
          var c = DaemonConfig(socketPath: "/run/compd.sock")
          c.pluginDirectories = ["/usr/lib/compd/plugins"]
          c.stateDirectory = "/var/lib/compd"
          return c
        }())
  }
}
