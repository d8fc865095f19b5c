/// The bar at the bottom of a ``TabBarController``: one item per tab, as `UITabBar`.
@MainActor
public final class TabBar: View {
  /// The bar's height above the safe area, as UIKit's.
  public static let standardHeight: Double = 49

  /// The item controls, one per tab, left to right; tapping one selects its tab. Each is
  /// a `button` node with the tab item's image, badge and title (docs/protocol.md, "Bars").
  public private(set) var itemButtons: [Button] = []
  /// The items shown, one per tab.
  public private(set) var items: [TabBarItem] = []
  /// The items' titles.
  public private(set) var itemTitles: [String] = [] { didSet { setNeedsDisplay() } }

  /// A bar.
  public init() {
    super.init(frame: .zero)
    backgroundColor = .systemBackground
  }

  func setItems(_ newItems: [TabBarItem], select: @escaping @MainActor (Int) -> Void) {
    for button in itemButtons { button.removeFromSuperview() }
    for item in items { item.onChange[ObjectIdentifier(self)] = nil }
    items = newItems
    itemTitles = newItems.map { $0.title ?? "" }
    itemButtons = newItems.indices.map { index in
      let button = BarItemButton(item: newItems[index], placement: .tab) { _ in
        select(index)
        return true
      }
      if newItems[index].accessibilityIdentifier == nil {
        button.accessibilityIdentifier = "tab.\(index)"
      }
      newItems[index].onChange[ObjectIdentifier(self)] = { [weak self, weak button] in
        button?.refresh()
        self?.itemTitles = self?.items.map { $0.title ?? "" } ?? []
      }
      return button
    }
    for button in itemButtons { addSubview(button) }
  }

  func setSelected(_ index: Int) {
    for (position, button) in itemButtons.enumerated() { button.isSelected = position == index }
  }

  func layOutItems(size: Size) {
    guard !itemButtons.isEmpty else { return }
    let width = size.width / Double(itemButtons.count)
    for (position, button) in itemButtons.enumerated() {
      button.frame = Rect(
        x: Double(position) * width, y: 0, width: width, height: TabBar.standardHeight)
    }
    // Right to left the first item is rightmost, as UIKit's tab bar.
    mirrorPlacedSubviews(itemButtons, width: size.width)
  }

  // MARK: Accessibility defaults (UIKit's for this type)

  /// `tabBar`, as UIKit's.
  public override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStorage?.traits ?? .tabBar }
    set { super.accessibilityTraits = newValue }
  }
}
