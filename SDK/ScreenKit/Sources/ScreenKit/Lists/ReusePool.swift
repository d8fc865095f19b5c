/// The views a list keeps for reuse, by reuse identifier, as UIKit's reuse queues: a view
/// that leaves the visible part is enqueued, and the next dequeue with its identifier takes
/// it back instead of making a new one.
///
/// Enqueued views stay in the list until the end of the arrangement that enqueued them: a
/// row that leaves at the top as one comes in at the bottom is the same view, moved, so that
/// its node on the wire is moved in place rather than removed and inserted.
@MainActor
struct ReusePool<Element: View> {
  /// The classes registered by identifier, and how to make one.
  private var factories: [String: @MainActor (String) -> Element] = [:]
  private var queues: [String: [Element]] = [:]

  /// Registers how views with `identifier` are made.
  mutating func register(_ identifier: String, factory: @escaping @MainActor (String) -> Element) {
    factories[identifier] = factory
  }

  /// Whether a class is registered for `identifier`.
  func isRegistered(_ identifier: String) -> Bool { factories[identifier] != nil }

  /// Puts `view` in the queue of `identifier`.
  mutating func enqueue(_ view: Element, identifier: String) {
    queues[identifier, default: []].append(view)
  }

  /// Takes a queued view of `identifier`, or makes a new one when none is queued and a class
  /// is registered; returns whether it was reused.
  mutating func dequeue(_ identifier: String) -> (view: Element, reused: Bool)? {
    if var queue = queues[identifier], let view = queue.popLast() {
      queues[identifier] = queue
      return (view, true)
    }
    guard let factory = factories[identifier] else { return nil }
    return (factory(identifier), false)
  }

  /// Takes a queued view of `identifier` without making one.
  mutating func dequeueQueued(_ identifier: String) -> Element? {
    guard var queue = queues[identifier], let view = queue.popLast() else { return nil }
    queues[identifier] = queue
    return view
  }

  /// The views queued now.
  var queued: [Element] { queues.values.flatMap { $0 } }

  /// How many views are queued.
  var queuedCount: Int { queues.values.reduce(0) { $0 + $1.count } }
}
