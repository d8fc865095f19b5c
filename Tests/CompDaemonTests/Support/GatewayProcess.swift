import Foundation

/// A compd-web started on an ephemeral loopback port for a test, and the URL its banner
/// names; `stop()` (or the end of the test process) kills it.
struct GatewayProcess {
  let process: Process
  /// The page's URL, `http://127.0.0.1:PORT/`.
  let url: String

  /// Starts `executable` against the daemon at `socket` and reads the first line it prints.
  init(executable: URL, socket: String, arguments: [String] = []) throws {
    process = Process()
    process.executableURL = executable
    process.arguments = ["--socket", socket, "--listen", "127.0.0.1:0"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var banner = ""
    while !banner.contains("\n") {
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { break }
      banner += String(decoding: data, as: UTF8.self)
    }
    guard let url = banner.split(separator: " ").first(where: { $0.hasPrefix("http://") }) else {
      kill(process.processIdentifier, SIGKILL)
      throw TestFailure("compd-web printed no URL: \(banner)")
    }
    self.url = String(url)
  }

  /// The port the gateway listens on.
  var port: String {
    url.split(separator: ":").last?.split(separator: "/").first.map(String.init) ?? ""
  }

  func stop() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }
}
