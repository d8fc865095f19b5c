extension View {
  /// A timing curve, as `UIView.AnimationCurve`.
  public typealias AnimationCurve = ViewAnimation.Curve

  /// Options of an animation block, as `UIView.AnimationOptions`: its timing curve, and for
  /// `transition(with:…)` its transition.
  public struct AnimationOptions: OptionSet, Sendable, Hashable {
    /// The raw bits (UIKit's values).
    public let rawValue: UInt
    /// Options from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Lets touches reach views while they animate (compd always does).
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    /// Starts from the current, possibly animating, value (clients always do).
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    /// Repeats indefinitely (not sent: the model has one final value).
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    /// Runs backwards and forwards (not sent).
    public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    /// Slow at the start and the end; the default.
    public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
    /// Slow at the start.
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    /// Slow at the end.
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    /// Even.
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
    /// Flips the view's content around its vertical axis, from the left.
    public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
    /// Flips from the right.
    public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
    /// Curls the page up.
    public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
    /// Curls the page down.
    public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
    /// Cross-dissolves the old content into the new.
    public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
    /// Flips from the top.
    public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
    /// Flips from the bottom.
    public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

    /// The curve the options name.
    var curve: ViewAnimation.Curve {
      switch (rawValue >> 16) & 0xF {
      case 1: .easeIn
      case 2: .easeOut
      case 3: .linear
      default: .easeInOut
      }
    }

    /// The transition the options name, by its UIKit name.
    var transition: String? {
      switch (rawValue >> 20) & 0xF {
      case 1: "flipFromLeft"
      case 2: "flipFromRight"
      case 3: "curlUp"
      case 4: "curlDown"
      case 5: "crossDissolve"
      case 6: "flipFromTop"
      case 7: "flipFromBottom"
      default: nil
      }
    }
  }

  /// Whether animation blocks animate (true); with false they change values at once and
  /// run their completions at once, as UIKit's `setAnimationsEnabled(false)`.
  public static var areAnimationsEnabled: Bool { ViewAnimations.enabled }

  /// Turns animation blocks on or off.
  public static func setAnimationsEnabled(_ enabled: Bool) { ViewAnimations.enabled = enabled }

  /// Runs `animations` at once and has every client-visible change made in it (frames,
  /// opacity, colours, texts, layout passes run inside it) carry this block's timing to
  /// the clients, which animate to the new values. `completion` runs on the host after
  /// `delay` + `duration` with `true`, as UIKit's when nothing interrupted the animation.
  /// A duration of 0 (or animations turned off) changes the values without animation.
  public static func animate(
    withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
    animations: @escaping @MainActor () -> Void,
    completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    run(
      ViewAnimation(duration: duration, delay: delay, curve: options.curve),
      animations: animations, completion: completion)
  }

  /// A spring animation: the changes settle as a spring with `dampingRatio` (1: no
  /// oscillation) starting at `velocity` (the distance per second, as a multiple of the
  /// total distance) would.
  public static func animate(
    withDuration duration: Double, delay: Double, usingSpringWithDamping dampingRatio: Double,
    initialSpringVelocity velocity: Double, options: AnimationOptions = [],
    animations: @escaping @MainActor () -> Void,
    completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    run(
      ViewAnimation(
        duration: duration, delay: delay, curve: options.curve,
        spring: .init(damping: dampingRatio, initialVelocity: velocity)),
      animations: animations, completion: completion)
  }

  /// Replaces `view`'s content with a transition (`.transitionCrossDissolve`,
  /// `.transitionFlipFromLeft` …): the changes made in `animations` to `view` and its
  /// subviews carry the transition.
  public static func transition(
    with view: View, duration: Double, options: AnimationOptions = [],
    animations: (@MainActor () -> Void)?,
    completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    run(
      ViewAnimation(
        duration: duration, curve: options.curve,
        transition: options.transition ?? "crossDissolve"),
      animations: {
        ViewAnimations.note(view)
        animations?()
      }, completion: completion)
  }

  /// Runs `actions` without animation, also inside an animation block.
  public static func performWithoutAnimation(_ actions: () -> Void) {
    ViewAnimations.run(nil, actions)
  }

  private static func run(
    _ animation: ViewAnimation, animations: @MainActor () -> Void,
    completion: (@MainActor (Bool) -> Void)?
  ) {
    let animates = ViewAnimations.enabled && animation.duration > 0
    ViewAnimations.run(animates ? animation : nil, animations)
    guard let completion else { return }
    let seconds = animates ? animation.delay + animation.duration : 0
    Task { @MainActor in
      if seconds > 0 { try? await Task.sleep(for: .seconds(seconds)) }
      completion(true)
    }
  }
}
