extension ViewController {
  /// The escape of a controller presented in a way the user may leave: a page or form
  /// sheet dismisses as a swipe down dismisses it (not when it is
  /// ``isModalInPresentation`` or its presentation controller's delegate refuses, which then
  /// hears `presentationControllerDidAttemptToDismiss`), a menu closes. An alert escapes
  /// through its cancel action (``AlertController``), full-screen presentations not at all,
  /// as UIKit's. Returns whether it dismissed.
  func escapePresentation() -> Bool {
    guard parent == nil, presentingViewController != nil,
      let presentation = presentationState.controller, let kind = presentation.kind
    else { return false }
    switch kind {
    case .pageSheet, .formSheet:
      return presentation.dismissInteractively()
    case .menu:
      dismiss(animated: true)
      return true
    case .fullScreen, .overFullScreen, .alert, .actionSheet:
      return false
    }
  }
}
