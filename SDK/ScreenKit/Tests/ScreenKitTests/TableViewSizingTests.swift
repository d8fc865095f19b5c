import Testing

@testable import ScreenKit

/// A cell whose content view holds a wrapping label pinned to its margins by constraints:
/// its height is what Auto Layout gives it at the row's width (self-sizing).
@MainActor
final class NoteCell: TableViewCell {
  let note = Label()
  required init(style: CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    note.numberOfLines = 0
    note.translatesAutoresizingMaskIntoConstraints = false
    contentView.addSubview(note)
    LayoutConstraint.activate([
      note.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
      note.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
      note.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
      note.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
    ])
  }
}

@MainActor
final class NotesSource: TableViewDataSource, TableViewDataSourcePrefetching {
  let notes: [String]
  var prefetched: [IndexPath] = []
  var cancelled: [IndexPath] = []
  init(notes: [String]) { self.notes = notes }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { notes.count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "note", for: indexPath)
    (cell as? NoteCell)?.note.text = notes[indexPath.row]
    return cell
  }
  func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
    prefetched.append(contentsOf: indexPaths)
  }
  func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
    cancelled.append(contentsOf: indexPaths)
  }
}

@MainActor
@Suite struct TableViewSizingTests {
  func notesTable(_ notes: [String]) -> (Window, TableView, NotesSource) {
    let table = TableView(frame: Rect(x: 0, y: 0, width: 390, height: 844), style: .plain)
    table.register(NoteCell.self, forCellReuseIdentifier: "note")
    let source = NotesSource(notes: notes)
    table.dataSource = source
    table.prefetchDataSource = source
    return (phoneWindow(showing: table), table, source)
  }

  @Test func customCellsSizeByTheirConstraints() throws {
    let long = String(repeating: "word ", count: 60)
    let (_, table, source) = notesTable(["short", long, "short"])
    defer { withExtendedLifetime(source) {} }
    // The label's wrapped height at 390 - 32 points, plus the 12-point insets.
    let wrapped = TextLayout(text: long, font: .systemFont(ofSize: 17), maxWidth: 358).size.height
    let one = TextLayout(text: "short", font: .systemFont(ofSize: 17)).size.height
    // Fitting sizes are rounded to 1e-6 points.
    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-5 }
    #expect(close(table.rectForRow(at: IndexPath(row: 0, section: 0)).height, one + 24))
    #expect(close(table.rectForRow(at: IndexPath(row: 1, section: 0)).height, wrapped + 24))
    #expect(close(table.rectForRow(at: IndexPath(row: 2, section: 0)).minY, one + wrapped + 48))
    let cell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)) as? NoteCell)
    #expect(cell.note.frame.minX == 16 && cell.note.frame.width == 358)
    #expect(close(cell.note.frame.height, wrapped))
  }

  @Test func prefetchingNamesTheRowsAheadAndCancelsThoseLeftBehind() throws {
    let (window, table, source) = notesTable((0..<5000).map { "Note \($0)" })
    defer { withExtendedLifetime(source) {} }
    // Rows in view and in the prepared margin have cells; the next ones are prefetched.
    let firstPrefetched = try #require(source.prefetched.first)
    #expect(table.cellForRow(at: firstPrefetched) == nil)
    #expect(source.prefetched.allSatisfy { table.cellForRow(at: $0) == nil })
    try window.scroll(table, to: Point(x: 0, y: 100_000))
    window.layoutIfNeeded()
    #expect(source.cancelled.contains(firstPrefetched))
  }

  @Test func aTableControllerClearsTheSelectionWhenItAppearsAgain() throws {
    final class Numbers: TableViewController {
      override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        10
      }
    }
    let numbers = Numbers(style: .plain)
    let navigation = NavigationController(rootViewController: numbers)
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    numbers.tableView.selectRow(
      at: IndexPath(row: 3, section: 0), animated: false, scrollPosition: .none)
    navigation.pushViewController(ViewController(), animated: false)
    window.layoutIfNeeded()
    #expect(numbers.tableView.indexPathForSelectedRow == IndexPath(row: 3, section: 0))
    _ = navigation.popViewController(animated: false)
    window.layoutIfNeeded()
    #expect(numbers.tableView.indexPathForSelectedRow == nil)
  }
}
