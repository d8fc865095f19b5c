extension ViewController {
  /// Where the controller is in its appearance cycle.
  public var appearanceState: AppearanceState { lifecycle.appearance }

  /// Starts an appearance transition: calls `viewWillAppear(_:)` or `viewWillDisappear(_:)`
  /// and forwards to the children whose views are in this controller's view.
  ///
  /// Calls nest: a transition in the same direction that is already under way adds a level
  /// and calls nothing; the opposite direction interrupts it (as UIKit, an appearing
  /// controller asked to disappear gets `viewWillDisappear(_:)` and never `viewDidAppear(_:)`).
  /// Each call is balanced by one `endAppearanceTransition()`.
  public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
    let state = lifecycle
    state.transitionDepth += 1
    let changes: Bool
    switch (state.appearance, isAppearing) {
    case (.disappeared, true), (.disappearing, true): changes = true
    case (.appeared, false), (.appearing, false): changes = true
    default: changes = false
    }
    guard changes else { return }
    state.transitionAnimated = animated
    if isAppearing {
      loadViewIfNeeded()  // as UIKit, the view is loaded before viewWillAppear(_:)
      state.appearance = .appearing
      state.owesIsAppearing = true
      viewWillAppear(animated)
    } else {
      state.appearance = .disappearing
      state.owesIsAppearing = false
      viewWillDisappear(animated)
    }
    guard shouldAutomaticallyForwardAppearanceMethods, let ownView = viewIfLoaded else { return }
    for child in children {
      guard let childView = child.viewIfLoaded, childView.isDescendant(of: ownView) else {
        continue
      }
      state.forwardedChildren.append(child)
      child.beginAppearanceTransition(isAppearing, animated: animated)
    }
  }

  /// Ends the appearance transition begun by the balancing `beginAppearanceTransition`:
  /// when the outermost one ends, calls `viewDidAppear(_:)` or `viewDidDisappear(_:)`, then
  /// ends the children's.
  public func endAppearanceTransition() {
    let state = lifecycle
    guard state.transitionDepth > 0 else {
      reportContainmentIssue(.unbalancedAppearanceTransition(controller: debugName))
      return
    }
    state.transitionDepth -= 1
    guard state.transitionDepth == 0 else { return }
    let animated = state.transitionAnimated
    switch state.appearance {
    case .appearing:
      deliverViewIsAppearing()
      state.appearance = .appeared
      viewDidAppear(animated)
    case .disappearing:
      state.appearance = .disappeared
      viewDidDisappear(animated)
    case .appeared, .disappeared:
      break
    }
    if !state.awaitingDidMove { state.isMovingToParent = false }
    if state.parent == nil { state.isMovingFromParent = false }
    let forwarded = state.forwardedChildren
    state.forwardedChildren = []
    for child in forwarded { child.endAppearanceTransition() }
  }

  /// Calls the owed `viewIsAppearing(_:)` on this controller then on the children it
  /// forwarded its transition to.
  func deliverViewIsAppearing() {
    let state = lifecycle
    if state.owesIsAppearing, state.appearance == .appearing {
      state.owesIsAppearing = false
      viewIsAppearing(state.transitionAnimated)
    }
    for child in state.forwardedChildren { child.deliverViewIsAppearing() }
  }

  /// This controller and every controller it forwarded its open transition to.
  func controllersInTransition(into set: inout Set<ObjectIdentifier>) {
    set.insert(ObjectIdentifier(self))
    for child in lifecycle.forwardedChildren { child.controllersInTransition(into: &set) }
  }

  /// Whether the controller is being added to a parent; true from `addChild(_:)` until
  /// `didMove(toParent:)` or the end of the appearance transition under way then.
  public var isMovingToParent: Bool { lifecycle.isMovingToParent }
  /// Whether the controller is being removed from its parent; true from
  /// `willMove(toParent: nil)` until `removeFromParent()` or the end of the disappearance.
  public var isMovingFromParent: Bool { lifecycle.isMovingFromParent }
  /// Whether the controller is being presented; true only during `present(_:animated:)`.
  public var isBeingPresented: Bool { lifecycle.isBeingPresented }
  /// Whether the controller is being dismissed; true only during `dismiss(animated:)`.
  public var isBeingDismissed: Bool { lifecycle.isBeingDismissed }
}
