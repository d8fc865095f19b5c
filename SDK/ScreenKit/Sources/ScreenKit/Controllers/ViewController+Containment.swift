extension ViewController {
  /// The container this controller is a child of.
  public var parent: ViewController? { lifecycle.parent }

  /// The child controllers, in the order they were added.
  public var children: [ViewController] { lifecycle.children }

  /// Adds `child` as a child controller.
  ///
  /// As UIKit: a child of another container is removed from it first (`removeFromParent()`),
  /// then this calls `child.willMove(toParent: self)`. The caller then adds the child's view
  /// to this controller's view and calls `child.didMove(toParent: self)`; a child left
  /// without that call is reported as ``ContainmentIssue/childNotFinished(parent:child:)``.
  public func addChild(_ child: ViewController) {
    guard child !== self else {
      reportContainmentIssue(.childIsSelf(controller: debugName))
      return
    }
    if child.parent === self { return }
    var ancestor: ViewController? = self
    while let current = ancestor {
      if current === child {
        reportContainmentIssue(.cycle(parent: debugName, child: child.debugName))
        return
      }
      ancestor = current.parent
    }
    if child.parent != nil { child.removeFromParent() }
    child.lifecycle.isMovingToParent = true
    child.lifecycle.awaitingDidMove = true
    child.willMove(toParent: self)
    lifecycle.children.append(child)
    child.lifecycle.parent = self
    child.lifecycle.traitCollection = nil
  }

  /// Removes the controller from its parent and calls `didMove(toParent: nil)`.
  ///
  /// The container calls `willMove(toParent: nil)` and removes the child's view first.
  public func removeFromParent() {
    guard let parent = lifecycle.parent else { return }
    parent.lifecycle.children.removeAll { $0 === self }
    parent.lifecycle.forwardedChildren.removeAll { $0 === self }
    lifecycle.parent = nil
    lifecycle.awaitingDidMove = false
    lifecycle.isMovingToParent = false
    didMove(toParent: nil)
    if lifecycle.transitionDepth == 0 { lifecycle.isMovingFromParent = false }
  }

  /// Replaces the child `from`'s view with the child `to`'s view and runs the appearance
  /// callbacks in UIKit's order; the changes `animations` makes carry the transition's timing
  /// (and `options`' curve and transition) to clients, as a `View.animate` block's do.
  ///
  /// Both must be children of this controller; otherwise the call is reported as
  /// ``ContainmentIssue/transitionBetweenNonChildren(container:from:to:)`` and does nothing.
  /// Order (as UIKit): `from.viewWillDisappear`, `to.viewWillAppear`, `animations`, `to`'s view
  /// added in place of `from`'s, `from.viewDidDisappear`, `to.viewDidAppear`,
  /// `completion(true)`. The caller calls `willMove`/`removeFromParent`/`didMove` around it.
  public func transition(
    from fromViewController: ViewController, to toViewController: ViewController,
    duration: Double = 0, options: View.AnimationOptions = [],
    animations: (@MainActor () -> Void)? = nil, completion: ((Bool) -> Void)? = nil
  ) {
    guard fromViewController.parent === self, toViewController.parent === self,
      fromViewController !== toViewController
    else {
      reportContainmentIssue(
        .transitionBetweenNonChildren(
          container: debugName, from: fromViewController.debugName,
          to: toViewController.debugName))
      completion?(false)
      return
    }
    let visible = appearanceState == .appeared || appearanceState == .appearing
    if visible {
      fromViewController.beginAppearanceTransition(false, animated: duration > 0)
      toViewController.beginAppearanceTransition(true, animated: duration > 0)
    }
    let fromView = fromViewController.view!
    let toView = toViewController.view!
    if let container = fromView.superview {
      toView.frame = fromView.frame
      let index = container.subviews.firstIndex { $0 === fromView } ?? container.subviews.count
      container.insertSubview(toView, at: index + 1)
    }
    if let animations {
      View.animate(withDuration: duration, delay: 0, options: options, animations: animations)
    }
    fromView.removeFromSuperview()
    if visible {
      fromViewController.endAppearanceTransition()
      toViewController.endAppearanceTransition()
    }
    completion?(true)
  }
}
