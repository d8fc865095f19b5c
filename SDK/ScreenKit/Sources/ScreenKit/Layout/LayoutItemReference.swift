/// What anchors, constraints, guides and layout bookkeeping hold of a layout item instead of
/// a `weak` reference to it.
///
/// A view or guide makes its one reference when first asked (`View.layoutItemReference`,
/// `LayoutGuide.reference`) and empties it as it dies, so that holders read nil afterwards,
/// as through `weak`. Unlike `weak`, this gives the item no side table: the runtime moves a
/// weakly referenced object's reference count to one, after which every retain and release
/// of it takes a slow path, and a layout pass retains each view it visits.
@MainActor
final class LayoutItemReference {
  /// The item when it is a view, nil once it died.
  nonisolated(unsafe) unowned(unsafe) var view: View?
  /// The item when it is a guide, nil once it died.
  nonisolated(unsafe) unowned(unsafe) var guide: LayoutGuide?
  /// An item of a type declared outside ScreenKit, which cannot empty the reference itself.
  weak var foreignItem: (any LayoutItem)?

  init(view: View) { self.view = view }
  init(guide: LayoutGuide) { self.guide = guide }
  private init(foreign item: any LayoutItem) { foreignItem = item }

  /// The reference of `item`.
  static func to(_ item: any LayoutItem) -> LayoutItemReference {
    if let view = item as? View { return view.layoutItemReference }
    if let guide = item as? LayoutGuide { return guide.reference }
    return LayoutItemReference(foreign: item)
  }

  /// The item, nil once it died.
  var item: (any LayoutItem)? {
    if let view { return view }
    if let guide { return guide }
    return foreignItem
  }

  /// Whether the item died (or the reference was made for none).
  var isEmpty: Bool { view == nil && guide == nil && foreignItem == nil }
}
