import Foundation
import Logging
import ScreenKit
import Synchronization
import Testing

@testable import CompdBroker
@testable import CompdProtocol

/// Builds the plugin fixtures of `Tests/PluginFixtures` into real shared libraries, against
/// the libScreenKit.so and ScreenKit module of the running build.
enum PluginFixtureBuilder {
  /// The build products directory (where the test bundle, compd and libScreenKit.so are).
  static let productsDirectory = URL(fileURLWithPath: PluginRegistry.currentExecutable())
    .deletingLastPathComponent().path

  static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  static let fixturesDirectory = "\(repositoryRoot)/Tests/PluginFixtures"

  /// compd, run as the vetting child.
  static var compd: String { "\(productsDirectory)/compd" }

  /// The Swift fixture variants, by the compilation condition that selects them.
  enum SwiftVariant: String, CaseIterable, Sendable {
    case good = ""
    case renamed = "RENAMED"
    case throwingFactory = "THROWING_FACTORY"
    case picky = "PICKY"
    case trappingViewDidLoad = "TRAPPING_VIEW_DID_LOAD"
    case badName = "BAD_NAME"
  }

  /// The C fixture variants.
  enum CVariant: String, CaseIterable, Sendable {
    case crash = "CRASH"
    case hang = "HANG"
    case wrongStamp = "WRONG_STAMP"
    case noEntry = "NO_ENTRY"
    case chatty = "CHATTY"
  }

  private static let built = Mutex<[String: String]>([:])

  /// The path of the compiled Swift variant (built once per test run).
  static func library(_ variant: SwiftVariant) throws -> String {
    try cached("swift-\(variant.rawValue)") { output in
      try compile(
        ["\(fixturesDirectory)/GoodPlugin.swift"],
        module: "Fixture\(variant.rawValue.isEmpty ? "GOOD" : variant.rawValue)",
        defines: variant.rawValue.isEmpty ? [] : [variant.rawValue], output: output)
    }
  }

  /// The plugin `fixture.faults` of `FaultPlugin.swift` (built once per test run): components
  /// that crash, hang, exhaust memory or exit their scene host, and `faults.Note`. `upgraded`
  /// builds version 2.0.0, whose note screen shows and emits version 2.
  static func faultPlugin(upgraded: Bool = false) throws -> String {
    try cached(upgraded ? "faults-upgraded" : "faults") { output in
      try compile(
        ["\(fixturesDirectory)/FaultPlugin.swift"], module: "FixtureFaults",
        defines: upgraded ? ["UPGRADED"] : [], output: output)
    }
  }

  /// The plugin `fixture.scratch` of `ScratchPlugin.swift` (built once per test run):
  /// `scratch.Pad`, a text field whose text is not restorable.
  static func scratchPlugin() throws -> String {
    try cached("scratch") { output in
      try compile(
        ["\(fixturesDirectory)/ScratchPlugin.swift"], module: "FixtureScratch", output: output)
    }
  }

  /// The bundled plugin `Plugins/<name>`, compiled from its sources for this test run
  /// against the current ScreenKit (not SwiftPM's product, which an incremental build can
  /// leave stale: the ABI stamp then rightly rejects it).
  static func bundled(_ name: String) throws -> String {
    try cached("bundled-\(name)") { output in
      let directory = "\(repositoryRoot)/Plugins/\(name)"
      let sources = try FileManager.default.contentsOfDirectory(atPath: directory)
        .filter { $0.hasSuffix(".swift") }.sorted().map { "\(directory)/\($0)" }
      try compile(sources, module: name, output: output)
    }
  }

  /// Compiles Swift `sources` into the plugin library `output` against this build's ScreenKit.
  private static func compile(
    _ sources: [String], module: String, defines: [String] = [], output: String
  ) throws {
    try run(
      [
        "swiftc", "-emit-library", "-parse-as-library", "-swift-version", "6",
        "-module-name", module, "-I", "\(productsDirectory)/Modules", "-L", productsDirectory,
        "-lScreenKit", "-Xlinker", "-rpath=\(productsDirectory)", "-o", output,
      ] + defines.flatMap { ["-D", $0] } + sources)
  }

  /// The path of the compiled C variant (built once per test run).
  static func library(_ variant: CVariant) throws -> String {
    try cached("c-\(variant.rawValue)") { output in
      try run([
        "cc", "-shared", "-fPIC", "-D", variant.rawValue, "\(fixturesDirectory)/CEntry.c", "-o",
        output,
      ])
    }
  }

  /// Copies a built fixture into `directory` as `name`.
  @discardableResult
  static func install(_ library: String, into directory: String, as name: String) throws -> String {
    let destination = "\(directory)/\(name)"
    try? FileManager.default.removeItem(atPath: destination)
    try FileManager.default.copyItem(atPath: library, toPath: destination)
    return destination
  }

  /// A fresh temporary directory for plugin trees.
  ///
  /// Not in /tmp: compd refuses plugins from directories that others may write, and /tmp is
  /// one. It lies in the build directory when that passes compd's trust check, and under
  /// `$HOME/.cache` otherwise (a checkout below a world-writable directory).
  static func temporaryDirectory(_ label: String) throws -> String {
    let path = "\(trustedRoot)/\(label)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    return path
  }

  /// Where `temporaryDirectory(_:)` makes its directories.
  static let trustedRoot: String = {
    let candidates = [
      "\(productsDirectory)/plugin-tests",
      (ProcessInfo.processInfo.environment["HOME"] ?? "/root") + "/.cache/compd-plugin-tests",
    ]
    for root in candidates {
      try? FileManager.default.createDirectory(
        atPath: root, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o755])
      chmod(root, 0o755)
      if PluginTrust.untrustedReason(path: root + "/.", trustedUser: geteuid()) == nil {
        return root
      }
    }
    return candidates[0]
  }()

  /// A host over `directories` that vets with compd and a short timeout.
  @MainActor
  static func host(
    _ directories: [String], stateDirectory: String? = nil, scanner: String? = nil,
    timeout: Double = 2
  ) -> PluginRegistry {
    PluginRegistry(
      configuration: .init(
        pluginDirectories: directories, stateDirectory: stateDirectory,
        scannerExecutable: scanner ?? compd, vetTimeoutSeconds: timeout,
        abiStamp: ABIStamp.library),
      codeLoader: InProcessPlugins(), logger: Logger(label: "plugin-tests"))
  }

  /// Runs a command, failing with its output when it does not succeed.
  @discardableResult
  static func run(_ arguments: [String], directory: String? = nil) throws -> String {
    let process = Process()
    // A known umask: the tests' process may have changed its own (socket-mode tests), and
    // SwiftPM must be able to execute the manifest it compiles.
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "umask 022; exec \"$@\"", "sh"] + arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw FixtureBuildFailure(command: arguments.joined(separator: " "), output: output)
    }
    return output
  }

  /// `run`, awaited on a thread of its own (`onOwnThread`): a build takes minutes.
  @discardableResult
  static func runOnOwnThread(_ arguments: [String], directory: String? = nil) async throws
    -> String
  {
    try await onOwnThread { try run(arguments, directory: directory) }
  }

  /// Where the fixtures are compiled: in a directory compd trusts (`trustedRoot`), so that
  /// `compd --scan-plugin` runs them where they are.
  private static let buildDirectory: String = {
    let path = "\(trustedRoot)/fixtures-\(getpid())"
    try? FileManager.default.createDirectory(
      atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    return path
  }()

  /// Builds under the lock: suites run in parallel, and two that build one fixture at
  /// once would write the same file, one installing it half-written.
  private static func cached(_ key: String, build: (String) throws -> Void) throws -> String {
    try built.withLock { paths in
      if let path = paths[key] { return path }
      let output = "\(buildDirectory)/lib\(key.lowercased()).so"
      try build(output)
      paths[key] = output
      return output
    }
  }
}

struct FixtureBuildFailure: Error, CustomStringConvertible {
  var command: String
  var output: String
  var description: String { "\(command) failed:\n\(output)" }
}
