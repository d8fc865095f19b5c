import Foundation
import Testing

@testable import CompdProtocol

/// `make run` (scripts/run.sh) as a new user meets it: the bundled components are served
/// whether the checkout sits where plugin trust passes (a home directory, a clone in `/tmp`,
/// whose sticky bit protects the user's own directory) or not (below a directory anyone may
/// write, where the script says it relaxes trust for the development run, and why).
@Suite("make run") struct RunScriptTests {
  /// Where the run directory is made.
  enum Place: String, CaseIterable {
    case home, tmp, worldWritable
  }

  @Test(
    "scripts/run.sh serves the bundled components, relaxing plugin trust only where it fails",
    arguments: Place.allCases)
  func runServesTheBundledComponents(place: Place) throws {
    // Short paths: the socket's must fit in 107 bytes.
    let runDirectory: String
    let removed: String
    switch place {
    case .home:
      runDirectory = try Self.homeDirectory()
      removed = runDirectory
    case .tmp:
      runDirectory = TestPaths.temporaryDirectory()
      removed = runDirectory
    case .worldWritable:
      removed = TestPaths.temporaryDirectory()
      try #require(chmod(removed, 0o777) == 0)
      runDirectory = removed + "/r"
    }
    defer { try? FileManager.default.removeItem(atPath: removed) }
    let socket = runDirectory + "/compd.sock"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [
      PluginFixtureBuilder.repositoryRoot + "/scripts/run.sh", TestPaths.binaries.path, socket,
    ]
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    let deadline = Date().addingTimeInterval(30)
    while !FileManager.default.fileExists(atPath: socket), process.isRunning,
      Date() < deadline
    {
      usleep(50_000)
    }
    let components = try runProcess(TestPaths.compctl, ["components", "--socket", socket])
    // run.sh execs compd: SIGTERM is a graceful stop.
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    let stderr = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(components.status == 0, "\(components.stderr)\(stderr)")
    for name in ["demo.Login", "demo.Gallery", "demo.Settings"] {
      #expect(components.stdout.contains(name), "\(components.stdout)\(stderr)")
    }
    // Relaxed exactly when compd's own rule refuses the linked plugins.
    let refusal = PluginTrust.untrustedReason(
      path: runDirectory + "/plugins/libLogin.so", trustedUser: geteuid())
    #expect(
      stderr.contains("starting with --plugin-trust relaxed") == (refusal != nil), "\(stderr)")
    switch place {
    case .home, .tmp:
      #expect(refusal == nil, "\(refusal ?? "")")
    case .worldWritable:
      #expect(refusal != nil)
      #expect(stderr.contains("plugin trust refuses this checkout's plugins: "))
    }
    #expect(process.terminationStatus == 0, "\(stderr)")
  }

  /// A new directory in `~/.cache`, where a user's checkout and `run/` would be trusted.
  static func homeDirectory() throws -> String {
    let cache = (ProcessInfo.processInfo.environment["HOME"] ?? "/root") + "/.cache"
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    var template = Array("\(cache)/compd-run-XXXXXX".utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
      throw TestFailure("mkdtemp failed in \(cache)")
    }
    return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
