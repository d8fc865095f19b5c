import CompdProtocol
import Synchronization

/// The live connections: admission under the limit, lookup for shutdown, the count
/// `daemon.info` reports.
final class ConnectionTable: Sendable {
  let limit: Int
  private let state = Mutex(State())
  private let onRemove: @Sendable (UInt64) -> Void

  private struct State {
    var connections: [UInt64: Connection] = [:]
    var nextID: UInt64 = 1
  }

  /// A table admitting up to `limit` connections; `onRemove` hears of each connection
  /// that goes away (the scenes it watched let it go).
  init(limit: Int, onRemove: @escaping @Sendable (UInt64) -> Void = { _ in }) {
    self.limit = limit
    self.onRemove = onRemove
  }

  /// Reserves an id under the limit, or returns `nil` when the table is full.
  func reserveID() -> UInt64? {
    state.withLock { state in
      guard state.connections.count < limit else { return nil }
      let id = state.nextID
      state.nextID += 1
      return id
    }
  }

  /// Adds a connection whose id came from `reserveID()`. Returns `false` when the table
  /// filled up in between.
  func insert(_ connection: Connection) -> Bool {
    state.withLock { state in
      guard state.connections.count < limit else { return false }
      state.connections[connection.id] = connection
      return true
    }
  }

  func remove(id: UInt64) {
    if state.withLock({ $0.connections.removeValue(forKey: id) }) != nil { onRemove(id) }
  }

  /// The number of connected clients.
  var count: Int { state.withLock { $0.connections.count } }

  /// Whether connection `id` is still open.
  func contains(_ id: UInt64) -> Bool { state.withLock { $0.connections[id] != nil } }

  /// A snapshot of the connected clients.
  var all: [Connection] { state.withLock { Array($0.connections.values) } }
}
