/// The messages a text field sends its delegate, as `UITextFieldDelegate`; every method has
/// UIKit's default.
///
/// Order (Apple, "Text Programming Guide for iOS", the delegate message sequence):
/// `textFieldShouldBeginEditing` before the field becomes first responder,
/// `textFieldDidBeginEditing` after; `textField(_:shouldChangeCharactersIn:replacementString:)`
/// before each change; `textFieldShouldReturn` on the return key; `textFieldShouldEndEditing`
/// before it resigns, `textFieldDidEndEditing` after. ScreenKit sends each editing control
/// event (`editingDidBegin`, `editingChanged`, `editingDidEnd`) right after the matching
/// delegate call; Apple does not document their relative order.
@MainActor
public protocol TextFieldDelegate: AnyObject {
  /// Whether editing may begin (default `true`).
  func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
  /// Editing began; the field is first responder.
  func textFieldDidBeginEditing(_ textField: TextField)
  /// Whether the text in `range` (of the current text) may be replaced with `string`
  /// (default `true`).
  func textField(
    _ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>,
    replacementString string: String
  ) -> Bool
  /// Whether the return key should be processed (default `true`).
  func textFieldShouldReturn(_ textField: TextField) -> Bool
  /// Whether editing may end (default `true`).
  func textFieldShouldEndEditing(_ textField: TextField) -> Bool
  /// Editing ended; the field resigned first responder.
  func textFieldDidEndEditing(_ textField: TextField)
  /// Whether the clear button may empty the field (default `true`).
  func textFieldShouldClear(_ textField: TextField) -> Bool
}

extension TextFieldDelegate {
  /// Default: `true`.
  public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
  /// Default: nothing.
  public func textFieldDidBeginEditing(_ textField: TextField) {}
  /// Default: `true`.
  public func textField(
    _ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>,
    replacementString string: String
  ) -> Bool { true }
  /// Default: `true`.
  public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
  /// Default: `true`.
  public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
  /// Default: nothing.
  public func textFieldDidEndEditing(_ textField: TextField) {}
  /// Default: `true`.
  public func textFieldShouldClear(_ textField: TextField) -> Bool { true }
}
