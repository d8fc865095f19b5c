/// A control that offers a binary choice, as `UISwitch`.
///
/// Its size is fixed at UIKit's 51 × 31 points whatever frame it is given.
///
/// Touches: a tap (a finger that lifts within ``Touch/tapMovementTolerance`` of where it
/// landed) flips the switch on touch up inside; a finger that drags across it sets the
/// state by the side it is let go on, on at the trailing side (the right in a
/// left-to-right layout), as UIKit's switch follows a drag of its thumb.
@MainActor
open class Switch: Control {
  /// Keeps a horizontal pan or swipe of an ancestor (a row's swipe actions, a scroll view)
  /// from taking the drag the control tracks itself, as UIKit's does.
  open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
    !takesHorizontalDrag(from: recognizer) && super.gestureRecognizerShouldBegin(recognizer)
  }

  /// Whether the switch is on.
  open var isOn = false { didSet { setNeedsDisplay() } }
  /// The colour of the track when on.
  open var onTintColor: Color? { didSet { setNeedsDisplay() } }
  /// The colour of the thumb.
  open var thumbTintColor: Color? { didSet { setNeedsDisplay() } }

  /// A switch with the given frame; its size is UIKit's fixed switch size.
  public override init(frame: Rect) {
    super.init(frame: Rect(origin: frame.origin, size: Switch.standardSize))
  }

  /// Whether the tracked finger has moved beyond a tap: it drags the thumb.
  var isDraggingThumb = false

  /// A new touch starts as a tap.
  open override func beginTracking(_ touch: Touch, with event: ScreenKit.Event?) -> Bool {
    isDraggingThumb = false
    return super.beginTracking(touch, with: event)
  }

  /// A finger that moves beyond a tap's tolerance drags the thumb.
  open override func continueTracking(_ touch: Touch, with event: ScreenKit.Event?) -> Bool {
    if !touch.stayedWithinTapTolerance { isDraggingThumb = true }
    return super.continueTracking(touch, with: event)
  }

  /// A drag let go outside the control still sets the state by its side (one let go
  /// inside does so with `touchUpInside`).
  open override func endTracking(_ touch: Touch?, with event: ScreenKit.Event?) {
    if isDraggingThumb, !isTouchInside, let touch {
      _ = receiveToggle(isOn: isInTrailingHalf(touch.location(in: self)))
    }
    super.endTracking(touch, with: event)
  }

  /// UIKit's fixed switch size.
  open override var intrinsicContentSize: Size { Switch.standardSize }

  /// The fixed switch size whatever is offered.
  open override func sizeThatFits(_ size: Size) -> Size { Switch.standardSize }

  /// Sets the state, optionally animating (ScreenKit does not animate).
  open func setOn(_ on: Bool, animated: Bool) {
    isOn = on
  }

  /// Saves `isOn` (key `Switch.isOn`).
  open override func encodeRestorableState(with coder: Coder) {
    super.encodeRestorableState(with: coder)
    coder.encode(isOn, forKey: "Switch.isOn")
  }

  /// Restores `isOn`, without sending `valueChanged`.
  open override func decodeRestorableState(with coder: Coder) {
    super.decodeRestorableState(with: coder)
    if let saved = coder.decodeBool(forKey: "Switch.isOn") { isOn = saved }
  }

  /// UIKit's fixed switch size, 51 × 31 points.
  public static let standardSize = Size(width: 51, height: 31)

  // MARK: Accessibility defaults (UIKit's for this type)

  /// "1" when on, "0" when off, as UIKit reports a switch's value.
  open override var accessibilityValue: String? {
    get { accessibilityStorage?.value ?? (isOn ? "1" : "0") }
    set { super.accessibilityValue = newValue }
  }
  /// `button` (UIKit's public traits of a switch), with the control's state traits.
  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStorage?.traits ?? accessibilityStateTraits(.button) }
    set { super.accessibilityTraits = newValue }
  }
}
