/// Where everything of a table view lies in its content: the table header, each section's
/// header, rows and footer, the table footer. Rows are `RowHeights`, so that the geometry of
/// a million rows of one height is a few thousand numbers.
struct TableGeometry {
  /// One section: its header, rows and footer, and where it starts.
  struct Section {
    var header: Double
    var footer: Double
    var rows: RowHeights
    /// The section's top in the content.
    var top = 0.0
    /// The section's height.
    var height: Double { header + rows.total + footer }
  }

  var tableHeaderHeight = 0.0
  var tableFooterHeight = 0.0
  var sections: [Section] = []
  /// The space above the first section (grouped styles).
  var topPadding = 0.0

  /// The height of the whole content.
  var contentHeight: Double {
    guard let last = sections.last else {
      return tableHeaderHeight + topPadding + tableFooterHeight
    }
    return last.top + last.height + tableFooterHeight
  }

  /// Recomputes each section's top after a height changed.
  mutating func updateTops(from first: Int = 0) {
    var top =
      first == 0 || first > sections.count
      ? tableHeaderHeight + topPadding : sections[first - 1].top + sections[first - 1].height
    for index in max(0, first)..<sections.count {
      sections[index].top = top
      top += sections[index].height
    }
  }

  /// The total number of rows.
  var rowCount: Int { sections.reduce(0) { $0 + $1.rows.count } }

  /// The frame of the row at `indexPath` in a table `width` wide.
  func rectForRow(at indexPath: IndexPath, width: Double) -> Rect? {
    guard indexPath.count == 2, sections.indices.contains(indexPath.section) else { return nil }
    let section = sections[indexPath.section]
    guard indexPath.row >= 0, indexPath.row < section.rows.count else { return nil }
    return Rect(
      x: 0, y: section.top + section.header + section.rows.offset(of: indexPath.row),
      width: width, height: section.rows.height(of: indexPath.row))
  }

  /// The frame of a section's header.
  func rectForHeader(inSection index: Int, width: Double) -> Rect {
    guard sections.indices.contains(index) else { return .zero }
    let section = sections[index]
    return Rect(x: 0, y: section.top, width: width, height: section.header)
  }

  /// The frame of a section's footer.
  func rectForFooter(inSection index: Int, width: Double) -> Rect {
    guard sections.indices.contains(index) else { return .zero }
    let section = sections[index]
    return Rect(
      x: 0, y: section.top + section.header + section.rows.total, width: width,
      height: section.footer)
  }

  /// The section whose extent contains `y` (the nearest one at the ends).
  func section(at y: Double) -> Int? {
    guard !sections.isEmpty else { return nil }
    var low = 0
    var high = sections.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if sections[middle].top <= y { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The row whose extent contains `y`, if a row is there.
  func indexPath(at y: Double) -> IndexPath? {
    guard let index = section(at: y) else { return nil }
    let section = sections[index]
    let local = y - section.top - section.header
    guard local >= 0, local < section.rows.total, let row = section.rows.row(at: local) else {
      return nil
    }
    return IndexPath(row: row, section: index)
  }

  /// The rows that intersect `minY..<maxY`, in order.
  func indexPaths(from minY: Double, to maxY: Double) -> [IndexPath] {
    guard maxY > minY, let first = section(at: minY) else { return [] }
    var result: [IndexPath] = []
    var index = first
    while index < sections.count, sections[index].top < maxY {
      let section = sections[index]
      let rowsTop = section.top + section.header
      let local = minY - rowsTop
      if section.rows.count > 0, rowsTop + section.rows.total > minY,
        var row = section.rows.row(at: max(0, local))
      {
        while row < section.rows.count, rowsTop + section.rows.offset(of: row) < maxY {
          result.append(IndexPath(row: row, section: index))
          row += 1
        }
      }
      index += 1
    }
    return result
  }

  /// The sections whose extent intersects `minY..<maxY`.
  func sections(from minY: Double, to maxY: Double) -> Range<Int> {
    guard maxY > minY, let first = section(at: minY) else { return 0..<0 }
    var end = first
    while end < sections.count, sections[end].top < maxY { end += 1 }
    return first..<end
  }
}
