import Testing

@testable import ScreenKit

/// A scroll view in a navigation controller's controller scrolls by a drag: the back
/// swipe's recognizer, which other pans on the controller's views wait for, fails at once
/// for a touch it cannot take (nothing to pop, or away from the leading edge), so it never
/// holds the scroll view's pan back.
@MainActor
@Suite struct NavigationScrollTouchTests {
  final class Scrolling: ViewController {
    let scroll = ScrollView()
    override func viewDidLoad() {
      super.viewDidLoad()
      scroll.contentSize = Size(width: 390, height: 3000)
      view.addSubview(scroll)
    }
    override func viewDidLayoutSubviews() {
      super.viewDidLayoutSubviews()
      scroll.frame = view.bounds
    }
  }

  func drag(_ window: Window, from y: Double, by distance: Double) throws {
    try window.touch(.began, id: 1, at: Point(x: 200, y: y), timestamp: 0)
    for step in 1...4 {
      try window.touch(
        .moved, id: 1, at: Point(x: 200, y: y - distance * Double(step) / 4),
        timestamp: Double(step) / 10)
    }
    try window.touch(.ended, id: 1, at: Point(x: 200, y: y - distance), timestamp: 0.4)
  }

  @Test(arguments: [1, 2])
  func aDragScrollsUnderANavigationController(controllers: Int) throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let pages = (0..<controllers).map { _ in Scrolling() }
    let navigation = NavigationController(rootViewController: pages[0])
    for page in pages.dropFirst() { navigation.pushViewController(page, animated: false) }
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    try drag(window, from: 600, by: 200)
    #expect(pages.last!.scroll.contentOffset.y > 100)
  }
}
