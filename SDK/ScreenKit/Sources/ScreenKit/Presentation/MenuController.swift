/// The controller that shows a ``Menu`` when its item is tapped: a card of the menu's
/// actions below the item, over a clear backdrop (``PresentationDimmingView``) whose tap
/// closes it. Choosing an entry (a tap on it) dismisses the menu and then runs the
/// action's handler, as UIKit's menus do.
///
/// Metrics (UIKit's context menus, iOS 14 and later): 250 points wide, 13-point corners,
/// 44-point rows in the 17-point font (a title row in the 13-point font in a secondary
/// grey), 8 points below the item and at least 8 from the window's edges; destructive
/// entries in red (the grey and the red of an alert's card, AlertController+CardText.swift,
/// which keep WCAG AA's 4.5:1 on it). On the
/// wire the card carries `presentation: "menu"`; its entries are `button` nodes keyed
/// `menu.N` (N counts the shown actions from 0), destructive ones with `style:
/// "destructive"`, checked ones with `selected`.
@MainActor
public final class MenuController: ViewController, PresentedCard {
  /// The menu shown.
  public let menu: Menu
  private weak var anchor: View?
  private let width: Double = 250
  private let rowHeight: Double = 44

  init(menu: Menu, anchor: View) {
    self.menu = menu
    self.anchor = anchor
    super.init()
    modalPresentationStyle = .overFullScreen
  }

  /// Presents `menu` below `anchor` from the top controller of its window; `false` when
  /// the anchor is not in a window or the menu shows no action.
  static func show(_ menu: Menu, from anchor: View) -> Bool {
    guard let window = anchor.window, let top = window.topLevelControllers.last,
      !menu.visibleActions.isEmpty
    else { return false }
    top.present(MenuController(menu: menu, anchor: anchor), animated: true)
    return top.presentedViewController is MenuController
  }

  /// The card with the menu's title and one button per shown action.
  public override func loadView() {
    let card = View()
    card.accessibilityIdentifier = "menu"
    card.backgroundColor = AlertController.cardColor
    card.layer.cornerRadius = 13
    var y = 0.0
    if !menu.title.isEmpty {
      let label = Label()
      label.text = menu.title
      label.font = .systemFont(ofSize: 13)
      label.textColor = AlertController.cardSecondaryTextColor
      label.accessibilityIdentifier = "menu.title"
      label.frame = Rect(x: 16, y: 0, width: width - 32, height: 32)
      card.addSubview(label)
      y = 32
    }
    for (index, action) in menu.visibleActions.enumerated() {
      if y > 0 {
        let separator = View()
        separator.backgroundColor = .separator
        separator.frame = Rect(x: 0, y: y, width: width, height: 1.0 / 3.0)
        card.addSubview(separator)
        y += 1.0 / 3.0
      }
      let button = MenuEntryButton(action: action)
      button.accessibilityIdentifier = "menu.\(index)"
      button.frame = Rect(x: 0, y: y, width: width, height: rowHeight)
      button.addAction(for: .touchUpInside) { [weak self, weak action] _ in
        guard let self, let action else { return }
        // As an alert's action: the entry's action runs as the menu leaves the tree.
        self.dismiss(animated: true)
        action.perform()
      }
      card.addSubview(button)
      y += rowHeight
    }
    card.frame.size = Size(width: width, height: y)
    view = card
  }

  func cardFrame(in window: Window, size: Size) -> Rect {
    let height = view.frame.height
    var origin = Point(x: 8, y: window.hostSafeAreaInsets.top + 8)
    if let anchor, anchor.window === window {
      var frame = anchor.frame
      var current = anchor.superview
      while let container = current, !(container is Window) {
        frame.origin.x += container.frame.minX
        frame.origin.y += container.frame.minY
        current = container.superview
      }
      // Trailing items open their menu towards the leading side, as UIKit's.
      origin.x = frame.midX > size.width / 2 ? frame.maxX - width : frame.minX
      origin.y = frame.maxY + 8
      if origin.y + height > size.height - 8 { origin.y = max(8, frame.minY - 8 - height) }
    }
    origin.x = min(max(8, origin.x), max(8, size.width - 8 - width))
    return Rect(x: origin.x, y: origin.y, width: min(width, size.width - 16), height: height)
  }
}

/// A menu's entry: a `button` node for one ``Action``: its title at the leading edge, its
/// image (in the title's colour) at the trailing edge, as UIKit's menus lay out an entry.
@MainActor
public final class MenuEntryButton: Button {
  /// The inset of the title and the image from the entry's edges; UIKit does not publish
  /// its menu metrics, and 16 points is its standard margin.
  static let inset = 16.0

  /// The action shown.
  public private(set) weak var action: Action?

  init(action: Action) {
    self.action = action
    super.init(type: .system)
    setTitle(action.title, for: .normal)
    setImage(action.image, for: .normal)
    titleLabel.font = .systemFont(ofSize: 17)
    let color: Color =
      action.attributes.contains(.destructive) ? AlertController.cardDestructiveColor : .label
    setTitleColor(color, for: .normal)
    tintColor = color
    isEnabled = !action.attributes.contains(.disabled)
    isSelected = action.state == .on
  }

  /// Whether the action is destructive.
  public var isDestructive: Bool { action?.attributes.contains(.destructive) ?? false }

  /// The image: at the trailing edge, centred vertically.
  public override func imageRect(forContentRect contentRect: Rect) -> Rect {
    let size = currentImage?.size ?? .zero
    return Rect(
      x: contentRect.maxX - Self.inset - size.width,
      y: contentRect.minY + (contentRect.height - size.height) / 2, width: size.width,
      height: size.height)
  }

  /// The title: from the leading edge to the image (or the trailing edge), one line.
  public override func titleRect(forContentRect contentRect: Rect) -> Rect {
    let image = currentImage?.size ?? .zero
    let end = contentRect.maxX - Self.inset - (image.width > 0 ? image.width + 8 : 0)
    let height = titleLabel.font.lineHeight
    return Rect(
      x: contentRect.minX + Self.inset, y: contentRect.minY + (contentRect.height - height) / 2,
      width: max(0, end - contentRect.minX - Self.inset), height: height)
  }
}
