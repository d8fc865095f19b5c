import Foundation

/// Where the built executables and the golden scripts are.
enum TestPaths {
  /// The build directory that holds `compd` and `compctl` (next to the test bundle).
  static let binaries: URL = {
    if let override = ProcessInfo.processInfo.environment["COMPD_BUILD_DIR"] {
      return URL(fileURLWithPath: override)
    }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = executable.deletingLastPathComponent()
    // The bundle may be a directory (`compdPackageTests.xctest/...`) on some toolchains.
    while directory.path != "/" {
      if FileManager.default.isExecutableFile(
        atPath: directory.appendingPathComponent("compd").path)
      {
        return directory
      }
      directory = directory.deletingLastPathComponent()
    }
    return executable.deletingLastPathComponent()
  }()

  static var compd: String { binaries.appendingPathComponent("compd").path }
  static var compctl: String { binaries.appendingPathComponent("compctl").path }

  /// `Tests/Golden` in the source tree.
  static let golden: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Golden")

  /// A fresh, short temporary directory (socket paths must stay under 108 bytes).
  static func temporaryDirectory() -> String {
    var template = Array("/tmp/compd-test-XXXXXX".utf8CString)
    let result = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(result != nil, "mkdtemp failed")
    return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
