/// The reading order of focusable views: the order Tab and Shift-Tab move in, and where
/// an environment without preferences finds its first item.
///
/// This is the reading order, by frames in the window: top to bottom in lines, a view whose
/// top lies less than ``lineTolerance`` (or half the height of the line's first, topmost
/// view, if more) below that view's top being in its line, and left to right within a
/// line; ties keep tree order. It is the accessibility model's rule
/// for VoiceOver's order (`View.accessibilityReadingOrder`), so that Tab in compd and Tab
/// in the web client's DOM (ordered by reading order) agree; it is the one place the focus
/// engine orders items, to be replaced by that reading order where both are present.
@MainActor
enum FocusReadingOrder {
  /// How many points apart two views' tops may be and still be in one line: VoiceOver's 8
  /// points, as Cash App's AccessibilitySnapshot measures its order.
  static let lineTolerance: Double = 8

  /// `views` in reading order.
  static func sorted(_ views: [View]) -> [View] {
    let byTop = views.enumerated().map {
      (offset: $0.offset, view: $0.element, frame: $0.element.focusFrame)
    }
    .sorted { ($0.frame.minY, $0.offset) < ($1.frame.minY, $1.offset) }
    var result: [View] = []
    var line: [(offset: Int, view: View, frame: Rect)] = []
    func flush() {
      result += line.sorted { ($0.frame.minX, $0.offset) < ($1.frame.minX, $1.offset) }.map(\.view)
      line = []
    }
    for item in byTop {
      if let first = line.first,
        item.frame.minY - first.frame.minY >= max(lineTolerance, first.frame.height / 2)
      {
        flush()
      }
      line.append(item)
    }
    flush()
    return result
  }
}
