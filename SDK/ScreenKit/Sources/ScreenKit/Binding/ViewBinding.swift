import Observation
import Synchronization

/// A view that model values can be bound to; every ``View`` is one.
@MainActor
public protocol BindingTarget: AnyObject {}

extension View: BindingTarget {}

extension BindingTarget where Self: View {
  /// Runs `update` with the view now, and again whenever an `@Observable` property it read
  /// changes (Swift Observation). The binding belongs to the view: it stops when the view is
  /// freed or `cancel()` is called, and it never keeps the view alive.
  ///
  /// Updates after a change are batched: they run when the main actor next turns, or at
  /// once when the host calls ``BindingUpdates/flush()`` (the window's input API does after
  /// each event).
  @discardableResult
  public func bind(_ update: @escaping @MainActor (Self) -> Void) -> ViewBinding {
    let binding = ViewBinding(view: self) { view in
      guard let view = view as? Self else { return }
      update(view)
    }
    attachedBindings.append(binding)
    binding.run()
    return binding
  }

  /// Keeps the view's property at `keyPath` equal to `source` of the observable `model`.
  @discardableResult
  public func bind<Model: AnyObject, Value>(
    _ keyPath: ReferenceWritableKeyPath<Self, Value>, to model: Model,
    _ source: KeyPath<Model, Value>
  ) -> ViewBinding {
    bind { [weak model] view in
      guard let model else { return }
      view[keyPath: keyPath] = model[keyPath: source]
    }
  }

  /// Keeps the view's optional property at `keyPath` (a label's `text`) equal to `source`
  /// of the observable `model`.
  @discardableResult
  public func bind<Model: AnyObject, Value>(
    _ keyPath: ReferenceWritableKeyPath<Self, Value?>, to model: Model,
    _ source: KeyPath<Model, Value>
  ) -> ViewBinding {
    bind { [weak model] view in
      guard let model else { return }
      view[keyPath: keyPath] = model[keyPath: source]
    }
  }
}

extension View {
  /// The bindings attached to this view.
  public var bindings: [ViewBinding] { attachedBindings.filter { !$0.isCancelled } }
}

/// One observation-driven update of a view, created by `bind(_:)`.
@MainActor
public final class ViewBinding {
  private weak var view: View?
  private let update: @MainActor (View) -> Void
  /// Whether the binding was cancelled.
  public private(set) var isCancelled = false
  /// How many times the update ran.
  public private(set) var runCount = 0

  init(view: View, update: @escaping @MainActor (View) -> Void) {
    self.view = view
    self.update = update
  }

  /// Stops the binding; the view keeps its current values.
  public func cancel() {
    isCancelled = true
    view?.attachedBindings.removeAll { $0 === self }
  }

  /// Runs the update under observation tracking.
  func run() {
    guard !isCancelled, let view else { return }
    runCount += 1
    withObservationTracking {
      update(view)
    } onChange: { [weak self] in
      BindingUpdates.schedule(self)
    }
  }
}

/// The queue of bindings whose inputs changed.
@MainActor
public enum BindingUpdates {
  /// Bindings whose inputs changed, in the order they changed, and whether a flush task is
  /// already queued. Behind a lock because a model may be written from any thread; the main
  /// actor does not run on one fixed thread (after `dispatch_main` its queue is served by
  /// worker threads), so a thread test could not tell a main-actor write apart.
  nonisolated private static let changed = Mutex<(bindings: [ViewBinding], taskQueued: Bool)>(
    ([], false))

  /// Runs every pending binding update now (in the order their inputs changed).
  public static func flush() {
    var rounds = 0
    while rounds < 100 {
      let batch = changed.withLock { state in
        defer { state.bindings.removeAll(keepingCapacity: true) }
        return state.bindings
      }
      if batch.isEmpty { return }
      var seen = Set<ObjectIdentifier>()
      for binding in batch where seen.insert(ObjectIdentifier(binding)).inserted {
        binding.run()
      }
      rounds += 1
    }
  }

  /// Whether updates are waiting for `flush()`.
  public static var hasPendingUpdates: Bool { changed.withLock { !$0.bindings.isEmpty } }

  /// Notes that `binding`'s inputs changed. Observation calls this before the property is
  /// written (in willSet): the update runs later, at the next `flush()` or when the queued
  /// flush task runs, after the write.
  nonisolated static func schedule(_ binding: ViewBinding?) {
    guard let binding else { return }
    let queueTask = changed.withLock { state in
      state.bindings.append(binding)
      defer { state.taskQueued = true }
      return !state.taskQueued
    }
    guard queueTask else { return }
    Task { @MainActor in
      changed.withLock { $0.taskQueued = false }
      flush()
    }
  }
}
