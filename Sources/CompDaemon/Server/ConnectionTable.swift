import Synchronization

/// The live connections: admission under the limit, lookup for shutdown, the count
/// `daemon.info` reports.
final class ConnectionTable: Sendable {
  let limit: Int
  private let state = Mutex(State())

  private struct State {
    var connections: [UInt64: Connection] = [:]
    var nextID: UInt64 = 1
  }

  init(limit: Int) {
    self.limit = limit
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
    _ = state.withLock { $0.connections.removeValue(forKey: id) }
  }

  /// The number of connected clients.
  var count: Int { state.withLock { $0.connections.count } }

  /// A snapshot of the connected clients.
  var all: [Connection] { state.withLock { Array($0.connections.values) } }
}
