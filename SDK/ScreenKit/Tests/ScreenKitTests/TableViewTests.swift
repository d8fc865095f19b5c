import Testing

@testable import ScreenKit

/// A data source that records the calls UIKit documents, over a model of rows per section.
@MainActor
final class RecordingTableSource: TableViewDataSource, TableViewDelegate {
  var rows: [[String]]
  var calls: [String] = []
  var cellsMade = 0
  var selected: [IndexPath] = []
  var deselected: [IndexPath] = []
  var committed: [IndexPath] = []
  var fixedHeight: Double?

  init(rows: [[String]]) { self.rows = rows }

  func numberOfSections(in tableView: TableView) -> Int {
    calls.append("numberOfSections")
    return rows.count
  }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    calls.append("numberOfRows(\(section))")
    return rows[section].count
  }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    calls.append("cellForRow(\(indexPath.section),\(indexPath.row))")
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    cell.textLabel?.text = rows[indexPath.section][indexPath.row]
    return cell
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    fixedHeight ?? TableView.automaticDimension
  }
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    selected.append(indexPath)
  }
  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
    deselected.append(indexPath)
  }
  func tableView(
    _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {
    committed.append(indexPath)
    rows[indexPath.section].remove(at: indexPath.row)
    tableView.deleteRows(at: [indexPath], with: .automatic)
  }
}

/// A cell that counts how many were made and reused.
@MainActor
final class CountingCell: TableViewCell {
  nonisolated(unsafe) static var made = 0
  var reuses = 0
  required init(style: CellStyle, reuseIdentifier: String?) {
    CountingCell.made += 1
    super.init(style: style, reuseIdentifier: reuseIdentifier)
  }
  override func prepareForReuse() {
    super.prepareForReuse()
    reuses += 1
  }
}

@MainActor
@Suite struct TableViewTests {
  /// A 390×844 window (an iPhone's points) with a full-screen table.
  func makeTable(
    rows: [[String]], style: TableView.Style = .plain, rowHeight: Double? = nil
  ) -> (Window, TableView, RecordingTableSource) {
    let table = TableView(frame: Rect(x: 0, y: 0, width: 390, height: 844), style: style)
    table.register(CountingCell.self, forCellReuseIdentifier: "row")
    if let rowHeight { table.rowHeight = rowHeight }
    let source = RecordingTableSource(rows: rows)
    (table.dataSource, table.delegate) = (source, source)
    return (phoneWindow(showing: table), table, source)
  }

  func rows(_ count: Int) -> [String] { (0..<count).map { "Row \($0)" } }

  @Test func asksForCountsThenOnlyTheVisibleRowsCells() {
    let (_, table, source) = makeTable(rows: [rows(10_000)], rowHeight: 44)
    // UIKit's documented order: sections, then rows per section, then cells of visible rows.
    #expect(Array(source.calls.prefix(2)) == ["numberOfSections", "numberOfRows(0)"])
    let cellCalls = source.calls.filter { $0.hasPrefix("cellForRow") }
    // 844 points of 44-point rows, and half a screen below (the prepared margin): 29 rows.
    #expect(cellCalls.count == Int(((844 + 422) / 44.0).rounded(.up)))
    #expect(cellCalls.first == "cellForRow(0,0)")
    #expect(table.contentSize.height == 440_000)
    #expect(table.subviews.filter { $0 is TableViewCell }.count == cellCalls.count)
  }

  @Test func scrollingReusesCellsAndNeverMakesMoreThanTheVisibleRows() {
    CountingCell.made = 0
    let (window, table, source) = makeTable(rows: [rows(100_000)], rowHeight: 44)
    // The table holds its data source weakly, as UIKit's.
    defer { withExtendedLifetime(source) {} }
    let prepared = Int(((844 + 2 * 422) / 44.0).rounded(.up)) + 1
    for step in 1...200 {
      _ = try? window.scroll(table, to: Point(x: 0, y: Double(step) * 997))
      window.layoutIfNeeded()
      let cells = table.subviews.compactMap { $0 as? TableViewCell }
      #expect(cells.count <= prepared)
    }
    #expect(CountingCell.made <= prepared)
    // The cells shown are the rows in view, in order, each where its row is.
    let visible = table.indexPathsForVisibleRows ?? []
    #expect(visible.first == IndexPath(row: Int(table.contentOffset.y / 44), section: 0))
    for path in visible {
      let cell = table.cellForRow(at: path)
      #expect(cell?.textLabel?.text == "Row \(path.row)")
      #expect(cell?.frame.minY == Double(path.row) * 44)
    }
  }

  @Test func selfSizingRowsTakeTheStandardHeightAndTheFirstMeasureAsTheEstimate() {
    let (_, table, source) = makeTable(rows: [rows(1000)])
    defer { withExtendedLifetime(source) {} }
    // A one-line default cell is 44 points (11 + the 17-point line + 11, at least 44).
    #expect(table.rectForRow(at: IndexPath(row: 500, section: 0)).height == 44)
    #expect(table.contentSize.height == 44_000)
  }

  @Test func subtitleCellsSizeToTheirTwoLines() {
    let cell = TableViewCell(style: .subtitle, reuseIdentifier: nil)
    cell.textLabel?.text = "Ada Lovelace"
    cell.detailTextLabel?.text = "Mathematician"
    let size = cell.sizeThatFits(Size(width: 390, height: 0))
    let text = TextLayout(text: "A", font: .systemFont(ofSize: 17)).size.height
    let detail = TextLayout(text: "M", font: .systemFont(ofSize: 15)).size.height
    #expect(size.height == 11 + text + 3 + detail + 11)
  }

  @Test func aTapSelectsTheRowAndDeselectsThePrevious() throws {
    let (window, table, source) = makeTable(rows: [rows(50)], rowHeight: 44)
    let first = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
    try window.tap(first)
    #expect(source.selected == [IndexPath(row: 2, section: 0)])
    #expect(first.isSelected)
    let second = try #require(table.cellForRow(at: IndexPath(row: 5, section: 0)))
    try window.tap(second)
    #expect(source.deselected == [IndexPath(row: 2, section: 0)])
    #expect(table.indexPathForSelectedRow == IndexPath(row: 5, section: 0))
    #expect(!first.isSelected && second.isSelected)
  }

  @Test func aTouchInScrolledContentHitsTheRowThere() throws {
    let (window, table, source) = makeTable(rows: [rows(1000)], rowHeight: 44)
    try window.scroll(table, to: Point(x: 0, y: 900))
    window.layoutIfNeeded()
    // Window y 120 is content y 1020: row 23 (1012..<1056).
    #expect(try window.touch(at: Point(x: 100, y: 120)))
    #expect(source.selected == [IndexPath(row: 23, section: 0)])
  }

  @Test func aButtonInScrolledContentIsHit() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.makeKeyAndVisible()
    let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    scroll.contentSize = Size(width: 390, height: 3000)
    let button = Button(type: .system)
    button.frame = Rect(x: 0, y: 1000, width: 200, height: 44)
    var tapped = false
    button.addAction(for: .touchUpInside) { _ in tapped = true }
    scroll.addSubview(button)
    window.addSubview(scroll)
    window.layoutIfNeeded()
    scroll.contentOffset = Point(x: 0, y: 900)
    #expect(try window.touch(at: Point(x: 50, y: 120)))
    #expect(tapped)
  }

  @Test func aLeftSwipeRevealsDeleteAndItsTapDeletesTheRow() throws {
    let (window, table, source) = makeTable(rows: [rows(20)], rowHeight: 44)
    let cell = try #require(table.cellForRow(at: IndexPath(row: 3, section: 0)))
    #expect(try window.swipe(cell, direction: .left))
    let delete = try #require(cell.subviews.compactMap { $0 as? Button }.first)
    #expect(delete.currentTitle == "Delete")
    #expect(delete.frame.maxX == cell.frame.width)
    try window.tap(delete)
    window.layoutIfNeeded()
    #expect(source.committed == [IndexPath(row: 3, section: 0)])
    #expect(table.numberOfRows(inSection: 0) == 19)
    #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))?.textLabel?.text == "Row 4")
    #expect(table.contentSize.height == 19 * 44)
  }

  @Test func batchUpdatesAgreeWithTheModel() {
    let (window, table, source) = makeTable(rows: [rows(30), rows(30)], rowHeight: 44)
    table.selectRow(at: IndexPath(row: 10, section: 1), animated: false, scrollPosition: .none)
    table.performBatchUpdates {
      source.rows[1].insert("New", at: 0)
      source.rows[1].insert("New 2", at: 5)
      table.insertRows(
        at: [IndexPath(row: 0, section: 1), IndexPath(row: 5, section: 1)], with: .automatic)
      source.rows[0].remove(at: 1)
      table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .automatic)
    }
    window.layoutIfNeeded()
    #expect(table.numberOfRows(inSection: 0) == 29)
    #expect(table.numberOfRows(inSection: 1) == 32)
    // The selection follows its row.
    #expect(table.indexPathForSelectedRow == IndexPath(row: 12, section: 1))
    for path in table.indexPathsForVisibleRows ?? [] {
      #expect(table.cellForRow(at: path)?.textLabel?.text == source.rows[path.section][path.row])
    }
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 29 * 44)
  }

  @Test func plainHeadersFloatAtTheTopOfTheirSection() throws {
    final class Titled: TableViewDataSource {
      func numberOfSections(in tableView: TableView) -> Int { 3 }
      func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 30 }
      func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      }
      func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        "Section \(section)"
      }
    }
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.makeKeyAndVisible()
    let table = TableView(frame: window.frame, style: .plain)
    table.register(TableViewCell.self, forCellReuseIdentifier: "row")
    table.rowHeight = 44
    let source = Titled()
    table.dataSource = source
    window.addSubview(table)
    window.layoutIfNeeded()
    #expect(
      table.rectForHeader(inSection: 1) == Rect(x: 0, y: 28 + 30 * 44, width: 390, height: 28))
    try window.scroll(table, to: Point(x: 0, y: 200))
    window.layoutIfNeeded()
    let header = try #require(table.headerView(forSection: 0))
    #expect(header.frame.minY == 200)
  }

  @Test func restorationKeepsTheFirstVisibleRowAndSelection() throws {
    let (window, table, source) = makeTable(rows: [rows(5000)], rowHeight: 44)
    defer { withExtendedLifetime(source) {} }
    table.restorationIdentifier = "list"
    table.scrollToRow(at: IndexPath(row: 1234, section: 0), at: .top, animated: false)
    table.selectRow(at: IndexPath(row: 1236, section: 0), animated: false, scrollPosition: .none)
    window.layoutIfNeeded()
    let coder = Coder()
    table.encodeRestorableState(with: coder)
    let (window2, restored, source2) = makeTable(rows: [rows(5000)], rowHeight: 44)
    defer { withExtendedLifetime(source2) {} }
    restored.decodeRestorableState(with: Coder(values: coder.values, references: nil))
    window2.layoutIfNeeded()
    #expect(restored.indexPathsForVisibleRows?.first == IndexPath(row: 1234, section: 0))
    #expect(restored.indexPathForSelectedRow == IndexPath(row: 1236, section: 0))
  }

  @Test func aScrollLaysOutTheTableAloneNotTheScreenAroundIt() throws {
    let table = TableView(frame: .zero, style: .plain)
    table.register(CountingCell.self, forCellReuseIdentifier: "row")
    table.rowHeight = 44
    let source = RecordingTableSource(rows: [rows(10_000)])
    table.dataSource = source
    let controller = ViewController()
    controller.view.addSubview(table)
    table.translatesAutoresizingMaskIntoConstraints = false
    LayoutConstraint.activate([
      table.topAnchor.constraint(equalTo: controller.view.topAnchor),
      table.bottomAnchor.constraint(equalTo: controller.view.bottomAnchor),
      table.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor),
      table.trailingAnchor.constraint(equalTo: controller.view.trailingAnchor),
    ])
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = NavigationController(rootViewController: controller)
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    let statistics = window.countingLayoutWork()
    try window.scroll(table, to: Point(x: 0, y: 5000))
    window.layoutIfNeeded()
    // One pass, the table's own arrangement: no solve of the constraints around it.
    #expect(statistics.counts.passes == 1)
    #expect(statistics.counts.solves == 0)
    #expect(table.cellForRow(at: IndexPath(row: 5000 / 44 + 2, section: 0)) != nil)
    withExtendedLifetime(source) {}
  }

  @Test func editingModeShowsDeleteControlsWhoseTapAsksForTheDeleteConfirmation() throws {
    let (window, table, source) = makeTable(rows: [rows(20)], rowHeight: 44)
    table.setEditing(true, animated: false)
    window.layoutIfNeeded()
    let cell = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
    let control = try #require(cell.editingControl)
    // The minus at the side margin, the content moved aside (ListMetrics).
    #expect(control.frame.minX == 16 && control.frame.width == 22)
    #expect(cell.contentView.frame.minX == 38)
    try window.tap(control)
    let delete = try #require(
      cell.subviews.compactMap { $0 as? Button }.first { $0.currentTitle == "Delete" })
    try window.tap(delete)
    window.layoutIfNeeded()
    #expect(source.committed == [IndexPath(row: 2, section: 0)])
    table.setEditing(false, animated: false)
    window.layoutIfNeeded()
    #expect(table.visibleCells.allSatisfy { $0.editingControl == nil })
    #expect(table.visibleCells.allSatisfy { $0.contentView.frame.minX == 0 })
  }
}
