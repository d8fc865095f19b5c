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

/// `isDescendant(of:)` and `hierarchyRoot` follow the superview pointers up, and stop where
/// a view was removed or its superview died.
@MainActor
@Test func descendantsAndRootFollowTheSuperviews() {
  let top = View()
  let middle = View()
  let leaf = Label()
  top.addSubview(middle)
  middle.addSubview(leaf)
  #expect(
    leaf.isDescendant(of: top) && leaf.isDescendant(of: middle) && leaf.isDescendant(of: leaf))
  #expect(!top.isDescendant(of: leaf) && !middle.isDescendant(of: leaf))
  #expect(leaf.hierarchyRoot === top && top.hierarchyRoot === top)
  middle.removeFromSuperview()
  #expect(!leaf.isDescendant(of: top) && leaf.isDescendant(of: middle))
  #expect(leaf.hierarchyRoot === middle)
  let stranger = View()
  #expect(!leaf.isDescendant(of: stranger))
  do {
    let parent = View()
    parent.addSubview(stranger)
    #expect(stranger.hierarchyRoot === parent)
  }
  #expect(stranger.hierarchyRoot === stranger)
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
