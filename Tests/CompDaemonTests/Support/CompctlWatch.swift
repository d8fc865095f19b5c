import Foundation
import JSONRPC

/// `compctl watch SCENE --json` running as a child process, with the JSON lines it printed.
final class CompctlWatch {
  let process = Process()
  private let output = Pipe()
  private var buffer = Data()
  /// Every line printed so far, parsed.
  private(set) var lines: [JSON] = []

  init(scene: String, socketPath: String) throws {
    process.executableURL = URL(fileURLWithPath: TestPaths.compctl)
    process.arguments = ["watch", scene, "--json", "--socket", socketPath]
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// Reads lines until `done` holds for them (30 s at most, or until the output ends).
  func readLines(until done: ([JSON]) -> Bool) throws {
    let deadline = Date().addingTimeInterval(30)
    while !done(lines) {
      guard Date() < deadline else { throw TestFailure("watch printed \(lines)") }
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      buffer.append(chunk)
      while let newline = buffer.firstIndex(of: 10) {
        lines.append(try JSONParser.parse(Array(buffer[buffer.startIndex..<newline])))
        buffer.removeSubrange(buffer.startIndex...newline)
      }
    }
  }

  deinit {
    if process.isRunning { process.terminate() }
  }
}
