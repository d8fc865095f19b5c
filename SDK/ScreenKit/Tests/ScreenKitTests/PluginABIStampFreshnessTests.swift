import Foundation
import Testing

/// Fails when ScreenKit's interface changed but its ABI stamp was not regenerated.
@Test func abiStampIsUpToDate() throws {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  let process = Process()
  process.executableURL = root.appendingPathComponent("scripts/screenkit-abi-stamp.sh")
  process.arguments = ["--check"]
  let errors = Pipe()
  process.standardError = errors
  process.standardOutput = FileHandle.nullDevice
  try process.run()
  let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  #expect(process.terminationStatus == 0, "\(output)")
}
