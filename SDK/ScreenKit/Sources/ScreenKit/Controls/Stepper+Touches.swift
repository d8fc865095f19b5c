/// How a finger held on a stepper's half steps it, as `UIStepper` does.
///
/// UIKit's documentation says only that "pressing and holding a stepper's button
/// increments or decrements the stepper's value repeatedly" and that "the rate of change
/// depends on how long the user continues pressing"; the figures are AppKit's, the one
/// place Apple documents a stepper's repetition (`NSStepper.autorepeat`: "the first mouse
/// down does one increment (or decrement) and, after a delay of 0.5 seconds, increments
/// (or decrements) at a rate of ten times per second").
extension Stepper {
  /// How long a finger is held before the step repeats, in seconds (`NSStepper`'s 0.5 s).
  nonisolated public static let autorepeatDelay = 0.5
  /// The time between repeated steps, in seconds (`NSStepper`'s ten a second).
  nonisolated public static let autorepeatInterval = 0.1

  /// A finger landed on a half: one step now, then the repetition while it is held.
  func beginPress(up: Bool) {
    heldPress?.repetition?.cancel()
    heldPress = StepperPress(up: up, valueBefore: value)
    _ = step(up: up, notifying: isContinuous)
    guard autorepeat else { return }
    heldPress?.repetition = Task { @MainActor [weak self] in
      try? await Task.sleep(for: .seconds(Stepper.autorepeatDelay))
      while !Task.isCancelled {
        guard let self, let press = self.heldPress else { return }
        // A finger dragged off the control pauses the repetition, as the half is no longer
        // under it; it resumes when the finger comes back.
        if self.isTouchInside {
          _ = self.step(up: press.up, notifying: self.isContinuous)
          // A timer's change reaches the clients by itself (docs/protocol.md "Touches").
          self.window?.afterInput()
        }
        try? await Task.sleep(for: .seconds(Stepper.autorepeatInterval))
      }
    }
  }

  /// The finger lifted or was cancelled: the repetition stops, and a discontinuous
  /// stepper reports its change.
  func endPress() {
    guard let press = heldPress else { return }
    press.repetition?.cancel()
    heldPress = nil
    if !isContinuous, value != press.valueBefore, isEnabled { sendActions(for: .valueChanged) }
  }
}
