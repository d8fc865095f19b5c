/// The base class for controls, as `UIControl`: states, control events and target-action.
///
/// ScreenKit has no Objective-C runtime: a target is held weakly with an unapplied method
/// reference (`button.addTarget(self, action: LoginViewController.login, for: .touchUpInside)`),
/// or an action is a closure (`addAction(for:)`), or a ``ResponderAction`` sent up the
/// responder chain from the control.
@MainActor
open class Control: View {
  /// Whether the control takes input; a disabled control sends no events.
  open var isEnabled = true { didSet { setNeedsDisplay() } }
  /// Whether a touch is down on the control.
  open var isHighlighted = false { didSet { setNeedsDisplay() } }
  /// Whether the control is selected.
  open var isSelected = false { didSet { setNeedsDisplay() } }
  /// How the content (a button's image and title) sits across the control's width, as
  /// `UIControl.contentHorizontalAlignment`; `.center` by default, as UIKit's. `.leading`
  /// and `.trailing` follow the layout direction (``effectiveContentHorizontalAlignment``).
  open var contentHorizontalAlignment: ContentHorizontalAlignment = .center {
    didSet { setNeedsLayout() }
  }

  /// The state flags, as `UIControl.State`.
  public var state: State {
    var state: State = []
    if isHighlighted { state.insert(.highlighted) }
    if !isEnabled { state.insert(.disabled) }
    if isSelected { state.insert(.selected) }
    if isFirstResponder { state.insert(.focused) }
    return state
  }

  private var registrations: [ControlTargetRegistration] = []

  // MARK: Tracking touches

  /// Whether the control is tracking a touch.
  public private(set) var isTracking = false
  /// Whether the tracked touch is inside the control's bounds, widened by
  /// ``touchInsideMargin`` as UIKit's controls do so a finger may stray a little.
  public private(set) var isTouchInside = false
  /// The touch being tracked.
  private weak var trackedTouch: Touch?

  /// How far outside its bounds a tracked touch still counts as inside, in points: the
  /// margin UIKit's controls allow before sending `touchDragExit` (70 points).
  public static let touchInsideMargin = 70.0

  /// A touch began in the control; returns whether to keep tracking it (true). Subclasses
  /// react here (a stepper steps).
  open func beginTracking(_ touch: Touch, with event: ScreenKit.Event?) -> Bool { true }
  /// The tracked touch moved; returns whether to keep tracking it (true).
  open func continueTracking(_ touch: Touch, with event: ScreenKit.Event?) -> Bool { true }
  /// The tracked touch ended (`touch` is `nil` when tracking stopped otherwise).
  open func endTracking(_ touch: Touch?, with event: ScreenKit.Event?) {}
  /// The tracked touch was cancelled.
  open func cancelTracking(with event: ScreenKit.Event?) {}

  /// Keeps single-finger single taps recognized on the control's ancestors from taking the
  /// control's own taps (UIKit's controls, since iOS 6): such a recognizer does not begin.
  open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
    guard recognizer.view !== self, let tap = recognizer as? TapGestureRecognizer else {
      return true
    }
    return !(tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1)
  }

  /// Tracks the first finger: highlighted, `touchDown` (and `touchDownRepeat` for a
  /// repeated tap), then ``beginTracking(_:with:)``.
  open override func touchesBegan(_ touches: Set<Touch>, with event: ScreenKit.Event?) {
    guard isEnabled, !isTracking, let touch = touches.first else { return }
    trackedTouch = touch
    isTracking = true
    isTouchInside = true
    isHighlighted = true
    sendActions(for: .touchDown)
    if touch.tapCount > 1 { sendActions(for: .touchDownRepeat) }
    if !beginTracking(touch, with: event) { stopTracking() }
  }

  /// Follows the tracked finger: `touchDragInside`/`touchDragOutside`, with
  /// `touchDragEnter`/`touchDragExit` as it crosses the widened bounds; highlighted while
  /// inside.
  open override func touchesMoved(_ touches: Set<Touch>, with event: ScreenKit.Event?) {
    guard isTracking, let touch = trackedTouch, touches.contains(touch) else { return }
    let wasInside = isTouchInside
    isTouchInside = contains(touch)
    isHighlighted = isTouchInside
    if isTouchInside != wasInside {
      sendActions(for: isTouchInside ? .touchDragEnter : .touchDragExit)
    }
    sendActions(for: isTouchInside ? .touchDragInside : .touchDragOutside)
    if !continueTracking(touch, with: event) {
      endTracking(touch, with: event)
      stopTracking()
    }
  }

  /// Ends tracking: unhighlighted, ``endTracking(_:with:)``, then `touchUpInside` (with the
  /// control's own reaction: a button's primary action, a switch's toggle…) or
  /// `touchUpOutside`.
  open override func touchesEnded(_ touches: Set<Touch>, with event: ScreenKit.Event?) {
    guard isTracking, let touch = trackedTouch, touches.contains(touch) else { return }
    let inside = contains(touch)
    isTouchInside = inside
    isHighlighted = false
    endTracking(touch, with: event)
    stopTracking()
    if inside {
      if let reacting = self as? TouchUpInsideReacting {
        reacting.touchUpInside(at: touch.location(in: self))
      } else {
        sendActions(for: .touchUpInside)
      }
    } else {
      sendActions(for: .touchUpOutside)
    }
  }

  /// Stops tracking: unhighlighted, ``cancelTracking(with:)``, `touchCancel`.
  open override func touchesCancelled(_ touches: Set<Touch>, with event: ScreenKit.Event?) {
    guard isTracking, let touch = trackedTouch, touches.contains(touch) else { return }
    isHighlighted = false
    cancelTracking(with: event)
    stopTracking()
    sendActions(for: .touchCancel)
  }

  private func stopTracking() {
    isTracking = false
    isTouchInside = false
    trackedTouch = nil
    isHighlighted = false
  }

  /// Whether `touch` is within the bounds widened by ``touchInsideMargin``.
  private func contains(_ touch: Touch) -> Bool {
    let point = touch.location(in: self)
    let margin = Self.touchInsideMargin
    return point.x >= -margin && point.y >= -margin && point.x <= bounds.width + margin
      && point.y <= bounds.height + margin
  }

  /// Calls `action` on `target` (held weakly) when one of `events` happens; `action` is an
  /// unapplied method reference taking no argument, such as `LoginViewController.login`.
  public func addTarget<Target: AnyObject>(
    _ target: Target, action: @escaping (Target) -> () -> Void, for events: Event
  ) {
    registrations.append(
      ControlTargetRegistration(
        events: events, target: target,
        identity: .method(ObjectIdentifier(target), "\(Target.self)")
      ) { object, _ in
        guard let object = object as? Target else { return }
        action(object)()
      })
  }

  /// Calls `action` on `target` (held weakly) with the control as sender when one of
  /// `events` happens; `action` is an unapplied method reference such as
  /// `LoginViewController.login(_:)`. A sender of another type than `Sender` is not called.
  public func addTarget<Target: AnyObject, Sender: Control>(
    _ target: Target, action: @escaping (Target) -> (Sender) -> Void, for events: Event
  ) {
    registrations.append(
      ControlTargetRegistration(
        events: events, target: target,
        identity: .method(ObjectIdentifier(target), "\(Target.self)")
      ) { object, sender in
        guard let object = object as? Target, let sender = sender as? Sender else { return }
        action(object)(sender)
      })
  }

  /// Calls `action` on `target` (held weakly) with the control as sender when one of
  /// `events` happens; `action` is an unapplied method reference taking any sender, as an
  /// action declared `func login(_ sender: Any)`.
  public func addTarget<Target: AnyObject>(
    _ target: Target, action: @escaping (Target) -> (Any) -> Void, for events: Event
  ) {
    registrations.append(
      ControlTargetRegistration(
        events: events, target: target,
        identity: .method(ObjectIdentifier(target), "\(Target.self)")
      ) { object, sender in
        guard let object = object as? Target else { return }
        action(object)(sender)
      })
  }

  /// Sends `action` up the responder chain from this control when one of `events` happens
  /// (UIKit's nil target).
  public func addTarget(_ target: Responder?, action: ResponderAction, for events: Event) {
    registrations.append(
      ControlTargetRegistration(
        events: events, target: target, identity: .responderAction(action.name)
      ) { object, sender in
        if let responder = object as? Responder {
          if responder.canPerformAction(action, withSender: sender) {
            responder.perform(action, withSender: sender)
          }
        } else {
          sender.sendAction(action, sender: sender)
        }
      })
  }

  /// Calls `handler` with the control when one of `events` happens. Returns a token for
  /// `removeAction(_:)`.
  @discardableResult
  public func addAction(for events: Event, _ handler: @escaping (Control) -> Void)
    -> ControlActionToken
  {
    let token = ControlActionToken()
    registrations.append(
      ControlTargetRegistration(events: events, target: nil, identity: .closure(token)) {
        _, sender in handler(sender)
      })
    return token
  }

  /// Removes a closure added by `addAction(for:_:)`.
  public func removeAction(_ token: ControlActionToken) {
    registrations.removeAll { $0.identity == .closure(token) }
  }

  /// Removes every target-action pair for `target` (all targets when `nil`) on `events`.
  public func removeTarget(_ target: AnyObject?, for events: Event) {
    registrations = registrations.compactMap { registration in
      let matchesTarget =
        target == nil
        || (registration.target != nil && registration.target === target)
      guard matchesTarget else { return registration }
      var remaining = registration
      remaining.events.subtract(events)
      return remaining.events.isEmpty ? nil : remaining
    }
  }

  /// The events that have at least one action.
  public var allControlEvents: Event {
    registrations.reduce(into: Event()) { $0.formUnion($1.events) }
  }

  /// Sends every action registered for `events`, in the order they were added. A disabled
  /// control sends nothing; actions whose target is gone are dropped.
  public func sendActions(for events: Event) {
    guard isEnabled else { return }
    registrations.removeAll { $0.targetWasReleased }
    for registration in registrations where !registration.events.isDisjoint(with: events) {
      guard !registration.targetWasReleased else { continue }
      registration.invoke(registration.target, self)
    }
  }

  // MARK: Accessibility defaults (UIKit's for this type)

  /// A control is an accessibility element, as UIKit documents for its controls.
  open override var isAccessibilityElement: Bool {
    get { accessibilityStorage?.isElement ?? true }
    set { super.isAccessibilityElement = newValue }
  }
  /// None of its own; `notEnabled` while disabled, `selected` while selected.
  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStorage?.traits ?? accessibilityStateTraits([]) }
    set { super.accessibilityTraits = newValue }
  }
}

extension Control {
  /// Control state flags, as `UIControl.State`.
  public struct State: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Flags from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Enabled, not selected, not highlighted.
    public static let normal: State = []
    /// A touch is down.
    public static let highlighted = State(rawValue: 1 << 0)
    /// Disabled.
    public static let disabled = State(rawValue: 1 << 1)
    /// Selected.
    public static let selected = State(rawValue: 1 << 2)
    /// First responder.
    public static let focused = State(rawValue: 1 << 3)
  }

  /// Control events, as `UIControl.Event`.
  public struct Event: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The raw bits.
    public let rawValue: UInt
    /// Events from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// A touch went down in the control.
    public static let touchDown = Event(rawValue: 1 << 0)
    /// A repeated touch down (the touch's `tapCount` is above 1).
    public static let touchDownRepeat = Event(rawValue: 1 << 1)
    /// The tracked finger moved within the control's widened bounds.
    public static let touchDragInside = Event(rawValue: 1 << 2)
    /// The tracked finger moved outside the control's widened bounds.
    public static let touchDragOutside = Event(rawValue: 1 << 3)
    /// The tracked finger came back into the control's widened bounds.
    public static let touchDragEnter = Event(rawValue: 1 << 4)
    /// The tracked finger left the control's widened bounds.
    public static let touchDragExit = Event(rawValue: 1 << 5)
    /// A touch went up inside the control.
    public static let touchUpInside = Event(rawValue: 1 << 6)
    /// A touch went up outside the control.
    public static let touchUpOutside = Event(rawValue: 1 << 7)
    /// A touch was cancelled.
    public static let touchCancel = Event(rawValue: 1 << 8)
    /// The value changed (a switch toggled, a scroll position).
    public static let valueChanged = Event(rawValue: 1 << 12)
    /// The control's primary action (a button's tap, a text field's return key).
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    /// A text field began editing.
    public static let editingDidBegin = Event(rawValue: 1 << 16)
    /// A text field's text changed by editing.
    public static let editingChanged = Event(rawValue: 1 << 17)
    /// A text field ended editing.
    public static let editingDidEnd = Event(rawValue: 1 << 18)
    /// The return key ended editing.
    public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
    /// Every touch event.
    public static let allTouchEvents = Event(rawValue: 0x0FFF)
    /// Every editing event.
    public static let allEditingEvents = Event(rawValue: 0x000F_0000)
    /// Every event.
    public static let allEvents = Event(rawValue: 0xFFFF_FFFF)

    static let names: [(Event, String)] = [
      (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"),
      (.touchDragInside, "touchDragInside"), (.touchDragOutside, "touchDragOutside"),
      (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
      (.touchUpInside, "touchUpInside"),
      (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"),
      (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primaryActionTriggered"),
      (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
      (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit"),
    ]

    /// The event names, such as `touchUpInside`.
    public var description: String {
      let parts = Self.names.filter { contains($0.0) }.map(\.1)
      return parts.isEmpty ? "[]" : parts.joined(separator: "|")
    }
  }
}

/// Identifies a closure added with `addAction(for:_:)`.
@MainActor
public final class ControlActionToken {
  init() {}
}

/// One target-action pair or closure of a control.
@MainActor
struct ControlTargetRegistration {
  enum Identity: Equatable {
    case method(ObjectIdentifier, String)
    case responderAction(String)
    case closure(ControlActionToken)

    static func == (lhs: Identity, rhs: Identity) -> Bool {
      switch (lhs, rhs) {
      case (.method(let a, let x), .method(let b, let y)): a == b && x == y
      case (.responderAction(let a), .responderAction(let b)): a == b
      case (.closure(let a), .closure(let b)): a === b
      default: false
      }
    }
  }

  var events: Control.Event
  weak var target: AnyObject?
  let hadTarget: Bool
  let identity: Identity
  let invoke: (AnyObject?, Control) -> Void

  init(
    events: Control.Event, target: AnyObject?, identity: Identity,
    invoke: @escaping (AnyObject?, Control) -> Void
  ) {
    self.events = events
    self.target = target
    self.hadTarget = target != nil
    self.identity = identity
    self.invoke = invoke
  }

  /// A weak target that was set and is gone now.
  var targetWasReleased: Bool { hadTarget && target == nil }
}
