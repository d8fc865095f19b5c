import Foundation
import Testing

@testable import ScreenKit

// The navigation controller's back swipe: an edge pan from the leading edge that moves the
// top view with the finger and the view below at a 30 % parallax, with the appearance
// callbacks UIKit sends for an interactive pop, finishing past half the width or on a
// flick and cancelling otherwise.

/// A controller that records its appearance callbacks into a shared list.
@MainActor
final class AppearanceRecordingController: ViewController {
  let name: String
  let record: (String) -> Void

  init(_ name: String, record: @escaping (String) -> Void) {
    self.name = name
    self.record = record
    super.init()
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    record("\(name) willAppear")
  }
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    record("\(name) didAppear")
  }
  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    record("\(name) willDisappear")
  }
  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    record("\(name) didDisappear")
  }
  override func didMove(toParent parent: ViewController?) {
    super.didMove(toParent: parent)
    if parent == nil { record("\(name) removed") }
  }
}

/// A pan recognizer's delegate that refuses to let it begin.
@MainActor
final class RefusingDelegate: GestureRecognizerDelegate {
  func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { false }
}

@MainActor
@Suite struct InteractivePopTests {
  let window: Window
  let navigation: NavigationController
  let root: AppearanceRecordingController
  let detail: AppearanceRecordingController
  let log: CallLog

  /// The calls seen, in order.
  @MainActor final class CallLog {
    var lines: [String] = []
  }

  init() {
    let log = CallLog()
    self.log = log
    window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800))
    root = AppearanceRecordingController("root") { log.lines.append($0) }
    detail = AppearanceRecordingController("detail") { log.lines.append($0) }
    navigation = NavigationController(rootViewController: root)
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    navigation.pushViewController(detail, animated: false)
    window.layoutIfNeeded()
    log.lines = []
  }

  @discardableResult
  func send(_ phase: Touch.Phase, _ x: Double, _ y: Double = 400, t: Double) throws -> Bool {
    try window.touch(phase, id: 1, at: Point(x: x, y: y), timestamp: t / 1000)
  }

  func eventually(_ condition: () -> Bool) async throws {
    for _ in 0..<400 where !condition() { try await Task.sleep(for: .milliseconds(50)) }
  }

  @Test func aSwipePastHalfTheWidthPops() async throws {
    #expect(try send(.began, 5, t: 0))  // the swipe may take it
    try send(.moved, 25, t: 100)  // past the pan's 10 points: the swipe begins
    #expect(log.lines == ["detail willDisappear", "root willAppear"])
    #expect(detail.view.frame.origin.x == 20)
    // The view below starts 30 % of the width to the left and follows at that ratio.
    #expect(root.view.frame.origin.x == -(1 - 20.0 / 400) * 0.3 * 400)
    #expect(root.view.superview === navigation.view)
    try send(.moved, 205, t: 500)
    #expect(detail.view.frame.origin.x == 200)
    #expect(root.view.frame.origin.x == -60)
    try send(.moved, 245, t: 1000)  // slowly, so only the distance decides
    try send(.ended, 245, t: 1100)
    // The frames take their final values at once; the callbacks wait for the animation.
    #expect(detail.view.frame.origin.x == 400)
    #expect(root.view.frame.origin.x == 0)
    #expect(navigation.viewControllers.count == 2)
    try await eventually { navigation.viewControllers.count == 1 }
    #expect(
      log.lines == [
        "detail willDisappear", "root willAppear", "detail didDisappear", "root didAppear",
        "detail removed",
      ])
    #expect(navigation.topViewController === root)
    #expect(detail.viewIfLoaded?.superview == nil)
    #expect(root.view.frame == Rect(x: 0, y: 0, width: 400, height: 800))
  }

  @Test func aShortSlowSwipeIsCancelledWithTheAppearanceReversed() async throws {
    try send(.began, 5, t: 0)
    try send(.moved, 60, t: 200)
    try send(.moved, 105, t: 600)
    try send(.ended, 105, t: 700)
    #expect(
      log.lines == [
        "detail willDisappear", "root willAppear", "root willDisappear", "detail willAppear",
      ])
    #expect(detail.view.frame.origin.x == 0)
    #expect(root.view.frame.origin.x == -120)
    try await eventually { root.viewIfLoaded?.superview == nil }
    #expect(
      log.lines == [
        "detail willDisappear", "root willAppear", "root willDisappear", "detail willAppear",
        "root didDisappear", "detail didAppear",
      ])
    #expect(navigation.viewControllers.count == 2)
    #expect(detail.view.frame == Rect(x: 0, y: 0, width: 400, height: 800))
    // The controllers are back in their steady states: the next swipe works again.
    #expect(detail.appearanceState == .appeared && root.appearanceState == .disappeared)
  }

  @Test func aPopInTheMiddleOfASwipeCancelsTheSwipeFirst() async throws {
    try send(.began, 5, t: 0)
    try send(.moved, 205, t: 500)
    navigation.popViewController(animated: false)
    #expect(
      log.lines == [
        "detail willDisappear", "root willAppear", "root willDisappear", "detail willAppear",
        "root didDisappear", "detail didAppear", "detail willDisappear", "root willAppear",
        "detail didDisappear", "root didAppear", "detail removed",
      ])
    #expect(navigation.viewControllers.count == 1)
    #expect(root.view.frame == Rect(x: 0, y: 0, width: 400, height: 800))
    #expect(root.appearanceState == .appeared && detail.appearanceState == .disappeared)
    // The finger goes on and lifts: nothing more happens.
    try send(.moved, 300, t: 600)
    try send(.ended, 300, t: 700)
    try await Task.sleep(for: .milliseconds(500))
    #expect(log.lines.count == 11)
    #expect(navigation.viewControllers.count == 1)
  }

  @Test func aQuickFlickFinishesBeforeHalfTheWidth() async throws {
    try send(.began, 5, t: 0)
    try send(.moved, 40, t: 20)
    try send(.moved, 100, t: 60)  // 1,500 points a second
    try send(.ended, 100, t: 70)
    try await eventually { navigation.viewControllers.count == 1 }
    #expect(navigation.topViewController === root)
  }

  @Test func theSwipeBeginsOnlyAtTheLeadingEdgeWithSomethingToPop() throws {
    // Not at the edge: nothing takes a touch on the plain view there.
    #expect(try !send(.began, 100, t: 0))
    try send(.moved, 200, t: 100)
    try send(.ended, 200, t: 200)
    #expect(log.lines.isEmpty)
    try send(.began, 5, t: 1000)  // at the edge, but moving down
    try send(.moved, 8, 460, t: 1100)
    try send(.ended, 8, 460, t: 1200)
    #expect(log.lines.isEmpty)
    navigation.popViewController(animated: false)
    log.lines = []
    #expect(try !send(.began, 5, t: 2000))  // nothing to pop
    try send(.moved, 200, t: 2100)
    try send(.ended, 200, t: 2200)
    #expect(log.lines.isEmpty)
    #expect(navigation.interactivePopGestureRecognizer?.state == .possible)
  }

  @Test func aDelegateThatRefusesKeepsTheSwipeFromBeginning() throws {
    let delegate = RefusingDelegate()
    navigation.interactivePopGestureRecognizer?.delegate = delegate
    try send(.began, 5, t: 0)
    try send(.moved, 205, t: 500)
    try send(.ended, 205, t: 600)
    #expect(log.lines.isEmpty)
    #expect(detail.view.frame.origin.x == 0)
    navigation.interactivePopGestureRecognizer?.delegate = nil
    navigation.interactivePopGestureRecognizer?.isEnabled = false
    try send(.began, 5, t: 1000)
    try send(.moved, 205, t: 1500)
    try send(.ended, 205, t: 1600)
    #expect(log.lines.isEmpty)
  }

  @Test func rightToLeftTheSwipeStartsAtTheRightEdge() async throws {
    window.locale = Locale(identifier: "he")
    window.layoutIfNeeded()
    try send(.began, 5, t: 0)  // the left edge is the trailing one now
    try send(.moved, 205, t: 500)
    try send(.ended, 205, t: 600)
    #expect(log.lines.isEmpty)
    try send(.began, 395, t: 1000)
    try send(.moved, 195, t: 1500)
    #expect(detail.view.frame.origin.x == -200)
    #expect(root.view.frame.origin.x == 60)
    try send(.moved, 145, t: 2000)
    try send(.ended, 145, t: 2100)
    try await eventually { navigation.viewControllers.count == 1 }
    #expect(log.lines.last == "detail removed")
  }
}
