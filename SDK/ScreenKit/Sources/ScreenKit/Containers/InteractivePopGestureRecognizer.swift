/// A navigation controller's back swipe recognizer (``NavigationController/interactivePopGestureRecognizer``):
/// a screen-edge pan from the leading edge (the left edge, the right one in a right-to-left
/// layout) that moves towards the trailing side.
///
/// It fails at once when the controller has nothing to pop or a swipe is still settling,
/// and when the finger moves more across than towards the trailing side, so a vertical
/// scroll near the edge is not taken. Other pans on the controller's views wait for it to
/// fail, as UIKit's back swipe takes precedence over the scroll views below it.
@MainActor
final class InteractivePopGestureRecognizer: ScreenEdgePanGestureRecognizer {
  /// The controller whose top child the swipe pops.
  weak var navigationController: NavigationController?

  /// Whether the swipe moves from right to left (a right-to-left layout).
  var isRightToLeft: Bool { navigationController?.viewIfLoaded?.isRightToLeft ?? false }

  override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    edges = isRightToLeft ? .right : .left
    super.touchesBegan(touches, with: event)
    if state == .possible, !(navigationController?.canBeginInteractivePop ?? false) {
      state = .failed
    }
    // A touch the swipe cannot take is not the recognizer's: it does not make the touch
    // count as handled (the `touch` event's reply) wherever a navigation controller is.
    if state == .failed { for touch in touches { ignore(touch) } }
  }

  override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    if state == .possible, let touch = trackedTouches.first {
      let dx = touch.windowLocation.x - touch.initialWindowLocation.x
      let dy = touch.windowLocation.y - touch.initialWindowLocation.y
      let towardsTrailing = isRightToLeft ? -dx : dx
      if touch.distanceFromStart >= PanGestureRecognizer.hysteresis,
        towardsTrailing <= 0 || abs(dy) > towardsTrailing
      {
        state = .failed
        return
      }
    }
    super.touchesMoved(touches, with: event)
  }

  /// Other pans on the controller's views wait for the back swipe to fail.
  override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
    guard other is PanGestureRecognizer, let mine = view, let theirs = other.view else {
      return false
    }
    return theirs !== mine && theirs.isDescendant(of: mine)
  }
}
