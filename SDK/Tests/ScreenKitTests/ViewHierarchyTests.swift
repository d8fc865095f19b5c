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

/// `superview` is not a weak reference (that would slow every retain of a superview): a
/// view that dies clears its subviews' pointers, so a subview that outlives it has none.
@MainActor
@Test func subviewOutlivingItsSuperviewHasNone() {
  let child = View()
  let sibling = Label()
  do {
    let parent = StackView()
    parent.addArrangedSubview(child)
    parent.addSubview(sibling)
    #expect(child.superview === parent)
  }
  #expect(child.superview == nil)
  #expect(sibling.superview == nil)
  #expect(child.window == nil)
  let other = View()
  other.addSubview(child)
  #expect(child.superview === other)
  #expect(other.subviews.count == 1)
}

/// Layout passes skip looking for controllers while no view belongs to one; the count
/// follows controllers' views as they are set, replaced and freed.
@MainActor
@Test func controllerRootViewsAreCounted() {
  let before = View.controllerRootViews.load(ordering: .relaxed)
  do {
    let controller = ViewController()
    controller.loadViewIfNeeded()
    #expect(View.controllerRootViews.load(ordering: .relaxed) == before + 1)
    controller.view = View()
    #expect(View.controllerRootViews.load(ordering: .relaxed) == before + 1)
  }
  #expect(View.controllerRootViews.load(ordering: .relaxed) == before)
}
