/// Where a view controller is in its appearance cycle.
public enum AppearanceState: String, Sendable {
  /// Not on screen.
  case disappeared
  /// Between `viewWillAppear(_:)` and `viewDidAppear(_:)`.
  case appearing
  /// On screen.
  case appeared
  /// Between `viewWillDisappear(_:)` and `viewDidDisappear(_:)`.
  case disappearing
}

/// The state a view controller keeps for appearance, containment and presentation.
@MainActor
final class ViewControllerLifecycle {
  var appearance: AppearanceState = .disappeared
  /// Open `beginAppearanceTransition` calls not yet ended.
  var transitionDepth = 0
  var transitionAnimated = false
  /// `viewIsAppearing(_:)` is owed for the current appearing transition.
  var owesIsAppearing = false

  weak var parent: ViewController?
  var children: [ViewController] = []
  /// Added by `addChild` and not yet told `didMove(toParent:)`.
  var awaitingDidMove = false
  var isMovingToParent = false
  var isMovingFromParent = false
  var isBeingPresented = false
  var isBeingDismissed = false

  var presentedViewController: ViewController?
  weak var presentingViewController: ViewController?

  var traitCollection: TraitCollection?
  /// Children this controller forwarded its open appearance transition to.
  var forwardedChildren: [ViewController] = []
  var reportedIssues: Set<ContainmentIssue> = []
  var containmentIssues: [ContainmentIssue] = []
}
