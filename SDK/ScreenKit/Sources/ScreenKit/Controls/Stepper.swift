/// A control of two halves, − and +, that decrease or increase a value by a step, as
/// `UIStepper`.
///
/// UIKit's defaults: `value` 0, `minimumValue` 0, `maximumValue` 100, `stepValue` 1,
/// `wraps` false, `autorepeat` true, `isContinuous` true. `value` is always within the
/// range. The range keeps `maximumValue >= minimumValue` as UIKit documents: setting one
/// past the other sets both to the new value. A press on + past `maximumValue` holds at
/// the maximum, or with `wraps` goes to `minimumValue` (and − below the minimum to the
/// maximum). A press that changes the value sends `valueChanged`; setting `value` in code
/// sends nothing. Its size is UIKit's fixed 94 × 32 points whatever frame it is given.
///
/// Touches: a finger that lands on a half steps at once (− on the leading half, + on the
/// trailing half: the right half is + in a left-to-right layout, − in a right-to-left one,
/// as UIKit flips the control); held, it repeats (``autorepeat``) on a host timer after
/// ``autorepeatDelay`` every ``autorepeatInterval`` while the finger stays on the control.
/// A continuous stepper sends `valueChanged` at each step, a discontinuous one once when
/// the finger lifts. See `Stepper+Touches.swift`.
@MainActor
open class Stepper: Control {
  /// The value, within `minimumValue...maximumValue` (0 by default).
  open var value: Double {
    get { storedValue }
    set {
      guard !newValue.isNaN else { return }
      storedValue = clamped(newValue)
    }
  }
  private var storedValue: Double = 0 {
    didSet { if storedValue != oldValue { setNeedsDisplay() } }
  }

  /// The lowest value (0 by default); a maximum below it is raised to it.
  open var minimumValue: Double {
    get { range.lowerBound }
    set {
      guard !newValue.isNaN else { return }
      range = newValue > range.upperBound ? newValue...newValue : newValue...range.upperBound
    }
  }

  /// The highest value (100 by default); a minimum above it is lowered to it.
  open var maximumValue: Double {
    get { range.upperBound }
    set {
      guard !newValue.isNaN else { return }
      range = newValue < range.lowerBound ? newValue...newValue : range.lowerBound...newValue
    }
  }

  private var range: ClosedRange<Double> = 0...100 {
    didSet {
      storedValue = clamped(storedValue)
      setNeedsDisplay()
    }
  }

  /// How much a press changes the value (1 by default). UIKit raises an exception for a
  /// step that is not greater than 0; ScreenKit keeps the step it had, so that the scene
  /// keeps running.
  open var stepValue: Double = 1 {
    didSet {
      if !(stepValue > 0) || !stepValue.isFinite { stepValue = oldValue }
      setNeedsDisplay()
    }
  }

  /// Whether stepping past one end continues from the other (false by default).
  open var wraps = false { didSet { setNeedsDisplay() } }
  /// Whether holding a half repeats the step (true by default). A finger held on a half
  /// (touch phases) repeats on the host's timer; a client that sends taps only sends a tap
  /// per repetition it shows.
  open var autorepeat = true { didSet { setNeedsDisplay() } }
  /// Whether a held press sends `valueChanged` at each step (true by default) or once when
  /// it ends; each tap is a whole press, so each sends it.
  open var isContinuous = true { didSet { setNeedsDisplay() } }

  /// A stepper with the given frame's origin; its size is UIKit's fixed stepper size.
  public override init(frame: Rect) {
    super.init(frame: Rect(origin: frame.origin, size: Stepper.standardSize))
  }

  /// UIKit's fixed stepper size.
  open override var intrinsicContentSize: Size { Stepper.standardSize }

  /// The fixed stepper size whatever is offered.
  open override func sizeThatFits(_ size: Size) -> Size { Stepper.standardSize }

  /// Whether a press on − would change the value (UIKit dims the half that would not).
  public var canDecrement: Bool { wraps || storedValue > minimumValue }
  /// Whether a press on + would change the value.
  public var canIncrement: Bool { wraps || storedValue < maximumValue }

  /// The value one press on + (`up`) or − gives, as UIKit documents `wraps`: "incrementing
  /// beyond maximumValue sets value to minimumValue; likewise, decrementing below
  /// minimumValue sets value to maximumValue"; without it the value holds at the end.
  public func steppedValue(up: Bool) -> Double {
    let next = up ? storedValue + stepValue : storedValue - stepValue
    if next > maximumValue { return wraps ? minimumValue : maximumValue }
    if next < minimumValue { return wraps ? maximumValue : minimumValue }
    return next
  }

  // MARK: Touches (Stepper+Touches.swift)

  /// The press being held.
  var heldPress: StepperPress?

  /// A finger that begins tracking steps at once and starts the repetition.
  open override func touchesBegan(_ touches: Set<Touch>, with event: ScreenKit.Event?) {
    let wasTracking = isTracking
    super.touchesBegan(touches, with: event)
    if !wasTracking, isTracking, let touch = touches.first {
      beginPress(up: isInTrailingHalf(touch.location(in: self)))
    }
  }

  /// The press ends: repetition stops; a discontinuous stepper reports its change.
  open override func endTracking(_ touch: Touch?, with event: ScreenKit.Event?) {
    endPress()
    super.endTracking(touch, with: event)
  }

  /// The press is cancelled: repetition stops; a discontinuous stepper reports its change.
  open override func cancelTracking(with event: ScreenKit.Event?) {
    endPress()
    super.cancelTracking(with: event)
  }

  /// UIKit's fixed stepper size, 94 × 32 points (iOS 13 and later; 94 × 29 before).
  nonisolated public static let standardSize = Size(width: 94, height: 32)

  private func clamped(_ value: Double) -> Double {
    min(max(value, range.lowerBound), range.upperBound)
  }

  // MARK: Accessibility defaults (UIKit's for this type)

  /// The value as a number ("3", "2.5").
  open override var accessibilityValue: String? {
    get { accessibilityStorage?.value ?? accessibilityDefaultValue }
    set { super.accessibilityValue = newValue }
  }
  /// `adjustable`, with the control's state traits: UIKit exposes a stepper's halves as two buttons ("Increment", "Decrement"); ScreenKit's node has no parts, so the stepper is one adjustable element whose increment and decrement press its halves.
  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStorage?.traits ?? accessibilityStateTraits(.adjustable) }
    set { super.accessibilityTraits = newValue }
  }
  /// Steps up by `stepValue`, as a press on +; `valueChanged` when the value changed.
  open override func accessibilityIncrement() { _ = accessibilityPress(up: true) }
  /// Steps down by `stepValue`, as a press on −; `valueChanged` when the value changed.
  open override func accessibilityDecrement() { _ = accessibilityPress(up: false) }
}

/// A press on a half (a tap at a point: the leading half is −, the trailing half +), or a
/// value the user stepped to (the `value` event: rounded to the steps from `minimumValue`
/// and pinned to the range).
extension Stepper: PointTapReceiving, ValueInputReceiving, TouchUpInsideReacting {
  /// Steps down for a tap in the leading half, up in the trailing half: `touchDown`,
  /// `touchUpInside`, then `valueChanged` when the value changed.
  public func receiveTap(at point: Point) -> Bool {
    guard isEnabled else { return false }
    isHighlighted = true
    sendActions(for: .touchDown)
    isHighlighted = false
    let changed = step(up: isInTrailingHalf(point), notifying: false)
    sendActions(for: .touchUpInside)
    if changed { sendActions(for: .valueChanged) }
    return changed
  }

  /// A tracked touch ended on the control: it stepped when it landed, so only
  /// `touchUpInside`.
  func touchUpInside(at point: Point) { sendActions(for: .touchUpInside) }

  /// Moves the value one step up or down as a press does (``steppedValue(up:)``); sends
  /// `valueChanged` when it changed and `notifying`. The one way presses, taps and
  /// VoiceOver change the value. Returns whether it changed.
  func step(up: Bool, notifying: Bool) -> Bool {
    let before = storedValue
    storedValue = steppedValue(up: up)
    guard storedValue != before else { return false }
    if notifying { sendActions(for: .valueChanged) }
    return true
  }

  /// Sets the value as presses would reach it; `valueChanged` when it changed.
  public func receiveValue(_ value: Double, component: Int?) throws(InputError) -> Bool {
    if component != nil { throw .invalidValue("a stepper has no components") }
    guard isEnabled else { return false }
    let steps = ((value - minimumValue) / stepValue).rounded()
    let reachable = clamped(minimumValue + steps * stepValue)
    guard reachable != storedValue else { return false }
    storedValue = reachable
    sendActions(for: .valueChanged)
    return true
  }
}
