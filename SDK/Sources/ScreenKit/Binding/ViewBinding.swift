import Glibc
import Observation

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
  var isPending = false

  init(view: View, update: @escaping @MainActor (View) -> Void) {
    self.view = view
    self.update = update
    BindingUpdates.noteMainThread()
  }

  /// Stops the binding; the view keeps its current values.
  public func cancel() {
    isCancelled = true
    view?.attachedBindings.removeAll { $0 === self }
  }

  /// Runs the update under observation tracking.
  func run() {
    isPending = false
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
  private static var pending: [ViewBinding] = []
  // Written once on the main thread by the first binding, before any change can be
  // reported; read from whatever thread writes a model.
  nonisolated(unsafe) private static var mainThread: pthread_t?

  static func noteMainThread() {
    if mainThread == nil { mainThread = pthread_self() }
  }
  private static var flushScheduled = false

  /// Runs every pending binding update now (in the order their inputs changed).
  public static func flush() {
    var rounds = 0
    while !pending.isEmpty, rounds < 100 {
      let batch = pending
      pending = []
      for binding in batch { binding.run() }
      rounds += 1
    }
  }

  /// Whether updates are waiting for `flush()`.
  public static var hasPendingUpdates: Bool { !pending.isEmpty }

  nonisolated static func schedule(_ binding: ViewBinding?) {
    guard let binding else { return }
    // Observation calls this before the property is written (in willSet); the update runs
    // later, after the write. Main-thread writes enqueue at once so that `flush()` right
    // after the write sees them.
    if let main = mainThread, pthread_equal(main, pthread_self()) != 0 {
      MainActor.assumeIsolated { enqueue(binding) }
    } else {
      Task { @MainActor in enqueue(binding) }
    }
  }

  private static func enqueue(_ binding: ViewBinding) {
    guard !binding.isPending, !binding.isCancelled else { return }
    binding.isPending = true
    pending.append(binding)
    guard !flushScheduled else { return }
    flushScheduled = true
    Task { @MainActor in
      flushScheduled = false
      flush()
    }
  }
}
