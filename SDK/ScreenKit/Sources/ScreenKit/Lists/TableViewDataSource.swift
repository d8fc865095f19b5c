/// What a table view shows, as `UITableViewDataSource`: the sections, their rows and a cell
/// for each visible row.
///
/// The methods past the two required ones have default implementations, as UIKit's optional
/// methods: one section, no titles, rows that cannot be edited or moved.
@MainActor
public protocol TableViewDataSource: AnyObject {
  /// The number of rows in `section`.
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
  /// A cell for the row at `indexPath`, usually from
  /// `tableView.dequeueReusableCell(withIdentifier:for:)`. The table asks only for rows
  /// that come into view.
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
  /// The number of sections; 1 by default.
  func numberOfSections(in tableView: TableView) -> Int
  /// The title of a section's header; `nil` (no header in a plain table) by default.
  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
  /// The title of a section's footer; `nil` by default.
  func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?
  /// Whether the row can be edited (deleted by a swipe); `true` by default, as UIKit's.
  func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool
  /// Whether the row can be moved; `false` by default.
  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool
  /// Commits an edit of the row: `.delete` from the swipe's Delete action or editing mode.
  /// The data source removes the row from its model and calls `deleteRows(at:with:)`.
  ///
  /// UIKit offers swipe-to-delete only when this method is implemented; Swift cannot tell
  /// an implementation from the default, so ScreenKit offers it for every row that
  /// `canEditRowAt` allows: a data source that deletes nothing returns `false` there.
  func tableView(
    _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath)
  /// Moves a row in the model after the user moved it in editing mode.
  func tableView(
    _ tableView: TableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath)
}

extension TableViewDataSource {
  public func numberOfSections(in tableView: TableView) -> Int { 1 }
  public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    nil
  }
  public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
    nil
  }
  public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
  public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
  public func tableView(
    _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {}
  public func tableView(
    _ tableView: TableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {}
}

/// How a table view's rows look and react, as `UITableViewDelegate`. Every method has a
/// default implementation, as UIKit's are optional.
///
/// A height method that returns `TableView.automaticDimension` (the default) leaves the
/// height to `rowHeight`, `sectionHeaderHeight` and self-sizing.
@MainActor
public protocol TableViewDelegate: ScrollViewDelegate {
  /// The height of the row; `automaticDimension` (the default) uses `rowHeight`.
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double
  /// The height of a section's header; `automaticDimension` by default.
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double
  /// The height of a section's footer; `automaticDimension` by default.
  func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double
  /// A custom header view for a section; `nil` uses the title, if any.
  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View?
  /// A custom footer view for a section; `nil` uses the title, if any.
  func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View?
  /// The row about to be selected, or another, or `nil` to refuse the selection.
  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
  /// The user selected the row (a tap).
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
  /// The row about to be deselected, or `nil` to keep it selected.
  func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
  /// The user deselected the row.
  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
  /// Whether the row highlights when touched; `true` by default.
  func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
  /// A cell is about to be shown for the row.
  func tableView(
    _ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
  /// A cell left the visible rows.
  func tableView(
    _ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath)
  /// A section's header is about to be shown: the standard one (a
  /// ``TableViewHeaderFooterView`` with the section's title) or the delegate's own view.
  /// Restyle a standard header here (its `textLabel`), as UIKit's
  /// `tableView(_:willDisplayHeaderView:forSection:)`.
  func tableView(_ tableView: TableView, willDisplayHeaderView view: View, forSection section: Int)
  /// A section's footer is about to be shown, as UIKit's
  /// `tableView(_:willDisplayFooterView:forSection:)`.
  func tableView(_ tableView: TableView, willDisplayFooterView view: View, forSection section: Int)
  /// The actions a leftward swipe reveals on the row; `nil` gives UIKit's default (a Delete
  /// action when the data source commits edits and the row can be edited).
  func tableView(
    _ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration?
  /// The actions a rightward swipe reveals; `nil` (none) by default.
  func tableView(
    _ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration?
  /// The editing style of a row; `.delete` by default.
  func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath)
    -> TableViewCell.EditingStyle
  /// The detail button of the row's accessory was tapped.
  func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath)
}

extension TableViewDelegate {
  public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    TableView.automaticDimension
  }
  public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double {
    TableView.automaticDimension
  }
  public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double {
    TableView.automaticDimension
  }
  public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
    nil
  }
  public func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? {
    nil
  }
  public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath)
    -> IndexPath?
  { indexPath }
  public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath)
    -> IndexPath?
  { indexPath }
  public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
    true
  }
  public func tableView(
    _ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath
  ) {}
  public func tableView(
    _ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath
  ) {}
  public func tableView(
    _ tableView: TableView, willDisplayHeaderView view: View, forSection section: Int
  ) {}
  public func tableView(
    _ tableView: TableView, willDisplayFooterView view: View, forSection section: Int
  ) {}
  public func tableView(
    _ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? { nil }
  public func tableView(
    _ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? { nil }
  public func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath)
    -> TableViewCell.EditingStyle
  { .delete }
  public func tableView(
    _ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath
  ) {}
}

/// Told ahead of time which rows will come into view, as `UITableViewDataSourcePrefetching`,
/// so that it can start loading their data.
@MainActor
public protocol TableViewDataSourcePrefetching: AnyObject {
  /// Rows that are about to come into view.
  func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath])
  /// Rows no longer about to come into view.
  func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

extension TableViewDataSourcePrefetching {
  public func tableView(
    _ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]
  ) {}
}
