/// Runs code alongside a transition and after it, as `UIViewControllerTransitionCoordinator`.
///
/// For a size transition (`viewWillTransition(to:with:)`) the "animation" runs at once when
/// the new size is applied, and completions after the layout. For an animated container
/// change (a push, a pop, a presentation, a dismissal; the controllers' and their
/// ancestors' ``ViewController/transitionCoordinator`` while it runs) an animation block
/// runs at once with the transition's timing, so that what it changes carries that timing
/// to clients, and completions run on the host when the transition's duration is over.
@MainActor
public final class TransitionCoordinator {
  private var alongside: [() -> Void] = []
  private var completions: [() -> Void] = []
  /// The timing of the container transition running, if this coordinates one.
  private let running: ViewAnimation?
  /// The controllers this coordinator is the `transitionCoordinator` of.
  private var coordinated: [ViewControllerReference] = []

  /// Seconds the transition lasts (0 for a size transition).
  public let transitionDuration: Double

  /// Whether the transition is animated.
  public var isAnimated: Bool { running != nil }

  init() {
    running = nil
    transitionDuration = 0
  }

  init(running: ViewAnimation, duration: Double) {
    self.running = running
    transitionDuration = duration
  }

  /// Registers `animation` to run alongside the transition and `completion` after it.
  public func animate(alongsideTransition animation: (() -> Void)?, completion: (() -> Void)? = nil)
  {
    if let completion { completions.append(completion) }
    guard let animation else { return }
    if let running {
      ViewAnimations.run(running, animation)
    } else {
      alongside.append(animation)
    }
  }

  func runAlongside() {
    let blocks = alongside
    alongside = []
    for block in blocks { block() }
  }

  func runCompletions() {
    let blocks = completions
    completions = []
    for block in blocks { block() }
  }

  /// Makes this the `transitionCoordinator` of `controller` until the transition ends.
  func coordinate(_ controller: ViewController) {
    coordinated.append(ViewControllerReference(controller: controller))
    Self.active[ObjectIdentifier(controller)] = self
  }

  /// Ends a container transition: no controller has it as its coordinator any more, and
  /// its completions run.
  func finish() {
    // Also the entries of controllers freed meanwhile: their identifiers may be reused.
    Self.active = Self.active.filter { $0.value !== self }
    coordinated = []
    runCompletions()
  }

  /// Whether this transition coordinates `controller` itself (not another controller that
  /// was given the identifier of a freed one).
  func coordinates(_ controller: ViewController) -> Bool {
    coordinated.contains { $0.controller === controller }
  }

  /// The running container transitions by the controllers they coordinate.
  static var active: [ObjectIdentifier: TransitionCoordinator] = [:]
}

/// A weak reference to a controller a transition coordinates.
private struct ViewControllerReference {
  weak var controller: ViewController?
}

extension ViewController {
  /// The coordinator of the animated container change this controller (or its nearest
  /// ancestor that has one) takes part in, as `UIViewController.transitionCoordinator`:
  /// after `pushViewController(_:animated: true)` the navigation controller's, the pushed
  /// and the covered controllers'. `nil` when no animated transition runs.
  public var transitionCoordinator: TransitionCoordinator? {
    var current: ViewController? = self
    while let controller = current {
      if let coordinator = TransitionCoordinator.active[ObjectIdentifier(controller)],
        coordinator.coordinates(controller)
      {
        return coordinator
      }
      current = controller.parent
    }
    return nil
  }
}
