import Foundation

/// A compd child process serving the bundled plugins (`Plugins/<Name>`, compiled from
/// their sources), for tests that drive scenes through the real socket.
final class SceneDaemon {
  static let plugins = ["Login", "StackedForms", "Destination", "Gallery"]

  let daemon: DaemonProcess
  var socketPath: String { daemon.socketPath }
  var log: String { daemon.log }

  /// A daemon over the bundled plugins and the given fixture variants.
  init(
    arguments: [String] = [], fixtures: [PluginFixtureBuilder.SwiftVariant] = []
  ) throws {
    let directory = try PluginFixtureBuilder.temporaryDirectory("scenes")
    for name in Self.plugins {
      try PluginFixtureBuilder.install(
        PluginFixtureBuilder.bundled(name), into: directory, as: "lib\(name).so")
    }
    for fixture in fixtures {
      try PluginFixtureBuilder.install(
        PluginFixtureBuilder.library(fixture), into: directory,
        as: "libfixture-\(fixture.rawValue.lowercased()).so")
    }
    // Every incremental refresh is checked against a full walk of the tree: a view change
    // that ScreenKit did not record stops the daemon, and the test with it.
    var environment = ProcessInfo.processInfo.environment
    environment["COMPD_VERIFY_DIFFS"] = "1"
    daemon = try DaemonProcess(
      arguments: ["--plugin-dir", directory, "--state-dir", directory + "/state"] + arguments,
      environment: environment)
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
