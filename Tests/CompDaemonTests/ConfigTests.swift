import Testing

@testable import CompdBroker
@testable import CompdCommandLine

struct ConfigTests {
  @Test func parsesEveryKey() throws {
    let file = try ConfigFile.parse(
      """
      # compd config
      socket = /run/x.sock
      plugin-dir = /a, /b
      plugin_dirs = /c
      state-dir = /var/lib/compd
      log-level = debug
      socket-mode = 0600
      max-connections = 10
      max-line-bytes = 1MiB
      max-output-bytes = 64K
      shutdown-grace = 2.5
      io-threads = 1
      persist-scenes = no
      scene-save-delay = 2
      scene-tombstones = 0
      verify-diffs = yes
      """, fileName: "t.conf")
    var config = DaemonConfig(socketPath: "/default")
    file.apply(to: &config)
    #expect(config.socketPath == "/run/x.sock")
    #expect(config.pluginDirectories == ["/a", "/b", "/c"])
    #expect(config.stateDirectory == "/var/lib/compd")
    #expect(config.logLevel == .debug)
    #expect(config.socketMode == 0o600)
    #expect(config.maxConnections == 10)
    #expect(config.maxLineBytes == 1 << 20)
    #expect(config.maxOutputBytes == 64 << 10)
    #expect(config.shutdownGraceSeconds == 2.5)
    #expect(config.ioThreads == 1)
    #expect(config.persistScenes == false)
    #expect(config.sceneSaveDelay == 2)
    #expect(config.sceneTombstones == 0)
    #expect(config.verifyDiffs)
  }

  @Test(arguments: [
    ("nonsense", "t.conf:1"), ("x = 1", "t.conf:1"), ("\n\nsocket-mode = 9", "t.conf:3"),
    ("max-connections = 0", "t.conf:1"), ("max-line-bytes = -5", "t.conf:1"),
    ("log-level = shout", "t.conf:1"), ("io-threads = 0", "t.conf:1"), ("socket =", "t.conf:1"),
    ("plugin-dir = a,,b", "t.conf:1"), ("persist-scenes = maybe", "t.conf:1"),
    ("scene-save-delay = 61", "t.conf:1"), ("scene-save-delay = -1", "t.conf:1"),
    ("verify-diffs = sometimes", "t.conf:1"), ("scene-tombstones = -1", "t.conf:1"),
    ("scene-tombstones = 10000001", "t.conf:1"),
  ])
  func errorsNameFileAndLine(_ text: String, _ place: String) {
    #expect {
      _ = try ConfigFile.parse(text, fileName: "t.conf")
    } throws: { error in
      (error as? ConfigError)?.description.hasPrefix(place) == true
    }
  }

  @Test func flagsOverrideTheFile() throws {
    let command = try CompdCommand.parse([
      "--socket", "/flag.sock", "--max-connections", "7", "--persist-scenes", "false",
      "--scene-save-delay", "0.25", "--verify-diffs",
    ])
    let config = try command.resolvedConfig()
    #expect(config.verifyDiffs)
    #expect(try CompdCommand.parse(["--socket", "/s"]).resolvedConfig().verifyDiffs == false)
    #expect(config.persistScenes == false)
    #expect(config.sceneSaveDelay == 0.25)
    #expect(config.socketPath == "/flag.sock")
    #expect(config.maxConnections == 7)
    #expect(config.socketMode == 0o660)
    #expect(config.maxLineBytes == 16 << 20)
  }

  @Test("every setting is documented: compd --help, its config section, the man page, compd.conf")
  func everySettingIsDocumented() throws {
    var root = #filePath
    for _ in 0..<3 { root = String(root[..<root.lastIndex(of: "/")!]) }
    let conf = try String(contentsOfFile: root + "/dist/compd.conf", encoding: .utf8)
    let man = try String(contentsOfFile: root + "/dist/man/compd.1", encoding: .utf8)
    let help = CompdCommand.helpMessage(columns: 200)
    // docs/operations.md, "Reloading": the settings a reload does not apply, exactly.
    let operations = try String(contentsOfFile: root + "/docs/operations.md", encoding: .utf8)
    let fixed = try #require(
      operations.components(separatedBy: "* Fixed until a restart:").dropFirst().first?
        .components(separatedBy: "A reload that changes").first)
    let named = Set(
      fixed.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map {
        String($0.element)
      })
    #expect(named == Set(ConfigKey.all.filter { !$0.reloadable }.map(\.name)))
    for key in ConfigKey.all {
      #expect(help.contains("--\(key.name)"), "--help has no flag --\(key.name)")
      #expect(help.contains("  \(key.name) = "), "--help's config section lacks \(key.name)")
      #expect(
        man.contains("\\-\\-" + key.name.replacingOccurrences(of: "-", with: "\\-")),
        "the man page lacks --\(key.name)")
      #expect(
        conf.contains("\n#\(key.name) =") || conf.contains("\n\(key.name) ="),
        "dist/compd.conf lacks \(key.name)")
    }
  }

  @Test func validateNamesTheSettingAndWhatItTakes() {
    var config = DaemonConfig(socketPath: "/s")
    #expect(throws: Never.self) { try config.validate() }
    config.sceneTombstones = -1
    #expect(throws: ConfigError("scene-tombstones must be a number of scenes from 0 to 10000000")) {
      try config.validate()
    }
    config = DaemonConfig(socketPath: String(repeating: "x", count: 108))
    #expect(
      throws: ConfigError("the socket path is 108 bytes long; Unix sockets allow at most 107")
    ) {
      try config.validate()
    }
  }

  @Test func aReloadNamesTheChangedSettingsThatNeedARestart() {
    let old = DaemonConfig(socketPath: "/s")
    var new = old
    new.sceneHosts = old.sceneHosts + 1
    new.pluginTrust = .relaxed  // applied by a reload
    new.pluginDirectories = ["/p"]  // applied by a reload
    new.persistScenes = false
    new.listenBacklog = 12
    #expect(
      ServiceRuntime.settingsNeedingRestart(old: old, new: new)
        == ["persist-scenes", "listen-backlog", "scene-hosts"])
    #expect(ServiceRuntime.settingsNeedingRestart(old: old, new: old).isEmpty)
  }

  @Test func sizesAndModes() {
    #expect(ConfigValues.byteSize("16MiB") == 16 << 20)
    #expect(ConfigValues.byteSize("4096") == 4096)
    #expect(ConfigValues.byteSize("2G") == 2 << 30)
    #expect(ConfigValues.byteSize("-1") == nil)
    #expect(ConfigValues.byteSize("99999999999999999999G") == nil)
    #expect(ConfigValues.mode("0660") == 0o660)
    #expect(ConfigValues.mode("0o600") == 0o600)
    #expect(ConfigValues.mode("1777") == nil)
    #expect(ConfigValues.mode("abc") == nil)
  }
}
