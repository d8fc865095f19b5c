/// The messages a text view sends its delegate, as `UITextViewDelegate`; every method has
/// UIKit's default.
///
/// Order, as UIKit's reference for `UITextViewDelegate` describes it: `textViewShouldBeginEditing`
/// before the view becomes first responder, `textViewDidBeginEditing` after;
/// `textView(_:shouldChangeTextIn:replacementText:)` before each change, then the change and
/// `textViewDidChange` (not sent when the text is set in code); `textViewShouldEndEditing`
/// before it resigns, `textViewDidEndEditing` after.
///
/// The range is a range of the current text, as a text field delegate's (UIKit passes an
/// `NSRange` of UTF-16 offsets). A client sends the whole new text; ScreenKit passes the
/// smallest range that differs and its replacement, so one typed character arrives as an
/// empty range at the caret and that character, and the return key as `"\n"`, as UIKit.
@MainActor
public protocol TextViewDelegate: ScrollViewDelegate {
  /// Whether editing may begin (default `true`).
  func textViewShouldBeginEditing(_ textView: TextView) -> Bool
  /// Editing began; the view is first responder.
  func textViewDidBeginEditing(_ textView: TextView)
  /// Whether the text in `range` may be replaced with `text` (default `true`).
  func textView(
    _ textView: TextView, shouldChangeTextIn range: Range<String.Index>,
    replacementText text: String
  ) -> Bool
  /// The user changed the text.
  func textViewDidChange(_ textView: TextView)
  /// Whether editing may end (default `true`).
  func textViewShouldEndEditing(_ textView: TextView) -> Bool
  /// Editing ended; the view resigned first responder.
  func textViewDidEndEditing(_ textView: TextView)
}

extension TextViewDelegate {
  /// Default: `true`.
  public func textViewShouldBeginEditing(_ textView: TextView) -> Bool { true }
  /// Default: nothing.
  public func textViewDidBeginEditing(_ textView: TextView) {}
  /// Default: `true`.
  public func textView(
    _ textView: TextView, shouldChangeTextIn range: Range<String.Index>,
    replacementText text: String
  ) -> Bool { true }
  /// Default: nothing.
  public func textViewDidChange(_ textView: TextView) {}
  /// Default: `true`.
  public func textViewShouldEndEditing(_ textView: TextView) -> Bool { true }
  /// Default: nothing.
  public func textViewDidEndEditing(_ textView: TextView) {}
}
