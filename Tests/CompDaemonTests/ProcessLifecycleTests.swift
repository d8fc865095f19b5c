import Foundation
import JSONRPC
import Testing

/// The compd executable as a process: socket file handling, signals, exit codes.
@Suite(.serialized) struct ProcessLifecycleTests {
  @Test func sigtermRemovesSocketAndExitsZero() throws {
    let daemon = try DaemonProcess()
    let client = try SocketClient(path: daemon.socketPath)
    try client.write(line: #"{"jsonrpc":"2.0","method":"daemon.ping","id":1}"#)
    #expect(try client.readJSON()["result"] == .object([:]))
    #expect(try daemon.stop(signal: SIGTERM) == 0)
    #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
    #expect(client.isClosedByPeer(timeout: 5))
    #expect(daemon.log.contains("shutting down"))
  }

  @Test func sigintAlsoShutsDownGracefully() throws {
    let daemon = try DaemonProcess()
    #expect(try daemon.stop(signal: SIGINT) == 0)
    #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
  }

  @Test func sigtermWithClientsMidRequestAnswersEverything() throws {
    let daemon = try DaemonProcess()
    // Each client writes a large pipelined burst and the daemon is told to stop while it
    // is still being answered; every request that was read must get its reply.
    let clients = try (0..<8).map { _ in try SocketClient(path: daemon.socketPath) }
    let burst = (0..<2000).map { #"{"jsonrpc":"2.0","method":"daemon.ping","id":\#($0)}"# + "\n" }
      .joined()
    for client in clients { try client.write(Array(burst.utf8)) }
    // One full reply proves the daemon has started on every client's burst.
    for client in clients { _ = try client.readLine() }
    kill(daemon.process.processIdentifier, SIGTERM)
    for client in clients {
      var received = 1
      var lastID: Int64 = 0
      while let line = try client.readLine(timeout: 10) {
        let reply = try JSONParser.parse(line)
        #expect(reply["result"] == .object([:]))
        lastID = reply["id"]?.intValue ?? -1
        received += 1
      }
      // Replies come in order, so the last one seen closes an unbroken prefix.
      #expect(Int64(received - 1) == lastID)
      #expect(received >= 1)
    }
    #expect(try daemon.waitForExit() == 0)
    #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
  }

  @Test func refusesToStartWhenALiveDaemonOwnsTheSocket() throws {
    let first = try DaemonProcess()
    // The second one is given a plugin and a state directory of its own: it must give up
    // before vetting or loading the plugin and before creating the state directory.
    let plugins = try PluginFixtureBuilder.temporaryDirectory("second-daemon")
    try PluginFixtureBuilder.install(
      PluginFixtureBuilder.bundled("Login"), into: plugins, as: "libLogin.so")
    let state = plugins + "/state"
    let second = try DaemonProcess(
      arguments: ["--plugin-dir", plugins, "--state-dir", state, "--log-level", "debug"],
      socketPath: first.socketPath, waitForSocket: false)
    #expect(try second.waitForExit() == 1)
    #expect(second.log.contains("already listening on \(first.socketPath)"))
    #expect(!second.log.contains("libLogin.so"), "\(second.log)")
    #expect(!FileManager.default.fileExists(atPath: state))
    // The first daemon is untouched and still serves.
    let client = try SocketClient(path: first.socketPath)
    try client.write(line: #"{"jsonrpc":"2.0","method":"daemon.ping","id":1}"#)
    #expect(try client.readJSON()["id"] == .int(1))
    #expect(try first.stop() == 0)
  }

  @Test func removesAStaleSocketFile() throws {
    let directory = TestPaths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/stale.sock"
    // A socket file nobody listens on: bind, never listen, close.
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: Array(path.utf8))
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    #expect(bound == 0)
    close(descriptor)
    let daemon = try DaemonProcess(socketPath: path)
    let client = try SocketClient(path: path)
    try client.write(line: #"{"jsonrpc":"2.0","method":"daemon.ping","id":1}"#)
    #expect(try client.readJSON()["id"] == .int(1))
    #expect(try daemon.stop() == 0)
  }

  @Test func refusesToReplaceSomethingThatIsNotASocket() throws {
    let directory = TestPaths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/regular-file"
    _ = FileManager.default.createFile(atPath: path, contents: Data("keep me".utf8))
    let daemon = try DaemonProcess(socketPath: path, waitForSocket: false)
    #expect(try daemon.waitForExit() == 1)
    #expect(daemon.log.contains("is not a socket"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
  }

  @Test(arguments: [("0600", 0o600), ("0660", 0o660), ("666", 0o666)])
  func createsTheSocketWithTheConfiguredMode(_ flag: String, _ mode: Int) throws {
    let daemon = try DaemonProcess(arguments: ["--socket-mode", flag])
    let attributes = try FileManager.default.attributesOfItem(atPath: daemon.socketPath)
    #expect((attributes[.posixPermissions] as? Int) == mode)
    #expect(try daemon.stop() == 0)
  }

  @Test func doesNotRemoveASocketThatIsNoLongerItsOwn() throws {
    let daemon = try DaemonProcess()
    // Someone replaces the socket file while compd runs; compd must leave the new one.
    try FileManager.default.removeItem(atPath: daemon.socketPath)
    _ = FileManager.default.createFile(atPath: daemon.socketPath, contents: Data())
    #expect(try daemon.stop() == 0)
    #expect(FileManager.default.fileExists(atPath: daemon.socketPath))
  }

  @Test(arguments: [
    (["--socket-mode", "0999"], "--socket-mode"),
    (["--max-connections", "-1"], "--max-connections"),
    (["--max-line-bytes", "lots"], "--max-line-bytes"),
    (["--log-level", "loud"], "--log-level"),
    (["--config", "/nonexistent/compd.conf"], "cannot read config file"),
  ])
  func badSettingsStopItWithAClearMessage(_ arguments: [String], _ message: String) throws {
    let directory = TestPaths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try runProcess(TestPaths.compd, ["--socket", directory + "/s.sock"] + arguments)
    #expect(result.status == 1)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: directory + "/s.sock"))
  }

  @Test func configFileErrorsNameFileAndLine() throws {
    let directory = TestPaths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let config = directory + "/compd.conf"
    try "# compd\nsocket = \(directory)/s.sock\nmax-connections = many\n".write(
      toFile: config, atomically: true, encoding: .utf8)
    let result = try runProcess(TestPaths.compd, ["--config", config])
    #expect(result.status == 1)
    #expect(result.stderr.contains("\(config):3"), "\(result.stderr)")
  }

  @Test func configFileSettingsApplyAndFlagsOverrideThem() throws {
    let directory = TestPaths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let config = directory + "/compd.conf"
    try "socket = \(directory)/from-file.sock\nsocket-mode = 0600\nmax-line-bytes = 64\n".write(
      toFile: config, atomically: true, encoding: .utf8)
    let daemon = try DaemonProcess(
      arguments: ["--config", config, "--socket-mode", "0640"],
      socketPath: directory + "/from-flag.sock")
    let attributes = try FileManager.default.attributesOfItem(atPath: daemon.socketPath)
    #expect((attributes[.posixPermissions] as? Int) == 0o640)
    #expect(!FileManager.default.fileExists(atPath: directory + "/from-file.sock"))
    // max-line-bytes = 64 from the file is in force.
    let client = try SocketClient(path: daemon.socketPath)
    try client.write(Array(GoldenScript.paddedPing(size: 65)) + [10])
    #expect(try client.readJSON()["error"]?["data"]?["name"] == "compd.LimitExceeded")
    #expect(try daemon.stop() == 0)
  }

  @Test func logLinesCarryTimestampsExceptUnderJournald() throws {
    let plain = try DaemonProcess()
    #expect(try plain.stop() == 0)
    let firstPlain = plain.log.split(separator: "\n").first ?? ""
    #expect(
      firstPlain.range(
        of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z notice compd: listening"#,
        options: .regularExpression) != nil, "\(firstPlain)")

    var environment = ProcessInfo.processInfo.environment
    environment["JOURNAL_STREAM"] = "8:12345"
    let journald = try DaemonProcess(environment: environment)
    #expect(try journald.stop() == 0)
    let lines = journald.log.split(separator: "\n")
    #expect(lines.first?.hasPrefix("<5>notice compd: listening") == true, "\(lines)")
    #expect(lines.allSatisfy { $0.hasPrefix("<") }, "\(lines)")
  }
}
