/// The appearance callbacks around one change of a view subtree's visibility: a subtree
/// entering or leaving a visible window, or a window being shown or hidden.
///
/// Created before the change (it calls `viewWillAppear`/`viewWillDisappear`, top-down, on
/// every controller whose view is in the subtree and that receives appearance
/// automatically); `finish()` after it calls `viewIsAppearing`, lays the window out and
/// calls `viewDidAppear`/`viewDidDisappear`, top-down.
@MainActor
struct AppearanceTransaction {
  private let roots: [ViewController]
  private let appearing: Bool
  private let window: Window?

  /// A transaction for `subtree` moving from `oldWindow` to `newWindow`, or `nil` when the
  /// move does not change whether it is on screen.
  init?(moving subtree: View, from oldWindow: Window?, to newWindow: Window?) {
    if let oldWindow, oldWindow !== newWindow { oldWindow.subtreeWillLeave(subtree) }
    let wasVisible = oldWindow?.isVisibleForAppearance ?? false
    let willBeVisible = newWindow?.isVisibleForAppearance ?? false
    guard wasVisible != willBeVisible else { return nil }
    self.init(subtree: subtree, appearing: willBeVisible, window: newWindow ?? oldWindow)
  }

  /// A transaction for `subtree` appearing or disappearing in `window`, or `nil` when no
  /// controller's view is in it.
  init?(subtree: View, appearing: Bool, window: Window?) {
    var roots: [ViewController] = []
    var covered: Set<ObjectIdentifier> = []
    subtree.visitPreOrder { view in
      guard let controller = view.owningViewController,
        !covered.contains(ObjectIdentifier(controller))
      else { return }
      if let parent = controller.parent, !parent.shouldAutomaticallyForwardAppearanceMethods {
        return
      }
      controller.beginAppearanceTransition(appearing, animated: false)
      controller.controllersInTransition(into: &covered)
      roots.append(controller)
    }
    guard !roots.isEmpty else { return nil }
    self.roots = roots
    self.appearing = appearing
    self.window = window
  }

  /// Completes the transaction after the window change.
  func finish() {
    if appearing {
      for root in roots { root.deliverViewIsAppearing() }
      window?.layoutIfNeeded()  // what entered the window is dirty; nothing else is redone
    }
    for root in roots { root.endAppearanceTransition() }
  }
}

extension View {
  /// Calls `body` on this view and every descendant, parents before children.
  func visitPreOrder(_ body: (View) -> Void) {
    body(self)
    for subview in subviews { subview.visitPreOrder(body) }
  }
}
