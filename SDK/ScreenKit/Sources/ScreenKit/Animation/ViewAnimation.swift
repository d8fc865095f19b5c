/// The timing of an animation a client runs, as compd's wire describes it: what a
/// `View.animate` block gives the changes made in it.
///
/// ScreenKit's model takes its final values at once, as UIKit's does; the description goes
/// with each change a client is told about, and a client that animates runs it from what it
/// shows to the new values. A client that ignores it ends in the same state.
public struct ViewAnimation: Sendable, Hashable {
  /// A timing curve, as `UIView.AnimationCurve`.
  public enum Curve: String, Sendable, Hashable, CaseIterable {
    /// Slow at the start and the end (UIKit's default).
    case easeInOut
    /// Slow at the start.
    case easeIn
    /// Slow at the end.
    case easeOut
    /// Even.
    case linear
  }

  /// A spring's parameters, as `animate(withDuration:delay:usingSpringWithDamping:…)` takes
  /// them.
  public struct Spring: Sendable, Hashable {
    /// The damping ratio: 1 settles without oscillating, smaller values oscillate more.
    public var damping: Double
    /// The initial velocity, as a multiple of the distance travelled per second.
    public var initialVelocity: Double
  }

  /// Seconds the animation lasts.
  public var duration: Double
  /// Seconds before it starts.
  public var delay: Double
  /// The timing curve (unused by a spring).
  public var curve: Curve
  /// The spring, when the animation is one.
  public var spring: Spring?
  /// A transition the client runs on the view's whole content (`transition(with:…)`), by
  /// its UIKit name (`crossDissolve`, `flipFromLeft`, …), or the container transition a
  /// view enters or leaves the tree with (a ``ContainerTransition``'s raw value).
  public var transition: String?
  /// A scroll's deceleration, when the animation is a fling coming to rest
  /// (``ScrollView``'s drag): the client decays the offset instead of following `curve`.
  public var deceleration: Deceleration?

  /// An animation description.
  public init(
    duration: Double, delay: Double = 0, curve: Curve = .easeInOut, spring: Spring? = nil,
    transition: String? = nil
  ) {
    self.duration = duration
    self.delay = delay
    self.curve = curve
    self.spring = spring
    self.transition = transition
  }
}

/// The animation blocks running now and the views changed in them, for hosts that send the
/// changes to clients: the views' setters note their view here while a block runs, and the
/// host takes each view's animation when it encodes the view's change.
@MainActor
public enum ViewAnimations {
  /// The innermost running animation block's timing, if any (`performWithoutAnimation`
  /// runs with none).
  static var current: ViewAnimation?
  /// Whether `View.animate` animates (`View.areAnimationsEnabled`).
  static var enabled = true
  private static var pending: [ObjectIdentifier: NotedAnimation] = [:]

  /// A view changed in a block, held weakly: a view that goes away takes its note along.
  private struct NotedAnimation {
    weak var view: View?
    let animation: ViewAnimation
  }

  /// Notes that `view` changed in the current block.
  static func note(_ view: View) {
    guard let animation = current else { return }
    pending[ObjectIdentifier(view)] = NotedAnimation(view: view, animation: animation)
  }

  /// The animation `view` changed in since the last call, if any; it is forgotten.
  public static func take(for view: View) -> ViewAnimation? {
    guard !pending.isEmpty,
      let noted = pending.removeValue(forKey: ObjectIdentifier(view)), noted.view === view
    else { return nil }
    return noted.animation
  }

  /// Forgets every noted animation and container transition (after a host published its
  /// changes).
  public static func clear() {
    pending.removeAll(keepingCapacity: true)
    ViewTransitions.clear()
  }

  /// Runs `body` with `animation` as the current block's timing. Stacks whose arranged
  /// views were shown or hidden in it are laid out before it ends, so that their arranged
  /// views' new frames carry its timing, as UIKit's stack views animate `isHidden`.
  static func run(_ animation: ViewAnimation?, _ body: () -> Void) {
    let outer = current
    current = animation
    body()
    if animation != nil, !stacksToLayOut.isEmpty {
      let stacks = stacksToLayOut
      stacksToLayOut = []
      for stack in stacks { stack.view?.layoutIfNeeded() }
    }
    current = outer
  }

  /// The stacks an animation block showed or hid arranged views of.
  private static var stacksToLayOut: [WeakView] = []

  private struct WeakView {
    weak var view: View?
  }

  /// Notes that `view`'s `isHidden` changed: inside an animation block, a stack it is
  /// arranged in is laid out at the block's end.
  static func hiddenChanged(_ view: View) {
    guard current != nil, let stack = view.superview as? StackView,
      stack.arrangedSubviews.contains(where: { $0 === view }),
      !stacksToLayOut.contains(where: { $0.view === stack })
    else { return }
    stacksToLayOut.append(WeakView(view: stack))
  }
}
