/// A finger held on a stepper's half: which half, the value when it landed (a
/// discontinuous stepper reports one change when it lifts), and the repetition's timer.
struct StepperPress {
  /// Whether the + half is held.
  var up: Bool
  /// The value when the finger landed.
  var valueBefore: Double
  /// The repetition, while ``Stepper/autorepeat`` is on.
  var repetition: Task<Void, Never>?
}
