/// The bar items a controller owns: its toolbar items, its tab bar item, and the edit item.
@MainActor
final class ViewControllerBarState {
  var toolbarItems: [BarButtonItem]?
  var tabBarItem: TabBarItem?
  var editButtonItem: BarButtonItem?
}

extension ViewController {
  /// The items a navigation controller's toolbar shows while this controller is on top.
  public var toolbarItems: [BarButtonItem]? {
    get { barState.toolbarItems }
    set { setToolbarItems(newValue, animated: false) }
  }

  /// Sets the toolbar items; the navigation controller showing this controller on top
  /// shows them. ScreenKit is headless, so `animated` changes nothing.
  public func setToolbarItems(_ items: [BarButtonItem]?, animated: Bool) {
    barState.toolbarItems = items
    if let navigation = navigationController, navigation.topViewController === self {
      navigation.updateBar()
    }
  }

  /// The item a tab bar controller's bar shows for this controller, made on first use with
  /// the controller's title, as UIKit's.
  public var tabBarItem: TabBarItem! {
    get {
      if let item = barState.tabBarItem { return item }
      let item = TabBarItem(title: title, image: nil, tag: 0)
      barState.tabBarItem = item
      return item
    }
    set {
      barState.tabBarItem = newValue
      (parent as? TabBarController)?.updateTabBar()
    }
  }

  /// An item that toggles editing, as UIKit's `editButtonItem`: titled Edit (plain) while
  /// the controller is not editing and Done (bold) while it is; a tap calls
  /// ``setEditing(_:animated:)`` with the opposite of ``isEditing``, animated.
  public var editButtonItem: BarButtonItem {
    if let item = barState.editButtonItem { return item }
    let item = BarButtonItem(title: "Edit", style: .plain)
    item.primaryAction = nil
    item.setTarget(self, action: ViewController.toggleEditing)
    barState.editButtonItem = item
    updateEditButtonItem()
    return item
  }

  private func toggleEditing() { setEditing(!isEditing, animated: true) }

  func updateEditButtonItem() {
    guard let item = barState.editButtonItem else { return }
    item.title = isEditing ? "Done" : "Edit"
    item.style = isEditing ? .done : .plain
  }
}
