/// A view with its own reaction to a tap (a button sends its primary action, a switch
/// toggles, a text field focuses). Views that do not conform get the plain control
/// sequence when they are controls.
@MainActor
public protocol TapReceiving: View {
  /// Handles a completed tap; returns whether it did something.
  func receiveTap() -> Bool
}

/// A view that takes typed text (a text field).
@MainActor
public protocol TextInputReceiving: View {
  /// Replaces the whole text as typing would, asking and telling the delegate and sending
  /// `editingChanged`. Returns whether the text changed.
  func receiveTextReplacement(_ text: String) -> Bool
  /// Handles the return key. Returns whether it did something.
  func receiveReturnKey() -> Bool
}

/// A view with an on/off value (a switch).
@MainActor
public protocol ToggleReceiving: View {
  /// Sets the value as the user would, sending `valueChanged`. Returns whether it changed.
  func receiveToggle(isOn: Bool) -> Bool
}

/// A control with a value the user sets by dragging, stepping or picking (a slider, a
/// stepper, a segmented control, a page control, a date picker, a picker view's wheel).
@MainActor
public protocol ValueInputReceiving: View {
  /// Sets the value as the user would: clamped or rounded as the control's own interaction
  /// would, sending `valueChanged` when it changed. `component` names a picker's wheel and is
  /// nil for single-valued controls. Throws `invalidValue` for a value the control cannot
  /// take at all (a component it does not have). Returns whether the value changed.
  func receiveValue(_ value: Double, component: Int?) throws(InputError) -> Bool
}

/// A view that scrolls (a scroll view).
@MainActor
public protocol ScrollReceiving: View {
  /// Scrolls to `offset` as the user would. Returns whether the offset changed.
  func receiveScroll(to offset: Point) -> Bool
}

/// A control whose tracked touch, ending inside it, does more than send `touchUpInside`
/// (a button's primary action, a switch's toggle, a stepper's step, a segment's choice).
@MainActor
protocol TouchUpInsideReacting: Control {
  /// The tracked touch ended at `point` (in the control's coordinates) inside the control:
  /// sends `touchUpInside` and whatever else the control does, in UIKit's order.
  func touchUpInside(at point: Point)
}
