import Testing

@testable import ScreenKit

/// A controller whose bar items call its methods by target-action, as ported UIKit code
/// does (`#selector(add(_:))` becomes `BarsTestController.add(_:)`).
@MainActor
private final class BarsTestController: ViewController {
  var calls: [String] = []
  var editingCalls: [Bool] = []
  func add(_ sender: BarButtonItem) { calls.append("add \(sender.systemItem?.rawValue ?? "")") }
  func refresh() { calls.append("refresh") }
  override func setEditing(_ editing: Bool, animated: Bool) {
    super.setEditing(editing, animated: animated)
    editingCalls.append(editing)
  }
}

@MainActor
private func showInNavigation(
  _ controller: ViewController, size: Size = Size(width: 390, height: 844),
  insets: EdgeInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
) -> (Window, NavigationController) {
  let window = Window(frame: Rect(origin: .zero, size: size))
  window.hostSafeAreaInsets = insets
  let navigation = NavigationController(rootViewController: controller)
  window.rootViewController = navigation
  window.makeKeyAndVisible()
  window.layoutIfNeeded()
  return (window, navigation)
}

@MainActor
@Suite(.serialized) struct BarsTests {
  @Test func systemItemsHaveUIKitsTitlesSymbolsAndStyles() {
    #expect(BarButtonItem(barButtonSystemItem: .done).title == "Done")
    #expect(BarButtonItem(barButtonSystemItem: .done).style == .done)
    #expect(BarButtonItem(barButtonSystemItem: .save).style == .done)
    #expect(BarButtonItem(barButtonSystemItem: .cancel).style == .plain)
    #expect(BarButtonItem(barButtonSystemItem: .add).image?.name == "plus")
    #expect(BarButtonItem(barButtonSystemItem: .add).title == nil)
    #expect(BarButtonItem(barButtonSystemItem: .trash).image?.name == "trash")
    // Every system item UIKit draws as a symbol has its image among the built-in symbols.
    for item in BarButtonItem.SystemItem.allCases {
      guard let name = item.symbolName else { continue }
      #expect(Image(systemName: name) != nil, "no symbol image \(name) for \(item)")
    }
    for item in TabBarItem.SystemItem.allCases {
      #expect(Image(systemName: item.symbolName) != nil, "no symbol \(item.symbolName)")
    }
    #expect(BarButtonItem.flexibleSpace().isSpace)
    #expect(BarButtonItem.fixedSpace(20).width == 20)
  }

  @Test func itemsSitAtTheBarsMarginsAndCallTheirTargets() throws {
    let controller = BarsTestController()
    controller.title = "Items"
    let add = BarButtonItem(
      barButtonSystemItem: .add, target: controller, action: BarsTestController.add(_:))
    let refresh = BarButtonItem(
      title: "Refresh", style: .plain, target: controller, action: BarsTestController.refresh)
    controller.navigationItem.rightBarButtonItems = [add, refresh]
    controller.navigationItem.leftBarButtonItem = BarButtonItem(
      barButtonSystemItem: .cancel)
    let (window, navigation) = showInNavigation(controller)
    let bar = navigation.navigationBar
    #expect(bar.frame == Rect(x: 0, y: 0, width: 390, height: 47 + 44))
    let addButton = try #require(bar.rightItemButtons.first)
    let refreshButton = try #require(bar.rightItemButtons.last)
    // The rightmost item is the first, 16 points from the edge, in the 44-point row.
    #expect(addButton.frame == Rect(x: 390 - 16 - 28, y: 47, width: 28, height: 44))
    #expect(refreshButton.frame.maxX == addButton.frame.minX - 8)
    #expect(addButton.accessibilityIdentifier == "navigation.right.0")
    let cancel = try #require(bar.leftItemButtons.first)
    #expect(cancel.frame.minX == 16)
    #expect(cancel.currentTitle == "Cancel")
    try window.tap(addButton)
    try window.tap(refreshButton)
    #expect(controller.calls == ["add add", "refresh"])
    add.isEnabled = false
    #expect(!addButton.isEnabled)
    #expect(throws: InputError.self) { try window.tap(addButton) }
  }

  @Test func aSearchControllerShowsItsSearchBarInTheNavigationBar() throws {
    let controller = BarsTestController()
    controller.title = "Search"
    let search = SearchController()
    controller.navigationItem.searchController = search
    let (window, navigation) = showInNavigation(controller)
    let bar = navigation.navigationBar
    #expect(search.searchBar.isDescendant(of: bar))
    // UIKit's search bar row under the title: 52 points more than the 44-point row.
    #expect(bar.frame.height == 47 + 44 + 52)
    #expect(search.searchBar.frame.minY >= 47 + 44 - 1)
    controller.navigationItem.searchController = nil
    window.layoutIfNeeded()
    #expect(!search.searchBar.isDescendant(of: bar))
    #expect(bar.frame.height == 47 + 44)
  }

  @Test func doneStyleIsSemibold() {
    let controller = ViewController()
    controller.navigationItem.rightBarButtonItem = BarButtonItem(title: "Send", style: .done)
    let (_, navigation) = showInNavigation(controller)
    let button = navigation.navigationBar.rightItemButtons[0]
    #expect(button.titleLabel.font == .systemFont(ofSize: 17, weight: .semibold))
  }

  @Test func editButtonItemTogglesEditing() throws {
    let controller = BarsTestController()
    let item = controller.editButtonItem
    #expect(controller.editButtonItem === item)
    #expect(item.title == "Edit" && item.style == .plain)
    controller.navigationItem.rightBarButtonItem = item
    let (window, navigation) = showInNavigation(controller)
    let button = navigation.navigationBar.rightItemButtons[0]
    try window.tap(button)
    #expect(controller.isEditing && controller.editingCalls == [true])
    #expect(item.title == "Done" && item.style == .done)
    #expect(button.currentTitle == "Done")
    try window.tap(button)
    #expect(!controller.isEditing && controller.editingCalls == [true, false])
    #expect(button.currentTitle == "Edit")
    controller.setEditing(true, animated: false)
    #expect(item.title == "Done")
  }

  @Test func leftItemsReplaceTheBackButtonUnlessTheySupplementIt() {
    let root = ViewController()
    root.title = "Root"
    let (_, navigation) = showInNavigation(root)
    let top = ViewController()
    top.navigationItem.leftBarButtonItem = BarButtonItem(title: "Close", style: .plain)
    navigation.pushViewController(top, animated: false)
    #expect(navigation.navigationBar.backButton.isHidden)
    top.navigationItem.leftItemsSupplementBackButton = true
    #expect(!navigation.navigationBar.backButton.isHidden)
    #expect(navigation.navigationBar.backTitle == "Root")
    root.navigationItem.backBarButtonItem = BarButtonItem(title: "Home", style: .plain)
    #expect(navigation.navigationBar.backTitle == "Home")
  }

  @Test func largeTitlesAndPromptGrowTheBarAndTheSafeArea() {
    let root = ViewController()
    root.title = "Mail"
    let (window, navigation) = showInNavigation(root)
    navigation.navigationBar.prefersLargeTitles = true
    window.layoutIfNeeded()
    let bar = navigation.navigationBar
    // UIKit's large-title bar: 44 + 52 = 96 points below the status bar.
    #expect(bar.frame.height == 47 + 96)
    #expect(bar.showsLargeTitle && bar.largeTitleLabel.text == "Mail")
    #expect(bar.largeTitleLabel.font == .systemFont(ofSize: 34, weight: .bold))
    #expect(bar.titleLabel.isHidden)
    #expect(root.viewSafeAreaInsets.top == 47 + 96)
    let pushed = ViewController()
    pushed.title = "Inbox"
    pushed.navigationItem.largeTitleDisplayMode = .never
    navigation.pushViewController(pushed, animated: false)
    #expect(!bar.showsLargeTitle && bar.contentHeight == 44)
    pushed.navigationItem.prompt = "Choose a mailbox"
    window.layoutIfNeeded()
    // UIKit's bar with a prompt: 74 points.
    #expect(bar.frame.height == 47 + 74)
    #expect(bar.promptLabel.frame.minY == 47 && !bar.promptLabel.isHidden)
    #expect(bar.titleLabel.frame.minY == 47 + 30)
    #expect(pushed.viewSafeAreaInsets.top == 47 + 74)
    // automatic follows the item below: a third controller under "never" is not large.
    let third = ViewController()
    navigation.pushViewController(third, animated: false)
    #expect(!bar.showsLargeTitle)
  }

  @Test func titleViewReplacesTheTitle() {
    let controller = ViewController()
    let custom = View(frame: Rect(x: 0, y: 0, width: 100, height: 30))
    controller.navigationItem.titleView = custom
    let (_, navigation) = showInNavigation(controller)
    #expect(custom.superview === navigation.navigationBar)
    #expect(custom.frame == Rect(x: 145, y: 47 + 7, width: 100, height: 30))
    #expect(navigation.navigationBar.titleLabel.isHidden)
  }

  @Test func toolbarSitsAboveTheHomeIndicatorAndSharesFlexibleSpace() throws {
    let controller = BarsTestController()
    let refresh = BarButtonItem(
      barButtonSystemItem: .refresh, target: controller, action: BarsTestController.refresh)
    controller.setToolbarItems(
      [
        BarButtonItem(barButtonSystemItem: .trash), .flexibleSpace(), refresh, .flexibleSpace(),
        BarButtonItem(title: "Edit", style: .plain),
      ], animated: false)
    let (window, navigation) = showInNavigation(controller)
    #expect(navigation.isToolbarHidden)
    #expect(controller.viewSafeAreaInsets.bottom == 34)
    navigation.setToolbarHidden(false, animated: false)
    window.layoutIfNeeded()
    let toolbar = navigation.toolbar
    // 44 points above the 34-point home indicator area, the background reaching the bottom.
    #expect(toolbar.frame == Rect(x: 0, y: 844 - 34 - 44, width: 390, height: 78))
    #expect(controller.viewSafeAreaInsets.bottom == 34 + 44)
    let buttons = toolbar.itemButtons
    #expect(buttons.count == 3)
    #expect(buttons[0].frame.minX == 16)
    #expect(buttons[2].frame.maxX == 390 - 16)
    // Two flexible spaces of equal width centre the middle item.
    let leftGap = buttons[1].frame.minX - buttons[0].frame.maxX
    let rightGap = buttons[2].frame.minX - buttons[1].frame.maxX
    #expect(abs(leftGap - rightGap) < 0.001)
    #expect(buttons.map(\.accessibilityIdentifier) == ["toolbar.0", "toolbar.2", "toolbar.4"])
    try window.tap(buttons[1])
    #expect(controller.calls == ["refresh"])
  }

  @Test func aToolbarOnItsOwnIs44PointsHighAndPlacesItsItems() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    let controller = ViewController()
    window.rootViewController = controller
    window.makeKeyAndVisible()
    let toolbar = Toolbar()
    toolbar.setItems(
      [.flexibleSpace(), BarButtonItem(barButtonSystemItem: .done)], animated: false)
    toolbar.translatesAutoresizingMaskIntoConstraints = false
    controller.view.addSubview(toolbar)
    LayoutConstraint.activate([
      toolbar.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor),
      toolbar.trailingAnchor.constraint(equalTo: controller.view.trailingAnchor),
      toolbar.bottomAnchor.constraint(equalTo: controller.view.bottomAnchor),
    ])
    window.layoutIfNeeded()
    #expect(toolbar.frame == Rect(x: 0, y: 480 - 44, width: 320, height: 44))
    let done = try #require(toolbar.itemButtons.first)
    #expect(abs(done.frame.maxX - (320 - 16)) < 1e-9 && done.currentTitle == "Done")
  }

  @Test func menuShowsOnTapAndRunsTheChosenActionAfterClosing() throws {
    let controller = ViewController()
    var log: [String] = []
    let menu = Menu(
      title: "Sort",
      children: [
        Action(title: "Name") { _ in
          log.append("name presented=\(controller.presentedViewController != nil)")
        },
        Action(title: "Delete", attributes: .destructive) { _ in log.append("delete") },
        Action(title: "Hidden", attributes: .hidden) { _ in log.append("hidden") },
      ])
    controller.navigationItem.rightBarButtonItem = BarButtonItem(title: "Sort", menu: menu)
    let (window, navigation) = showInNavigation(controller)
    try window.tap(navigation.navigationBar.rightItemButtons[0])
    let shown = try #require(navigation.presentedViewController as? MenuController)
    #expect(navigation.view.window === window)
    let entries = shown.view.subviews.compactMap { $0 as? MenuEntryButton }
    #expect(entries.map { $0.currentTitle } == ["Name", "Delete"])
    #expect(entries[1].isDestructive)
    #expect(shown.view.frame.maxX == 390 - 16)
    try window.tap(entries[0])
    #expect(log == ["name presented=false"])
    #expect(navigation.presentedViewController == nil)
    // A tap outside closes the menu without choosing.
    try window.tap(navigation.navigationBar.rightItemButtons[0])
    let dimming = try #require(
      window.subviews.compactMap { $0 as? PresentationDimmingView }.first)
    try window.tap(dimming)
    #expect(navigation.presentedViewController == nil && log.count == 1)
  }

  @Test func primaryActionRunsOnTap() throws {
    let controller = ViewController()
    var ran = 0
    controller.navigationItem.rightBarButtonItem = BarButtonItem(
      primaryAction: Action(title: "Go") { _ in ran += 1 })
    let (window, navigation) = showInNavigation(controller)
    let button = navigation.navigationBar.rightItemButtons[0]
    #expect(button.currentTitle == "Go")
    try window.tap(button)
    #expect(ran == 1)
  }

  @Test func tabBarItemsShowTitlesImagesAndBadges() throws {
    let first = ViewController()
    first.title = "Inbox"
    first.tabBarItem.image = Image(systemName: "folder")
    first.tabBarItem.selectedImage = Image(systemName: "star.fill")
    first.tabBarItem.badgeValue = "3"
    let second = ViewController()
    second.tabBarItem = TabBarItem(tabBarSystemItem: .favorites, tag: 7)
    let tabs = TabBarController()
    tabs.viewControllers = [first, second]
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = tabs
    window.makeKeyAndVisible()
    let buttons = tabs.tabBar.itemButtons.compactMap { $0 as? BarItemButton }
    #expect(buttons.count == 2)
    #expect(buttons[0].badgeValue == "3")
    // The selected tab shows its selected image; its image sits centred above its title.
    #expect(buttons[0].isSelected && buttons[0].currentImage?.name == "star.fill")
    #expect(buttons[1].currentImage?.name == "star.fill")
    let frames = buttons[1].contentFrames
    #expect(frames.image.midX == buttons[1].bounds.width / 2)
    #expect(frames.image.maxY <= frames.title.minY)
    #expect(frames.title.maxY == TabBar.standardHeight - 4)
    #expect(buttons[1].currentTitle == "Favorites" && second.tabBarItem.tag == 7)
    first.tabBarItem.badgeValue = nil
    #expect(buttons[0].badgeValue == nil)
    first.title = "Mail"
    #expect(buttons[0].currentTitle == "Mail")
    try window.tap(buttons[1])
    #expect(tabs.selectedIndex == 1)
    #expect(buttons[0].currentImage?.name == "folder")
  }

  /// On a navigation bar an item with an image shows the image alone (UIKit ignores the
  /// title of an image item there), centred in the item's 28-point width.
  @Test func imageItemsShowTheirImageCentredWithoutTheTitle() throws {
    let controller = BarsTestController()
    let item = BarButtonItem(image: Image(systemName: "gear"), style: .plain)
    item.title = "Settings"
    controller.navigationItem.rightBarButtonItem = item
    let (_, navigation) = showInNavigation(controller)
    let button = navigation.navigationBar.rightItemButtons[0]
    #expect(button.currentImage?.name == "gear" && button.currentTitle == nil)
    let image = button.contentFrames.image
    #expect(abs(image.midX - button.bounds.width / 2) < 1e-9)
    #expect(abs(image.midY - button.bounds.height / 2) < 1e-9)
    item.image = nil
    #expect(button.currentTitle == "Settings" && button.currentImage == nil)
  }
}
