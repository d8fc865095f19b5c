/// What a navigation bar shows for a controller, as `UINavigationItem`.
@MainActor
public final class NavigationItem {
  /// The title; defaults to the controller's `title`. A navigation bar showing the item
  /// follows changes, as UIKit's.
  public var title: String? { didSet { onChange?() } }
  /// The back button's title when this item is below the top; `nil` uses `title`, then "Back".
  public var backButtonTitle: String? { didSet { onChange?() } }
  /// Whether the back button is hidden while this item is on top.
  public var hidesBackButton = false { didSet { onChange?() } }
  /// Tells the navigation controller showing the item that the bar must be updated.
  var onChange: (() -> Void)?

  /// An item with a title.
  public init(title: String? = nil) {
    self.title = title
  }
}
