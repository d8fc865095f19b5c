extension NavigationController {
  /// What a change of the stack's top does, as `UINavigationController.Operation`.
  public enum Operation: Sendable, Hashable {
    /// No change of the top.
    case none
    /// A controller came on top (pushed, or set as a new top).
    case push
    /// The top went, uncovering one that was in the stack.
    case pop
  }

  /// The operation `setViewControllers(_:animated:)` performs, as UIKit chooses it: a push
  /// when the new top was not in the stack before, a pop when it was.
  func operation(settingTop newTop: ViewController, previousStack: [ViewController])
    -> Operation
  {
    previousStack.contains { $0 === newTop } ? .pop : .push
  }

  /// Gives an animated change of the top its motion: the entering top's view carries
  /// ``ContainerTransition/push`` or ``ContainerTransition/pop`` into the tree and the
  /// leaving one's out of it; the navigation controller and both controllers have a
  /// running ``TransitionCoordinator`` until the transition's duration is over.
  func runTransition(
    _ operation: Operation, from: ViewController?, to: ViewController, animated: Bool
  ) {
    let transition: ContainerTransition
    switch operation {
    case .none: return
    case .push: transition = .push
    case .pop: transition = .pop
    }
    // Nothing moves for a stack that is not on screen (its first controller, a stack set
    // up before the window shows it).
    guard let fromView = from?.viewIfLoaded, viewIfLoaded?.window != nil else { return }
    ViewTransitions.run(
      transition, animated: animated, entering: [to.view], leaving: [fromView],
      controllers: [self, to] + (from.map { [$0] } ?? []), completion: nil)
  }
}
