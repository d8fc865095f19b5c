/// The back swipe, as `UINavigationController.interactivePopGestureRecognizer`.
///
/// A finger that lands within ``ScreenEdgePanGestureRecognizer/edgeWidth`` points of the
/// leading edge (the left edge, the right one in a right-to-left layout) and moves towards
/// the trailing side pops the top controller interactively. It begins only when there is a
/// controller below the top one and no swipe is settling, and when the recognizer's
/// delegate, if an app sets one, does not refuse (`gestureRecognizerShouldBegin(_:)`).
///
/// While the finger moves, the top view's frame follows it and the view below moves with a
/// parallax: it starts at −30 % of the width and reaches 0 when the top view has gone
/// (``backSwipeParallax``). When the swipe begins the top controller gets
/// `viewWillDisappear(_:)` and the one below `viewWillAppear(_:)`, both animated.
///
/// When the finger lifts past half the width, or flicks towards the trailing side faster
/// than ``backSwipeFinishingVelocity``, the swipe finishes: the views move to their final
/// frames with an animation (their `frame` ops carry it, see docs/protocol.md "Motion"),
/// then the top controller gets `viewDidDisappear(_:)`, the one below `viewDidAppear(_:)`,
/// and the top is popped (`willMove(toParent: nil)`, removed). Otherwise it is cancelled:
/// the one below gets `viewWillDisappear(_:)` and the top `viewWillAppear(_:)`, the views
/// move back, then the one below gets `viewDidDisappear(_:)` and the top `viewDidAppear(_:)`,
/// as UIKit reverses the appearance of a cancelled interactive pop. ScreenKit has no
/// interactive transition coordinator, so nothing else is told.
extension NavigationController {
  /// The recognizer of the back swipe: a screen-edge pan on the controller's view. Set
  /// its `delegate` to decide when it may begin, or turn it off with `isEnabled`.
  public var interactivePopGestureRecognizer: GestureRecognizer? { backSwipeRecognizer }

  /// Where the view below starts as the swipe begins, as a fraction of the width towards
  /// the leading side: 0.3. UIKit does not publish its parallax; 0.3 is the ratio that
  /// open-source reproductions of the system pop use (LazyBackAnimator's
  /// `kParallaxRatio: CGFloat = 0.3`, "the ratio of the parallax effect during
  /// transition").
  nonisolated public static let backSwipeParallax = 0.3

  /// The speed towards the trailing side, in points per second, above which a swipe let
  /// go before half the width still finishes. UIKit does not publish its threshold;
  /// ScreenKit takes 500 points per second, five times the slowest swipe its
  /// ``SwipeGestureRecognizer`` accepts (50 points in 0.5 s): a deliberate flick.
  nonisolated public static let backSwipeFinishingVelocity = 500.0

  /// How long the views take to settle from where the finger let go over a full width, in
  /// seconds; a swipe let go part way takes that part of it. UIKit does not publish the
  /// duration of its push and pop; 0.35 s is the figure usually measured for them.
  nonisolated public static let backSwipeSettleDuration = 0.35

  /// Whether a back swipe may begin: something to pop, the view shown, no swipe settling.
  var canBeginInteractivePop: Bool {
    children.count > 1 && isViewLoaded && backSwipeTransition == nil
  }

  /// Attaches the back swipe's recognizer to the controller's view.
  func installInteractivePopGestureRecognizer() {
    backSwipeRecognizer.navigationController = self
    backSwipeRecognizer.name = "interactivePop"
    backSwipeRecognizer.addTarget(self, action: NavigationController.backSwipeChanged)
    view.addGestureRecognizer(backSwipeRecognizer)
  }

  /// Places the shown children's views: the top one over the whole view, or during a swipe
  /// the top one and the one below where the swipe has moved them.
  func placeShownChildViews(in size: Size) {
    guard let swipe = backSwipeTransition else {
      topViewController?.viewIfLoaded?.frame = Rect(origin: .zero, size: size)
      return
    }
    let towardsTrailing = view.isRightToLeft ? -1.0 : 1.0
    let topX = towardsTrailing * swipe.progress * size.width
    let belowX =
      -towardsTrailing * (1 - swipe.progress) * NavigationController.backSwipeParallax
      * size.width
    swipe.top.viewIfLoaded?.frame = Rect(x: topX, y: 0, width: size.width, height: size.height)
    swipe.below.viewIfLoaded?.frame = Rect(
      x: belowX, y: 0, width: size.width, height: size.height)
  }

  private func backSwipeChanged(_ recognizer: ScreenEdgePanGestureRecognizer) {
    switch recognizer.state {
    case .began:
      beginBackSwipe()
      followBackSwipe(recognizer)
    case .changed:
      followBackSwipe(recognizer)
    case .ended:
      followBackSwipe(recognizer)
      let velocity = recognizer.velocity(in: view).x * (view.isRightToLeft ? -1 : 1)
      let progress = backSwipeTransition?.progress ?? 0
      settleBackSwipe(
        finishing: progress > 0.5 || velocity > NavigationController.backSwipeFinishingVelocity)
    case .cancelled, .failed:
      settleBackSwipe(finishing: false)
    case .possible:
      break
    }
  }

  /// The swipe began: the view below goes under the top one and both controllers are told.
  private func beginBackSwipe() {
    guard backSwipeTransition == nil, children.count > 1, let top = topViewController else {
      return
    }
    let below = children[children.count - 2]
    let swipe = InteractivePopTransition(
      top: top, below: below, sendsAppearance: appearanceState == .appeared)
    if swipe.sendsAppearance {
      top.beginAppearanceTransition(false, animated: true)
      below.beginAppearanceTransition(true, animated: true)
    }
    below.loadViewIfNeeded()
    let topIndex = top.viewIfLoaded.flatMap { topView in
      view.subviews.firstIndex { $0 === topView }
    }
    view.insertSubview(below.view, at: topIndex ?? 0)
    backSwipeTransition = swipe
    placeShownChildViews(in: view.frame.size)
  }

  private func followBackSwipe(_ recognizer: ScreenEdgePanGestureRecognizer) {
    guard let swipe = backSwipeTransition, !swipe.isSettling else { return }
    let width = view.frame.size.width
    guard width > 0 else { return }
    let moved = recognizer.translation(in: view).x * (view.isRightToLeft ? -1 : 1)
    swipe.progress = min(max(moved / width, 0), 1)
    placeShownChildViews(in: view.frame.size)
  }

  /// The finger let go (or the swipe was cancelled): the views move to where the swipe
  /// ends, then the controllers are told and, when it finished, the top is popped.
  private func settleBackSwipe(finishing: Bool) {
    guard let swipe = backSwipeTransition, !swipe.isSettling else { return }
    swipe.isSettling = true
    if !finishing, swipe.sendsAppearance {
      swipe.below.beginAppearanceTransition(false, animated: true)
      swipe.top.beginAppearanceTransition(true, animated: true)
    }
    let remaining = finishing ? 1 - swipe.progress : swipe.progress
    View.animate(
      withDuration: NavigationController.backSwipeSettleDuration * remaining,
      options: .curveEaseOut,
      animations: { [weak self] in
        swipe.progress = finishing ? 1 : 0
        guard let self, self.backSwipeTransition === swipe else { return }
        self.placeShownChildViews(in: self.view.frame.size)
      },
      completion: { [weak self] _ in
        self?.endBackSwipe(swipe, finished: finishing)
      })
  }

  /// Ends a back swipe at once before the stack changes another way (a push, a pop, new
  /// controllers): one the finger still moves is cancelled, one that is settling ends as
  /// it was going to, so the change starts from a steady stack.
  func endBackSwipeBeforeStackChange() {
    guard let swipe = backSwipeTransition else { return }
    if swipe.isSettling {
      endBackSwipe(swipe, finished: swipe.progress == 1)
      return
    }
    swipe.isSettling = true
    if swipe.sendsAppearance {
      swipe.below.beginAppearanceTransition(false, animated: false)
      swipe.top.beginAppearanceTransition(true, animated: false)
    }
    swipe.progress = 0
    endBackSwipe(swipe, finished: false)
  }

  private func endBackSwipe(_ swipe: InteractivePopTransition, finished: Bool) {
    guard backSwipeTransition === swipe else { return }
    backSwipeTransition = nil
    if finished {
      swipe.top.willMove(toParent: nil)
      if swipe.sendsAppearance {
        swipe.top.endAppearanceTransition()
        swipe.below.endAppearanceTransition()
      }
      swipe.top.viewIfLoaded?.removeFromSuperview()
      swipe.top.removeFromParent()
      updateBar()
    } else {
      if swipe.sendsAppearance {
        // Each had two transitions begun (the swipe's, then its reversal): the second end
        // delivers the `did` callback.
        swipe.below.endAppearanceTransition()
        swipe.top.endAppearanceTransition()
        swipe.below.endAppearanceTransition()
        swipe.top.endAppearanceTransition()
      }
      swipe.below.viewIfLoaded?.removeFromSuperview()
    }
    placeShownChildViews(in: view.frame.size)
  }
}
