/// What a navigation bar shows for a controller, as `UINavigationItem`: a title (or a title
/// view), a prompt above it, bar button items on either side, the back item's title, and
/// whether the title shows large. A navigation bar showing the item follows every change.
@MainActor
public final class NavigationItem {
  /// How a large title shows, as `UINavigationItem.LargeTitleDisplayMode`.
  public enum LargeTitleDisplayMode: String, Sendable, Hashable, CaseIterable {
    /// As the item below in the stack (the root: large when the bar prefers large titles).
    case automatic
    /// Large when the bar prefers large titles.
    case always
    /// Never large.
    case never
  }

  /// The title; defaults to the controller's `title`.
  public var title: String? { didSet { onChange?() } }
  /// The back button's title when this item is below the top; `nil` uses `title`, then "Back".
  public var backButtonTitle: String? { didSet { onChange?() } }
  /// The item shown as the back button when this item is below the top; its title wins
  /// over `backButtonTitle`.
  public var backBarButtonItem: BarButtonItem? { didSet { onChange?() } }
  /// Whether the back button is hidden while this item is on top.
  public var hidesBackButton = false { didSet { onChange?() } }
  /// Whether the left items are shown after the back button rather than replacing it
  /// (UIKit's default, `false`, shows the left items instead of the back button).
  public var leftItemsSupplementBackButton = false { didSet { onChange?() } }
  /// A view shown in place of the title, centred in the bar at its frame's size.
  public var titleView: View? { didSet { onChange?() } }
  /// A line of text above the title; the bar grows by 30 points to show it, as UIKit's.
  public var prompt: String? { didSet { onChange?() } }
  /// Whether the title shows large below the bar.
  public var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic { didSet { onChange?() } }
  /// The items on the left, leading first.
  public var leftBarButtonItems: [BarButtonItem]? { didSet { onChange?() } }
  /// The items on the right, trailing (rightmost) first, as UIKit's.
  public var rightBarButtonItems: [BarButtonItem]? { didSet { onChange?() } }
  /// The search controller whose search bar the navigation bar shows below its title (and
  /// below a large title), as UIKit's `navigationItem.searchController`.
  public var searchController: SearchController? {
    didSet { searchControllerView = searchController?.searchBar }
  }
  /// The view the navigation bar shows below its title for the search controller: its
  /// search bar.
  public private(set) var searchControllerView: View? { didSet { onChange?() } }
  /// Tells the navigation controller showing the item that the bar must be updated.
  var onChange: (() -> Void)?

  /// An item with a title.
  public init(title: String? = nil) {
    self.title = title
  }

  /// The first left item.
  public var leftBarButtonItem: BarButtonItem? {
    get { leftBarButtonItems?.first }
    set { leftBarButtonItems = newValue.map { [$0] } }
  }

  /// The first (rightmost) right item.
  public var rightBarButtonItem: BarButtonItem? {
    get { rightBarButtonItems?.first }
    set { rightBarButtonItems = newValue.map { [$0] } }
  }

  /// Sets the left item; ScreenKit is headless, so `animated` changes nothing.
  public func setLeftBarButton(_ item: BarButtonItem?, animated: Bool) { leftBarButtonItem = item }
  /// Sets the right item.
  public func setRightBarButton(_ item: BarButtonItem?, animated: Bool) {
    rightBarButtonItem = item
  }
  /// Sets the left items.
  public func setLeftBarButtonItems(_ items: [BarButtonItem]?, animated: Bool) {
    leftBarButtonItems = items
  }
  /// Sets the right items.
  public func setRightBarButtonItems(_ items: [BarButtonItem]?, animated: Bool) {
    rightBarButtonItems = items
  }
  /// Hides or shows the back button.
  public func setHidesBackButton(_ hides: Bool, animated: Bool) { hidesBackButton = hides }
}
