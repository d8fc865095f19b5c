import Synchronization

/// Lets a bounded number of long batches run at once; the others wait their turn, in order.
///
/// Each batch holds the replies it has built until it is done, so many long batches built
/// side by side (as tasks that yield to each other) would hold their replies all at once.
final class BatchGate: Sendable {
  private struct State {
    var available: Int
    var waiting: [CheckedContinuation<Void, Never>] = []
  }
  private let state: Mutex<State>

  /// A gate letting `permits` batches run at once.
  init(permits: Int) {
    state = Mutex(State(available: max(1, permits)))
  }

  /// Waits until a batch may run.
  func enter() async {
    if state.withLock({ state in
      guard state.available > 0 else { return false }
      state.available -= 1
      return true
    }) {
      return
    }
    await withCheckedContinuation { continuation in
      let enterNow = state.withLock { state in
        if state.available > 0 {
          state.available -= 1
          return true
        }
        state.waiting.append(continuation)
        return false
      }
      if enterNow { continuation.resume() }
    }
  }

  /// Lets the next batch run.
  func leave() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiting.isEmpty else {
        state.available += 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
