import Testing

@testable import ScreenKit

// UIKit's swipe actions follow the finger; released past half the actions' width (or flung
// open) they stay open, else they close; a full swipe runs the first action when the
// configuration's `performsFirstActionWithFullSwipe` (true by default) allows.

/// A table delegate with one trailing action that records its runs, and a leading one.
@MainActor
final class SwipeRecordingDelegate: TableViewDelegate {
  var performed: [String] = []
  var fullSwipe = true
  func tableView(
    _ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? {
    let action = ContextualAction(style: .destructive, title: "Delete") { _, _, done in
      self.performed.append("delete \(indexPath.row)")
      done(true)
    }
    let configuration = SwipeActionsConfiguration(actions: [action])
    configuration.performsFirstActionWithFullSwipe = fullSwipe
    return configuration
  }
  func tableView(
    _ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? {
    SwipeActionsConfiguration(actions: [
      ContextualAction(style: .normal, title: "Pin") { _, _, done in done(true) }
    ])
  }
}

@MainActor
@Suite struct TableSwipeDraggingTests {
  let window: Window
  let table: TableView
  let source = NumberedRows(count: 40)
  let delegate = SwipeRecordingDelegate()

  init() {
    window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.makeKeyAndVisible()
    table = TableView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    table.dataSource = source
    table.delegate = delegate
    window.addSubview(table)
    table.layoutIfNeeded()
  }

  func send(_ phase: Touch.Phase, _ x: Double, _ y: Double, t: Double) throws {
    try window.touch(phase, id: 1, at: Point(x: x, y: y), timestamp: t / 1000)
  }

  /// Drags row 1 (y 66) from x 300 by `dx` in steps, holds still and lifts: no fling.
  func drag(by dx: Double, from x: Double = 300, at t: Double = 0) throws {
    try send(.began, x, 66, t: t)
    for step in 1...4 { try send(.moved, x + dx * Double(step) / 4, 66, t: t + Double(step) * 16) }
    try send(.moved, x + dx, 66, t: t + 400)
    try send(.ended, x + dx, 66, t: t + 400)
  }

  var row: TableViewCell { table.cellForRow(at: IndexPath(row: 1, section: 0))! }

  @Test func theActionsFollowTheFingerAndCloseShortOfHalf() throws {
    try send(.began, 300, 66, t: 0)
    try send(.moved, 285, 66, t: 16)
    try send(.moved, 280, 66, t: 32)
    let actions = try #require(row.revealedActions)
    #expect(actions.edge == .trailing)
    #expect(actions.revealedWidth == 20)
    #expect(actions.buttons[0].frame == Rect(x: 370, y: 0, width: 20, height: row.frame.height))
    #expect(row.contentView.frame.minX == -20)
    #expect(table.contentOffset == .zero)
    try send(.moved, 280, 66, t: 400)
    try send(.ended, 280, 66, t: 400)
    #expect(row.revealedActions == nil)
  }

  @Test func pastHalfTheyStayOpenAndAFlingOpensThemToo() throws {
    let width = try {
      _ = table.swipe(row: IndexPath(row: 1, section: 0), revealing: .trailing)
      defer { table.hideSwipeActions(at: IndexPath(row: 1, section: 0)) }
      return try #require(row.revealedActions).width
    }()
    try drag(by: -(width / 2 + 5))
    #expect(row.revealedActions?.revealedWidth == width)
    #expect(row.revealedSwipeEdge == "trailing")
    // Dragged back right, short of half: closed.
    try drag(by: width / 2 + 5, from: 200, at: 1000)
    #expect(row.revealedActions == nil)
    // A quick flick: 20 points in 20 ms opens them.
    try send(.began, 300, 66, t: 2000)
    try send(.moved, 290, 66, t: 2010)
    try send(.moved, 280, 66, t: 2020)
    try send(.ended, 280, 66, t: 2020)
    #expect(row.revealedActions?.revealedWidth == width)
    #expect(delegate.performed.isEmpty)
  }

  @Test func aRightwardDragRevealsTheLeadingActions() throws {
    try drag(by: 80, from: 50)
    #expect(row.revealedSwipeEdge == "leading")
  }

  /// Right to left the row is mirrored: its trailing actions are on the left, revealed by a
  /// rightward drag, and its leading ones by a leftward drag.
  @Test func rightToLeftTheDirectionsSwap() throws {
    table.semanticContentAttribute = .forceRightToLeft
    for cell in table.visibleCells { cell.semanticContentAttribute = .forceRightToLeft }
    try drag(by: 80, from: 50)
    #expect(row.revealedSwipeEdge == "trailing")
    #expect(row.revealedActions?.revealedWidth ?? 0 > 0)
    try drag(by: -80, from: 50, at: 1000)  // closes them
    try drag(by: -80, from: 300, at: 2000)
    #expect(row.revealedSwipeEdge == "leading")
  }

  /// A drag that starts on a row's switch moves the switch, not the row (UIKit's controls
  /// keep horizontal pans of their ancestors from taking their drags).
  @Test func aDragOnARowsSwitchIsTheSwitchs() throws {
    let toggle = Switch()
    toggle.isOn = true
    row.accessoryView = toggle
    table.layoutIfNeeded()
    let frame = toggle.convert(toggle.bounds, to: nil)
    let y = frame.midY
    try send(.began, frame.maxX - 6, y, t: 0)
    try send(.moved, frame.maxX - 20, y, t: 16)
    try send(.moved, frame.minX + 6, y, t: 32)
    try send(.ended, frame.minX + 6, y, t: 48)
    #expect(row.revealedActions == nil)
    #expect(!toggle.isOn)
  }

  @Test func aFullSwipeRunsTheFirstActionUnlessTheConfigurationSaysNo() throws {
    delegate.fullSwipe = false
    try drag(by: -300, from: 350)
    #expect(delegate.performed.isEmpty)
    #expect(row.revealedActions?.revealedWidth == row.revealedActions?.width)
    table.hideSwipeActions(at: IndexPath(row: 1, section: 0))
    delegate.fullSwipe = true
    try drag(by: -300, from: 350, at: 1000)
    #expect(delegate.performed == ["delete 1"])
    #expect(row.revealedActions == nil)  // the completion closed them
  }

  @Test func aVerticalDragScrollsTheTableInstead() throws {
    try send(.began, 300, 300, t: 0)
    try send(.moved, 300, 290, t: 16)
    try send(.moved, 260, 200, t: 32)
    try send(.moved, 260, 200, t: 400)
    try send(.ended, 260, 200, t: 400)
    #expect(table.contentOffset.y == 90)
    #expect(table.visibleCells.allSatisfy { $0.revealedActions == nil })
  }
}
