/// The sections and items of a list at one moment, by identifier, as
/// `NSDiffableDataSourceSnapshot`: build one, `apply` it to a diffable data source, and the
/// list shows it.
///
/// Identifiers must be unique across the snapshot (sections among sections, items among
/// items), as UIKit requires; adding one twice is a programming error.
public struct DiffableDataSourceSnapshot<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
  private var sectionIDs: [SectionIdentifier] = []
  private var itemsBySection: [[ItemIdentifier]] = []
  /// Where each item is, built on first use after a change (a box, so that reading a
  /// snapshot held in a `let` can build it).
  private var locationCache = LocationCache()

  private final class LocationCache: @unchecked Sendable {
    var locations: [ItemIdentifier: (section: Int, index: Int)]?
  }

  private var locations: [ItemIdentifier: (section: Int, index: Int)]? {
    get { locationCache.locations }
    set {
      // A copy of the snapshot shares the cache until one of them changes.
      if newValue == nil {
        locationCache = LocationCache()
      } else {
        locationCache.locations = newValue
      }
    }
  }
  /// Items marked for reloading (their cells are asked for again).
  public private(set) var reloadedItemIdentifiers: [ItemIdentifier] = []
  /// Items marked for reconfiguring (their cells are asked for again, in place).
  public private(set) var reconfiguredItemIdentifiers: [ItemIdentifier] = []

  /// An empty snapshot.
  public init() {}

  /// The number of sections.
  public var numberOfSections: Int { sectionIDs.count }
  /// The number of items in all sections.
  public var numberOfItems: Int { itemsBySection.reduce(0) { $0 + $1.count } }
  /// The sections, in order.
  public var sectionIdentifiers: [SectionIdentifier] { sectionIDs }
  /// The items of all sections, in order.
  public var itemIdentifiers: [ItemIdentifier] { itemsBySection.flatMap { $0 } }

  /// The items of `section`.
  public func itemIdentifiers(inSection section: SectionIdentifier) -> [ItemIdentifier] {
    guard let index = sectionIDs.firstIndex(of: section) else { return [] }
    return itemsBySection[index]
  }

  /// The number of items in `section`.
  public func numberOfItems(inSection section: SectionIdentifier) -> Int {
    itemIdentifiers(inSection: section).count
  }

  /// The section holding `item`.
  public func sectionIdentifier(containingItem item: ItemIdentifier) -> SectionIdentifier? {
    location(of: item).map { sectionIDs[$0.section] }
  }

  /// The position of `item` among all items.
  public func indexOfItem(_ item: ItemIdentifier) -> Int? {
    guard let location = location(of: item) else { return nil }
    return itemsBySection[..<location.section].reduce(0) { $0 + $1.count } + location.index
  }

  /// The position of `section`.
  public func indexOfSection(_ section: SectionIdentifier) -> Int? {
    sectionIDs.firstIndex(of: section)
  }

  /// Where `item` is: its section's index and its index there.
  func location(of item: ItemIdentifier) -> (section: Int, index: Int)? {
    if locationCache.locations == nil {
      var built: [ItemIdentifier: (section: Int, index: Int)] = [:]
      built.reserveCapacity(numberOfItems)
      for (section, items) in itemsBySection.enumerated() {
        for (index, item) in items.enumerated() { built[item] = (section, index) }
      }
      locationCache.locations = built
    }
    return locationCache.locations?[item]
  }

  /// The item at `section`, `index`, if there is one.
  func item(section: Int, index: Int) -> ItemIdentifier? {
    guard itemsBySection.indices.contains(section), itemsBySection[section].indices.contains(index)
    else { return nil }
    return itemsBySection[section][index]
  }

  /// The items of the section at `index`.
  func items(inSectionAt index: Int) -> [ItemIdentifier] {
    itemsBySection.indices.contains(index) ? itemsBySection[index] : []
  }

  /// Adds sections at the end.
  public mutating func appendSections(_ identifiers: [SectionIdentifier]) {
    for identifier in identifiers {
      precondition(
        !sectionIDs.contains(identifier), "section \(identifier) is in the snapshot already")
      sectionIDs.append(identifier)
      itemsBySection.append([])
    }
  }

  /// Inserts sections before `before`.
  public mutating func insertSections(
    _ identifiers: [SectionIdentifier], beforeSection before: SectionIdentifier
  ) {
    guard let index = sectionIDs.firstIndex(of: before) else { return }
    sectionIDs.insert(contentsOf: identifiers, at: index)
    itemsBySection.insert(contentsOf: identifiers.map { _ in [] }, at: index)
    locations = nil
  }

  /// Inserts sections after `after`.
  public mutating func insertSections(
    _ identifiers: [SectionIdentifier], afterSection after: SectionIdentifier
  ) {
    guard let index = sectionIDs.firstIndex(of: after) else { return }
    sectionIDs.insert(contentsOf: identifiers, at: index + 1)
    itemsBySection.insert(contentsOf: identifiers.map { _ in [] }, at: index + 1)
    locations = nil
  }

  /// Removes sections with their items.
  public mutating func deleteSections(_ identifiers: [SectionIdentifier]) {
    let removed = Set(identifiers)
    for index in sectionIDs.indices.reversed() where removed.contains(sectionIDs[index]) {
      sectionIDs.remove(at: index)
      itemsBySection.remove(at: index)
    }
    locations = nil
  }

  /// Adds items at the end of `section`, or of the last section when `nil`.
  public mutating func appendItems(
    _ identifiers: [ItemIdentifier], toSection section: SectionIdentifier? = nil
  ) {
    let index = section.flatMap { sectionIDs.firstIndex(of: $0) } ?? (sectionIDs.count - 1)
    precondition(index >= 0, "appendItems needs a section; append one first")
    itemsBySection[index].append(contentsOf: identifiers)
    locations = nil
  }

  /// Inserts items before `before`.
  public mutating func insertItems(
    _ identifiers: [ItemIdentifier], beforeItem before: ItemIdentifier
  ) {
    guard let at = location(of: before) else { return }
    itemsBySection[at.section].insert(contentsOf: identifiers, at: at.index)
    locations = nil
  }

  /// Inserts items after `after`.
  public mutating func insertItems(_ identifiers: [ItemIdentifier], afterItem after: ItemIdentifier)
  {
    guard let at = location(of: after) else { return }
    itemsBySection[at.section].insert(contentsOf: identifiers, at: at.index + 1)
    locations = nil
  }

  /// Removes items.
  public mutating func deleteItems(_ identifiers: [ItemIdentifier]) {
    let removed = Set(identifiers)
    for section in itemsBySection.indices {
      itemsBySection[section].removeAll { removed.contains($0) }
    }
    locations = nil
  }

  /// Removes every section and item.
  public mutating func deleteAllItems() {
    sectionIDs.removeAll()
    itemsBySection.removeAll()
    locations = nil
  }

  /// Moves `item` before `before`.
  public mutating func moveItem(_ item: ItemIdentifier, beforeItem before: ItemIdentifier) {
    guard item != before, location(of: item) != nil, location(of: before) != nil else { return }
    deleteItems([item])
    insertItems([item], beforeItem: before)
  }

  /// Moves `item` after `after`.
  public mutating func moveItem(_ item: ItemIdentifier, afterItem after: ItemIdentifier) {
    guard item != after, location(of: item) != nil, location(of: after) != nil else { return }
    deleteItems([item])
    insertItems([item], afterItem: after)
  }

  /// Marks items whose cells must be made again.
  public mutating func reloadItems(_ identifiers: [ItemIdentifier]) {
    reloadedItemIdentifiers.append(contentsOf: identifiers)
  }

  /// Marks items whose cells must be configured again.
  public mutating func reconfigureItems(_ identifiers: [ItemIdentifier]) {
    reconfiguredItemIdentifiers.append(contentsOf: identifiers)
  }

  /// The snapshot without its reload and reconfigure marks (what a data source keeps).
  var withoutMarks: Self {
    var copy = self
    copy.reloadedItemIdentifiers = []
    copy.reconfiguredItemIdentifiers = []
    return copy
  }
}

/// What the diffable data sources of ScreenKit's lists share, as UIKit's
/// `UITableViewDiffableDataSource` and `UICollectionViewDiffableDataSource` do: the snapshot
/// shown, the lookups between items and index paths, and applying a snapshot.
///
/// Applying a snapshot keeps the selection of the items still there and reuses the visible
/// cells; ScreenKit does not animate, so `animatingDifferences` changes nothing. Use one of
/// the subclasses (`TableViewDiffableDataSource`, `CollectionViewDiffableDataSource`).
@MainActor
open class DiffableDataSource<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
  private var current = DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>()
  /// The list the data source answers.
  private weak var list: (any DiffableList)?

  init(list: any DiffableList) {
    self.list = list
  }

  /// A copy of the snapshot shown.
  public func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier> {
    current
  }

  /// Shows `snapshot`: the list asks for what changed, the selection of items still there
  /// is kept.
  open func apply(
    _ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) {
    let selected = (list?.selectedIndexPaths ?? []).compactMap(itemIdentifier(for:))
    current = snapshot.withoutMarks
    list?.reloadData()
    for item in selected {
      if let path = indexPath(for: item) { list?.selectWithoutTellingDelegate(path) }
    }
    completion?()
  }

  /// Shows `snapshot` with no diffing, as `applySnapshotUsingReloadData(_:)`.
  open func applySnapshotUsingReloadData(
    _ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
    completion: (() -> Void)? = nil
  ) {
    apply(snapshot, animatingDifferences: false, completion: completion)
  }

  /// The item shown at `indexPath`.
  public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifier? {
    current.item(section: indexPath.section, index: indexPath.item)
  }

  /// Where `item` is shown.
  public func indexPath(for item: ItemIdentifier) -> IndexPath? {
    current.location(of: item).map { IndexPath(item: $0.index, section: $0.section) }
  }

  /// The section at `index`.
  public func sectionIdentifier(for index: Int) -> SectionIdentifier? {
    current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
  }

  /// The index of `section`.
  public func index(for section: SectionIdentifier) -> Int? {
    current.indexOfSection(section)
  }

  /// The number of sections shown.
  var sectionCount: Int { current.numberOfSections }

  /// The number of items in the section at `index`.
  func itemCount(inSectionAt index: Int) -> Int { current.items(inSectionAt: index).count }

  /// The item at `indexPath`, which the list asks a cell for: a missing one is a
  /// programming error of the cell provider's, as UIKit's exception.
  func requireItem<Cell>(at indexPath: IndexPath, cell: (ItemIdentifier) -> Cell?) -> Cell {
    guard let item = itemIdentifier(for: indexPath), let made = cell(item) else {
      preconditionFailure("\(Self.self): the cell provider returned no cell for \(indexPath)")
    }
    return made
  }
}

/// A list a diffable data source answers (`TableView`, `CollectionView`): what applying a
/// snapshot asks of it.
@MainActor
protocol DiffableList: AnyObject {
  /// The selected index paths.
  var selectedIndexPaths: [IndexPath] { get }
  /// Asks the data source for everything again.
  func reloadData()
  /// Selects `indexPath` without telling the delegate.
  func selectWithoutTellingDelegate(_ indexPath: IndexPath)
}

extension TableView: DiffableList {
  var selectedIndexPaths: [IndexPath] { indexPathsForSelectedRows ?? [] }
  func selectWithoutTellingDelegate(_ indexPath: IndexPath) {
    selectRow(at: indexPath, animated: false, scrollPosition: .none)
  }
}

extension CollectionView: DiffableList {
  var selectedIndexPaths: [IndexPath] { indexPathsForSelectedItems ?? [] }
  func selectWithoutTellingDelegate(_ indexPath: IndexPath) {
    selectItem(at: indexPath, animated: false, scrollPosition: [])
  }
}

/// A table view's data source driven by snapshots, as `UITableViewDiffableDataSource`: it
/// answers the table from the last snapshot applied and asks `cellProvider` for each cell.
/// Applying a snapshot keeps the selection of the items still there
/// (`DiffableDataSource`).
@MainActor
open class TableViewDiffableDataSource<SectionIdentifier: Hashable, ItemIdentifier: Hashable>:
  DiffableDataSource<SectionIdentifier, ItemIdentifier>, TableViewDataSource
{
  /// Makes the cell of an item.
  public typealias CellProvider =
    @MainActor (TableView, IndexPath, ItemIdentifier) -> TableViewCell?

  private let cellProvider: CellProvider
  /// The animation rows would change with (ScreenKit does not animate).
  public var defaultRowAnimation = TableView.RowAnimation.automatic

  /// A data source for `tableView` whose cells `cellProvider` makes; it sets itself as the
  /// table's data source.
  public init(tableView: TableView, cellProvider: @escaping CellProvider) {
    self.cellProvider = cellProvider
    super.init(list: tableView)
    tableView.dataSource = self
  }

  // The table's data source, answered from the snapshot; open for titles and editing.

  public func numberOfSections(in tableView: TableView) -> Int { sectionCount }

  public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    itemCount(inSectionAt: section)
  }

  public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
  {
    requireItem(at: indexPath) { cellProvider(tableView, indexPath, $0) }
  }

  /// A section's header title; `nil` by default.
  open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    nil
  }
  /// A section's footer title; `nil` by default.
  open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
    nil
  }
  /// Whether a row can be edited; `false` by default, as UIKit's diffable data source.
  open func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
  /// Whether a row can be moved; `false` by default.
  open func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
  /// Commits an edit; does nothing by default.
  open func tableView(
    _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {}
  /// Moves a row; does nothing by default.
  open func tableView(
    _ tableView: TableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {}
}
