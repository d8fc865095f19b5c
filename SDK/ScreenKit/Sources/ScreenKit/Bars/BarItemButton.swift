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
  /// The height of a tab's title row at the bottom of the button, above a 4-point gap: a
  /// 10-point title's line. UIKit does not publish its tab item metrics; the image is
  /// centred in the room above.
  static let tabTitleHeight = 14.0
  static let tabTitleBottomGap = 4.0
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

  /// Takes the item's title, image, enabled state, tint and font again. On a navigation bar
  /// or toolbar an item with an image shows the image alone; a tab shows its image above
  /// its title, its selected image while selected.
  func refresh() {
    guard let item else { return }
    let image = (item as? BarButtonItem)?.displayedImage ?? item.image
    let title = (item as? BarButtonItem)?.displayedTitle ?? item.title
    setImage(image, for: .normal)
    setImage((item as? TabBarItem)?.selectedImage, for: .selected)
    setTitle(placement != .tab && image != nil ? nil : title, for: .normal)
    isEnabled = item.isEnabled
    if let identifier = item.accessibilityIdentifier { accessibilityIdentifier = identifier }
    // UIKit reads an item shown as an image by its title.
    accessibilityLabel = item.accessibilityLabel ?? (image != nil ? title : nil)
    accessibilityHint = item.accessibilityHint
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

  /// A tab's image: centred above the title row; elsewhere the classic layout.
  public override func imageRect(forContentRect contentRect: Rect) -> Rect {
    guard placement == .tab else { return super.imageRect(forContentRect: contentRect) }
    let size = currentImage?.size ?? .zero
    let room = max(0, contentRect.height - Self.tabTitleHeight - Self.tabTitleBottomGap)
    return Rect(
      x: contentRect.minX + (contentRect.width - size.width) / 2,
      y: contentRect.minY + max(0, (room - size.height) / 2), width: size.width,
      height: size.height)
  }

  /// A tab's title: the bottom row, as wide as the button; elsewhere the classic layout.
  public override func titleRect(forContentRect contentRect: Rect) -> Rect {
    guard placement == .tab else { return super.titleRect(forContentRect: contentRect) }
    return Rect(
      x: contentRect.minX,
      y: contentRect.maxY - Self.tabTitleBottomGap - Self.tabTitleHeight,
      width: contentRect.width, height: Self.tabTitleHeight)
  }
}
