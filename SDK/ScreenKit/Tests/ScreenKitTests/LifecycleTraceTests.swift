import Testing

@testable import ScreenKit

/// Lifecycle traces compared with golden files in `Traces/`; each file names the source of
/// its expected order.
@MainActor
@Suite struct LifecycleTraceTests {
  let trace = Trace()

  /// root ⊃ (a ⊃ a1, b), in a 320×480 window that is not shown yet.
  func nestedTree() -> (Window, TracingViewController) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    let root = TracingViewController("root", trace: trace)
    let a = TracingViewController("a", trace: trace)
    let a1 = TracingViewController("a1", trace: trace)
    let b = TracingViewController("b", trace: trace)
    embed(a, in: root)
    embed(a1, in: a)
    embed(b, in: root)
    window.rootViewController = root
    return (window, root)
  }

  @Test func firstAppearanceOfNestedTree() throws {
    let (window, root) = nestedTree()
    window.makeKeyAndVisible()
    try trace.expectMatches(golden: "first-appearance")
    #expect(root.appearanceState == .appeared)
    #expect(root.children.allSatisfy { $0.appearanceState == .appeared })
    #expect(root.checkContainment().isEmpty)
  }

  @Test func addChildIntoVisibleParent() throws {
    let (window, root) = nestedTree()
    window.makeKeyAndVisible()
    trace.lines = []
    let c = TracingViewController("c", trace: trace)
    root.addChild(c)
    root.view.addSubview(c.view)
    c.didMove(toParent: root)
    try trace.expectMatches(golden: "add-child-visible")
    #expect(!c.isMovingToParent)
  }

  @Test func removeChildFromVisibleParent() throws {
    let (window, root) = nestedTree()
    window.makeKeyAndVisible()
    trace.lines = []
    let a = root.children[0]
    unembed(a)
    try trace.expectMatches(golden: "remove-child")
    #expect(a.parent == nil && !a.isMovingFromParent)
    #expect(a.appearanceState == .disappeared && a.children[0].appearanceState == .disappeared)
  }

  @Test func transitionBetweenChildren() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    let root = TracingViewController("root", trace: trace)
    let from = TracingViewController("from", trace: trace)
    embed(from, in: root)
    window.rootViewController = root
    window.makeKeyAndVisible()
    let to = TracingViewController("to", trace: trace)
    trace.lines = []
    from.willMove(toParent: nil)
    root.addChild(to)
    var animationsRan = false
    root.transition(from: from, to: to, duration: 0.3, options: .transitionCrossDissolve) {
      trace.record("animations")
      animationsRan = true
    } completion: { finished in
      trace.record("completion finished=\(finished)")
      from.removeFromParent()
      to.didMove(toParent: root)
    }
    try trace.expectMatches(golden: "transition")
    #expect(animationsRan)
    #expect(root.children.map { $0 === to } == [true])
    #expect(to.view.window === window && from.view.window == nil)
  }

  @Test func presentAndDismiss() async throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    let root = TracingViewController("root", trace: trace)
    let child = TracingViewController("child", trace: trace)
    embed(child, in: root)
    window.rootViewController = root
    window.makeKeyAndVisible()
    let modal = TracingViewController("modal", trace: trace)
    modal.modalPresentationStyle = .fullScreen  // the covered controller disappears
    trace.lines = []
    child.present(modal, animated: true) { trace.record("present completion") }
    #expect(root.presentedViewController === modal)
    #expect(modal.presentingViewController === root)
    #expect(!modal.isBeingPresented)
    // Animated, the completion runs once the transition's 0.35 s are over (a host timer:
    // polled, as tests running beside this one may hold the main actor past it).
    try await until { trace.lines.contains("present completion") }
    modal.dismiss(animated: true) { trace.record("dismiss completion") }
    #expect(root.presentedViewController == nil && modal.presentingViewController == nil)
    try await until { trace.lines.contains("dismiss completion") }
    try trace.expectMatches(golden: "present-dismiss")
  }

  /// Waits until `condition` holds, for at most 10 s.
  private func until(_ condition: () -> Bool) async throws {
    for _ in 0..<500 where !condition() { try await Task.sleep(for: .milliseconds(20)) }
  }

  @Test func resizeWindow() throws {
    let (window, _) = nestedTree()
    window.makeKeyAndVisible()
    trace.lines = []
    try window.resize(to: Size(width: 480, height: 320))
    try window.resize(to: Size(width: 480, height: 320))  // same size: nothing
    #expect(throws: InputError.self) { try window.resize(to: Size(width: -1, height: 10)) }
    #expect(throws: InputError.self) { try window.resize(to: Size(width: .nan, height: 10)) }
    try trace.expectMatches(golden: "resize")
    #expect(window.rootViewController?.view.frame.size == Size(width: 480, height: 320))
  }

  @Test func traitChange() throws {
    let (window, _) = nestedTree()
    window.makeKeyAndVisible()
    trace.lines = []
    window.traitCollection = TraitCollection(
      userInterfaceStyle: .dark, horizontalSizeClass: .compact, verticalSizeClass: .regular,
      displayScale: 2, preferredContentSizeCategory: .extraLarge)
    window.traitCollection = window.traitCollection  // unchanged: no callbacks
    try trace.expectMatches(golden: "trait-change")
  }

  @Test func memoryWarningOnHiddenController() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    let root = TracingViewController("root", trace: trace)
    window.rootViewController = root
    window.makeKeyAndVisible()
    let modal = TracingViewController("modal", trace: trace)
    modal.modalPresentationStyle = .fullScreen  // the root's view leaves the window
    root.present(modal, animated: false)
    trace.lines = []
    window.receiveMemoryWarning()
    #expect(!root.isViewLoaded && modal.isViewLoaded)
    modal.dismiss(animated: false)
    try trace.expectMatches(golden: "memory-warning")
    #expect(root.view.window === window)
  }

  @Test func pushAndPop() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    let first = TracingViewController("first", trace: trace)
    first.title = "Inbox"
    let navigation = NavigationController(rootViewController: first)
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    let second = TracingViewController("second", trace: trace)
    second.title = "Message"
    trace.lines = []
    navigation.pushViewController(second, animated: true)
    #expect(navigation.topViewController === second)
    #expect(navigation.navigationBar.title == "Message")
    #expect(navigation.navigationBar.backTitle == "Inbox")
    #expect(navigation.navigationBar.titleLabel.text == "Message")
    #expect(navigation.navigationBar.backButton.currentTitle == "‹ Inbox")
    trace.record("-- pop")
    let popped = navigation.popViewController(animated: true)
    #expect(popped === second && second.parent == nil)
    #expect(navigation.popViewController(animated: true) == nil)
    #expect(navigation.navigationBar.backTitle == nil)
    try trace.expectMatches(golden: "push-pop")
  }

  @Test func tabSwitch() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    let tabs = TabBarController()
    let one = TracingViewController("one", trace: trace)
    let two = TracingViewController("two", trace: trace)
    tabs.viewControllers = [one, two]
    window.rootViewController = tabs
    window.makeKeyAndVisible()
    trace.lines = []
    tabs.selectedIndex = 1
    tabs.selectedIndex = 1  // unchanged: nothing
    tabs.selectedIndex = 7  // out of range: ignored
    try trace.expectMatches(golden: "tab-switch")
    #expect(tabs.selectedViewController === two)
    #expect(one.view.window == nil && two.view.window === window)
  }
}
