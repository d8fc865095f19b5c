/// What a recognizer asks its delegate, as `UIGestureRecognizerDelegate`; every member has
/// a default, so a delegate implements only what it decides.
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
  /// Whether `recognizer` may leave `possible` (true). "No" fails it.
  func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
  /// Whether `recognizer` and `other` may recognize at the same time (false). Either
  /// delegate saying yes allows it.
  func gestureRecognizer(
    _ recognizer: GestureRecognizer,
    shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool
  /// Whether `recognizer` must wait for `other` to fail (false).
  func gestureRecognizer(
    _ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
  ) -> Bool
  /// Whether `other` must wait for `recognizer` to fail (false).
  func gestureRecognizer(
    _ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
  ) -> Bool
  /// Whether `recognizer` sees `touch` at all (true); asked before its `touchesBegan`.
  func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
}

extension GestureRecognizerDelegate {
  /// True.
  public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
  /// False.
  public func gestureRecognizer(
    _ recognizer: GestureRecognizer,
    shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool { false }
  /// False.
  public func gestureRecognizer(
    _ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
  ) -> Bool { false }
  /// False.
  public func gestureRecognizer(
    _ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
  ) -> Bool { false }
  /// True.
  public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch)
    -> Bool
  { true }
}
