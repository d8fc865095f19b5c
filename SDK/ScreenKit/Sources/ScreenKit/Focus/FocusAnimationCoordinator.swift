/// Runs the animations that go with a focus update, as `UIFocusAnimationCoordinator`.
/// ScreenKit's clients draw each state as it is published, so the animations run at once,
/// at the end of the update, then their completions.
@MainActor
public final class FocusAnimationCoordinator {
  private var animations: [@MainActor () -> Void] = []
  private var completions: [@MainActor () -> Void] = []

  init() {}

  /// Adds animations to run with the focus update, and a completion after them.
  public func addCoordinatedAnimations(
    _ animations: (@MainActor () -> Void)?, completion: (@MainActor () -> Void)? = nil
  ) {
    if let animations { self.animations.append(animations) }
    if let completion { completions.append(completion) }
  }

  /// Adds animations for the item gaining focus (run with the others).
  public func addCoordinatedFocusingAnimations(
    _ animations: (@MainActor () -> Void)?, completion: (@MainActor () -> Void)? = nil
  ) {
    addCoordinatedAnimations(animations, completion: completion)
  }

  /// Adds animations for the item losing focus (run with the others).
  public func addCoordinatedUnfocusingAnimations(
    _ animations: (@MainActor () -> Void)?, completion: (@MainActor () -> Void)? = nil
  ) {
    addCoordinatedAnimations(animations, completion: completion)
  }

  func run() {
    let pending = animations + completions
    animations = []
    completions = []
    for block in pending { block() }
  }
}
