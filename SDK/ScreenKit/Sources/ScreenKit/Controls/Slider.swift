/// A control for choosing one value from a continuous range, as `UISlider`.
///
/// `minimumValue` is 0 and `maximumValue` 1 by default and `value` is always within them
/// (UIKit pins it: "this value will be pinned to min/max"). Setting `value` in code sends no
/// event; a user's drag (the `value` input event) sends `valueChanged` when it moved the
/// value. UIKit sends `valueChanged` during a drag when `isContinuous` (the default) and
/// once at its end otherwise; a client sends one `value` event per step it shows while a
/// continuous slider is dragged and one at the end of the drag for a discontinuous one.
///
/// Touches: a finger that lands on the thumb (``thumbHitRect``) drags it, the value
/// following the finger along the track (see `Slider+Touches.swift`); a finger that lands on
/// the track away from the thumb does nothing, as UIKit's slider ignores it.
///
/// Its height is UIKit's 31 points (the 28-point thumb and its shadow); its width is
/// whatever it is given (no intrinsic width), as `UISlider`'s intrinsic content size.
@MainActor
open class Slider: Control {
  /// Keeps a horizontal pan or swipe of an ancestor (a row's swipe actions, a scroll view)
  /// from taking the drag the control tracks itself, as UIKit's does.
  open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
    !takesHorizontalDrag(from: recognizer) && super.gestureRecognizerShouldBegin(recognizer)
  }

  /// The value, within `minimumValue...maximumValue`.
  open var value: Float {
    get { storedValue }
    set { setValue(newValue, animated: false) }
  }
  private var storedValue: Float = 0 { didSet { if storedValue != oldValue { setNeedsDisplay() } } }

  /// The value at the leading end (0 by default). A current value below it is raised to it.
  open var minimumValue: Float = 0 {
    didSet {
      if maximumValue < minimumValue { maximumValue = minimumValue }
      storedValue = clamped(storedValue)
      setNeedsDisplay()
    }
  }

  /// The value at the trailing end (1 by default). A current value above it is lowered to it.
  open var maximumValue: Float = 1 {
    didSet {
      if minimumValue > maximumValue { minimumValue = maximumValue }
      storedValue = clamped(storedValue)
      setNeedsDisplay()
    }
  }

  /// Whether a drag sends `valueChanged` as the value moves (`true`, the default) or once
  /// when the drag ends.
  open var isContinuous = true { didSet { setNeedsDisplay() } }

  /// The colour of the track before the thumb; `nil` draws it in the tint colour.
  open var minimumTrackTintColor: Color? { didSet { setNeedsDisplay() } }
  /// The colour of the track after the thumb; `nil` draws UIKit's grey track.
  open var maximumTrackTintColor: Color? { didSet { setNeedsDisplay() } }
  /// The colour of the thumb; `nil` draws UIKit's white thumb.
  open var thumbTintColor: Color? { didSet { setNeedsDisplay() } }

  /// A slider with the given frame.
  public override init(frame: Rect) {
    super.init(frame: frame)
  }

  /// Sets `value`, pinned to the range; ScreenKit does not animate. Sends no event.
  open func setValue(_ value: Float, animated: Bool) {
    guard !value.isNaN else { return }
    storedValue = clamped(value)
  }

  /// UIKit's slider height, 31 points, and no intrinsic width.
  open override var intrinsicContentSize: Size {
    Size(width: View.noIntrinsicMetric, height: Slider.standardHeight)
  }

  /// The offered width at UIKit's slider height.
  open override func sizeThatFits(_ size: Size) -> Size {
    Size(width: size.width, height: Slider.standardHeight)
  }

  /// UIKit's slider height: the 28-point thumb with room for its shadow.
  nonisolated public static let standardHeight: Double = 31
  /// The diameter of UIKit's slider thumb.
  nonisolated public static let thumbDiameter: Double = 28

  private func clamped(_ value: Float) -> Float { min(max(value, minimumValue), maximumValue) }

  // MARK: Touches (Slider+Touches.swift)

  /// The drag of the thumb in progress.
  var thumbDrag: SliderThumbDrag?

  /// Tracks a finger that lands on the thumb; one that lands elsewhere is ignored.
  open override func touchesBegan(_ touches: Set<Touch>, with event: ScreenKit.Event?) {
    guard let touch = touches.first, touchLandsOnThumb(touch) else { return }
    super.touchesBegan(touches, with: event)
  }

  /// Grabs the thumb where the finger holds it.
  open override func beginTracking(_ touch: Touch, with event: ScreenKit.Event?) -> Bool {
    grabThumb(with: touch)
    return super.beginTracking(touch, with: event)
  }

  /// Moves the value with the finger (`valueChanged` as it moves when continuous).
  open override func continueTracking(_ touch: Touch, with event: ScreenKit.Event?) -> Bool {
    dragThumb(with: touch)
    return super.continueTracking(touch, with: event)
  }

  /// Lets the thumb go (`valueChanged` now when not continuous and the value moved).
  open override func endTracking(_ touch: Touch?, with event: ScreenKit.Event?) {
    if let touch { dragThumb(with: touch) }
    releaseThumb()
    super.endTracking(touch, with: event)
  }

  /// Lets the thumb go where it is.
  open override func cancelTracking(with event: ScreenKit.Event?) {
    releaseThumb()
    super.cancelTracking(with: event)
  }

  /// Sets the value as the user does (pinned to the range); sends `valueChanged` when it
  /// moved and `notifying`. The one way a user's drag, the `value` event and VoiceOver's
  /// adjustments change the value. Returns whether it moved.
  func setValueAsUser(_ value: Float, notifying: Bool) -> Bool {
    guard isEnabled else { return false }
    let before = storedValue
    setValue(value, animated: true)
    guard storedValue != before else { return false }
    if notifying { sendActions(for: .valueChanged) }
    return true
  }

  // MARK: Accessibility defaults (UIKit's for this type)

  /// The value's place in the range as a whole percentage ("50%"), as UIKit reads a slider.
  open override var accessibilityValue: String? {
    get { accessibilityStorage?.value ?? accessibilityDefaultValue }
    set { super.accessibilityValue = newValue }
  }
  /// `adjustable`, with the control's state traits.
  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStorage?.traits ?? accessibilityStateTraits(.adjustable) }
    set { super.accessibilityTraits = newValue }
  }
  /// Raises the value by a tenth of the range, as UIKit's slider does; `valueChanged` when it moved.
  open override func accessibilityIncrement() { accessibilityStep(by: 0.1) }
  /// Lowers the value by a tenth of the range; `valueChanged` when it moved.
  open override func accessibilityDecrement() { accessibilityStep(by: -0.1) }
}

/// A user's drag: the value moves to where the thumb was let go, pinned to the range.
extension Slider: ValueInputReceiving {
  /// Moves the value as a drag would; `valueChanged` when it moved. A slider has one value:
  /// a `component` is `invalidValue`.
  public func receiveValue(_ value: Double, component: Int?) throws(InputError) -> Bool {
    if component != nil { throw .invalidValue("a slider has no components") }
    return setValueAsUser(Float(value), notifying: true)
  }
}
