import Testing

@testable import ScreenKit

/// `tableView(_:willDisplayHeaderView:forSection:)` and its footer twin, as UIKit's: the
/// delegate hears of each header and footer as it comes into view, standard (titled) and
/// custom alike, before it is shown, and a standard one's `textLabel` restyled there stays
/// so (a grouped title's colour, as the bundled settings screen sets it).
@MainActor
@Suite struct TableHeaderFooterDisplayTests {
  final class Source: TableViewDataSource, TableViewDelegate {
    var shown: [String] = []
    let colour = Color(rgb: 0x6C6C70)
    func numberOfSections(in tableView: TableView) -> Int { 2 }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 2 }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
      tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
      "Header \(section)"
    }
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
      section == 0 ? "Footer 0" : nil
    }
    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? {
      section == 1 ? View(frame: Rect(x: 0, y: 0, width: 0, height: 30)) : nil
    }
    func tableView(
      _ tableView: TableView, willDisplayHeaderView view: View, forSection section: Int
    ) {
      let standard = view as? TableViewHeaderFooterView
      shown.append("header \(section) \(standard?.textLabel.text ?? "custom")")
      standard?.textLabel.textColor = colour
    }
    func tableView(
      _ tableView: TableView, willDisplayFooterView view: View, forSection section: Int
    ) {
      let standard = view as? TableViewHeaderFooterView
      shown.append("footer \(section) \(standard?.textLabel.text ?? "custom")")
    }
  }

  @Test func theDelegateHearsOfEachHeaderAndFooterAndItsRestyleStays() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.makeKeyAndVisible()
    let table = TableView(frame: window.frame, style: .insetGrouped)
    table.register(TableViewCell.self, forCellReuseIdentifier: "row")
    let source = Source()
    table.dataSource = source
    table.delegate = source
    window.addSubview(table)
    window.layoutIfNeeded()
    #expect(
      source.shown.sorted()
        == ["footer 0 Footer 0", "footer 1 custom", "header 0 Header 0", "header 1 Header 1"])
    let header = try #require(table.headerView(forSection: 0) as? TableViewHeaderFooterView)
    #expect(header.textLabel.textColor == source.colour)
    // Once per appearance: another layout pass does not tell it again.
    table.setNeedsLayout()
    window.layoutIfNeeded()
    #expect(source.shown.count == 4)
  }

  @Test func aTableViewControllerSubclassOverridesThem() {
    final class Controller: TableViewController {
      var headers: [Int] = []
      override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        1
      }
      override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int)
        -> String?
      { "Title" }
      override func tableView(
        _ tableView: TableView, willDisplayHeaderView view: View, forSection section: Int
      ) {
        headers.append(section)
      }
    }
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let controller = Controller(style: .insetGrouped)
    window.rootViewController = controller
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    #expect(controller.headers == [0])
  }
}
