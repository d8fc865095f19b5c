import Foundation
import JSONRPC
import Logging
import Testing

@testable import CompdBroker

/// In-process: server-to-client notifications go out on the right connection, from any
/// thread, through the same output queue as replies.
struct ServerNotificationTests {
  @Test func handlersCanNotifyTheirConnection() async throws {
    let directory = TestPaths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let config = DaemonConfig(socketPath: directory + "/compd.sock")
    var logger = Logger(label: "test")
    logger.logLevel = .critical
    let daemon = Daemon(config: config, logger: logger)
    var registry = daemon.makeRegistry()
    registry.register(
      RPCMethod(
        name: "test.notifyMe", summary: "Sends three notifications, then answers.",
        params: .object([]), result: .object([]),
        handler: .async { call in
          for index in 0..<3 {
            call.connection.notify(method: "test.note", params: ["index": .int(Int64(index))])
          }
          try await Task.sleep(for: .milliseconds(50))
          return ["connection": .int(Int64(call.connection.id))]
        }))
    let listener = try await SocketListener.start(
      config: config, registry: registry, connections: daemon.connections, logger: logger)

    // The clients wait on threads of their own: the handler's task needs the pool's.
    let path = config.socketPath
    let (lines, pong) = try await onOwnThread {
      let bystander = try SocketClient(path: path)
      let client = try SocketClient(path: path)
      try client.write(line: #"{"jsonrpc":"2.0","method":"test.notifyMe","id":7}"#)
      let lines = try (0..<4).map { _ in try client.readJSON() }
      // Nothing leaked to the other client.
      try bystander.write(line: #"{"jsonrpc":"2.0","method":"daemon.ping","id":"b"}"#)
      return (lines, try bystander.readJSON())
    }
    for (index, note) in lines.prefix(3).enumerated() {
      #expect(note["method"] == "test.note")
      #expect(note["params"]?["index"] == .int(Int64(index)))
      #expect(note["id"] == nil)
    }
    #expect(lines[3]["id"] == 7)
    #expect(lines[3]["result"]?["connection"]?.intValue != nil)
    #expect(pong["id"] == "b")
    await listener.shutDown()
  }
}
