import Testing

@testable import ScreenKit

/// `View.animate` takes the final values at once, as UIKit's model does, and notes the
/// block's timing for each view changed in it; completions run on the host after the
/// duration. Curves and option values are UIKit's (`UIView.AnimationOptions`).
@MainActor
@Suite(.serialized) struct ViewAnimationTests {
  /// Runs `body` with the display journal recording (as in a host, which is what notes the
  /// changed views), without suspending, so no other test sees the journal on.
  func recording(_ body: () -> Void) {
    DisplayJournal.isRecording = true
    ViewAnimations.clear()
    body()
    DisplayJournal.isRecording = false
    _ = DisplayJournal.drain()
  }

  @Test func valuesChangeAtOnceAndTheChangedViewsCarryTheBlocksTiming() {
    recording {
      let moved = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
      let faded = View(frame: .zero)
      let untouched = View(frame: .zero)
      View.animate(withDuration: 0.25, delay: 0.1, options: [.curveEaseIn, .allowUserInteraction]) {
        moved.frame.origin.x = 100
        faded.alpha = 0
      }
      untouched.alpha = 0.5
      #expect(moved.frame.minX == 100 && faded.alpha == 0)
      #expect(
        ViewAnimations.take(for: moved)
          == ViewAnimation(duration: 0.25, delay: 0.1, curve: .easeIn))
      #expect(ViewAnimations.take(for: faded)?.curve == .easeIn)
      #expect(ViewAnimations.take(for: moved) == nil)  // taken once
      #expect(ViewAnimations.take(for: untouched) == nil)
    }
  }

  @Test func springsTransitionsAndBlocksWithoutAnimation() {
    recording {
      let view = View(frame: .zero)
      let label = Label()
      View.animate(
        withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 2
      ) {
        view.alpha = 0.2
        View.performWithoutAnimation { label.text = "now" }
      }
      #expect(ViewAnimations.take(for: view)?.spring == .init(damping: 0.7, initialVelocity: 2))
      #expect(ViewAnimations.take(for: label) == nil)
      View.transition(with: label, duration: 0.3, options: .transitionFlipFromLeft) {
        label.text = "flipped"
      }
      #expect(ViewAnimations.take(for: label)?.transition == "flipFromLeft")
      View.animate(withDuration: 0) { view.alpha = 1 }
      #expect(ViewAnimations.take(for: view) == nil)  // no duration: no animation
    }
  }

  @Test func completionsRunAfterTheDuration() async throws {
    var finished: [Bool] = []
    View.animate(withDuration: 0.05, animations: {}) { finished.append($0) }
    #expect(finished.isEmpty)
    for _ in 0..<200 where finished.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
    #expect(finished == [true])
  }

  @Test func aPropertyAnimatorAnimatesWhenStarted() async throws {
    let view = View(frame: .zero)
    var ended: [PropertyAnimator.Position] = []
    let animator = PropertyAnimator(duration: 0.05, curve: .linear) { view.alpha = 0.3 }
    animator.addCompletion { ended.append($0) }
    #expect(view.alpha == 1 && !animator.isRunning)
    recording {
      animator.startAnimation()
      #expect(view.alpha == 0.3 && animator.isRunning)
      #expect(ViewAnimations.take(for: view)?.curve == .linear)
    }
    for _ in 0..<200 where ended.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
    #expect(ended == [.end])
    #expect(!animator.isRunning)
  }
}
