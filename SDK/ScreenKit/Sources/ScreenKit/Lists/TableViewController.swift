/// A view controller whose view is a table view, as `UITableViewController`: it is the
/// table's data source and delegate, so a subclass overrides the methods it needs.
///
/// When it appears it clears the selection (`clearsSelectionOnViewWillAppear`), as a list
/// does when the user comes back from the row they chose.
@MainActor
open class TableViewController: ViewController, TableViewDataSource, TableViewDelegate {
  /// The table's style.
  public let style: TableView.Style
  /// Whether appearing deselects the selected rows; `true` by default.
  public var clearsSelectionOnViewWillAppear = true

  /// A controller with a table of `style`, as `UITableViewController(style:)`.
  public init(style: TableView.Style) {
    self.style = style
    super.init()
  }

  /// A controller with a plain table.
  public convenience override init() { self.init(style: .plain) }

  /// The table: the controller's view.
  public var tableView: TableView! {
    get { view as? TableView }
    set { view = newValue }
  }

  /// Makes the table and becomes its data source and delegate.
  open override func loadView() {
    let table = TableView(frame: .zero, style: style)
    table.dataSource = self
    table.delegate = self
    view = table
  }

  /// Deselects the selected rows when `clearsSelectionOnViewWillAppear`.
  open override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    guard clearsSelectionOnViewWillAppear, let tableView else { return }
    for path in tableView.indexPathsForSelectedRows ?? [] {
      tableView.deselectRow(at: path, animated: animated)
    }
  }

  /// Puts the table in or out of editing mode with the controller.
  open override func setEditing(_ editing: Bool, animated: Bool) {
    super.setEditing(editing, animated: animated)
    tableView?.setEditing(editing, animated: animated)
  }

  // The data source and delegate methods, open so that subclasses override them as UIKit's.

  open func numberOfSections(in tableView: TableView) -> Int { 1 }
  open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }
  open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    TableViewCell(style: .default, reuseIdentifier: nil)
  }
  open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    nil
  }
  open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
    nil
  }
  open func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
  open func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
  open func tableView(
    _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {}
  open func tableView(
    _ tableView: TableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {}
  open func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    TableView.automaticDimension
  }
  open func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double {
    TableView.automaticDimension
  }
  open func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double {
    TableView.automaticDimension
  }
  open func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
  open func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? { nil }
  open func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    indexPath
  }
  open func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
  open func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath)
    -> IndexPath?
  { indexPath }
  open func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
  open func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
    true
  }
  open func tableView(
    _ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath
  ) {}
  open func tableView(
    _ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath
  ) {}
  open func tableView(
    _ tableView: TableView, willDisplayHeaderView view: View, forSection section: Int
  ) {}
  open func tableView(
    _ tableView: TableView, willDisplayFooterView view: View, forSection section: Int
  ) {}
  open func tableView(
    _ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? { nil }
  open func tableView(
    _ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? { nil }
  open func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath)
    -> TableViewCell.EditingStyle
  { .delete }
  open func tableView(
    _ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath
  ) {}
  open func scrollViewDidScroll(_ scrollView: ScrollView) {}
}
