import Foundation
import Testing

@testable import ScreenKit

// The order of the delegate's calls is UIScrollViewDelegate's documented one (a drag:
// willBeginDragging, didScroll…, willEndDragging, didEndDragging(willDecelerate:); then
// willBeginDecelerating, didScroll, didEndDecelerating). The projection is Apple's from
// WWDC 2018 "Designing Fluid Interfaces"; the rates are UIKit's 0.998 and 0.99 per ms.

/// A scroll view delegate that records its calls, with the offset at each.
@MainActor
final class RecordingScrollDelegate: ScrollViewDelegate {
  var calls: [String] = []
  var velocity: Point?
  /// Where the delegate moves the target to, if anywhere.
  var retarget: Point?
  func scrollViewDidScroll(_ scrollView: ScrollView) {
    calls.append("didScroll \(Int(scrollView.contentOffset.x)),\(Int(scrollView.contentOffset.y))")
  }
  func scrollViewWillBeginDragging(_ scrollView: ScrollView) {
    #expect(scrollView.isDragging && scrollView.isTracking)
    calls.append("willBeginDragging")
  }
  func scrollViewWillEndDragging(
    _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
  ) {
    self.velocity = velocity
    calls.append("willEndDragging")
    if let retarget { targetContentOffset = retarget }
  }
  func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
    #expect(!scrollView.isDragging)
    calls.append("didEndDragging \(decelerate)")
  }
  func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {
    calls.append("willBeginDecelerating")
  }
  func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
    #expect(!scrollView.isDecelerating)
    calls.append("didEndDecelerating")
  }
}

@MainActor
@Suite struct ScrollViewDraggingTests {
  let window: Window
  let scroll: ScrollView
  let delegate = RecordingScrollDelegate()

  init() {
    window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.makeKeyAndVisible()
    scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 390, height: 400))
    scroll.contentSize = Size(width: 390, height: 2000)
    scroll.delegate = delegate
    window.addSubview(scroll)
  }

  func send(_ phase: Touch.Phase, _ x: Double, _ y: Double, t: Double) throws {
    try window.touch(phase, id: 1, at: Point(x: x, y: y), timestamp: t / 1000)
  }

  /// Drags up from y 300 to 200 in 48 ms: the pan begins at 290 (10 points), the content
  /// follows the finger beyond that (40, then 90), and the finger leaves at
  /// 100 / 0.048 = 2083.3 points per second.
  func flingUp() throws {
    try send(.began, 100, 300, t: 0)
    try send(.moved, 100, 290, t: 16)
    try send(.moved, 100, 250, t: 32)
    try send(.moved, 100, 200, t: 48)
    try send(.ended, 100, 200, t: 48)
  }

  func eventually(_ condition: () -> Bool) async throws {
    for _ in 0..<400 where !condition() { try await Task.sleep(for: .milliseconds(20)) }
  }

  @Test func aDragScrollsWithTheFingerAndAFlingDeceleratesToItsProjection() async throws {
    scroll.decelerationRate = .fast
    #expect(scroll.panGestureRecognizer.view === scroll)
    try send(.began, 100, 300, t: 0)
    #expect(scroll.isTracking && !scroll.isDragging)
    try send(.moved, 100, 290, t: 16)
    try send(.moved, 100, 250, t: 32)
    #expect(scroll.contentOffset == Point(x: 0, y: 40))
    #expect(scroll.isDragging)
    try send(.moved, 100, 200, t: 48)
    try send(.ended, 100, 200, t: 48)
    let speed = 100 / 0.048  // points per second
    #expect(abs((delegate.velocity?.y ?? 0) - speed / 1000) < 1e-9)
    #expect(delegate.velocity?.x == 0)
    // Projection: 90 + (v / 1000) · 0.99 / 0.01.
    let target = 90 + speed / 1000 * 0.99 / 0.01
    #expect(abs(scroll.contentOffset.y - target) < 1e-9)
    #expect(!scroll.isDragging && !scroll.isTracking && scroll.isDecelerating)
    #expect(
      delegate.calls == [
        "willBeginDragging", "didScroll 0,40", "didScroll 0,90", "willEndDragging",
        "didEndDragging true", "willBeginDecelerating", "didScroll 0,\(Int(target))",
      ])
    // The change carries the deceleration; it lasts until the speed falls below half a
    // point per 60 Hz frame: ln(0.03 / v) / ln(0.99) ms.
    let animation = try #require(ViewAnimations.take(for: scroll))
    let deceleration = try #require(animation.deceleration)
    #expect(deceleration.rate == 0.99)
    #expect(abs(deceleration.velocity.y - speed) < 1e-9)
    #expect(deceleration.velocity.x == 0)
    let duration = log(0.03 / (speed / 1000)) / log(0.99) / 1000
    #expect(abs(animation.duration - duration) < 1e-9)
    #expect(animation.delay == 0)
    // The deceleration ends on the host after its duration (0.42 s).
    let started = Date()
    try await eventually { delegate.calls.last == "didEndDecelerating" }
    #expect(delegate.calls.last == "didEndDecelerating")
    #expect(Date().timeIntervalSince(started) >= duration - 0.05)
    #expect(!scroll.isDecelerating)
  }

  @Test func aFlingStopsAtTheEndOfTheContent() throws {
    scroll.contentOffset = Point(x: 0, y: 1300)
    try flingUp()  // the projection is 1390 + 1039.6
    #expect(scroll.contentOffset == Point(x: 0, y: 1600))
    let animation = try #require(ViewAnimations.take(for: scroll))
    // Until the decay has covered the 210 points left: ln(1 − d(1−r)/(v·r)) / ln(r).
    let speed = 100 / 0.048 / 1000
    let expected = log(1 - 210 * 0.002 / (speed * 0.998)) / log(0.998) / 1000
    #expect(abs(animation.duration - expected) < 1e-9)
    #expect(abs((animation.deceleration?.velocity.y ?? 0) - speed * 1000) < 1e-9)
    scroll.stopDecelerating()
  }

  @Test func aDragEndingAtRestDoesNotDecelerate() throws {
    try send(.began, 100, 300, t: 0)
    try send(.moved, 100, 280, t: 16)
    try send(.moved, 100, 250, t: 32)
    try send(.moved, 100, 250, t: 300)  // held still: the last 100 ms had no movement
    try send(.ended, 100, 250, t: 320)
    #expect(scroll.contentOffset == Point(x: 0, y: 40))
    #expect(delegate.calls.suffix(2) == ["willEndDragging", "didEndDragging false"])
    #expect(!scroll.isDecelerating)
  }

  @Test func pagingSnapsToTheNextPageAtMostAndTheDelegateMayMoveTheTarget() throws {
    scroll.contentSize = Size(width: 390 * 5, height: 400)
    scroll.isPagingEnabled = true
    // A hard fling left: the projection is pages away, the target the next page.
    try send(.began, 300, 200, t: 0)
    try send(.moved, 290, 200, t: 10)
    try send(.moved, 200, 200, t: 20)
    try send(.ended, 200, 200, t: 20)
    #expect(scroll.contentOffset == Point(x: 390, y: 0))
    let animation = try #require(ViewAnimations.take(for: scroll))
    // The velocity is the one whose projection is the page: d · (1 − r) / r per ms.
    let velocity = (390 - 90) * 0.002 / 0.998 * 1000
    #expect(abs((animation.deceleration?.velocity.x ?? 0) - velocity) < 1e-6)
    scroll.contentOffset = scroll.contentOffset  // set by code: the deceleration stops there
    #expect(!scroll.isDecelerating)
    // A slow short drag goes back to the page it began on.
    try send(.began, 200, 200, t: 1000)
    try send(.moved, 180, 200, t: 1100)
    try send(.moved, 170, 200, t: 1300)
    try send(.moved, 170, 200, t: 1500)
    try send(.ended, 170, 200, t: 1500)
    #expect(scroll.contentOffset == Point(x: 390, y: 0))
    // The delegate's target wins, clamped.
    delegate.retarget = Point(x: 5000, y: 0)
    try send(.began, 300, 200, t: 2000)
    try send(.moved, 250, 200, t: 2050)
    try send(.ended, 250, 200, t: 2050)
    #expect(scroll.contentOffset == Point(x: 390 * 4, y: 0))
  }

  @Test func aDragAcrossTheAxisThatDoesNotScrollLeavesTheContent() throws {
    try send(.began, 100, 300, t: 0)
    try send(.moved, 160, 305, t: 16)
    try send(.moved, 200, 300, t: 32)
    try send(.ended, 200, 300, t: 48)
    #expect(scroll.contentOffset == .zero)
    #expect(delegate.calls.isEmpty)
    // Unless it bounces that way: then it is a drag, but the content cannot move.
    scroll.alwaysBounceHorizontal = true
    try send(.began, 100, 300, t: 100)
    try send(.moved, 160, 305, t: 116)
    try send(.ended, 160, 305, t: 132)
    #expect(delegate.calls.first == "willBeginDragging")
    #expect(scroll.contentOffset == .zero)
  }

  @Test func scrollingOffLeavesDragsAlone() throws {
    scroll.isScrollEnabled = false
    #expect(!scroll.panGestureRecognizer.isEnabled)
    try flingUp()
    #expect(scroll.contentOffset == .zero)
    #expect(delegate.calls.isEmpty)
  }

  @Test func aTouchStopsADecelerationWhereTheClientShowsIt() throws {
    try flingUp()
    #expect(scroll.isDecelerating)
    let target = scroll.contentOffset.y
    try send(.began, 100, 300, t: 500)
    #expect(!scroll.isDecelerating)
    // Milliseconds in, of about two seconds: near where the fling left, short of the end.
    #expect(scroll.contentOffset.y >= 90 && scroll.contentOffset.y < target)
    try send(.ended, 100, 300, t: 520)
    #expect(!delegate.calls.contains("didEndDecelerating"))
  }

  @Test func aControlInTheContentGetsTapsAndIsCancelledByADrag() throws {
    let button = Button(frame: Rect(x: 20, y: 100, width: 120, height: 44))
    scroll.addSubview(button)
    var events: [String] = []
    button.addAction(for: .touchDown) { _ in events.append("down") }
    button.addAction(for: .touchUpInside) { _ in events.append("up") }
    button.addAction(for: .touchCancel) { _ in events.append("cancel") }
    try send(.began, 50, 120, t: 0)
    try send(.ended, 50, 120, t: 50)
    #expect(events == ["down", "up"])
    events = []
    try send(.began, 50, 120, t: 1000)
    try send(.moved, 50, 115, t: 1016)
    #expect(button.isTracking)
    try send(.moved, 50, 100, t: 1032)  // 20 points: beyond the slop, a scroll
    #expect(events == ["down", "cancel"])
    #expect(!button.isTracking)
    try send(.moved, 50, 60, t: 1048)
    try send(.moved, 50, 60, t: 1300)
    try send(.ended, 50, 60, t: 1300)
    #expect(events == ["down", "cancel"])
    #expect(scroll.contentOffset.y == 50)
  }

  @Test func withoutCancellingContentTouchesADragOnATrackingControlDoesNotScroll() throws {
    let button = Button(frame: Rect(x: 20, y: 100, width: 120, height: 44))
    scroll.addSubview(button)
    scroll.canCancelContentTouches = false
    var events: [String] = []
    button.addAction(for: .touchCancel) { _ in events.append("cancel") }
    try send(.began, 50, 120, t: 0)
    try send(.moved, 50, 60, t: 16)
    try send(.ended, 50, 60, t: 32)
    #expect(events.isEmpty)
    #expect(scroll.contentOffset == .zero)
  }

  @Test func aTableScrollsByTouchesAsAnyScrollView() throws {
    let table = TableView(frame: Rect(x: 0, y: 400, width: 390, height: 400))
    let source = NumberedRows(count: 100)
    table.dataSource = source
    table.delegate = delegate
    window.addSubview(table)
    table.layoutIfNeeded()
    try send(.began, 100, 700, t: 0)
    try send(.moved, 100, 690, t: 16)
    try send(.moved, 100, 600, t: 100)
    try send(.moved, 100, 600, t: 400)
    try send(.ended, 100, 600, t: 400)
    #expect(table.contentOffset.y == 90)
    #expect(
      delegate.calls.filter { !$0.hasPrefix("didScroll") } == [
        "willBeginDragging", "willEndDragging", "didEndDragging false",
      ])
    #expect(delegate.calls.contains("didScroll 0,90"))
  }
}

/// A data source of `count` rows titled by their number.
@MainActor
final class NumberedRows: TableViewDataSource {
  let count: Int
  init(count: Int) { self.count = count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = TableViewCell(style: .default, reuseIdentifier: "row")
    cell.textLabel?.text = "Row \(indexPath.row)"
    return cell
  }
}

/// A data source of `count` plain items.
@MainActor
final class PlainItems: CollectionViewDataSource {
  let count: Int
  init(count: Int) { self.count = count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  { count }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
  }
}

@MainActor
@Suite struct CollectionViewDraggingTests {
  @Test func aCollectionFlungByTouchesDeceleratesAsAnyScrollView() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.makeKeyAndVisible()
    let layout = CollectionViewFlowLayout()
    layout.itemSize = Size(width: 100, height: 100)
    let grid = CollectionView(
      frame: Rect(x: 0, y: 0, width: 390, height: 400), collectionViewLayout: layout)
    grid.register(CollectionViewCell.self, forCellWithReuseIdentifier: "item")
    let items = PlainItems(count: 300)
    grid.dataSource = items
    let delegate = RecordingScrollDelegate()
    grid.delegate = delegate
    window.addSubview(grid)
    grid.layoutIfNeeded()
    for (phase, y, t) in [
      (Touch.Phase.began, 300.0, 0.0), (.moved, 290, 16), (.moved, 250, 32), (.moved, 200, 48),
      (.ended, 200, 48),
    ] {
      try window.touch(phase, id: 1, at: Point(x: 100, y: y), timestamp: t / 1000)
    }
    let target = 90 + 100 / 0.048 / 1000 * 0.998 / 0.002
    #expect(abs(grid.contentOffset.y - target) < 1e-9)
    #expect(grid.isDecelerating)
    #expect(
      delegate.calls.filter { !$0.hasPrefix("didScroll") } == [
        "willBeginDragging", "willEndDragging", "didEndDragging true", "willBeginDecelerating",
      ])
    #expect(ViewAnimations.take(for: grid)?.deceleration?.rate == 0.998)
    grid.contentOffset = grid.contentOffset
  }
}
