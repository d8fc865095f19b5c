/// The button a bar draws for one of its items (a ``BarButtonItem`` on a navigation bar or
/// toolbar, a ``TabBarItem`` on a tab bar): a `button` node whose props name the item's
/// system item, image, style and badge (docs/protocol.md, "Bars"). A tap on it does what a
/// tap on the item does.
@MainActor
public final class BarItemButton: Button {
  /// Where the button is, which decides how clients draw it.
  public enum Placement: String, Sendable, Hashable {
    /// On a navigation bar.
    case navigation
    /// On a toolbar.
    case toolbar
    /// On a tab bar: the image above a 10-point title.
    case tab
  }

  /// The item shown.
  public private(set) weak var item: BarItem?
  /// The bar the button is on.
  public let placement: Placement

  init(item: BarItem, placement: Placement, tap: @escaping @MainActor (BarItemButton) -> Bool) {
    self.item = item
    self.placement = placement
    super.init(type: .system)
    addAction(for: .touchUpInside) { [unowned self] _ in _ = tap(self) }
    refresh()
  }

  /// The system item the button shows, if any.
  public var systemItem: BarButtonItem.SystemItem? { (item as? BarButtonItem)?.systemItem }
  /// The image the button shows: the item's image (a tab's selected image when selected).
  public var displayedImageName: String? {
    if let tab = item as? TabBarItem, isSelected, let selected = tab.selectedImageName {
      return selected
    }
    if let bar = item as? BarButtonItem { return bar.displayedImageName }
    return item?.imageName
  }
  /// The item's style (`done` draws semibold).
  public var style: BarButtonItem.Style { (item as? BarButtonItem)?.style ?? .plain }
  /// Whether tapping the button shows a menu.
  public var showsMenu: Bool {
    guard let bar = item as? BarButtonItem else { return false }
    return bar.primaryAction == nil && bar.menu != nil
  }
  /// A tab item's badge text.
  public var badgeValue: String? { (item as? TabBarItem)?.badgeValue }
  /// A tab item's badge colour; `nil` is UIKit's default red.
  public var badgeColor: Color? { (item as? TabBarItem)?.badgeColor }

  /// Takes the item's title, enabled state, tint and font again.
  func refresh() {
    guard let item else { return }
    let title = (item as? BarButtonItem)?.displayedTitle ?? item.title
    setTitle(title, for: .normal)
    isEnabled = item.isEnabled
    if let identifier = item.accessibilityIdentifier { accessibilityIdentifier = identifier }
    if let bar = item as? BarButtonItem {
      // UIKit's bar items: 17-point titles, semibold for the done style.
      titleLabel.font = .systemFont(ofSize: 17, weight: bar.style == .done ? .semibold : .regular)
      setTitleColor(bar.tintColor, for: .normal)
    } else {
      // UIKit's tab bar titles: 10-point medium.
      titleLabel.font = .systemFont(ofSize: 10, weight: .medium)
    }
    setNeedsDisplay()
  }
}
