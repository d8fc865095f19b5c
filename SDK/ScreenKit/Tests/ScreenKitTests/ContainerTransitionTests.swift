import Testing

@testable import ScreenKit

/// Animated pushes, pops, presentations and dismissals change the tree at once, as UIKit's
/// model does, and note their transition on the views entering and leaving; non-animated
/// ones note none. Completions and transition coordinators' completions run on the host
/// after the transition's duration (0.35 s for a push, a pop, a sheet; 0.3 s for an alert).
@MainActor
@Suite(.serialized) struct ContainerTransitionTests {
  func shownNavigation() -> (Window, NavigationController, ViewController) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let root = ViewController()
    let navigation = NavigationController(rootViewController: root)
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    ViewTransitions.clear()
    return (window, navigation, root)
  }

  @Test func anAnimatedPushAndPopCarryTheirTransitionAndPlainOnesNone() {
    let (window, navigation, root) = shownNavigation()
    defer { withExtendedLifetime(window) {} }
    let pushed = ViewController()
    navigation.pushViewController(pushed, animated: true)
    #expect(pushed.view.superview === navigation.view && root.view.superview == nil)
    let entering = ViewTransitions.take(for: pushed.view)
    #expect(entering == ViewAnimation(duration: 0.35, curve: .easeInOut, transition: "push"))
    #expect(ViewTransitions.take(for: root.view)?.transition == "push")
    #expect(ViewTransitions.take(for: pushed.view) == nil)  // taken once

    navigation.popViewController(animated: true)
    #expect(root.view.superview === navigation.view && pushed.view.superview == nil)
    #expect(ViewTransitions.take(for: root.view)?.transition == "pop")
    #expect(ViewTransitions.take(for: pushed.view)?.transition == "pop")

    let other = ViewController()
    navigation.pushViewController(other, animated: false)
    navigation.popViewController(animated: false)
    #expect(ViewTransitions.take(for: other.view) == nil)
    #expect(ViewTransitions.take(for: root.view) == nil)

    // setViewControllers: a new top is a push, a top that was in the stack a pop.
    let second = ViewController()
    navigation.setViewControllers([root, second], animated: true)
    #expect(ViewTransitions.take(for: second.view)?.transition == "push")
    navigation.setViewControllers([root], animated: true)
    #expect(ViewTransitions.take(for: root.view)?.transition == "pop")
  }

  @Test func presentationsCarryTheirStylesTransition() {
    let (window, navigation, _) = shownNavigation()
    let sheet = ViewController()
    navigation.present(sheet, animated: true)
    #expect(ViewTransitions.take(for: sheet.view)?.transition == "present")
    let dimming = window.subviews.first { $0 is PresentationDimmingView }
    #expect(dimming.flatMap { ViewTransitions.take(for: $0) }?.transition == "fade")
    sheet.dismiss(animated: true)
    #expect(ViewTransitions.take(for: sheet.view)?.transition == "dismiss")
    #expect(dimming.flatMap { ViewTransitions.take(for: $0) }?.transition == "fade")

    let dissolving = ViewController()
    dissolving.modalPresentationStyle = .fullScreen
    dissolving.modalTransitionStyle = .crossDissolve
    navigation.present(dissolving, animated: true)
    #expect(ViewTransitions.take(for: dissolving.view)?.transition == "fade")
    // The covered view leaves with the cover, kept underneath until it is in place.
    #expect(ViewTransitions.take(for: navigation.view)?.transition == "fade")
    dissolving.dismiss(animated: false)
    #expect(ViewTransitions.take(for: dissolving.view) == nil)
    #expect(ViewTransitions.take(for: navigation.view) == nil)

    let alert = AlertController(title: "Hi", message: nil, preferredStyle: .alert)
    alert.addAction(AlertAction(title: "OK", style: .default))
    navigation.present(alert, animated: true)
    #expect(
      ViewTransitions.take(for: alert.view)
        == ViewAnimation(duration: 0.3, curve: .easeInOut, transition: "alert"))
    alert.dismiss(animated: true)
    #expect(ViewTransitions.take(for: alert.view)?.duration == 0.2)
  }

  @Test func completionsRunAfterTheDuration() async throws {
    let (window, navigation, _) = shownNavigation()
    defer { withExtendedLifetime(window) {} }
    let sheet = ViewController()
    var presented = false
    navigation.present(sheet, animated: true) { presented = true }
    #expect(!presented)
    #expect(sheet.view.window != nil)  // the model is final at once
    try await Task.sleep(for: .seconds(0.2))
    #expect(!presented)
    try await Task.sleep(for: .seconds(0.4))
    #expect(presented)

    var dismissed = false
    sheet.dismiss(animated: false) { dismissed = true }
    #expect(dismissed)  // not animated: at once
  }

  @Test func aPushesCoordinatorRunsAnimationsAtOnceAndCompletionsAfterTheDuration()
    async throws
  {
    let (window, navigation, root) = shownNavigation()
    defer { withExtendedLifetime(window) {} }
    #expect(navigation.transitionCoordinator == nil)
    let pushed = ViewController()
    navigation.pushViewController(pushed, animated: true)
    let coordinator = try #require(navigation.transitionCoordinator)
    #expect(pushed.transitionCoordinator === coordinator)
    #expect(root.transitionCoordinator === coordinator)
    #expect(coordinator.isAnimated && coordinator.transitionDuration == 0.35)
    var ran: [String] = []
    DisplayJournal.isRecording = true
    coordinator.animate(
      alongsideTransition: {
        ran.append("alongside")
        pushed.view.alpha = 0.5
      },
      completion: { ran.append("completion") })
    DisplayJournal.isRecording = false
    _ = DisplayJournal.drain()
    #expect(ran == ["alongside"])
    // What the alongside block changed carries the push's timing.
    #expect(ViewAnimations.take(for: pushed.view)?.duration == 0.35)
    try await Task.sleep(for: .seconds(0.6))
    #expect(ran == ["alongside", "completion"])
    #expect(navigation.transitionCoordinator == nil)
  }

  /// UIKit's stack views animate an arranged view's `isHidden` set in an animation block:
  /// the stack is laid out before the block ends, so the siblings' new frames carry its
  /// timing along with the hidden view's change.
  @Test func hidingAnArrangedViewInABlockMovesItsSiblingsWithTheBlock() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 600))
    let first = View()
    let second = View()
    for view in [first, second] {
      view.heightAnchor.constraint(equalToConstant: 50).isActive = true
    }
    let stack = StackView(arrangedSubviews: [first, second])
    stack.axis = .vertical
    stack.frame = Rect(x: 0, y: 0, width: 300, height: 100)
    window.addSubview(stack)
    window.layoutIfNeeded()
    #expect(second.frame.minY == 50)
    DisplayJournal.isRecording = true
    ViewAnimations.clear()
    View.animate(withDuration: 0.3) { first.isHidden = true }
    #expect(second.frame.minY == 0)  // laid out inside the block
    #expect(ViewAnimations.take(for: second)?.duration == 0.3)
    #expect(ViewAnimations.take(for: first)?.duration == 0.3)
    first.isHidden = false  // outside a block: laid out later, with no timing
    #expect(second.frame.minY == 0)
    DisplayJournal.isRecording = false
    _ = DisplayJournal.drain()
  }
}
