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
      (.touchDown, "touchDown"), (.touchUpInside, "touchUpInside"),
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
