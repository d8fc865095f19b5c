import Foundation
import Testing

/// A `compd` executable running as a child process, for process-level tests.
final class DaemonProcess {
  let directory: String
  let socketPath: String
  let process = Process()
  private let logURL: URL

  /// Starts compd on a socket in a fresh temporary directory and waits until it accepts.
  init(
    arguments: [String] = [], socketPath: String? = nil, waitForSocket: Bool = true,
    environment: [String: String]? = nil
  ) throws {
    directory = TestPaths.temporaryDirectory()
    self.socketPath = socketPath ?? directory + "/compd.sock"
    logURL = URL(fileURLWithPath: directory + "/compd.log")
    _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
    process.executableURL = URL(fileURLWithPath: TestPaths.compd)
    process.arguments = ["--socket", self.socketPath] + arguments
    process.standardError = try FileHandle(forWritingTo: logURL)
    process.standardOutput = FileHandle.nullDevice
    if let environment { process.environment = environment }
    try process.run()
    if waitForSocket { try waitUntilAccepting() }
  }

  /// Polls until a client can connect (60 s at most: a loaded CI machine vetting plugins
  /// while compiling fixtures can be slow).
  func waitUntilAccepting() throws {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      if let client = try? SocketClient(path: socketPath) {
        _ = client
        return
      }
      if !process.isRunning {
        throw TestFailure("compd exited early (\(process.terminationStatus)): \(log)")
      }
      usleep(10_000)
    }
    throw TestFailure("compd did not start accepting on \(socketPath): \(log)")
  }

  /// What compd wrote to stderr so far.
  var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

  /// Sends a signal and waits for the exit status (10 s at most).
  @discardableResult
  func stop(signal: Int32 = SIGTERM) throws -> Int32 {
    if process.isRunning { kill(process.processIdentifier, signal) }
    return try waitForExit()
  }

  /// Waits for the process to exit (10 s at most); kills it if it does not.
  func waitForExit(seconds: Double = 10) throws -> Int32 {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      throw TestFailure("compd did not exit in \(seconds) s: \(log)")
    }
    return process.terminationStatus
  }

  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(atPath: directory)
  }
}

struct TestFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Runs an executable to completion and returns its exit status and output.
func runProcess(
  _ path: String, _ arguments: [String], environment: [String: String]? = nil, seconds: Double = 30
) throws -> (status: Int32, stdout: String, stderr: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  if let environment { process.environment = environment }
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  try process.run()
  // Read both pipes fully before waiting so that a chatty child never blocks.
  let group = DispatchGroup()
  nonisolated(unsafe) var outData = Data()
  nonisolated(unsafe) var errData = Data()
  DispatchQueue.global().async(group: group) {
    outData = out.fileHandleForReading.readDataToEndOfFile()
  }
  DispatchQueue.global().async(group: group) {
    errData = err.fileHandleForReading.readDataToEndOfFile()
  }
  if group.wait(timeout: .now() + seconds) == .timedOut {
    process.terminate()
    throw TestFailure("\(path) \(arguments) did not finish in \(seconds) s")
  }
  process.waitUntilExit()
  return (
    process.terminationStatus, String(decoding: outData, as: UTF8.self),
    String(decoding: errData, as: UTF8.self)
  )
}
