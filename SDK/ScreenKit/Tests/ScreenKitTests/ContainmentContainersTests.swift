import Testing

@testable import ScreenKit

@MainActor
final class SizeReportingContainer: ViewController {
  var reports: [Size] = []
  var safeAreaChanges = 0
  override func preferredContentSizeDidChange(forChildContentContainer container: ViewController) {
    reports.append(container.preferredContentSize)
  }
  override func viewSafeAreaInsetsDidChange() { safeAreaChanges += 1 }
}

@MainActor
@Suite struct ContainmentContainersTests {
  @Test func navigationAndTabBarsAddToChildrenSafeArea() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.hostSafeAreaInsets = EdgeInsets(top: 20, left: 0, bottom: 34, right: 0)
    let content = ViewController()
    let navigation = NavigationController(rootViewController: content)
    let tabs = TabBarController()
    tabs.viewControllers = [navigation]
    window.rootViewController = tabs
    window.makeKeyAndVisible()
    #expect(tabs.viewSafeAreaInsets == EdgeInsets(top: 20, left: 0, bottom: 34, right: 0))
    #expect(navigation.viewSafeAreaInsets == EdgeInsets(top: 20, left: 0, bottom: 83, right: 0))
    #expect(content.viewSafeAreaInsets == EdgeInsets(top: 64, left: 0, bottom: 83, right: 0))
    content.additionalSafeAreaInsets = EdgeInsets(top: 0, left: 8, bottom: 0, right: 8)
    #expect(content.viewSafeAreaInsets == EdgeInsets(top: 64, left: 8, bottom: 83, right: 8))
    // the bars were laid out
    #expect(navigation.navigationBar.frame == Rect(x: 0, y: 0, width: 320, height: 64))
    #expect(tabs.tabBar.frame == Rect(x: 0, y: 397, width: 320, height: 83))
    #expect(content.view.frame.size == Size(width: 320, height: 480))
    navigation.isNavigationBarHidden = true
    #expect(content.viewSafeAreaInsets.top == 20)
  }

  @Test func preferredContentSizeAndSafeAreaChangesReachTheParent() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    let container = SizeReportingContainer()
    let child = ViewController()
    embed(child, in: container)
    window.rootViewController = container
    child.preferredContentSize = Size(width: 100, height: 50)
    child.preferredContentSize = Size(width: 100, height: 50)
    #expect(container.reports == [Size(width: 100, height: 50)])
    window.hostSafeAreaInsets = EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
    container.additionalSafeAreaInsets = EdgeInsets(top: 1, left: 0, bottom: 0, right: 0)
    #expect(container.safeAreaChanges == 2)
  }

  @Test func navigationStackOperations() {
    let trace = Trace()
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    let a = TracingViewController("a", trace: trace)
    let b = TracingViewController("b", trace: trace)
    let c = TracingViewController("c", trace: trace)
    let d = TracingViewController("d", trace: trace)
    let navigation = NavigationController(rootViewController: a)
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    navigation.pushViewController(b, animated: false)
    navigation.pushViewController(c, animated: false)
    navigation.pushViewController(c, animated: false)  // already there: refused
    #expect(navigation.viewControllers.count == 3)
    trace.lines = []
    let popped = navigation.popToRootViewController(animated: false)
    #expect(popped?.count == 2 && popped?[0] === b && popped?[1] === c)
    // b was never visible during the pop: only containment calls; c disappears, a appears
    #expect(
      trace.lines.filter { $0.hasPrefix("b ") } == [
        "b willMove toParent=nil", "b didMove toParent=nil",
      ])
    #expect(trace.lines.contains("c viewDidDisappear animated=false"))
    #expect(trace.lines.contains("a viewDidAppear animated=false"))
    trace.lines = []
    navigation.setViewControllers([d, b], animated: false)
    #expect(navigation.viewControllers.count == 2)
    #expect(navigation.topViewController === b && b.view.window === window)
    #expect(a.parent == nil && a.view.window == nil && d.parent === navigation)
    #expect(a.appearanceState == .disappeared && b.appearanceState == .appeared)
    #expect(navigation.navigationBar.backTitle == "Back")
    // the refused second push is the only issue on record
    #expect(
      navigation.checkContainment() == [
        .invalidPresentation(
          presenter: "NavigationController", presented: "c",
          reason: "it is already in the navigation stack")
      ])
  }

  /// As UIKit's bar, the navigation bar follows title changes of the items it shows (the
  /// top's title, the previous one's back title), and not of items it no longer shows.
  @Test func theNavigationBarFollowsTitleChanges() {
    let list = ViewController()
    let detail = ViewController()
    let navigation = NavigationController(rootViewController: list)
    navigation.pushViewController(detail, animated: false)
    detail.title = "Detail"
    list.title = "List"
    #expect(navigation.navigationBar.title == "Detail")
    #expect(navigation.navigationBar.backTitle == "List")
    list.navigationItem.backButtonTitle = "Back to list"
    #expect(navigation.navigationBar.backTitle == "Back to list")
    navigation.popViewController(animated: false)
    detail.title = "Gone"
    #expect(navigation.navigationBar.title == "List" && navigation.navigationBar.backTitle == nil)
  }

  @Test func tabBarReplacingControllersKeepsContainmentBalanced() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    let tabs = TabBarController()
    let one = NamedController("One")
    let two = NamedController("Two")
    let three = NamedController("Three")
    one.title = "One"
    tabs.viewControllers = [one, two]
    window.rootViewController = tabs
    window.makeKeyAndVisible()
    tabs.selectedViewController = two
    tabs.viewControllers = [three, two]
    #expect(tabs.selectedViewController === two && tabs.selectedIndex == 1)
    #expect(one.parent == nil && three.parent === tabs)
    #expect(two.appearanceState == .appeared && three.appearanceState == .disappeared)
    #expect(tabs.tabBar.itemTitles == ["", ""])
    tabs.viewControllers = [three]
    #expect(tabs.selectedIndex == 0 && three.appearanceState == .appeared)
    #expect(two.appearanceState == .disappeared && two.parent == nil)
    #expect(tabs.checkContainment().isEmpty)
  }
}
