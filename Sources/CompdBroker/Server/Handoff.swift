import Synchronization

/// Items handed over from any thread to one consumer that takes all that wait at once.
///
/// `put` tells its caller when to schedule the consumer: for the first item after the
/// consumer last took. Items put meanwhile join the ones waiting, so a burst costs one
/// scheduled run (one thread hop, one wake-up) however many items it has.
package final class Handoff<Item: Sendable>: Sendable {
  private let state = Mutex(State())

  private struct State: ~Copyable {
    package var items: [Item] = []
    /// Whether the consumer is scheduled and has not taken yet.
    package var scheduled = false
  }

  package init() {}

  /// Adds `items` behind the ones waiting; `true` when the caller must schedule the
  /// consumer.
  package func put(_ items: some Sequence<Item>) -> Bool {
    state.withLock { state in
      // Room for a few at the first: a burst is usually a reply and its notifications, and
      // the array `take` left behind has none.
      if state.items.isEmpty { state.items.reserveCapacity(4) }
      state.items.append(contentsOf: items)
      if state.scheduled { return false }
      state.scheduled = true
      return true
    }
  }

  /// Adds `item` behind the ones waiting; `true` when the caller must schedule the
  /// consumer.
  package func put(_ item: Item) -> Bool {
    put(CollectionOfOne(item))
  }

  /// Everything waiting, in the order it was put; the next `put` schedules again.
  package func take() -> [Item] {
    state.withLock { state in
      state.scheduled = false
      var taken: [Item] = []
      swap(&taken, &state.items)
      return taken
    }
  }
}
