/// What a navigation bar shows for a controller, as `UINavigationItem`.
@MainActor
public final class NavigationItem {
  /// The title; defaults to the controller's `title`.
  public var title: String?
  /// The back button's title when this item is below the top; `nil` uses `title`, then "Back".
  public var backButtonTitle: String?
  /// Whether the back button is hidden while this item is on top.
  public var hidesBackButton = false

  /// An item with a title.
  public init(title: String? = nil) {
    self.title = title
  }
}
