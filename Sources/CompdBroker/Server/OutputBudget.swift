import CompdProtocol
import Logging
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Reply data queued for all clients together, held to `output-budget`, as a server's
/// output-buffer limit and memory ceiling are kept: over the budget, the clients holding
/// the most queued data are disconnected first, until the rest fit, and everyone else
/// goes on being served.
///
/// Each connection adds the memory of the buffers the socket did not take at once and
/// releases it when the write completes or fails (a closed connection fails its queued
/// writes at once).
/// When a large amount has drained and nothing is queued any more, the heap is trimmed
/// (`HeapTrim`); so it is, at most twice a second, while clients that never read keep some
/// output queued and others come and go: otherwise the memory freed by each disconnected
/// client would stay with the process.
final class OutputBudget: Sendable {
  /// The most bytes queued for all clients together.
  let limit: Int
  private let connections: ConnectionTable
  private let logger: Logger
  private let queued = Atomic<Int>(0)
  private let releasedSinceTrim = Atomic<Int>(0)
  private let enforcing = Atomic<Bool>(false)

  /// Drained bytes after which the allocator is trimmed once the queue is empty.
  static let trimThreshold = 1 << 20
  /// Drained bytes after which it is trimmed even while output is queued: a quarter of the
  /// budget, so that what a stream of disconnected clients frees goes back to the system.
  var busyTrimThreshold: Int { max(Self.trimThreshold, limit / 4) }

  init(limit: Int, connections: ConnectionTable, logger: Logger) {
    self.limit = limit
    self.connections = connections
    self.logger = logger
  }

  /// The bytes queued for all clients now.
  var total: Int { queued.load(ordering: .relaxed) }

  /// Counts `bytes` more queued for `connection`; disconnects the biggest holders when the
  /// total passes the budget.
  func add(_ bytes: Int, for connection: Connection) {
    connection.queuedBytes.add(bytes, ordering: .relaxed)
    let total = queued.add(bytes, ordering: .relaxed).newValue
    if total > limit { enforce() }
  }

  /// Counts `bytes` of `connection` written or dropped.
  func release(_ bytes: Int, for connection: Connection) {
    connection.queuedBytes.subtract(bytes, ordering: .relaxed)
    let total = queued.subtract(bytes, ordering: .relaxed).newValue
    let released = releasedSinceTrim.add(bytes, ordering: .relaxed).newValue
    if released >= busyTrimThreshold || (total == 0 && released >= Self.trimThreshold) {
      releasedSinceTrim.store(0, ordering: .relaxed)
      HeapTrim.request()
    }
  }

  private func enforce() {
    guard enforcing.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    else { return }
    defer { enforcing.store(false, ordering: .releasing) }
    let ended = BudgetExcess.holdersToEnd(
      of: connections.all, total: total, limit: limit,
      held: { $0.queuedBytes.load(ordering: .relaxed) },
      isLeaving: { $0.overBudget.load(ordering: .relaxed) },
      markLeaving: { $0.overBudget.store(true, ordering: .relaxed) })
    for holder in ended {
      logger.warning(
        "disconnecting client: the output budget for all clients is used up and it holds the most",
        metadata: [
          "client": "\(holder.connection.id)",
          "uid": "\(holder.connection.peer.map { String($0.uid) } ?? "?")",
          "queuedBytes": "\(holder.bytes)", "totalQueuedBytes": "\(total)",
          "budget": "\(limit)",
        ])
      holder.connection.channel.close(promise: nil)
    }
  }
}
