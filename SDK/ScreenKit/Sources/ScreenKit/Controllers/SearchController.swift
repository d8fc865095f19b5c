/// A controller that manages a search bar and tells an updater of each change to its text
/// or scope, as `UISearchController`.
///
/// ScreenKit's search controller has no results controller of its own to present: the
/// updater (often the controller showing the list) filters what it shows. The search is
/// active while the bar is being edited or ``isActive`` is set; the cancel button ends it
/// and empties the text, as UIKit's.
@MainActor
open class SearchController: ViewController {
  /// The search bar; its delegate stays the app's to set.
  public let searchBar = SearchBar()
  /// Told of every change to the search text or scope.
  public weak var searchResultsUpdater: SearchResultsUpdating?
  /// Whether the content under the search is dimmed while searching; `true` by default.
  /// (ScreenKit dims nothing: a client draws the list as the updater filters it.)
  open var obscuresBackgroundDuringPresentation = true
  /// Whether the navigation bar hides while searching; `true` by default.
  open var hidesNavigationBarDuringPresentation = true
  /// The controller showing the results, if any, as given at creation.
  public let searchResultsController: ViewController?

  /// Whether the search is active; setting it tells the updater.
  open var isActive = false {
    didSet {
      guard isActive != oldValue else { return }
      searchBar.showsCancelButton = isActive
      updateResults()
    }
  }

  /// A search controller showing results in `searchResultsController` (nil: in the
  /// controller that presents the search).
  public init(searchResultsController: ViewController? = nil) {
    self.searchResultsController = searchResultsController
    super.init()
    searchBar.searchController = self
  }

  func searchBarBeganEditing() { isActive = true }

  func updateResults() { searchResultsUpdater?.updateSearchResults(for: self) }

  /// The cancel button: the text empties, the bar resigns, the search ends.
  func cancel() {
    searchBar.text = ""
    if searchBar.isFirstResponder { searchBar.resignFirstResponder() }
    if isActive { isActive = false } else { updateResults() }
  }
}

/// Told of a search's changes, as `UISearchResultsUpdating`.
@MainActor
public protocol SearchResultsUpdating: AnyObject {
  /// The search text or scope of `searchController` changed, or it became (in)active.
  func updateSearchResults(for searchController: SearchController)
}
