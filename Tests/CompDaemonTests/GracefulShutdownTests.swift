import Foundation
import JSONRPC
import Logging
import Testing

@testable import CompdBroker

/// In-process: a shutdown waits for requests that are still running and writes their
/// replies before closing the client.
struct GracefulShutdownTests {
  @Test func inFlightRequestsFinishBeforeClientsAreClosed() async throws {
    let directory = TestPaths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var config = DaemonConfig(socketPath: directory + "/compd.sock")
    config.shutdownGraceSeconds = 10
    var logger = Logger(label: "test")
    logger.logLevel = .critical
    let daemon = Daemon(config: config, logger: logger)
    var registry = daemon.makeRegistry()
    registry.register(
      RPCMethod(
        name: "test.slow", summary: "Answers after 300 ms.", params: .object([]),
        result: .object([]),
        handler: .async { _ in
          try await Task.sleep(for: .milliseconds(300))
          return ["slept": true]
        }))
    let server = try await SocketListener.start(
      config: config, registry: registry, connections: daemon.connections, logger: logger)

    let client = try SocketClient(path: config.socketPath)
    try client.write(line: #"{"jsonrpc":"2.0","method":"test.slow","id":"slow"}"#)
    try client.write(line: #"{"jsonrpc":"2.0","method":"daemon.ping","id":"fast"}"#)
    #expect(try client.readJSON()["id"] == "fast")

    let started = ContinuousClock.now
    await server.shutDown()
    #expect(ContinuousClock.now - started >= .milliseconds(100))
    #expect(!FileManager.default.fileExists(atPath: config.socketPath))
    // Waited for on a thread of its own: the slow handler's task needs the pool's.
    nonisolated(unsafe) let waiting = client
    let (reply, closed) = try await onOwnThread {
      (try waiting.readJSON(timeout: 5), waiting.isClosedByPeer(timeout: 5))
    }
    #expect(reply["id"] == "slow")
    #expect(reply["result"]?["slept"] == true)
    #expect(closed)
    #expect(daemon.clientCount == 0)
  }
}
