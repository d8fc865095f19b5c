import Foundation

/// A compd child process serving the bundled plugins (`Plugins/<Name>`, compiled from
/// their sources), for tests that drive scenes through the real socket.
final class SceneDaemon {
  static let plugins = ["Login", "StackedForms", "Destination", "Gallery", "Contacts"]

  let daemon: DaemonProcess
  /// The plugin directory; the state directory is in it unless `stateDirectory` is given.
  let pluginDirectory: String
  let stateDirectory: String
  /// The daemon this one restarted, kept so that its directory (with the socket path
  /// this one reuses) stays.
  private var predecessor: SceneDaemon?
  var socketPath: String { daemon.socketPath }
  var log: String { daemon.log }

  /// A daemon over the `bundled` plugins, the given fixture variants and `libraries` (built
  /// plugin files, installed under their file names).
  init(
    arguments: [String] = [], bundled: [String] = SceneDaemon.plugins,
    fixtures: [PluginFixtureBuilder.SwiftVariant] = [], libraries: [String] = [],
    stateDirectory: String? = nil
  ) throws {
    let directory = try PluginFixtureBuilder.temporaryDirectory("scenes")
    for library in libraries {
      try PluginFixtureBuilder.install(
        library, into: directory, as: URL(fileURLWithPath: library).lastPathComponent)
    }
    for name in bundled {
      try PluginFixtureBuilder.install(
        PluginFixtureBuilder.bundled(name), into: directory, as: "lib\(name).so")
      try PluginFixtureBuilder.installResources(of: name, into: directory)
    }
    for fixture in fixtures {
      try PluginFixtureBuilder.install(
        PluginFixtureBuilder.library(fixture), into: directory,
        as: "libfixture-\(fixture.rawValue.lowercased()).so")
    }
    pluginDirectory = directory
    self.stateDirectory = stateDirectory ?? directory + "/state"
    daemon = try Self.start(
      pluginDirectory: directory, stateDirectory: self.stateDirectory, arguments: arguments,
      socketPath: nil)
  }

  /// Another compd on the same plugin and state directories and socket path (after this
  /// one stopped: a restart).
  private init(restarting previous: SceneDaemon, arguments: [String]) throws {
    predecessor = previous
    pluginDirectory = previous.pluginDirectory
    stateDirectory = previous.stateDirectory
    daemon = try Self.start(
      pluginDirectory: pluginDirectory, stateDirectory: stateDirectory, arguments: arguments,
      socketPath: previous.socketPath)
  }

  /// Starts compd again on the same directories and socket; this one must have stopped.
  func restarted(arguments: [String] = []) throws -> SceneDaemon {
    try SceneDaemon(restarting: self, arguments: arguments)
  }

  private static func start(
    pluginDirectory: String, stateDirectory: String, arguments: [String], socketPath: String?
  ) throws -> DaemonProcess {
    // Every incremental refresh is checked against a full walk of the tree: a view change
    // that ScreenKit did not record stops the scene host, and fails the test with it.
    try DaemonProcess(
      arguments: ["--plugin-dir", pluginDirectory, "--state-dir", stateDirectory, "--verify-diffs"]
        + arguments,
      socketPath: socketPath)
  }

  func client() throws -> RPCTestClient { try RPCTestClient(path: socketPath) }
}

/// A small deterministic random generator (SplitMix64) so that a failing sequence can be
/// replayed from its seed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
