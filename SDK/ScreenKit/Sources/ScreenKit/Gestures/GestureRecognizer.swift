/// Turns a sequence of touches into a gesture, as `UIGestureRecognizer`: the base class of
/// ``TapGestureRecognizer``, ``PanGestureRecognizer`` and the others, and of recognizers an
/// app writes itself.
///
/// A recognizer is attached to a view (``View/addGestureRecognizer(_:)``) and receives the
/// touches hit-tested to that view or any of its subviews, before the view they were
/// hit-tested to does. It starts in ``State-swift.enum/possible``; a subclass watches the
/// touches (`touchesBegan(_:with:)` and the others) and sets ``state`` as UIKit's header
/// describes:
///
/// * a **discrete** gesture (a tap, a swipe) goes from `possible` to `ended` (also named
///   `recognized`) or `failed`;
/// * a **continuous** gesture (a pan, a pinch, a long press) goes from `possible` to `began`,
///   then `changed` any number of times, then `ended` or `cancelled`; or to `failed`.
///
/// Leaving `possible` is asked first of the ``delegate``
/// (`gestureRecognizerShouldBegin(_:)`) and of the views the touches were hit-tested to
/// (``View/gestureRecognizerShouldBegin(_:)``: a control keeps single taps on its ancestors
/// from taking its own taps); a "no" fails the recognizer. A recognizer that must wait for
/// another to fail (``require(toFail:)``, or the delegate's and subclasses' failure
/// requirements) stays in `possible` until the other fails, and fails if the other
/// recognizes. A recognizer that recognizes keeps every other recognizer of the same touches
/// from recognizing (they fail, or are cancelled when they had begun) unless one of the two
/// delegates allows simultaneous recognition or `canPrevent`/`canBePrevented` say otherwise;
/// with ``cancelsTouchesInView`` the views get `touchesCancelled` for its touches.
///
/// Actions are sent on `began`, `changed`, `ended` and `cancelled`, once the touch event
/// that caused them has been delivered (UIKit sends them at the next turn of the run loop).
/// A recognizer that ended, was cancelled or failed is ``reset()`` to `possible` when the
/// touches it saw have ended; until then it ignores them.
@MainActor
open class GestureRecognizer {
  /// The states of a recognizer, as `UIGestureRecognizer.State`.
  public enum State: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Not recognized yet, possibly evaluating touches; the initial state.
    case possible
    /// A continuous gesture began.
    case began
    /// A continuous gesture changed.
    case changed
    /// The gesture ended (a discrete gesture was recognized).
    case ended
    /// A continuous gesture was cancelled.
    case cancelled
    /// The touches cannot be this gesture.
    case failed

    /// A discrete gesture was recognized: the same state as `ended`.
    public static let recognized = State.ended

    /// The state's name.
    public var description: String {
      switch self {
      case .possible: "possible"
      case .began: "began"
      case .changed: "changed"
      case .ended: "ended"
      case .cancelled: "cancelled"
      case .failed: "failed"
      }
    }

    /// Whether the gesture is recognized and going on, or just was.
    var hasRecognized: Bool { self == .began || self == .changed || self == .ended }
    /// Whether the recognizer is done with the current touches.
    var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
  }

  /// A recognizer with no target; add one with `addTarget(_:action:)`.
  public init() {}

  /// A recognizer that calls `action` on `target` (held weakly) with the recognizer:
  /// `PanGestureRecognizer(target: self, action: CardViewController.dragged)`. A recognizer
  /// of another type than `Recognizer` does not call it.
  public convenience init<Target: AnyObject, Recognizer: GestureRecognizer>(
    target: Target, action: @escaping (Target) -> (Recognizer) -> Void
  ) {
    self.init()
    addTarget(target, action: action)
  }

  /// A recognizer that calls `action` on `target` (held weakly) without an argument.
  public convenience init<Target: AnyObject>(
    target: Target, action: @escaping (Target) -> () -> Void
  ) {
    self.init()
    addTarget(target, action: action)
  }

  // MARK: State

  /// The current state. Subclasses set it as the touches they see decide; everyone else
  /// reads it. Setting a transition UIKit does not allow (from `failed` to `began`, say) is
  /// ignored.
  public var state: State {
    get { storedState }
    set {
      if let arena { arena.transition(self, to: newValue) } else { setStateWithoutArena(newValue) }
    }
  }
  var storedState = State.possible
  /// The recognition (`began` or `ended`) waiting for failure requirements, if any.
  var deferredState: State?

  /// Whether the recognizer takes touches (true). Turning it off while it recognizes cancels
  /// the gesture; a disabled recognizer gets no new touches.
  public var isEnabled = true {
    didSet {
      guard !isEnabled, oldValue else { return }
      if storedState == .began || storedState == .changed {
        state = .cancelled
      } else if storedState == .possible {
        state = .failed
      }
    }
  }

  /// The view the recognizer is attached to.
  public internal(set) weak var view: View?

  /// The delegate, held weakly.
  public weak var delegate: (any GestureRecognizerDelegate)?

  /// Whether the views get `touchesCancelled` for the recognizer's touches when it
  /// recognizes (true).
  public var cancelsTouchesInView = true
  /// Whether the views get touches only once the recognizer has failed (false): they never
  /// see the touches of a gesture it recognizes.
  public var delaysTouchesBegan = false
  /// Whether a view's `touchesEnded` waits while the recognizer may still recognize (true),
  /// so that a touch the gesture takes can still be cancelled.
  public var delaysTouchesEnded = true

  /// The recognizer's name, for debugging.
  public var name: String?

  // MARK: Targets

  private var targets: [GestureTargetAction] = []

  /// Adds a target-action pair; `action` is an unapplied method reference taking the
  /// recognizer. Several may be added; each is called in order.
  public func addTarget<Target: AnyObject, Recognizer: GestureRecognizer>(
    _ target: Target, action: @escaping (Target) -> (Recognizer) -> Void
  ) {
    targets.append(
      GestureTargetAction(target: target) { object, recognizer in
        guard let object = object as? Target, let recognizer = recognizer as? Recognizer else {
          return
        }
        action(object)(recognizer)
      })
  }

  /// Adds a target-action pair whose action takes no argument.
  public func addTarget<Target: AnyObject>(
    _ target: Target, action: @escaping (Target) -> () -> Void
  ) {
    targets.append(
      GestureTargetAction(target: target) { object, _ in
        guard let object = object as? Target else { return }
        action(object)()
      })
  }

  /// Removes every action of `target` (of every target when `nil`). Method references
  /// cannot be compared, so a target's actions go together.
  public func removeTarget(_ target: AnyObject?) {
    targets.removeAll { target == nil || $0.target === target || $0.target == nil }
  }

  /// Calls every target's action with the recognizer.
  func sendActions() {
    targets.removeAll { $0.target == nil }
    for entry in targets { entry.invoke(entry.target, self) }
  }

  // MARK: Relationships

  /// Recognizers that must fail before this one may leave `possible`.
  private(set) var requiredToFail: [WeakGestureRecognizer] = []

  /// Makes this recognizer wait for `other` to fail before it recognizes; if `other`
  /// recognizes, this one fails. A single tap may require a double tap to fail.
  public func require(toFail other: GestureRecognizer) {
    guard other !== self else { return }
    requiredToFail.removeAll { $0.recognizer == nil || $0.recognizer === other }
    requiredToFail.append(WeakGestureRecognizer(recognizer: other))
  }

  /// Whether this recognizer may keep `prevented` from recognizing when this one
  /// recognizes (true). Subclasses refine it for their class.
  open func canPrevent(_ prevented: GestureRecognizer) -> Bool { true }

  /// Whether `preventing` may keep this recognizer from recognizing (true).
  open func canBePrevented(by preventing: GestureRecognizer) -> Bool { true }

  /// Whether this recognizer must wait for `other` to fail (false); a class-wide failure
  /// requirement.
  open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }

  /// Whether `other` must wait for this recognizer to fail (false).
  open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

  // MARK: Touches, for subclasses

  /// The touches this recognizer receives that have not ended, in the order they began.
  public internal(set) var trackedTouches: [Touch] = []

  /// Fingers touched down. Subclasses override it and call `super`.
  open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
  /// Fingers moved.
  open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
  /// Fingers lifted.
  open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
  /// The system stopped tracking fingers. The default cancels a gesture that began and
  /// fails one that did not.
  open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    if storedState == .began || storedState == .changed {
      state = .cancelled
    } else if storedState == .possible {
      state = .failed
    }
  }

  /// Returns the recognizer to `possible` with no touches: subclasses reset what they
  /// track and call `super`. Called after it ended, was cancelled or failed and its touches
  /// ended.
  open func reset() {
    cancelTimer()
  }

  /// Stops watching `touch`: the recognizer gets no more of its phases, and recognizing
  /// does not cancel it in its view.
  public func ignore(_ touch: Touch) {
    trackedTouches.removeAll { $0 === touch }
    touch.gestureRecognizers.removeAll { $0 === self }
  }

  // MARK: Location

  /// The number of touches the recognizer is tracking.
  public var numberOfTouches: Int { trackedTouches.count }

  /// The centroid of the tracked touches in `view`'s coordinates (the window's when
  /// `nil`); where the last touches were when none is down.
  open func location(in view: View?) -> Point {
    guard !trackedTouches.isEmpty else {
      guard let window = self.view?.window else { return lastCentroid }
      return view?.convert(lastCentroid, from: window) ?? lastCentroid
    }
    let centroid = Self.windowCentroid(of: trackedTouches) ?? lastCentroid
    return view?.convert(centroid, from: nil) ?? centroid
  }

  /// The centroid of `touches` in window coordinates; `nil` when there are none. Every
  /// recognizer measures its fingers' position with it.
  static func windowCentroid(of touches: [Touch]) -> Point? {
    Point.centroid(of: touches.map(\.windowLocation))
  }

  /// The location of one tracked touch in `view`'s coordinates.
  public func location(ofTouch index: Int, in view: View?) -> Point {
    guard trackedTouches.indices.contains(index) else { return .zero }
    return trackedTouches[index].location(in: view)
  }

  /// The window-coordinate centroid when the last touch ended.
  var lastCentroid = Point.zero

  // MARK: Timers

  private var timer: Task<Void, Never>?

  /// Runs `body` after `seconds` of the host's time unless the recognizer is reset first
  /// (a long press's duration, a double tap's wait for its second tap). One timer at a time:
  /// scheduling another replaces it. State set in `body` is handled as if a touch event had
  /// set it.
  public func schedule(after seconds: Double, _ body: @escaping @MainActor () -> Void) {
    timer?.cancel()
    timer = Task { @MainActor [weak self] in
      try? await Task.sleep(for: .seconds(seconds))
      guard !Task.isCancelled, let self else { return }
      self.timer = nil
      body()
      guard let window = self.view?.window else { return }
      window.gestureArena.settle()
      window.afterInput()
    }
  }

  /// Whether a timer is pending.
  var hasTimer: Bool { timer != nil }

  /// Cancels the pending timer.
  public func cancelTimer() {
    timer?.cancel()
    timer = nil
  }

  // MARK: Arena

  /// The arena of the window the recognizer's view is in.
  var arena: GestureArena? { view?.window?.gestureArena }

  /// A state change outside a window (a recognizer not attached yet): applied as is.
  private func setStateWithoutArena(_ newValue: State) {
    storedState = newValue
  }

  /// Whether UIKit allows going from `storedState` to `next`.
  func allowsTransition(to next: State) -> Bool {
    switch (storedState, next) {
    case (.possible, .began), (.possible, .ended), (.possible, .failed): true
    case (.began, .changed), (.began, .ended), (.began, .cancelled), (.began, .failed): true
    case (.changed, .changed), (.changed, .ended), (.changed, .cancelled), (.changed, .failed):
      true
    default: false
    }
  }
}

/// A recognizer's target and its action.
@MainActor
struct GestureTargetAction {
  weak var target: AnyObject?
  let invoke: (AnyObject?, GestureRecognizer) -> Void
}

/// A weak reference to a recognizer.
@MainActor
struct WeakGestureRecognizer {
  weak var recognizer: GestureRecognizer?
}
