/// Recognizes a press held in place, as `UILongPressGestureRecognizer`: a continuous
/// gesture. UIKit's header: it begins when ``numberOfTouchesRequired`` fingers have tapped
/// ``numberOfTapsRequired`` times and been held for ``minimumPressDuration``; it changes
/// when a finger moves and ends when a finger is lifted. Before it begins, moving more than
/// ``allowableMovement`` or lifting fails it; once it has begun, movement is free.
///
/// The duration is measured by a timer of the host: a held finger sends no events.
@MainActor
open class LongPressGestureRecognizer: GestureRecognizer {
  /// Seconds the fingers must be held (0.5).
  public var minimumPressDuration = 0.5
  /// Fingers that must be held (1).
  public var numberOfTouchesRequired = 1
  /// Full taps before the press (0).
  public var numberOfTapsRequired = 0
  /// Points a finger may move before the gesture begins without failing it (10).
  public var allowableMovement = 10.0

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    super.touchesBegan(touches, with: event)
    guard state == .possible else { return }
    if trackedTouches.count > numberOfTouchesRequired {
      state = .failed
      return
    }
    // A press after N taps is the N+1th touch of its tap series.
    if touches.contains(where: { $0.tapCount != numberOfTapsRequired + 1 }) {
      state = .failed
      return
    }
    guard trackedTouches.count == numberOfTouchesRequired else { return }
    schedule(after: minimumPressDuration) { [weak self] in
      guard let self, self.state == .possible else { return }
      self.state = .began
    }
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    super.touchesMoved(touches, with: event)
    switch state {
    case .possible:
      if touches.contains(where: { $0.distanceFromStart > allowableMovement }) {
        state = .failed
      }
    case .began, .changed:
      state = .changed
    default:
      break
    }
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    super.touchesEnded(touches, with: event)
    switch state {
    case .possible: state = .failed
    case .began, .changed: state = .ended
    default: break
    }
  }
}
