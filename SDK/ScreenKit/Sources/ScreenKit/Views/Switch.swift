/// A control that offers a binary choice, as `UISwitch`.
///
/// Its size is fixed at UIKit's 51 × 31 points whatever frame it is given.
@MainActor
open class Switch: Control {
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
