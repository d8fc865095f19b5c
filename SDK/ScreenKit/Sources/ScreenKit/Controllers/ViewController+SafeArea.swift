extension ViewController {
  /// The safe-area insets of the controller's view: what the parent gives it
  /// (`safeAreaInsets(forChild:)`), or the window's host insets for a root or full-screen
  /// presented controller (a sheet's or an alert's, see ``ModalPresentationStyle``), plus
  /// `additionalSafeAreaInsets`.
  ///
  /// ScreenKit differs from UIKit in not intersecting the insets with the view's frame: a
  /// child gets its container's insets whole. The layout engine reads this for controller
  /// views.
  public var viewSafeAreaInsets: EdgeInsets {
    let base: EdgeInsets
    if let parent {
      base = parent.safeAreaInsets(forChild: self)
    } else if let window = viewIfLoaded?.window {
      base = presentedSafeAreaInsets(in: window) ?? window.hostSafeAreaInsets
    } else {
      base = .zero
    }
    return EdgeInsets(
      top: base.top + additionalSafeAreaInsets.top,
      left: base.left + additionalSafeAreaInsets.left,
      bottom: base.bottom + additionalSafeAreaInsets.bottom,
      right: base.right + additionalSafeAreaInsets.right)
  }
}
