/// What every list (`LayoutAlgorithm.list`: `TableView`, `CollectionView`) does when it
/// arranges its own subviews: the re-entrance guard, the scope in which the changes it makes
/// to its cells stay its own, and the extent of content whose elements exist as views.
///
/// A class, so that the arrangement can read `isArranging` while it runs (a scroll it makes
/// calls back into the list).
@MainActor
final class ListArrangement {
  /// Set while the list arranges its subviews: the changes it makes to them are its own.
  private(set) var isArranging = false

  /// Runs `body`, the arrangement of `list`'s subviews, unless an arrangement is under way.
  ///
  /// The changes `body` makes are the list's own arrangement: they must not mark the layout
  /// of what is around the list (which is done) as needed again. Marked itself, the list
  /// stops the dirty propagation of its subviews at itself; the flags are cleared at the end.
  func run(in list: ScrollView, _ body: () -> Void) {
    guard !isArranging else { return }
    isArranging = true
    let state = list.layoutState
    state.needsLayout = true
    defer {
      state.needsLayout = false
      state.selfDirty = false
      state.dirtyChildren.removeAll()
      isArranging = false
    }
    // The safe area may have changed since the content size was set: an offset nobody set
    // follows the top of the adjusted inset (content starts below the bars).
    list.clampOffset()
    body()
  }

  /// The extent along one axis within which elements exist as views: the visible
  /// `offset ..< offset + length` widened by `margin` each way, or by half of `length` when
  /// `margin` is negative (automatic), or by the window's `overscan` when its client asks for
  /// more, so that a client scrolling natively has the next elements before they show.
  static func preparedExtent(offset: Double, length: Double, margin: Double, overscan: Double)
    -> (min: Double, max: Double)
  {
    let widening = max(margin < 0 ? length / 2 : margin, overscan)
    return (offset - widening, offset + length + widening)
  }

  /// Gives back the views of `shown` whose keys are not `wanted` (through `release`, which
  /// enqueues them for reuse), keeping the others.
  static func releaseViews<Key: Hashable, Element: View>(
    of shown: inout [Key: Element], notIn wanted: Set<Key>, release: (Key, Element) -> Void
  ) {
    for (key, view) in shown where !wanted.contains(key) {
      release(key, view)
      shown[key] = nil
    }
  }
}

extension ReusePool {
  /// Removes from `list` the queued views no arrangement took again: they stay queued for
  /// later elements, and until then are no nodes on the wire.
  func removeUnclaimedViews(from list: View) {
    for view in queued where view.superview === list { view.removeFromSuperview() }
  }
}
