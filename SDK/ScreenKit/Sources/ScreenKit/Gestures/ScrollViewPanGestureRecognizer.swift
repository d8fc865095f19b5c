/// The pan recognizer a ``ScrollView`` scrolls by: a ``PanGestureRecognizer`` that also
/// tells its scroll view when a finger is down (``ScrollView/isTracking``), and stops a
/// deceleration under way when one lands, as touching a flung scroll view does.
@MainActor
final class ScrollViewPanGestureRecognizer: PanGestureRecognizer {
  private var scrollView: ScrollView? { view as? ScrollView }

  override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    super.touchesBegan(touches, with: event)
    guard let scrollView else { return }
    scrollView.isTracking = true
    scrollView.stopDecelerating()
  }

  override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    super.touchesEnded(touches, with: event)
    if trackedTouches.allSatisfy({ touches.contains($0) }) { scrollView?.isTracking = false }
  }

  override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    super.touchesCancelled(touches, with: event)
    if trackedTouches.allSatisfy({ touches.contains($0) }) { scrollView?.isTracking = false }
  }

  override func reset() {
    super.reset()
    scrollView?.isTracking = false
  }
}
