/// The bar at the top of a ``NavigationController``, as `UINavigationBar`: the top item's
/// title (or title view), its bar button items, a back item for the item below it, the
/// prompt, and the large title.
///
/// Metrics (UIKit on iPhone, iOS 13 and later): the bar is 44 points below the safe area;
/// a prompt adds a 30-point row above it (UIKit's 74-point bar with a prompt); a large
/// title adds a 52-point row below it (UIKit's 96-point bar) with the title in the bold
/// 34-point system font (UIKit's `largeTitle` text style) at the 16-point margin; a search
/// controller's bar adds the search bar's height (52 by default). Items sit 16 points from
/// the edges (the bar's layout margin on 375- to 393-point-wide iPhones) and 8 points apart.
@MainActor
public final class NavigationBar: View {
  /// The bar's height below the safe area, as UIKit's compact bar.
  public static let standardHeight: Double = 44
  /// The height a prompt adds above the bar's row.
  public static let promptHeight: Double = 30
  /// The height the large title's row adds below the bar's row.
  public static let largeTitleHeight: Double = 52
  /// The height a search bar adds when the search bar view has no height of its own.
  public static let searchBarHeight: Double = 52
  /// The distance of the items from the bar's edges.
  public static let margin: Double = 16
  /// The space between neighbouring items.
  public static let itemSpacing: Double = 8

  /// The title shown in the middle (the top item's).
  public private(set) var title: String? { didSet { setNeedsDisplay() } }
  /// The back item's title, `nil` when there is nothing to go back to or it is hidden.
  public private(set) var backTitle: String?
  /// Whether the top item's title shows large below the bar's row.
  public private(set) var showsLargeTitle = false
  /// Whether titles show large (as the items' `largeTitleDisplayMode` allows), as UIKit's
  /// `prefersLargeTitles`; the default is `false`.
  public var prefersLargeTitles = false {
    didSet {
      guard prefersLargeTitles != oldValue else { return }
      onNeedsUpdate?()
    }
  }

  /// The back item: tapping it sends ``ResponderAction/goBack`` up the responder chain.
  public let backButton = Button(type: .system)
  /// The label showing the title.
  public let titleLabel = Label()
  /// The label showing the prompt, hidden without one.
  public let promptLabel = Label()
  /// The label showing the large title, hidden unless the title shows large.
  public let largeTitleLabel = Label()
  /// The buttons of the top item's left items, leading first.
  public private(set) var leftItemButtons: [BarItemButton] = []
  /// The buttons of the top item's right items, rightmost first.
  public private(set) var rightItemButtons: [BarItemButton] = []

  private var leftItems: [BarButtonItem] = []
  private var rightItems: [BarButtonItem] = []
  private var titleView: View?
  /// The title view's size when it was set: the bar sizes it to that, within the title area.
  private var titleViewSize: Size = .zero
  private var searchView: View?
  private var prompt: String?
  /// Tells the navigation controller to show its items again (a preference changed).
  var onNeedsUpdate: (() -> Void)?

  /// A bar.
  public init() {
    super.init(frame: .zero)
    backgroundColor = .systemBackground
    backButton.accessibilityIdentifier = "navigation.back"
    backButton.isHidden = true
    backButton.addTarget(nil, action: .goBack, for: .touchUpInside)
    titleLabel.accessibilityIdentifier = "navigation.title"
    titleLabel.accessibilityTraits = [.staticText, .header]  // UIKit's title is a heading
    titleLabel.textAlignment = .center
    // UIKit's inline title: 17-point semibold (the `headline` text style).
    titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
    promptLabel.accessibilityIdentifier = "navigation.prompt"
    promptLabel.textAlignment = .center
    promptLabel.font = .systemFont(ofSize: 13)
    promptLabel.textColor = .secondaryLabel
    promptLabel.isHidden = true
    largeTitleLabel.accessibilityIdentifier = "navigation.largeTitle"
    largeTitleLabel.font = .systemFont(ofSize: 34, weight: .bold)
    largeTitleLabel.isHidden = true
    addSubview(titleLabel)
    addSubview(backButton)
    addSubview(promptLabel)
    addSubview(largeTitleLabel)
  }

  /// The bar's height below the safe area for what it shows now.
  public var contentHeight: Double {
    var height = NavigationBar.standardHeight
    if prompt != nil { height += NavigationBar.promptHeight }
    if showsLargeTitle { height += NavigationBar.largeTitleHeight }
    if let searchView { height += searchHeight(searchView) }
    return height
  }

  private func searchHeight(_ view: View) -> Double {
    view.frame.height > 0 ? view.frame.height : NavigationBar.searchBarHeight
  }

  /// Shows `top` (with the display modes of the items below it, bottom first), with a back
  /// item for the item below it.
  func show(top: NavigationItem?, below: [NavigationItem]) {
    let previous = below.last
    title = top?.title
    if let previous, !(top?.hidesBackButton ?? false),
      top?.leftBarButtonItems?.isEmpty ?? true || top?.leftItemsSupplementBackButton == true
    {
      backTitle =
        previous.backBarButtonItem?.title ?? previous.backButtonTitle ?? previous.title ?? "Back"
    } else {
      backTitle = nil
    }
    backButton.isHidden = backTitle == nil
    backButton.setTitle(backTitle.map { "‹ \($0)" }, for: .normal)
    titleLabel.text = title
    prompt = top?.prompt
    promptLabel.text = prompt
    promptLabel.isHidden = prompt == nil
    showsLargeTitle = prefersLargeTitles && Self.largeTitleMode(of: top, below: below) == .always
    largeTitleLabel.text = showsLargeTitle ? title : nil
    largeTitleLabel.isHidden = !showsLargeTitle
    if titleView !== top?.titleView, let view = top?.titleView {
      titleViewSize = view.frame.size == .zero ? view.intrinsicContentSize : view.frame.size
    }
    replace(&titleView, with: top?.titleView)
    replace(&searchView, with: top?.searchControllerView)
    // UIKit hides the inline title while the large title shows (until scrolled).
    titleLabel.isHidden = showsLargeTitle || titleView != nil
    setItems(
      left: top?.leftBarButtonItems ?? [], right: top?.rightBarButtonItems ?? [])
  }

  /// `automatic` takes the mode of the item below; the root's automatic is `always`.
  private static func largeTitleMode(of item: NavigationItem?, below: [NavigationItem])
    -> NavigationItem.LargeTitleDisplayMode
  {
    guard let item else { return .never }
    if item.largeTitleDisplayMode != .automatic { return item.largeTitleDisplayMode }
    var rest = below
    guard let previous = rest.popLast() else { return .always }
    return largeTitleMode(of: previous, below: rest)
  }

  private func replace(_ slot: inout View?, with view: View?) {
    guard slot !== view else { return }
    if let slot, slot.superview === self { slot.removeFromSuperview() }
    slot = view
    if let view { addSubview(view) }
  }

  private func setItems(left: [BarButtonItem], right: [BarButtonItem]) {
    leftItems = left
    rightItems = right
    leftItemButtons = buttons(for: left, side: "left", reusing: leftItemButtons)
    rightItemButtons = buttons(for: right, side: "right", reusing: rightItemButtons)
  }

  /// Buttons for `items` (spaces and custom views get none), reusing those that show the
  /// same item so that their nodes keep their ids.
  private func buttons(for items: [BarButtonItem], side: String, reusing old: [BarItemButton])
    -> [BarItemButton]
  {
    var kept: [BarItemButton] = []
    for (index, item) in items.enumerated() where !item.isSpace {
      if let view = item.customView {
        if view.superview !== self { addSubview(view) }
        continue
      }
      let button =
        old.first { $0.item === item }
        ?? BarItemButton(item: item, placement: .navigation) { button in
          guard let item = button.item as? BarButtonItem else { return false }
          return item.performTap(from: button)
        }
      if item.accessibilityIdentifier == nil {
        button.accessibilityIdentifier = "navigation.\(side).\(index)"
      }
      button.refresh()
      item.onChange[ObjectIdentifier(self)] = { [weak self, weak button] in
        button?.refresh()
        self?.setNeedsLayout()
        self?.onNeedsUpdate?()
      }
      if button.superview !== self { addSubview(button) }
      kept.append(button)
    }
    for button in old where !kept.contains(where: { $0 === button }) {
      button.removeFromSuperview()
    }
    let customViews = Set(
      (leftItems + rightItems).compactMap { $0.customView }.map(ObjectIdentifier.init))
    for view in subviews
    where !(view is BarItemButton) && view !== titleLabel && view !== backButton
      && view !== promptLabel && view !== largeTitleLabel && view !== titleView
      && view !== searchView
      && !customViews.contains(ObjectIdentifier(view))
    {
      view.removeFromSuperview()
    }
    return kept
  }

  /// The width an item takes on a bar: a fixed space's width; a custom view's frame
  /// width; a title's width in its font; an image 28 points (UIKit's symbol images at the
  /// bar's point size plus their padding); at least the item's `width`.
  static func width(of item: BarButtonItem, button: Button?) -> Double {
    if item.systemItem == .fixedSpace { return item.width }
    if item.systemItem == .flexibleSpace { return 0 }
    if let view = item.customView { return max(item.width, view.frame.width) }
    var width = 28.0
    if let title = button?.currentTitle, !title.isEmpty {
      width = TextLayout(text: title, font: button!.titleLabel.font, numberOfLines: 1).size.width
    }
    return max(item.width, width)
  }

  /// Places the bar's items for a bar of `size` whose content starts `topInset` down.
  func layOutItems(size: Size, topInset: Double) {
    let height = NavigationBar.standardHeight
    var rowTop = topInset
    if prompt != nil {
      promptLabel.frame = Rect(
        x: NavigationBar.margin, y: topInset,
        width: max(0, size.width - 2 * NavigationBar.margin), height: NavigationBar.promptHeight)
      rowTop += NavigationBar.promptHeight
    }
    backButton.frame = Rect(x: 8, y: rowTop, width: min(120, size.width / 3), height: height)
    var leftEnd = backTitle == nil ? NavigationBar.margin : backButton.frame.maxX + 8
    for item in leftItems {
      let button = leftItemButtons.first { $0.item === item }
      let width = Self.width(of: item, button: button)
      place(item, button: button, x: leftEnd, width: width, rowTop: rowTop)
      if !item.isSpace || item.systemItem == .fixedSpace {
        leftEnd += width + NavigationBar.itemSpacing
      }
    }
    var rightStart = size.width - NavigationBar.margin
    for item in rightItems {
      let button = rightItemButtons.first { $0.item === item }
      let width = Self.width(of: item, button: button)
      place(item, button: button, x: rightStart - width, width: width, rowTop: rowTop)
      if !item.isSpace || item.systemItem == .fixedSpace {
        rightStart -= width + NavigationBar.itemSpacing
      }
    }
    let titleInset = max(
      min(128, size.width / 3), leftItems.isEmpty ? 0 : leftEnd,
      rightItems.isEmpty ? 0 : size.width - rightStart)
    titleLabel.frame = Rect(
      x: titleInset, y: rowTop, width: max(0, size.width - 2 * titleInset), height: height)
    if let titleView {
      let wanted = titleViewSize
      let area = max(
        0, size.width - 2 * max(NavigationBar.margin, min(leftEnd, size.width - rightStart)))
      let width = wanted.width > 0 ? min(wanted.width, area) : titleLabel.frame.width
      let viewHeight = wanted.height > 0 ? min(wanted.height, height) : height
      titleView.frame = Rect(
        x: (size.width - width) / 2, y: rowTop + (height - viewHeight) / 2, width: width,
        height: viewHeight)
    }
    var below = rowTop + height
    if showsLargeTitle {
      // The 34-point bold line (41 points) 3 points into the 52-point row, 8 above its end.
      largeTitleLabel.frame = Rect(
        x: NavigationBar.margin, y: below + 3,
        width: max(0, size.width - 2 * NavigationBar.margin), height: 41)
      below += NavigationBar.largeTitleHeight
    }
    if let searchView {
      searchView.frame = Rect(x: 0, y: below, width: size.width, height: searchHeight(searchView))
    }
    // Right to left the bar is mirrored: the back button and left items on the right.
    var placed: [View?] = [
      prompt != nil ? promptLabel : nil, backButton, titleLabel, titleView,
      showsLargeTitle ? largeTitleLabel : nil, searchView,
    ]
    for item in leftItems + rightItems {
      placed.append(item.customView)
    }
    placed += leftItemButtons.map { $0 as View } + rightItemButtons.map { $0 as View }
    mirrorPlacedSubviews(placed)
  }

  private func place(
    _ item: BarButtonItem, button: Button?, x: Double, width: Double, rowTop: Double
  ) {
    let height = NavigationBar.standardHeight
    if let view = item.customView {
      let viewHeight = view.frame.height > 0 ? min(view.frame.height, height) : height
      view.frame = Rect(
        x: x, y: rowTop + (height - viewHeight) / 2, width: width, height: viewHeight)
    } else {
      button?.frame = Rect(x: x, y: rowTop, width: width, height: height)
    }
  }
}
