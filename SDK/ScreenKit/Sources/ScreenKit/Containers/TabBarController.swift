/// A container that shows one of several child controllers, chosen with a tab bar, as
/// `UITabBarController`.
///
/// Every tab's controller is a child (containment as UIKit: `addChild`, `didMove`); only
/// the selected one's view is in the view. Switching tabs runs the appearance callbacks in
/// the order of `transition(from:to:…)`: old `viewWillDisappear`, new `viewWillAppear`, new
/// `viewIsAppearing`, layout, old `viewDidDisappear`, new `viewDidAppear`. The tab bar takes
/// part in layout and adds its height to the children's bottom safe area.
@MainActor
open class TabBarController: ViewController {
  /// The bar below the selected child.
  public let tabBar = TabBar()
  private var selection = 0

  /// A tab bar controller with no tabs.
  public override init() {
    super.init()
  }

  /// The tabs' controllers, left to right. Setting them replaces the children and selects
  /// the first tab (or keeps the selected controller when it is still there).
  public var viewControllers: [ViewController] {
    get { children }
    set { setViewControllers(newValue) }
  }

  /// The selected tab's index; out-of-range values are ignored.
  public var selectedIndex: Int {
    get { selection }
    set { select(newValue) }
  }

  /// The selected tab's controller.
  public var selectedViewController: ViewController? {
    get { children.indices.contains(selection) ? children[selection] : nil }
    set {
      if let newValue, let index = children.firstIndex(where: { $0 === newValue }) {
        select(index)
      }
    }
  }

  /// A plain view holding the tab bar.
  open override func loadView() {
    let container = View()
    container.addSubview(tabBar)
    view = container
  }

  /// Puts the selected tab's view under the bar.
  open override func viewDidLoad() {
    super.viewDidLoad()
    if let selected = selectedViewController { view.insertSubview(selected.view, at: 0) }
  }

  /// Places the tab bar at the bottom (over the bottom safe area) and the selected view.
  open override func viewWillLayoutSubviews() {
    super.viewWillLayoutSubviews()
    guard let ownView = viewIfLoaded else { return }
    let size = ownView.frame.size
    let bottom = viewSafeAreaInsets.bottom
    let height = TabBar.standardHeight + bottom
    tabBar.frame = Rect(x: 0, y: size.height - height, width: size.width, height: height)
    tabBar.layOutItems(size: tabBar.frame.size)
    selectedViewController?.viewIfLoaded?.frame = Rect(origin: .zero, size: size)
  }

  /// Children get the tab bar's height added at the bottom.
  open override func safeAreaInsets(forChild child: ViewController) -> EdgeInsets {
    var insets = viewSafeAreaInsets
    insets.bottom += TabBar.standardHeight
    return insets
  }

  /// Saves the selection: the selected tab's index (`TabBarController.selectedIndex`) and
  /// its controller's restoration identifier, if any
  /// (`TabBarController.selectedViewController`).
  open override func encodeRestorableState(with coder: Coder) {
    super.encodeRestorableState(with: coder)
    coder.encode(selectedIndex, forKey: "TabBarController.selectedIndex")
    coder.encode(
      selectedViewController?.restorationIdentifier,
      forKey: "TabBarController.selectedViewController")
  }

  /// Restores the selection: the tab whose controller has the saved identifier, else the
  /// saved index. The tabs themselves are the ones the tree has (UIKit restores the tabs'
  /// controllers too; ScreenKit's tab bars are made whole by their component).
  open override func decodeRestorableState(with coder: Coder) {
    super.decodeRestorableState(with: coder)
    if let identifier = coder.decodeString(forKey: "TabBarController.selectedViewController"),
      let index = children.firstIndex(where: { $0.restorationIdentifier == identifier })
    {
      selectedIndex = index
    } else if let index = coder.decodeInteger(forKey: "TabBarController.selectedIndex") {
      selectedIndex = index
    }
  }

  private func setViewControllers(_ controllers: [ViewController]) {
    let oldSelected = selectedViewController
    var unique: [ViewController] = []
    for controller in controllers where !unique.contains(where: { $0 === controller }) {
      unique.append(controller)
    }
    let visible = appearanceState == .appeared
    let newSelection = unique.firstIndex { $0 === oldSelected } ?? 0
    let newSelected = unique.indices.contains(newSelection) ? unique[newSelection] : nil
    let removed = children.filter { old in !unique.contains { $0 === old } }
    let added = unique.filter { new in !children.contains { $0 === new } }
    for controller in removed { controller.willMove(toParent: nil) }
    for controller in added { addChild(controller) }
    if oldSelected !== newSelected, isViewLoaded {
      if visible {
        oldSelected?.beginAppearanceTransition(false, animated: false)
        newSelected?.beginAppearanceTransition(true, animated: false)
      }
      oldSelected?.viewIfLoaded?.removeFromSuperview()
      if let newSelected {
        newSelected.view.frame = Rect(origin: .zero, size: view.frame.size)
        view.insertSubview(newSelected.view, at: 0)
      }
      if visible {
        oldSelected?.endAppearanceTransition()
        newSelected?.endAppearanceTransition()
      }
    }
    for controller in removed {
      controller.viewIfLoaded?.removeFromSuperview()
      controller.removeFromParent()
    }
    lifecycle.children = unique
    selection = newSelection
    for controller in added { controller.didMove(toParent: self) }
    updateTabBar()
  }

  /// Shows the children's tab bar items on the bar.
  func updateTabBar() {
    tabBar.setItems(children.map { $0.tabBarItem }) { [weak self] index in
      self?.select(index)
    }
    tabBar.setSelected(selection)
  }

  private func select(_ index: Int) {
    guard children.indices.contains(index), index != selection else { return }
    let old = selectedViewController
    let new = children[index]
    selection = index
    tabBar.setSelected(index)
    guard isViewLoaded else { return }
    let visible = appearanceState == .appeared
    if visible {
      old?.beginAppearanceTransition(false, animated: false)
      new.beginAppearanceTransition(true, animated: false)
    }
    old?.viewIfLoaded?.removeFromSuperview()
    new.view.frame = Rect(origin: .zero, size: view.frame.size)
    view.insertSubview(new.view, at: 0)
    if visible {
      old?.endAppearanceTransition()
      new.endAppearanceTransition()
    }
  }
}
