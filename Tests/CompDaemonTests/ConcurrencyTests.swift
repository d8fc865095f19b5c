import Foundation
import JSONRPC
import Testing

/// Many clients at once, the connection limit, and clients that do not read.
@Suite(.serialized) struct ConcurrencyTests {
  /// Raises the soft open-file limit so that hundreds of clients fit.
  static func raiseFileLimit(to wanted: UInt64) -> UInt64 {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    if limit.rlim_cur < wanted {
      limit.rlim_cur = min(rlim_t(wanted), limit.rlim_max)
      setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
      getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
    return UInt64(limit.rlim_cur)
  }

  @Test func hundredsOfClientsAtOnceEachGetTheirOwnReplies() async throws {
    let clientCount = 300
    let available = Self.raiseFileLimit(to: 4096)
    try #require(available > UInt64(clientCount * 2 + 64), "open-file limit too low")
    let daemon = try DaemonProcess(arguments: ["--log-level", "warning"])
    let path = daemon.socketPath
    let perClient = 50
    try await withThrowingTaskGroup(of: Int.self) { group in
      for clientIndex in 0..<clientCount {
        group.addTask {
          let client = try SocketClient(path: path)
          // Ids are unique across clients so that a reply delivered to the wrong client
          // would be caught.
          var expected = Set<String>()
          var burst = ""
          for request in 0..<perClient {
            let id = "c\(clientIndex)-r\(request)"
            expected.insert(id)
            let method = request % 10 == 0 ? "daemon.info" : "daemon.ping"
            burst += #"{"jsonrpc":"2.0","method":"\#(method)","id":"\#(id)"}"# + "\n"
          }
          try client.write(Array(burst.utf8))
          var received = 0
          while received < perClient {
            let reply = try client.readJSON(timeout: 30)
            guard let id = reply["id"]?.stringValue, expected.remove(id) != nil else {
              throw TestFailure("client \(clientIndex) got a reply it did not ask for: \(reply)")
            }
            guard reply["result"] != nil else { throw TestFailure("error reply: \(reply)") }
            received += 1
          }
          return received
        }
      }
      var total = 0
      for try await count in group { total += count }
      #expect(total == clientCount * perClient)
    }
    #expect(try daemon.stop() == 0)
  }

  @Test func clientsOverTheLimitGetOneErrorLineAndAreClosed() throws {
    let daemon = try DaemonProcess(arguments: ["--max-connections", "3"])
    // Fill the three slots; the start-up probe's connection may still hold one for a
    // moment, so a refused fill is retried until the deadline.
    func fillSlots() throws -> [SocketClient] {
      let deadline = Date().addingTimeInterval(30)
      while true {
        let clients = try (0..<3).map { _ in try SocketClient(path: daemon.socketPath) }
        var admitted = true
        for (index, client) in clients.enumerated() {
          // A refused client is closed by compd: its write or read may fail.
          do {
            try client.write(line: #"{"jsonrpc":"2.0","method":"daemon.ping","id":\#(index)}"#)
            if try client.readJSON()["id"] != .int(Int64(index)) { admitted = false }
          } catch {
            admitted = false
          }
        }
        if admitted || Date() > deadline { return clients }
        usleep(50_000)
      }
    }
    let admitted = try fillSlots()
    let extra = try SocketClient(path: daemon.socketPath)
    let reply = try extra.readJSON()
    #expect(reply["id"] == .null)
    #expect(reply["error"]?["data"]?["name"] == "compd.LimitExceeded")
    #expect(reply["error"]?["message"]?.stringValue?.contains("3") == true)
    #expect(extra.isClosedByPeer(timeout: 5))
    // A slot frees up when a client leaves.
    _ = consume admitted
    let deadline = Date().addingTimeInterval(30)
    var clients: JSON = .null
    while clients != .int(1) && Date() < deadline {
      let later = try SocketClient(path: daemon.socketPath)
      try later.write(line: #"{"jsonrpc":"2.0","method":"daemon.info","id":"later"}"#)
      let info = try later.readJSON()
      clients = info["result"]?["clients"] ?? .null
      if clients != .int(1) { usleep(50_000) }
    }
    #expect(clients == .int(1), "the three clients that left were let go")
    #expect(try daemon.stop() == 0)
  }

  /// Replies to a client's requests queue only up to the write watermark: then compd
  /// reads and handles nothing more from it until it reads, so its unread requests fill
  /// the socket and its writes block. (Notifications it does not read still pile up to
  /// `max-output-bytes` and get it disconnected: SceneTests.)
  @Test func aClientThatDoesNotReadIsHeldBackAndOthersAreUnaffected() throws {
    let daemon = try DaemonProcess(arguments: [
      "--max-output-bytes", "64KiB", "--shutdown-grace", "2",
    ])
    let hog = try SocketClient(path: daemon.socketPath)
    hog.setSendTimeout(seconds: 1)
    let batch =
      "["
      + (0..<1000).map { #"{"jsonrpc":"2.0","method":"daemon.ping","id":\#($0)}"# }
      .joined(separator: ",") + "]\n"
      + String(repeating: #"{"jsonrpc":"2.0","method":"rpc.discover","id":1}"# + "\n", count: 200)
    var blocked = false
    let start = Date()
    while Date().timeIntervalSince(start) < 20 {
      do {
        try hog.write(Array(batch.utf8))
      } catch {
        blocked = true
        break
      }
    }
    #expect(blocked, "compd kept reading from a client that does not read")
    let other = try SocketClient(path: daemon.socketPath)
    try other.write(line: #"{"jsonrpc":"2.0","method":"daemon.ping","id":"other"}"#)
    #expect(try other.readJSON()["id"] == "other")
    #expect(try daemon.stop() == 0)
  }
}
