import Foundation
import JSONRPC
import Synchronization
import Testing

@testable import CompdProtocol

/// `HostChannel` over a real socket pair: what one main-actor job sends leaves in one
/// write after the job, the replies to a batch of received messages leave together, a lone
/// message leaves without waiting for another, and a burst larger than the socket takes
/// arrives whole and in order.
@MainActor
struct HostChannelTests {
  /// A connected socket pair: the channel's end and the peer's.
  static func pair() throws -> (channel: HostChannel, peer: Int32) {
    var fds: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else {
      throw TestFailure("socketpair failed")
    }
    return (HostChannel(fd: fds[0], label: "test.channel"), fds[1])
  }

  /// Whether `fd` has bytes to read within `milliseconds`.
  nonisolated static func readable(_ fd: Int32, within milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, milliseconds) == 1
  }

  /// One `read` of what `fd` holds, split into lines.
  nonisolated static func readOnce(_ fd: Int32) -> [JSON] {
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return [] }
    return buffer[..<count].split(separator: 0x0A).compactMap { try? JSONParser.parse(Array($0)) }
  }

  @Test func whatOneJobSendsLeavesInOneWriteAfterIt() async throws {
    let (channel, peer) = try Self.pair()
    defer { close(peer) }
    for index in 0..<50 {
      channel.send(method: "test.note", params: ["index": .int(Int64(index))])
    }
    // Still inside the job that sent them: nothing was written yet.
    #expect(!Self.readable(peer, within: 0))
    try await Task.sleep(for: .milliseconds(20))
    #expect(Self.readable(peer, within: 1000))
    let received = Self.readOnce(peer)
    #expect(received.map { $0["params"]?["index"]?.intValue } == (0..<50).map { Int64($0) })
  }

  @Test func aLoneMessageLeavesWithoutAnotherSend() async throws {
    let (channel, peer) = try Self.pair()
    defer { close(peer) }
    channel.send(method: "test.note", params: [:])
    try await Task.sleep(for: .milliseconds(1))
    #expect(Self.readable(peer, within: 1000))
    #expect(Self.readOnce(peer).first?["method"] == "test.note")
  }

  @Test @MainActor func repliesToABatchLeaveTogether() async throws {
    let (channel, peer) = try Self.pair()
    defer { close(peer) }
    channel.start(
      receive: { message in
        channel.reply(id: message.value["id"] ?? .null, result: .success(RawJSON(["ok": true])))
      }, ended: { _ in })
    var requests: [UInt8] = []
    for id in 0..<20 {
      requests += Array(#"{"jsonrpc":"2.0","method":"test.ask","id":\#(id),"params":{}}"#.utf8)
      requests.append(0x0A)
    }
    _ = requests.withUnsafeBytes { write(peer, $0.baseAddress, $0.count) }
    let replies = await Task.detached {
      Self.readable(peer, within: 2000) ? Self.readOnce(peer) : []
    }.value
    #expect(replies.map { $0["id"]?.intValue } == (0..<20).map { Int64($0) })
    shutdown(peer, Int32(SHUT_RDWR))
  }

  @Test @MainActor func aPeerWritingPastTheLineLimitIsCutOffBeforeItFinishes() async throws {
    let (channel, peer) = try Self.pair()
    defer { close(peer) }
    let violation = Mutex<String??>(nil)
    channel.start(
      receive: { _ in },
      ended: { reason in violation.withLock { $0 = reason } })
    // Twice the limit, with no newline: the reader stops it once the limit is passed, so
    // the writer's end is shut before it is through (and this process never holds it).
    let chunk = [UInt8](repeating: 0x61, count: 1 << 20)
    var written = 0
    let writer = Task.detached { () -> Int in
      var total = 0
      for _ in 0..<(2 * HostChannel.maxLineBytes >> 20) {
        let count = chunk.withUnsafeBytes {
          send(peer, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        if count <= 0 { break }
        total += count
      }
      return total
    }
    written = await writer.value
    #expect(written < 2 * HostChannel.maxLineBytes)
    let deadline = ContinuousClock.now + .seconds(10)
    while violation.withLock({ $0 }) == nil, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(
      violation.withLock { $0 } == .some("it wrote a message over 64 MiB, the host channel's limit")
    )
  }

  @Test func aBurstLargerThanTheSocketTakesArrivesInOrder() async throws {
    let (channel, peer) = try Self.pair()
    let count = 5000
    let padding = String(repeating: "x", count: 200)
    // The peer starts reading only after the burst was sent: most of it waits in the
    // channel's write queue meanwhile.
    for index in 0..<count {
      channel.send(
        method: "test.note", params: ["index": .int(Int64(index)), "padding": .string(padding)])
    }
    let indices = await Task.detached {
      var framer = LineFramer()
      var indices: [Int64] = []
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while indices.count < count, Self.readable(peer, within: 5000) {
        let got = buffer.withUnsafeMutableBytes { read(peer, $0.baseAddress, $0.count) }
        guard got > 0 else { break }
        buffer.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[..<got])) }
        while case .line(let line) = framer.nextFrame() {
          indices.append((try? JSONParser.parse(line))?["params"]?["index"]?.intValue ?? -1)
        }
      }
      close(peer)
      return indices
    }.value
    #expect(indices == (0..<count).map { Int64($0) })
  }
}
