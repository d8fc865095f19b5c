import CompdProtocol
import Synchronization

/// Counts open connections per uid and admits a new one only under the per-user limit.
/// (The total is the server's `max-connections`.) Thread-safe: accepts happen on the
/// event loops.
package final class ConnectionQuota: Sendable {
  private let counts = Mutex<[UInt32: Int]>([:])
  private let limit: Mutex<Int>

  /// A quota of `perUserLimit` connections per uid; root is exempt so that an
  /// administrator can always get in.
  package init(perUserLimit: Int) {
    self.limit = Mutex(perUserLimit)
  }

  /// The per-uid limit; a reload may change it (connections over a lowered limit stay).
  package var perUserLimit: Int {
    get { limit.withLock { $0 } }
    set { limit.withLock { $0 = newValue } }
  }

  /// Takes a slot for `uid`, or says which limit is reached. Pair with `release(uid:)`.
  package func acquire(uid: UInt32) -> Result<Void, LimitDenial> {
    let perUserLimit = self.perUserLimit
    return counts.withLock { counts in
      let current = counts[uid, default: 0]
      if uid != AccessPolicy.root, current >= perUserLimit {
        return .failure(LimitDenial(what: "connections", limit: perUserLimit, perUser: true))
      }
      counts[uid] = current + 1
      return .success(())
    }
  }

  /// Gives back a slot taken by `acquire(uid:)`.
  package func release(uid: UInt32) {
    counts.withLock { counts in
      guard let current = counts[uid] else { return }
      counts[uid] = current > 1 ? current - 1 : nil
    }
  }

  /// Open connections of `uid`.
  package func count(uid: UInt32) -> Int { counts.withLock { $0[uid, default: 0] } }
}
