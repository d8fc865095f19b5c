/// Text fields take focus, typed text and the return key (the window's input API) with the
/// delegate calls and control events UIKit makes.
extension TextField: FirstResponderEditing, TextInputReceiving, TapReceiving, TouchUpInsideReacting
{
  var canBeginEditing: Bool { isEnabled }

  func shouldBeginEditing() -> Bool {
    delegate?.textFieldShouldBeginEditing(self) ?? true
  }

  func didBeginEditing() {
    // The overlay views' modes depend on the editing state.
    setNeedsLayout()
    setNeedsDisplay()
    delegate?.textFieldDidBeginEditing(self)
    sendActions(for: .editingDidBegin)
  }

  func shouldEndEditing() -> Bool {
    delegate?.textFieldShouldEndEditing(self) ?? true
  }

  func didEndEditing() {
    setNeedsLayout()
    setNeedsDisplay()
    delegate?.textFieldDidEndEditing(self)
    sendActions(for: .editingDidEnd)
  }

  /// A tap focuses the field.
  public func receiveTap() -> Bool {
    guard isEnabled else { return false }
    return becomeFirstResponder()
  }

  /// A tracked touch ended in the field: `touchUpInside`, then it begins editing.
  func touchUpInside(at point: Point) {
    sendActions(for: .touchUpInside)
    _ = receiveTap()
  }

  /// Replaces the whole text: the delegate's `shouldChangeCharactersIn` (with the range of
  /// the old text), then the change and `editingChanged`.
  public func receiveTextReplacement(_ newText: String) -> Bool {
    let old = text ?? ""
    guard old != newText else { return false }
    if let delegate,
      !delegate.textField(
        self, shouldChangeCharactersIn: old.startIndex..<old.endIndex, replacementString: newText)
    {
      return false
    }
    text = newText
    sendActions(for: .editingChanged)
    return true
  }

  /// The return key: the delegate's `textFieldShouldReturn`; when it agrees,
  /// `primaryActionTriggered` then `editingDidEndOnExit`, and the field resigns when
  /// something listens to `editingDidEndOnExit` (UIKit's keyboard dismissal on exit).
  public func receiveReturnKey() -> Bool {
    guard delegate?.textFieldShouldReturn(self) ?? true else { return false }
    let resigns = allControlEvents.contains(.editingDidEndOnExit)
    sendActions(for: .primaryActionTriggered)
    sendActions(for: .editingDidEndOnExit)
    if resigns { resignFirstResponder() }
    return true
  }

  /// The clear button: the delegate's `textFieldShouldClear`; when it agrees the text is
  /// emptied with `editingChanged`. A client's press of the shown button arrives through
  /// ``Window/clearText(of:)``.
  @discardableResult
  public func clearText() -> Bool {
    guard !(text ?? "").isEmpty, delegate?.textFieldShouldClear(self) ?? true else { return false }
    text = ""
    sendActions(for: .editingChanged)
    return true
  }
}

/// Whether a client's keyboard autocorrects, as `UITextAutocorrectionType`.
public enum TextAutocorrectionType: String, Sendable, Hashable, CaseIterable {
  /// The client's default.
  case `default`
  /// Off.
  case no
  /// On.
  case yes
}
