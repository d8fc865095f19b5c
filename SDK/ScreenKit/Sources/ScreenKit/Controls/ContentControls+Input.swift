/// A button's tap: highlighted, `touchDown`, unhighlighted, `touchUpInside`, then
/// `primaryActionTriggered` (UIKit's buttons send the semantic primary action with the tap;
/// Apple documents the event, not its position, so ScreenKit sends it last).
extension Button: TapReceiving {
  /// Runs the tap sequence; `false` when disabled.
  public func receiveTap() -> Bool {
    guard isEnabled else { return false }
    isHighlighted = true
    sendActions(for: .touchDown)
    isHighlighted = false
    sendActions(for: .touchUpInside)
    sendActions(for: .primaryActionTriggered)
    return true
  }
}

extension Button: TouchUpInsideReacting {
  /// `touchUpInside`, then `primaryActionTriggered`.
  func touchUpInside(at point: Point) {
    sendActions(for: .touchUpInside)
    sendActions(for: .primaryActionTriggered)
  }
}

extension Switch: TouchUpInsideReacting {
  /// `touchUpInside`, then a tap flips the switch and a drag sets it by the side it ended
  /// on (`valueChanged`, `primaryActionTriggered` when it changed).
  func touchUpInside(at point: Point) {
    sendActions(for: .touchUpInside)
    _ = receiveToggle(isOn: isDraggingThumb ? isInTrailingHalf(point) : !isOn)
  }
}

/// A switch toggles on a tap and takes an explicit value from the toggle event; each change
/// sends `valueChanged` then `primaryActionTriggered`, as UIKit's switch.
extension Switch: TapReceiving, ToggleReceiving {
  /// Flips the switch.
  public func receiveTap() -> Bool {
    receiveToggle(isOn: !isOn)
  }

  /// Sets the value; `false` when it already had it or the switch is disabled.
  public func receiveToggle(isOn newValue: Bool) -> Bool {
    guard isEnabled, newValue != isOn else { return false }
    setOn(newValue, animated: true)
    sendActions(for: .valueChanged)
    sendActions(for: .primaryActionTriggered)
    return true
  }
}
