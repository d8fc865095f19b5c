import Testing

@testable import ScreenKit

/// A data source and flow delegate that records the calls UIKit documents, over a model of
/// items per section.
@MainActor
final class RecordingCollectionSource: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
  var items: [[String]]
  var calls: [String] = []
  var selected: [IndexPath] = []
  var deselected: [IndexPath] = []
  var displayed = 0
  var ended = 0
  var refused: Set<IndexPath> = []
  var sizes: ((IndexPath) -> Size)?

  init(items: [[String]]) { self.items = items }

  func numberOfSections(in collectionView: CollectionView) -> Int {
    calls.append("numberOfSections")
    return items.count
  }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    calls.append("numberOfItems(\(section))")
    return items[section].count
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    calls.append("cellForItem(\(indexPath.section),\(indexPath.item))")
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
    var content = ListContentConfiguration.cell()
    content.text = items[indexPath.section][indexPath.item]
    cell.contentConfiguration = content
    return cell
  }
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size { sizes?(indexPath) ?? CollectionViewFlowLayout.automaticSize }
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath)
    -> Bool
  { !refused.contains(indexPath) }
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    selected.append(indexPath)
  }
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    deselected.append(indexPath)
  }
  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) { displayed += 1 }
  func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) { ended += 1 }
}

/// A 390×844 window (an iPhone's points) showing `list`, laid out.
@MainActor
func phoneWindow(showing list: View) -> Window {
  let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
  window.makeKeyAndVisible()
  window.addSubview(list)
  window.layoutIfNeeded()
  return window
}

/// A cell that counts how many were made.
@MainActor
final class CountingItemCell: CollectionViewCell {
  nonisolated(unsafe) static var made = 0
  required init(frame: Rect) {
    CountingItemCell.made += 1
    super.init(frame: frame)
  }
}

@MainActor
@Suite struct CollectionViewTests {
  /// A 390×844 window (an iPhone's points) with a full-screen collection view of 100×100
  /// items spaced 10 in both directions with no section insets.
  func makeGrid(
    items: [[String]], direction: CollectionViewFlowLayout.ScrollDirection = .vertical,
    height: Double = 844, configure: (CollectionViewFlowLayout) -> Void = { _ in }
  ) -> (Window, CollectionView, RecordingCollectionSource) {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = Size(width: 100, height: 100)
    layout.scrollDirection = direction
    configure(layout)
    let collection = CollectionView(
      frame: Rect(x: 0, y: 0, width: 390, height: height), collectionViewLayout: layout)
    collection.contentInsetAdjustmentBehavior = .never
    collection.register(CountingItemCell.self, forCellWithReuseIdentifier: "item")
    let source = RecordingCollectionSource(items: items)
    (collection.dataSource, collection.delegate) = (source, source)
    return (phoneWindow(showing: collection), collection, source)
  }

  func items(_ count: Int) -> [String] { (0..<count).map { "Item \($0)" } }

  func frame(_ collection: CollectionView, _ item: Int, section: Int = 0) -> Rect? {
    collection.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
  }

  @Test func flowLinesAreJustifiedAsUIKitsFlowLayout() {
    let (_, collection, source) = makeGrid(items: [items(100_000)])
    defer { withExtendedLifetime(source) {} }
    // 390 points take 3 items of 100 at the minimum spacing 10 (3·100 + 2·10 = 320 ≤ 390; a
    // fourth needs 430): the extra 70 points of a full line are spread between its items
    // ("Using the Flow Layout": the actual spacing may be larger than the minimum), so the
    // first touches the leading inset and the last the trailing one: 0, 145, 290.
    #expect(frame(collection, 0) == Rect(x: 0, y: 0, width: 100, height: 100))
    #expect(frame(collection, 1) == Rect(x: 145, y: 0, width: 100, height: 100))
    #expect(frame(collection, 2) == Rect(x: 290, y: 0, width: 100, height: 100))
    // Lines follow each other at the minimum line spacing: 0, 110, 220, …
    #expect(frame(collection, 3) == Rect(x: 0, y: 110, width: 100, height: 100))
    #expect(frame(collection, 7)?.origin == Point(x: 145, y: 220))
    // 100,000 items make 33,334 lines (the last holds item 99,999 alone, at the leading
    // inset): 33,334·100 + 33,333·10 points.
    let lastTop: Double = 33_333 * 110
    #expect(frame(collection, 99_999)?.origin == Point(x: 0, y: lastTop))
    let contentHeight: Double = 33_334 * 100 + 33_333 * 10
    #expect(collection.contentSize == Size(width: 390, height: contentHeight))
  }

  @Test func theLastLineIsLeftAlignedAndLinesCentreTheirItems() {
    let (_, collection, source) = makeGrid(items: [items(5)]) { layout in
      layout.sectionInset = EdgeInsets(top: 20, left: 15, bottom: 20, right: 15)
    }
    defer { withExtendedLifetime(source) {} }
    // 360 points between the insets: 3 items, justified 15, 145, 275; the last line's two
    // are left-aligned at the minimum spacing (Stack Overflow 13017257).
    #expect(frame(collection, 2)?.origin == Point(x: 275, y: 20))
    #expect(frame(collection, 3)?.origin == Point(x: 15, y: 130))
    #expect(frame(collection, 4)?.origin == Point(x: 125, y: 130))
    #expect(collection.contentSize.height == 20 + 210 + 20)

    // Items of their own sizes (the delegate's): a line is as thick as its thickest item, the others
    // centred across it.
    source.sizes = { Size(width: 100, height: $0.item == 1 ? 60 : 100) }
    collection.collectionViewLayout.invalidateLayout()
    collection.layoutIfNeeded()
    #expect(frame(collection, 1) == Rect(x: 145, y: 40, width: 100, height: 60))
  }

  @Test func scrollingReusesCellsAndNeverMakesMoreThanThePreparedItems() {
    CountingItemCell.made = 0
    let (window, collection, source) = makeGrid(items: [items(100_000)])
    defer { withExtendedLifetime(source) {} }
    // The bounds and half a screen either way: 1,688 points cross at most 17 lines of 110.
    let prepared = (Int((844 + 2 * 422) / 110.0) + 2) * 3
    for step in 1...200 {
      _ = try? window.scroll(collection, to: Point(x: 0, y: Double(step) * 997))
      window.layoutIfNeeded()
      let cells = collection.subviews.compactMap { $0 as? CollectionViewCell }
      #expect(cells.count <= prepared)
    }
    #expect(CountingItemCell.made <= prepared)
    #expect(
      source.displayed - source.ended == collection.subviews.count { $0 is CollectionViewCell })
    // The cells shown are the items in view, each where the layout puts it.
    let visible = collection.indexPathsForVisibleItems
    #expect(visible.first == IndexPath(item: Int(collection.contentOffset.y / 110) * 3, section: 0))
    for path in visible {
      let cell = collection.cellForItem(at: path)
      #expect(cell?.contentConfiguration?.text == "Item \(path.item)")
      #expect(cell?.frame == frame(collection, path.item))
    }
  }

  @Test func asksForCountsThenTheCellsOfItemsInViewInOrder() {
    let (_, collection, source) = makeGrid(items: [items(10), items(1000)])
    defer { withExtendedLifetime(source) {} }
    // UIKit's order: sections, items per section, then the cells of the items in view.
    #expect(
      Array(source.calls.prefix(3)) == ["numberOfSections", "numberOfItems(0)", "numberOfItems(1)"])
    let cells = source.calls.filter { $0.hasPrefix("cellForItem") }
    #expect(cells.first == "cellForItem(0,0)")
    #expect(cells.count == collection.subviews.count { $0 is CollectionViewCell })
    // Section 0 ends with its 4th line (3 full lines and one item); the line spacing is
    // between lines of a section only, not after its last (UIKit's `minimumLineSpacing`
    // documentation): section 1 starts at 4·100 + 3·10.
    #expect(frame(collection, 0, section: 1)?.minY == 430)
    #expect(collection.numberOfItems(inSection: 1) == 1000)
  }

  @Test func aTapSelectsTheItemAndDeselectsThePrevious() throws {
    let (window, collection, source) = makeGrid(items: [items(50)])
    let first = try #require(collection.cellForItem(at: IndexPath(item: 2, section: 0)))
    try window.tap(first)
    #expect(source.selected == [IndexPath(item: 2, section: 0)])
    #expect(first.isSelected)
    let second = try #require(collection.cellForItem(at: IndexPath(item: 5, section: 0)))
    try window.tap(second)
    #expect(source.deselected == [IndexPath(item: 2, section: 0)])
    #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 5, section: 0)])
    #expect(!first.isSelected && second.isSelected)
    // A touch hits the item under it: window (150, 120) is item 4 (x 145…245, y 110…210).
    #expect(try window.touch(at: Point(x: 150, y: 120)))
    #expect(source.selected.last == IndexPath(item: 4, section: 0))
    // The delegate may refuse; multiple selection toggles.
    source.refused = [IndexPath(item: 6, section: 0)]
    try window.tap(try #require(collection.cellForItem(at: IndexPath(item: 6, section: 0))))
    #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
    collection.allowsMultipleSelection = true
    try window.tap(try #require(collection.cellForItem(at: IndexPath(item: 7, section: 0))))
    try window.tap(try #require(collection.cellForItem(at: IndexPath(item: 4, section: 0))))
    #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 7, section: 0)])
  }

  /// A `CollectionViewController` subclass's overrides are the data source and delegate the
  /// collection view calls (the controller declares every method, so a subclass's override
  /// is its witness), and appearing again deselects the selected item.
  @Test func aCollectionViewControllerSubclassFeedsAndHearsItsCollection() throws {
    final class Grid: CollectionViewController {
      var selected: [IndexPath] = []
      override func collectionView(
        _ collectionView: CollectionView, numberOfItemsInSection section: Int
      ) -> Int { 12 }
      override func collectionView(
        _ collectionView: CollectionView, cellForItemAt indexPath: IndexPath
      ) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
      }
      override func collectionView(
        _ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath
      ) { selected.append(indexPath) }
    }
    let layout = CollectionViewFlowLayout()
    layout.itemSize = Size(width: 100, height: 100)
    let grid = Grid(collectionViewLayout: layout)
    grid.loadViewIfNeeded()
    grid.collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.rootViewController = grid
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    #expect(grid.collectionView.collectionViewLayout === layout)
    #expect(grid.collectionView.numberOfItems(inSection: 0) == 12)
    let cell = try #require(grid.collectionView.cellForItem(at: IndexPath(item: 3, section: 0)))
    try window.tap(cell)
    #expect(grid.selected == [IndexPath(item: 3, section: 0)])
    grid.beginAppearanceTransition(false, animated: false)
    grid.endAppearanceTransition()
    #expect(grid.collectionView.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
    grid.beginAppearanceTransition(true, animated: false)
    grid.endAppearanceTransition()
    #expect(grid.collectionView.indexPathsForSelectedItems ?? [] == [])
  }

  @Test func batchUpdatesAgreeWithTheModel() {
    let (window, collection, source) = makeGrid(items: [items(30), items(30)])
    collection.selectItem(at: IndexPath(item: 10, section: 1), animated: false, scrollPosition: [])
    collection.performBatchUpdates {
      // Deletions name the paths before the batch, insertions those after, in any order.
      source.items[1].insert("New", at: 0)
      source.items[1].insert("New 2", at: 5)
      collection.insertItems(at: [IndexPath(item: 0, section: 1), IndexPath(item: 5, section: 1)])
      source.items[0].remove(at: 1)
      collection.deleteItems(at: [IndexPath(item: 1, section: 0)])
      let moved = source.items[0].remove(at: 0)
      source.items[0].append(moved)
      collection.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 28, section: 0))
    }
    window.layoutIfNeeded()
    #expect(collection.numberOfItems(inSection: 0) == 29)
    #expect(collection.numberOfItems(inSection: 1) == 32)
    // The selection follows its item.
    #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 12, section: 1)])
    for path in collection.indexPathsForVisibleItems {
      #expect(
        collection.cellForItem(at: path)?.contentConfiguration?.text
          == source.items[path.section][path.item])
    }
    source.items.insert(items(3), at: 1)
    collection.insertSections([1])
    source.items.remove(at: 0)
    collection.deleteSections([0])
    window.layoutIfNeeded()
    #expect(collection.numberOfSections == 2)
    #expect(
      collection.cellForItem(at: IndexPath(item: 2, section: 0))?.contentConfiguration?.text
        == "Item 2")
    #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 12, section: 1)])
  }

  @Test func horizontalScrollingFillsColumnsTopToBottom() throws {
    let (window, collection, source) = makeGrid(
      items: [items(1000)], direction: .horizontal, height: 300)
    defer { withExtendedLifetime(source) {} }
    // Lines are columns of the view's 300-point height: 2 items fit (a third needs 320),
    // the extra 100 points between them: y 0 and 200; columns at x 0, 110, …
    #expect(frame(collection, 0) == Rect(x: 0, y: 0, width: 100, height: 100))
    #expect(frame(collection, 1) == Rect(x: 0, y: 200, width: 100, height: 100))
    #expect(frame(collection, 2)?.origin == Point(x: 110, y: 0))
    let contentWidth: Double = 500 * 100 + 499 * 10
    #expect(collection.contentSize == Size(width: contentWidth, height: 300))
    try window.scroll(collection, to: Point(x: 11_000, y: 0))
    window.layoutIfNeeded()
    #expect(collection.indexPathsForVisibleItems.first == IndexPath(item: 200, section: 0))
    #expect(collection.subviews.count { $0 is CollectionViewCell } <= (Int(390 * 2 / 110) + 2) * 2)
  }

  @Test func selfSizingCellsReplaceTheEstimate() {
    let (window, collection, source) = makeGrid(items: [items(200)]) { layout in
      layout.estimatedItemSize = Size(width: 390, height: 80)
    }
    defer { withExtendedLifetime(source) {} }
    _ = window
    // A cell of one line of standard content is a table row's 44 points (11 + the 17-point
    // line + 11, at least 44), as wide as it was proposed.
    #expect(frame(collection, 0) == Rect(x: 0, y: 0, width: 390, height: 44))
    // Rows 54 apart: 44 and the 10 between lines.
    #expect(frame(collection, 3)?.minY == 162)
    #expect(collection.cellForItem(at: IndexPath(item: 3, section: 0))?.frame.height == 44)
    // Items not measured yet keep the estimate.
    #expect(frame(collection, 150)?.height == 80)
  }

  @Test func compositionalGridOfTwoColumns() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.makeKeyAndVisible()
    let item = CollectionLayoutItem(
      layoutSize: CollectionLayoutSize(
        widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: CollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
      subitems: [item])
    let section = CollectionLayoutSection(group: group)
    section.interGroupSpacing = 8
    section.contentInsets = DirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
    let collection = CollectionView(
      frame: window.frame, collectionViewLayout: CollectionViewCompositionalLayout(section: section)
    )
    collection.contentInsetAdjustmentBehavior = .never
    collection.register(CollectionViewCell.self, forCellWithReuseIdentifier: "item")
    let source = RecordingCollectionSource(items: [items(1001)])
    collection.dataSource = source
    window.addSubview(collection)
    window.layoutIfNeeded()
    // The group spans the 370 points between the insets; each item half of it (185), as
    // high as the group (100); groups 108 apart (100 + the 8 between groups).
    #expect(frame(collection, 0) == Rect(x: 10, y: 10, width: 185, height: 100))
    #expect(frame(collection, 1) == Rect(x: 195, y: 10, width: 185, height: 100))
    #expect(frame(collection, 2) == Rect(x: 10, y: 118, width: 185, height: 100))
    // 501 groups: 10 + 501·100 + 500·8 + 10.
    let contentHeight: Double = 10 + 501 * 100 + 500 * 8 + 10
    #expect(collection.contentSize.height == contentHeight)
    let lastTop: Double = 10 + 500 * 108
    #expect(frame(collection, 1000)?.origin == Point(x: 10, y: lastTop))
    // A fixed count shares the group's width.
    let three = CollectionLayoutGroup.horizontal(
      layoutSize: CollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
      subitem: item, count: 3)
    three.interItemSpacing = .fixed(5)
    collection.collectionViewLayout = CollectionViewCompositionalLayout(
      section: CollectionLayoutSection(group: three))
    window.layoutIfNeeded()
    // (390 − 2·5) / 3 = 126⅔ each, the second after the first and 5 points.
    let share = (390.0 - 10) / 3
    let second = Rect(x: share + 5, y: 0, width: share, height: 50)
    #expect(frame(collection, 1) == second)
    withExtendedLifetime(source) {}
  }

  @Test(arguments: [
    (TableView.Style.plain, CollectionLayoutListConfiguration.Appearance.plain),
    (.insetGrouped, .insetGrouped), (.grouped, .grouped),
  ])
  func listRowsMatchTheTableViewsRows(
    style: TableView.Style, appearance: CollectionLayoutListConfiguration.Appearance
  ) throws {
    let model = [
      items(5),
      ["A row whose text is long enough to wrap onto a second line of the row"] + items(3),
    ]
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.makeKeyAndVisible()
    let table = TableView(frame: window.frame, style: style)
    table.register(TableViewCell.self, forCellReuseIdentifier: "row")
    final class Rows: TableViewDataSource {
      let model: [[String]]
      init(_ model: [[String]]) { self.model = model }
      func numberOfSections(in tableView: TableView) -> Int { model.count }
      func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        model[section].count
      }
      func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = model[indexPath.section][indexPath.row]
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
      }
    }
    let rows = Rows(model)
    table.dataSource = rows
    table.contentInsetAdjustmentBehavior = .never
    let layout = CollectionViewCompositionalLayout.list(
      using: CollectionLayoutListConfiguration(appearance: appearance))
    let collection = CollectionView(frame: window.frame, collectionViewLayout: layout)
    collection.contentInsetAdjustmentBehavior = .never
    let registration = CollectionView.CellRegistration<CollectionViewListCell, String> {
      cell, _, text in
      var content = cell.defaultContentConfiguration()
      content.text = text
      cell.contentConfiguration = content
      cell.accessories = [.disclosureIndicator()]
    }
    let source = CollectionViewDiffableDataSource<Int, String>(collectionView: collection) {
      collectionView, path, text in
      collectionView.dequeueConfiguredReusableCell(using: registration, for: path, item: text)
    }
    var snapshot = DiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems(model[0], toSection: 0)
    snapshot.appendItems(model[1], toSection: 1)
    source.apply(snapshot)
    window.addSubview(table)
    window.addSubview(collection)
    window.layoutIfNeeded()
    for section in model.indices {
      for row in model[section].indices {
        let path = IndexPath(item: row, section: section)
        #expect(collection.layoutAttributesForItem(at: path)?.frame == table.rectForRow(at: path))
        let listCell = try #require(collection.cellForItem(at: path))
        let tableCell = try #require(table.cellForRow(at: path))
        #expect(listCell.frame == tableCell.frame)
        #expect(listCell.separatorInsets == tableCell.separatorInsets)
        #expect(listCell.cornerMask == tableCell.cornerMask)
      }
    }
    #expect(collection.contentSize.height == table.contentSize.height)
  }
}
