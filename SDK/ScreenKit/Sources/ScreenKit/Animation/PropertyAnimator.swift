/// An animation set up first and started later, as `UIViewPropertyAnimator`, for the common
/// cases: a duration with a curve or a damping ratio, animation blocks, completions, a start
/// now or after a delay. The changes made by its blocks carry its timing to clients as a
/// `View.animate` block's do; it cannot be scrubbed or reversed (the model has one final
/// value).
@MainActor
public final class PropertyAnimator {
  /// Where the animator is, as `UIViewAnimatingState`.
  public enum State: Sendable, Hashable {
    /// Not started, or finished.
    case inactive
    /// Started and not finished.
    case active
  }

  /// Where the animation ends, as `UIViewAnimatingPosition`.
  public enum Position: Sendable, Hashable {
    /// At the final values.
    case end
    /// At the start values.
    case start
    /// Where it was stopped.
    case current
  }

  /// Seconds the animation lasts.
  public let duration: Double
  /// The state.
  public private(set) var state = State.inactive
  /// Whether it is running.
  public var isRunning: Bool { state == .active }

  private let timing: ViewAnimation
  private var animations: [@MainActor () -> Void] = []
  private var completions: [@MainActor (Position) -> Void] = []
  private var finish: Task<Void, Never>?

  /// An animator with a timing curve.
  public init(
    duration: Double, curve: ViewAnimation.Curve = .easeInOut,
    animations: (@MainActor () -> Void)? = nil
  ) {
    self.duration = duration
    self.timing = ViewAnimation(duration: duration, curve: curve)
    if let animations { self.animations.append(animations) }
  }

  /// An animator with a spring's damping ratio (1: no oscillation).
  public init(
    duration: Double, dampingRatio: Double, animations: (@MainActor () -> Void)? = nil
  ) {
    self.duration = duration
    self.timing = ViewAnimation(
      duration: duration, spring: .init(damping: dampingRatio, initialVelocity: 0))
    if let animations { self.animations.append(animations) }
  }

  /// Starts an animator at once, as `runningPropertyAnimator(withDuration:…)`.
  @discardableResult
  public static func runningPropertyAnimator(
    withDuration duration: Double, delay: Double, options: View.AnimationOptions = [],
    animations: @escaping @MainActor () -> Void,
    completion: (@MainActor (Position) -> Void)? = nil
  ) -> PropertyAnimator {
    let animator = PropertyAnimator(
      duration: duration, curve: options.curve, animations: animations)
    if let completion { animator.addCompletion(completion) }
    animator.startAnimation(afterDelay: delay)
    return animator
  }

  /// Adds a block; one added while running runs at once with the animator's timing.
  public func addAnimations(_ block: @escaping @MainActor () -> Void) {
    if isRunning {
      ViewAnimations.run(timing, block)
    } else {
      animations.append(block)
    }
  }

  /// Adds a completion, called with the position the animation ended at.
  public func addCompletion(_ completion: @escaping @MainActor (Position) -> Void) {
    completions.append(completion)
  }

  /// Starts the animation now.
  public func startAnimation() { startAnimation(afterDelay: 0) }

  /// Starts the animation after `delay` seconds (the clients wait; the values change now).
  public func startAnimation(afterDelay delay: Double) {
    guard state == .inactive else { return }
    state = .active
    var started = timing
    started.delay = delay
    let blocks = animations
    animations = []
    ViewAnimations.run(ViewAnimations.enabled ? started : nil) { for block in blocks { block() } }
    finish = Task { @MainActor [weak self] in
      try? await Task.sleep(for: .seconds(delay + (self?.duration ?? 0)))
      guard !Task.isCancelled else { return }
      self?.complete(at: .end)
    }
  }

  /// Stops the animation: the values stay where the model has them (the final ones), and
  /// with `withoutFinishing` false the completions run with `.current`.
  public func stopAnimation(_ withoutFinishing: Bool) {
    guard state == .active else { return }
    finish?.cancel()
    if withoutFinishing {
      state = .inactive
      completions = []
    } else {
      complete(at: .current)
    }
  }

  private func complete(at position: Position) {
    state = .inactive
    let pending = completions
    completions = []
    for completion in pending { completion(position) }
  }
}
