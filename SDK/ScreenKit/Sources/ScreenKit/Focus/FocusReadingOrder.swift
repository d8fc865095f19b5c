/// The reading order of focusable views: the order Tab and Shift-Tab move in, and where
/// an environment without preferences finds its first item.
///
/// This is the reading order (top to bottom, then leading to trailing, by window frames):
/// items whose vertical extents overlap the current row by at least half of the smaller
/// height are in the same row and read leading to trailing; rows read top to bottom.
/// Right-to-left layouts read trailing to leading (`effectiveUserInterfaceLayoutDirection`
/// once the layout-direction work lands; until then left to right). It is the one place
/// the focus engine orders items, so that the accessibility model's reading order can
/// replace it.
@MainActor
enum FocusReadingOrder {
  /// `views` in reading order.
  static func sorted(_ views: [View]) -> [View] {
    let framed = views.map { (view: $0, frame: $0.focusFrame) }
      .sorted { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
    var rows: [[(view: View, frame: Rect)]] = []
    var rowBottom = -Double.infinity
    var rowTop = -Double.infinity
    for item in framed {
      let overlap = min(rowBottom, item.frame.maxY) - max(rowTop, item.frame.minY)
      let smaller = min(rowBottom - rowTop, item.frame.height)
      if !rows.isEmpty, overlap > 0, overlap >= smaller / 2 {
        rows[rows.count - 1].append(item)
        rowBottom = max(rowBottom, item.frame.maxY)
      } else {
        rows.append([item])
        rowTop = item.frame.minY
        rowBottom = item.frame.maxY
      }
    }
    return rows.flatMap { row in row.sorted { $0.frame.minX < $1.frame.minX }.map(\.view) }
  }
}
