import Testing

@testable import ScreenKit

@MainActor
private final class SearchRecorder: SearchBarDelegate, SearchResultsUpdating {
  var calls: [String] = []
  func searchBarTextDidBeginEditing(_ searchBar: SearchBar) { calls.append("didBegin") }
  func searchBar(_ searchBar: SearchBar, textDidChange searchText: String) {
    calls.append("textDidChange \(searchText)")
  }
  func searchBarSearchButtonClicked(_ searchBar: SearchBar) { calls.append("search") }
  func searchBarCancelButtonClicked(_ searchBar: SearchBar) { calls.append("cancel") }
  func searchBar(_ searchBar: SearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {
    calls.append("scope \(selectedScope)")
  }
  func updateSearchResults(for searchController: SearchController) {
    calls.append(
      "update \(searchController.searchBar.text ?? "") active=\(searchController.isActive)")
  }
}

@MainActor
@Suite struct SearchBarTests {
  @Test func searchBarIs56PointsHighAndTallerWithItsScopeBar() {
    let bar = SearchBar()
    #expect(bar.intrinsicContentSize.height == 56)
    bar.scopeButtonTitles = ["A", "B"]
    #expect(bar.intrinsicContentSize.height == 56, "scope titles alone do not show the bar")
    bar.showsScopeBar = true
    #expect(bar.intrinsicContentSize.height == 100)
  }

  @Test func searchControllerTellsTheUpdaterAndCancelEndsTheSearch() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.makeKeyAndVisible()
    let search = SearchController()
    let recorder = SearchRecorder()
    search.searchResultsUpdater = recorder
    search.searchBar.delegate = recorder
    search.searchBar.scopeButtonTitles = ["All", "Mine"]
    search.searchBar.frame = Rect(x: 0, y: 0, width: 320, height: 56)
    window.addSubview(search.searchBar)
    #expect(try window.replaceText(of: search.searchBar, with: "ab"))
    #expect(search.isActive && search.searchBar.showsCancelButton)
    #expect(try window.returnKey(in: search.searchBar))
    #expect(try window.setValue(1, of: search.searchBar))
    #expect(throws: InputError.self) { try window.setValue(2, of: search.searchBar) }
    window.layoutIfNeeded()
    #expect(search.searchBar.searchFieldFrame.maxX == search.searchBar.cancelButton.frame.minX - 8)
    #expect(try window.tap(search.searchBar.cancelButton))
    #expect(!search.isActive && search.searchBar.text == "" && !search.searchBar.isFirstResponder)
    #expect(
      recorder.calls == [
        "didBegin", "update  active=true", "textDidChange ab", "update ab active=true", "search",
        "scope 1", "update ab active=true", "cancel", "update  active=false",
      ])
  }
}
