extension ViewController {
  /// The controller this one presented and that is on screen above it.
  public var presentedViewController: ViewController? { lifecycle.presentedViewController }

  /// The controller that presented this one.
  public var presentingViewController: ViewController? {
    if let presenting = lifecycle.presentingViewController { return presenting }
    return parent?.presentingViewController
  }

  /// Presents `viewControllerToPresent` over the window's current top controller in its
  /// ``modalPresentationStyle``: `fullScreen` takes the covered controller's view out of
  /// the window; every other style keeps it underneath, behind a dimming view, with the
  /// presented view at the style's frame (see ``ModalPresentationStyle``).
  ///
  /// Order (as UIKit's presentation, without animation): covered `viewWillDisappear` (full
  /// screen only), presented `viewWillAppear`, `viewIsAppearing`, layout, covered
  /// `viewDidDisappear` (full screen only), presented `viewDidAppear`, `completion`.
  /// `isBeingPresented` is true until the appearance callbacks are over. Animated, the tree
  /// changes at once and the views carry the presentation's transition to clients
  /// (``ContainerTransition``); `completion` then runs on the host when the transition's
  /// duration is over. A controller that is not in a window, already presents one, or
  /// is asked to present a controller that has a parent or is presented is reported as
  /// ``ContainmentIssue/invalidPresentation(presenter:presented:reason:)`` and nothing happens.
  public func present(
    _ viewControllerToPresent: ViewController, animated: Bool, completion: (() -> Void)? = nil
  ) {
    let presented = viewControllerToPresent
    func refuse(_ reason: String) {
      reportContainmentIssue(
        .invalidPresentation(presenter: debugName, presented: presented.debugName, reason: reason))
    }
    guard presented !== self, presented.parent == nil,
      presented.lifecycle.presentingViewController == nil
    else { return refuse("it already has a parent or is presented") }
    guard lifecycle.presentedViewController == nil else {
      return refuse("it is already presenting \(lifecycle.presentedViewController!.debugName)")
    }
    guard let window = viewIfLoaded?.window,
      let covered = window.topLevelControllers.last
    else { return refuse("its view is not in a window") }
    guard covered === self || covered === presentingRoot else {
      return refuse("it is not the top of the window's presentation stack")
    }
    let host = covered
    let kind = presented.resolvedPresentationKind(in: window)
    let presentation = presented.presentationController!
    presentation.kind = kind
    host.lifecycle.presentedViewController = presented
    presented.lifecycle.presentingViewController = host
    presented.lifecycle.isBeingPresented = true
    let visible = kind == .fullScreen && host.appearanceState != .disappeared
    if visible { host.beginAppearanceTransition(false, animated: animated) }
    presented.beginAppearanceTransition(true, animated: animated)
    let presentedView = presented.view!
    presentedView.frame = presented.presentedFrame(
      kind: kind, in: window, size: window.frame.size)
    let coveredView =
      kind.keepsPresenter ? nil : host.viewIfLoaded.flatMap { $0.window == nil ? nil : $0 }
    if kind.keepsPresenter {
      if let color = kind.dimmingColor {
        let dimming = PresentationDimmingView(controller: presentation, color: color)
        dimming.frame = Rect(origin: .zero, size: window.frame.size)
        presentation.dimmingView = dimming
        window.addSubview(dimming)
      }
    } else {
      host.viewIfLoaded?.removeFromSuperview()
    }
    window.addSubview(presentedView)
    if visible { host.endAppearanceTransition() }
    presented.endAppearanceTransition()
    presented.lifecycle.isBeingPresented = false
    host.runPresentationTransition(
      of: presented, kind: kind, covered: coveredView, dimming: presentation.dimmingView,
      animated: animated, completion: completion)
  }

  /// The root-most controller of this one's containment tree.
  private var presentingRoot: ViewController {
    var current = self
    while let parent = current.parent { current = parent }
    return current
  }

  /// Dismisses the controller this one presented, or this one if it was presented (and
  /// everything it presents in turn).
  ///
  /// Order (as UIKit, without animation): dismissed `viewWillDisappear`, uncovered
  /// `viewWillAppear`, `viewIsAppearing`, layout, dismissed `viewDidDisappear`, uncovered
  /// `viewDidAppear`, `completion`. `isBeingDismissed` is true until the appearance callbacks
  /// are over. Animated, the dismissed view carries the dismissal's transition and
  /// `completion` runs when its duration is over.
  public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
    let host: ViewController
    if lifecycle.presentedViewController != nil {
      host = self
    } else if let presenting = presentingViewController {
      host = presenting
    } else {
      completion?()
      return
    }
    guard let dismissed = host.lifecycle.presentedViewController else { return }
    if dismissed.lifecycle.presentedViewController != nil {
      dismissed.dismiss(animated: false)
    }
    dismissed.lifecycle.isBeingDismissed = true
    let dismissedView = dismissed.viewIfLoaded
    let window = dismissedView?.window
    let presentation = dismissed.presentationState.controller
    // The presenter reappears only when a full-screen presentation had taken it away.
    let uncovers = window != nil && host.viewIfLoaded?.window !== window
    let visible = dismissed.appearanceState != .disappeared
    if visible { dismissed.beginAppearanceTransition(false, animated: animated) }
    if uncovers { host.beginAppearanceTransition(true, animated: animated) }
    let index = window?.subviews.firstIndex { $0 === dismissedView }
    let kind = dismissedView?.window == nil ? nil : presentation?.kind
    let dimming = presentation?.dimmingView
    dismissedView?.removeFromSuperview()
    presentation?.dimmingView?.removeFromSuperview()
    presentation?.dimmingView = nil
    if let window, uncovers {
      let hostView = host.view!
      hostView.frame = Rect(origin: .zero, size: window.frame.size)
      window.insertSubview(hostView, at: min(index ?? window.subviews.count, window.subviews.count))
    }
    presentation?.kind = nil
    host.lifecycle.presentedViewController = nil
    dismissed.lifecycle.presentingViewController = nil
    if visible { dismissed.endAppearanceTransition() }
    if uncovers { host.endAppearanceTransition() }
    dismissed.lifecycle.isBeingDismissed = false
    host.runDismissalTransition(
      of: dismissed, kind: kind, uncovered: uncovers ? host.viewIfLoaded : nil,
      dimming: dimming, animated: animated, completion: completion)
  }

  /// Dismisses the presented chain at once when the root is replaced.
  func dismissPresentedChainWithoutAnimation() {
    if lifecycle.presentedViewController != nil { dismiss(animated: false) }
  }
}

extension ViewController {
  /// Presents `presented` as a restoration does: before the window is shown, without
  /// appearance callbacks (it appears with the window); in a visible window, as
  /// `present(_:animated:)` without animation. Does nothing when this controller is not
  /// the top of its window's presentation stack.
  func installRestoredPresentation(_ presented: ViewController) {
    guard let window = viewIfLoaded?.window, window.topLevelControllers.last === self,
      presented.parent == nil, presented.lifecycle.presentingViewController == nil
    else { return }
    guard !window.isVisibleForAppearance else {
      present(presented, animated: false)
      return
    }
    let kind = presented.resolvedPresentationKind(in: window)
    let presentation = presented.presentationController!
    presentation.kind = kind
    lifecycle.presentedViewController = presented
    presented.lifecycle.presentingViewController = self
    let presentedView = presented.view!
    presentedView.frame = presented.presentedFrame(kind: kind, in: window, size: window.frame.size)
    if kind.keepsPresenter {
      if let color = kind.dimmingColor {
        let dimming = PresentationDimmingView(controller: presentation, color: color)
        dimming.frame = Rect(origin: .zero, size: window.frame.size)
        presentation.dimmingView = dimming
        window.addSubview(dimming)
      }
    } else {
      view.removeFromSuperview()
    }
    window.addSubview(presentedView)
  }
}
