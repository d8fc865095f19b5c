import Synchronization

/// Requests the event loops hand to the main actor, run there in the order they were
/// handed over, as many per main-actor job as have queued meanwhile.
///
/// A burst of requests from many clients then costs one job and at most one wake-up of
/// the main thread instead of one each, and what they send to a scene host is written
/// together (a `HostChannel` flushes after the jobs queued before its flush).
final class MainActorBatch: Sendable {
  private let queue = Mutex(Queue())

  private struct Queue {
    var work: [@MainActor @Sendable () -> Void] = []
    /// Whether a job that will take `work` is queued on the main actor.
    var scheduled = false
  }

  init() {}

  /// Runs `work` on the main actor after everything handed over before it.
  func run(_ work: @escaping @MainActor @Sendable () -> Void) {
    let schedule = queue.withLock { queue in
      queue.work.append(work)
      if queue.scheduled { return false }
      queue.scheduled = true
      return true
    }
    guard schedule else { return }
    Task { @MainActor [self] in
      let taken = queue.withLock { queue in
        queue.scheduled = false
        var taken: [@MainActor @Sendable () -> Void] = []
        swap(&taken, &queue.work)
        return taken
      }
      for item in taken { item() }
    }
  }
}
