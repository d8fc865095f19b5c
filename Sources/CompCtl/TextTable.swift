/// A plain text table for people: a header row, then one row per item, columns padded to
/// their widest cell and separated by two spaces (the last column is not padded).
struct TextTable {
  /// The column titles.
  var headers: [String]
  /// The cells, one array per row; a short row is padded with empty cells.
  var rows: [[String]] = []

  /// The table as lines joined by newlines, without a trailing newline.
  var text: String {
    var widths = headers.map(\.count)
    for row in rows {
      for (index, cell) in row.enumerated() where index < widths.count {
        widths[index] = max(widths[index], cell.count)
      }
    }
    return ([headers] + rows).map { row in
      var line = ""
      for index in widths.indices {
        let cell = index < row.count ? row[index] : ""
        if index == widths.count - 1 {
          line += cell
        } else {
          line += cell + String(repeating: " ", count: widths[index] - cell.count + 2)
        }
      }
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }
}
