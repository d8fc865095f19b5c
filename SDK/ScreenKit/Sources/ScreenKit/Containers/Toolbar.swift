/// A bar of items at the bottom of the screen, as `UIToolbar`; a ``NavigationController``
/// shows one with its top controller's `toolbarItems` when `isToolbarHidden` is `false`.
///
/// Metrics (UIKit on iPhone): 44 points high above the bottom safe area (the home
/// indicator), over which the bar's background extends; items 16 points from the edges
/// and 8 points apart; flexible spaces share the width left equally, fixed spaces take
/// their `width`. The bar is a `toolbar` node whose items are `button` children (custom
/// views are their own nodes), keyed `toolbar.N` by their index unless the item has an
/// accessibility identifier (docs/protocol.md, "Bars").
@MainActor
public final class Toolbar: View {
  /// The bar's height above the bottom safe area, as UIKit's.
  public static let standardHeight: Double = 44

  /// The items, leading first.
  public private(set) var items: [BarButtonItem] = []
  /// The buttons drawn for the items that are neither spaces nor custom views.
  public private(set) var itemButtons: [BarItemButton] = []

  /// A toolbar.
  public init() {
    super.init(frame: .zero)
    backgroundColor = .systemBackground
  }

  /// A toolbar used on its own (not a navigation controller's) is 44 points high, as
  /// UIKit's, and as wide as its constraints make it.
  public override var intrinsicContentSize: Size {
    Size(width: View.noIntrinsicMetric, height: Toolbar.standardHeight)
  }

  /// Places the items in the bar's current frame (a toolbar used on its own).
  public override func layoutSubviews() {
    super.layoutSubviews()
    layOutItems(size: frame.size)
  }

  /// Shows `items`; ScreenKit is headless, so `animated` changes nothing.
  public func setItems(_ items: [BarButtonItem]?, animated: Bool) { setItems(items ?? []) }

  func setItems(_ newItems: [BarButtonItem]) {
    let old = itemButtons
    items = newItems
    var kept: [BarItemButton] = []
    for (index, item) in newItems.enumerated() where !item.isSpace {
      if let view = item.customView {
        if view.superview !== self { addSubview(view) }
        continue
      }
      let button =
        old.first { $0.item === item }
        ?? BarItemButton(item: item, placement: .toolbar) { button in
          guard let item = button.item as? BarButtonItem else { return false }
          return item.performTap(from: button)
        }
      if item.accessibilityIdentifier == nil { button.accessibilityIdentifier = "toolbar.\(index)" }
      button.refresh()
      item.onChange[ObjectIdentifier(self)] = { [weak self, weak button] in
        button?.refresh()
        if let self { self.layOutItems(size: self.frame.size) }
      }
      if button.superview !== self { addSubview(button) }
      kept.append(button)
    }
    let customViews = Set(newItems.compactMap(\.customView).map(ObjectIdentifier.init))
    for view in subviews
    where !kept.contains(where: { $0 === view }) && !customViews.contains(ObjectIdentifier(view)) {
      view.removeFromSuperview()
    }
    itemButtons = kept
    layOutItems(size: frame.size)
  }

  /// Places the items in a bar of `size` (the 44-point row at its top).
  func layOutItems(size: Size) {
    let margin = NavigationBar.margin
    let spacing = NavigationBar.itemSpacing
    let widths = items.map { item in
      NavigationBar.width(of: item, button: itemButtons.first { $0.item === item })
    }
    let flexibleCount = items.filter { $0.systemItem == .flexibleSpace }.count
    // Spacing between neighbours that are drawn or fixed; a flexible space absorbs it.
    var used = widths.reduce(0, +)
    var gaps = 0
    for index in items.indices.dropLast()
    where items[index].systemItem != .flexibleSpace && items[index + 1].systemItem != .flexibleSpace
    {
      gaps += 1
    }
    used += Double(gaps) * spacing
    let free = max(0, size.width - 2 * margin - used)
    let flexibleWidth = flexibleCount > 0 ? free / Double(flexibleCount) : 0
    var x = margin
    for (index, item) in items.enumerated() {
      let width = item.systemItem == .flexibleSpace ? flexibleWidth : widths[index]
      let height = Toolbar.standardHeight
      if let view = item.customView {
        let viewHeight = view.frame.height > 0 ? min(view.frame.height, height) : height
        view.frame = Rect(x: x, y: (height - viewHeight) / 2, width: width, height: viewHeight)
      } else if let button = itemButtons.first(where: { $0.item === item }) {
        button.frame = Rect(x: x, y: 0, width: width, height: height)
      }
      x += width
      if index + 1 < items.count, item.systemItem != .flexibleSpace,
        items[index + 1].systemItem != .flexibleSpace
      {
        x += spacing
      }
    }
    // Right to left the first item is rightmost.
    mirrorPlacedSubviews(
      items.map { $0.customView } + itemButtons.map { $0 as View }, width: size.width)
  }
}
