import CompdProtocol

/// Requests the event loops hand to the main actor, run there in the order they were
/// handed over, as many per main-actor job as have queued meanwhile.
///
/// A burst of requests from many clients then costs one job and at most one wake-up of
/// the main thread instead of one each, and what they send to a scene host is written
/// together (a `HostChannel` flushes after the jobs queued before its flush).
final class MainActorBatch: Sendable {
  private let queue = Handoff<@MainActor @Sendable () -> Void>()

  init() {}

  /// Runs `work` on the main actor after everything handed over before it.
  func run(_ work: @escaping @MainActor @Sendable () -> Void) {
    guard queue.put(work) else { return }
    Task { @MainActor [queue] in
      for item in queue.take() { item() }
    }
  }
}
