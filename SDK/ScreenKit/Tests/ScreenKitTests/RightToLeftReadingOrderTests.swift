import Foundation
import Testing

@testable import ScreenKit

/// Reading order and Tab order in a right-to-left layout: lines still top to bottom, each
/// line from its right edge (the leading one), one rule for both; a group forced left to
/// right (a media player's controls) reads left to right. The elements of a container that
/// does not group them are sorted with their container's siblings, in its direction.
@MainActor
@Suite struct RightToLeftReadingOrderTests {
  func window(locale: String) -> Window {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.locale = Locale(identifier: locale)
    window.makeKeyAndVisible()
    return window
  }

  func button(_ title: String, _ frame: Rect, in parent: View) -> Button {
    let button = Button(type: .system)
    button.setTitle(title, for: .normal)
    button.frame = frame
    parent.addSubview(button)
    return button
  }

  /// Two lines of three; the second line's items overlap in their left edges' order
  /// differently from their right edges' (a wide item on the left).
  func populate(_ root: View) {
    _ = button("C", Rect(x: 10, y: 10, width: 60, height: 30), in: root)
    _ = button("A", Rect(x: 300, y: 12, width: 60, height: 30), in: root)
    _ = button("B", Rect(x: 150, y: 10, width: 60, height: 30), in: root)
    _ = button("F", Rect(x: 10, y: 100, width: 200, height: 30), in: root)
    _ = button("D", Rect(x: 300, y: 100, width: 60, height: 30), in: root)
    _ = button("E", Rect(x: 220, y: 100, width: 70, height: 30), in: root)
  }

  @Test func voiceOverReadsEachLineFromTheRight() {
    let arabic = window(locale: "ar")
    populate(arabic)
    #expect(arabic.accessibilityReadingOrder.map(\.label) == ["A", "B", "C", "D", "E", "F"])
    let english = window(locale: "en")
    populate(english)
    #expect(english.accessibilityReadingOrder.map(\.label) == ["C", "B", "A", "F", "E", "D"])
  }

  @Test func tabFollowsTheSameOrder() {
    let arabic = window(locale: "ar")
    populate(arabic)
    arabic.layoutIfNeeded()
    let titles = arabic.focusSystem.tabOrder().compactMap { ($0 as? Button)?.currentTitle }
    #expect(titles == ["A", "B", "C", "D", "E", "F"])
  }

  @Test func contentForcedLeftToRightReadsLeftToRight() {
    let arabic = window(locale: "ar")
    let player = View(frame: Rect(x: 0, y: 0, width: 390, height: 200))
    player.semanticContentAttribute = .forceLeftToRight
    player.shouldGroupAccessibilityChildren = true
    arabic.addSubview(player)
    populate(player)
    #expect(arabic.accessibilityReadingOrder.map(\.label) == ["C", "B", "A", "F", "E", "D"])
  }
}
