extension View {
  /// The controller's view layout pass: `viewWillLayoutSubviews()`, the subviews' layout,
  /// `viewDidLayoutSubviews()` for each controller view in this subtree, outer first.
  func performControllerLayoutPass() {
    let controller = owningViewController
    controller?.viewWillLayoutSubviews()
    for subview in subviews where !subview.isHidden {
      subview.performControllerLayoutPass()
    }
    controller?.viewDidLayoutSubviews()
  }
}
