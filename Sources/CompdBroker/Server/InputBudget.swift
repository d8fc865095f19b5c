import CompdProtocol
import JSONRPC
import Logging
import NIOCore
import Synchronization

/// Request data buffered for all clients together, held to `max-input-buffer`: the lines
/// clients have partly sent and the lines read but not yet handled. `max-line-bytes` bounds
/// one line, not how many clients hold one: without this budget, a user's 64 connections
/// each holding 16 MiB of a line without its newline would pin 1 GiB of the broker.
///
/// Each connection's handlers add what they hold after every read and release it as lines
/// are handled or the connection goes. Buffers count by the memory they hold, as the output
/// budget counts them: NIO grows a buffer that a line is read into by doubling, so 12 MiB of
/// a line hold 16 MiB (`footprint(of:)`). When a read takes the total past the budget, the
/// client holding the most is sent one `compd.LimitExceeded` error (`data.setting`
/// `max-input-buffer`) and disconnected — normally the one sending a huge line slowly —
/// and then the next largest, only as many as it takes; clients sending small requests go
/// on being served. A large amount released is followed by a heap trim (`HeapTrim`), so
/// that a flood's memory goes back to the system once its connections are gone.
final class InputBudget: Sendable {
  /// The most bytes buffered for all clients together.
  let limit: Int
  private let connections: ConnectionTable
  private let logger: Logger
  private let buffered = Atomic<Int>(0)
  private let releasedSinceTrim = Atomic<Int>(0)
  private let enforcing = Atomic<Bool>(false)

  /// Released bytes after which the allocator is trimmed: the output budget's threshold, as
  /// a large request line that has been handled is (`HeapTrim.largeLineBytes`).
  static let trimThreshold = HeapTrim.largeLineBytes

  init(limit: Int, connections: ConnectionTable, logger: Logger) {
    self.limit = limit
    self.connections = connections
    self.logger = logger
  }

  /// The bytes buffered for all clients now.
  var total: Int { buffered.load(ordering: .relaxed) }

  /// The memory a buffer holding `bytes` takes: the next power of two, as NIO allocates.
  static func footprint(of bytes: Int) -> Int {
    guard bytes > 1 else { return max(0, bytes) }
    let shift = Int.bitWidth - (bytes - 1).leadingZeroBitCount
    return shift >= Int.bitWidth - 1 ? bytes : 1 << shift
  }

  /// Counts `bytes` more buffered for `connection`; disconnects the biggest holders when
  /// the total passes the budget.
  func add(_ bytes: Int, for connection: Connection) {
    guard bytes > 0 else { return }
    connection.bufferedInputBytes.add(bytes, ordering: .relaxed)
    let total = buffered.add(bytes, ordering: .relaxed).newValue
    if total > limit { enforce() }
  }

  /// Counts `bytes` of `connection` handled or dropped.
  func release(_ bytes: Int, for connection: Connection) {
    guard bytes > 0 else { return }
    connection.bufferedInputBytes.subtract(bytes, ordering: .relaxed)
    buffered.subtract(bytes, ordering: .relaxed)
    let released = releasedSinceTrim.add(bytes, ordering: .relaxed).newValue
    if released >= Self.trimThreshold {
      releasedSinceTrim.store(0, ordering: .relaxed)
      HeapTrim.request()
    }
  }

  /// One connection's share of the budget, as its handlers count it.
  struct Account: Sendable {
    let budget: InputBudget
    let connection: Connection

    /// Counts `bytes` more buffered for the connection.
    func add(_ bytes: Int) { budget.add(bytes, for: connection) }
    /// Counts `bytes` of the connection handled or dropped.
    func release(_ bytes: Int) { budget.release(bytes, for: connection) }
  }

  /// The account of `connection`.
  func account(for connection: Connection) -> Account {
    Account(budget: self, connection: connection)
  }

  private func enforce() {
    guard enforcing.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    else { return }
    defer { enforcing.store(false, ordering: .releasing) }
    let total = self.total
    let ended = BudgetExcess.holdersToEnd(
      of: connections.all, total: total, limit: limit,
      held: { $0.bufferedInputBytes.load(ordering: .relaxed) },
      isLeaving: { $0.overInputBudget.load(ordering: .relaxed) },
      markLeaving: { $0.overInputBudget.store(true, ordering: .relaxed) })
    for holder in ended {
      logger.warning(
        "disconnecting client: the input buffer for all clients is used up and it holds the most",
        metadata: [
          "client": "\(holder.connection.id)",
          "uid": "\(holder.connection.peer.map { String($0.uid) } ?? "?")",
          "bufferedBytes": "\(holder.bytes)", "totalBufferedBytes": "\(total)",
          "budget": "\(limit)",
        ])
      disconnect(holder.connection, holding: holder.bytes)
    }
  }

  /// Writes the error that says why, then closes: on the connection's event loop, so that
  /// the error goes out first (when its socket has room; a client that also does not read
  /// loses it with the connection).
  private func disconnect(_ connection: Connection, holding bytes: Int) {
    let channel = connection.channel
    let reply = ErrorReply.bytes(
      for: .server(
        .limitExceeded,
        "request data buffered for all clients is over max-input-buffer (\(limit) bytes) and "
          + "this connection held the most (\(bytes) bytes): it is closed",
        details: [
          "setting": "max-input-buffer", "limit": .int(Int64(limit)),
          "size": .int(Int64(bytes)),
        ]))
    let close: @Sendable () -> Void = {
      channel.writeAndFlush(channel.allocator.jsonLine(reply), promise: nil)
      channel.close(promise: nil)
    }
    if channel.eventLoop.inEventLoop {
      close()
    } else {
      channel.eventLoop.execute(close)
    }
  }
}
