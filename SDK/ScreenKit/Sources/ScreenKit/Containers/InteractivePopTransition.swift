/// A back swipe in progress in a navigation controller: the controller it pops, the one it
/// reveals, how far across the top view has moved, and whether it was let go and is
/// settling.
@MainActor
final class InteractivePopTransition {
  /// The controller on top when the swipe began.
  let top: ViewController
  /// The controller below it, revealed by the swipe.
  let below: ViewController
  /// Whether the controllers get appearance callbacks (the navigation controller is shown).
  let sendsAppearance: Bool
  /// How far the top view has moved, as a fraction of the width (0 where it began, 1 off
  /// the trailing edge).
  var progress = 0.0
  /// Whether the finger lifted and the views are moving to where the swipe ends.
  var isSettling = false

  init(top: ViewController, below: ViewController, sendsAppearance: Bool) {
    self.top = top
    self.below = below
    self.sendsAppearance = sendsAppearance
  }
}
