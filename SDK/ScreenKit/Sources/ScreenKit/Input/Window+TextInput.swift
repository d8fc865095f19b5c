extension Window {
  /// A press of a text field's clear button: the field must show the button
  /// (``TextField/isClearButtonShown``); then, as UIKit, the delegate's
  /// `textFieldShouldClear` decides and the text is emptied with `editingChanged`
  /// (``TextField/clearText()``). A field that is not editing begins editing first, as a
  /// press of UIKit's clear button makes it first responder. Returns whether the text was
  /// cleared.
  @discardableResult
  public func clearText(of view: View) throws(InputError) -> Bool {
    guard view.window === self else { throw .notInWindow(view: view.inputName) }
    guard let field = view as? TextField else {
      throw .unsupported(event: "clear", view: view.inputName)
    }
    guard field.isEnabled, !view.isHidden, view.isUserInteractionEnabled else {
      throw .notInteractive(view: view.inputName, reason: "the text field does not take input")
    }
    guard field.isClearButtonShown else {
      throw .invalidValue("the text field shows no clear button")
    }
    defer {
      BindingUpdates.flush()
      rootViewController?.checkContainment()
    }
    if !field.isFirstResponder, !field.becomeFirstResponder() { return false }
    return field.clearText()
  }
}
