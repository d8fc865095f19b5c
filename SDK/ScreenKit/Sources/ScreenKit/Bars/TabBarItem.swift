/// An item on a tab bar, as `UITabBarItem`: a title, an image (and a selected image), and
/// a badge. A controller's ``ViewController/tabBarItem`` is what a ``TabBarController``'s
/// bar shows for it.
@MainActor
open class TabBarItem: BarItem {
  /// UIKit's system tab items, as `UITabBarItem.SystemItem`: their titles and images are
  /// UIKit's and cannot be changed.
  public enum SystemItem: String, Sendable, Hashable, CaseIterable {
    case more, favorites, featured, topRated, recents, contacts, history, bookmarks, search
    case downloads, mostRecent, mostViewed

    /// UIKit's (English) title.
    public var title: String {
      switch self {
      case .more: "More"
      case .favorites: "Favorites"
      case .featured: "Featured"
      case .topRated: "Top Rated"
      case .recents: "Recents"
      case .contacts: "Contacts"
      case .history: "History"
      case .bookmarks: "Bookmarks"
      case .search: "Search"
      case .downloads: "Downloads"
      case .mostRecent: "Most Recent"
      case .mostViewed: "Most Viewed"
      }
    }

    /// The SF Symbols name of its image.
    public var symbolName: String {
      switch self {
      case .more: "ellipsis"
      case .favorites, .featured, .topRated: "star.fill"
      case .recents, .history, .mostRecent: "clock.fill"
      case .contacts: "person.crop.circle.fill"
      case .bookmarks: "book.fill"
      case .search: "magnifyingglass"
      case .downloads: "arrow.down.circle.fill"
      case .mostViewed: "list.number"
      }
    }
  }

  /// The system item, `nil` for other items.
  public let systemItem: SystemItem?
  /// The image shown while the tab is selected; `nil` uses `image`.
  open var selectedImage: Image? { didSet { changed() } }
  /// The text of the badge at the image's top right; `nil` shows none, as UIKit.
  open var badgeValue: String? { didSet { changed() } }
  /// The badge's background; `nil` is UIKit's default, system red.
  open var badgeColor: Color? { didSet { changed() } }

  /// An item with a title, an image, and a tag.
  public init(title: String?, image: Image?, tag: Int = 0) {
    systemItem = nil
    super.init()
    self.title = title
    self.image = image
    self.tag = tag
  }

  /// An item with a title, an image and the image shown while selected.
  public init(title: String?, image: Image?, selectedImage: Image?) {
    systemItem = nil
    super.init()
    self.title = title
    self.image = image
    self.selectedImage = selectedImage
  }

  /// One of UIKit's system items, with a tag.
  public init(tabBarSystemItem: SystemItem, tag: Int) {
    systemItem = tabBarSystemItem
    super.init()
    title = tabBarSystemItem.title
    image = Image(systemName: tabBarSystemItem.symbolName)
    self.tag = tag
  }
}
