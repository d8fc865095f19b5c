/// Recognizes taps, as `UITapGestureRecognizer`: a discrete gesture, recognized when
/// ``numberOfTouchesRequired`` fingers have tapped ``numberOfTapsRequired`` times.
///
/// A tap fails when a finger moves more than ``Touch/tapMovementTolerance`` from where it
/// landed, when more fingers than required touch down, when fewer than required were down
/// together, and when the next tap of a series does not begin within
/// ``multipleTapInterval`` of the last one's end. The location is the centroid of the
/// fingers where the last tap ended. A tap recognizer never prevents another tap recognizer
/// that needs more taps (so a single tap may `require(toFail:)` a double tap).
@MainActor
open class TapGestureRecognizer: GestureRecognizer {
  /// How many taps make the gesture (1).
  public var numberOfTapsRequired = 1
  /// How many fingers each tap needs (1).
  public var numberOfTouchesRequired = 1

  /// How long the recognizer waits for the next tap of a series, in seconds: about iOS's
  /// double-tap interval.
  public static let multipleTapInterval = GestureArena.multipleTapInterval

  private var tapsCompleted = 0
  private var fingersInThisTap = 0

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    super.touchesBegan(touches, with: event)
    cancelTimer()
    fingersInThisTap = max(fingersInThisTap, trackedTouches.count)
    if trackedTouches.count > numberOfTouchesRequired { state = .failed }
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    super.touchesMoved(touches, with: event)
    if touches.contains(where: { !$0.stayedWithinTapTolerance }) { state = .failed }
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    super.touchesEnded(touches, with: event)
    if touches.contains(where: { !$0.stayedWithinTapTolerance }) {
      state = .failed
      return
    }
    // The tap is complete when its last finger lifts.
    guard trackedTouches.count == touches.count else { return }
    guard fingersInThisTap == numberOfTouchesRequired else {
      state = .failed
      return
    }
    tapsCompleted += 1
    fingersInThisTap = 0
    if tapsCompleted >= numberOfTapsRequired {
      state = .recognized
    } else {
      schedule(after: Self.multipleTapInterval) { [weak self] in
        guard let self, self.state == .possible else { return }
        self.state = .failed
      }
    }
  }

  open override func reset() {
    super.reset()
    tapsCompleted = 0
    fingersInThisTap = 0
  }

  /// Does not prevent a tap recognizer that needs more taps.
  open override func canPrevent(_ prevented: GestureRecognizer) -> Bool {
    if let tap = prevented as? TapGestureRecognizer,
      tap.numberOfTapsRequired > numberOfTapsRequired
    {
      return false
    }
    return super.canPrevent(prevented)
  }
}
