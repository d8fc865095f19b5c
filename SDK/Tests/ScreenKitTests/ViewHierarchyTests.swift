import Testing

@testable import ScreenKit

@MainActor
@Test func addSubviewMovesViewBetweenParents() {
  let a = View()
  let b = View()
  let child = View()
  a.addSubview(child)
  b.addSubview(child)
  #expect(a.subviews.isEmpty)
  #expect(b.subviews.count == 1)
  #expect(child.superview === b)
}
