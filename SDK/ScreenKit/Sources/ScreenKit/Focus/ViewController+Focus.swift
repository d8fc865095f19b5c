extension ViewController: FocusEnvironment {
  /// The view's superview, else the parent controller.
  public var parentFocusEnvironment: FocusEnvironment? { viewIfLoaded?.superview ?? parent }

  /// Asks for a focus update from this controller's preferred focus (see
  /// ``FocusEnvironment/setNeedsFocusUpdate()``). A controller need not call it when it
  /// appears: when the focused view leaves the window or goes behind a presented
  /// controller, focus moves to the preferred focus of the frontmost controller.
  public func setNeedsFocusUpdate() {
    viewIfLoaded?.window?.focusSystem.setNeedsFocusUpdate(in: self)
  }

  /// Runs a requested focus update now.
  public func updateFocusIfNeeded() { viewIfLoaded?.window?.focusSystem.updateFocusIfNeeded() }
}
