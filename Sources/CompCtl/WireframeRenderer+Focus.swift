extension WireframeRenderer.BoxStyle {
  /// The focus ring's characters: double-lined corners and sides, `»` `«` beside one row.
  static let focusRing = WireframeRenderer.BoxStyle(
    topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═",
    vertical: "║", open: "»", close: "«")
}

extension WireframeRenderer.Drawing {
  /// Rings the root's `focused` node: double-lined corners and sides on its box (no top
  /// and bottom edges, which would hide the text of the rows they cross), or, for a node
  /// one row high, `»` and `«` in the cells just outside its ends.
  mutating func drawFocusRing(
    around box: WireframeRenderer.CellRect, clip: WireframeRenderer.CellRect
  ) {
    guard !box.isEmpty else { return }
    let style = WireframeRenderer.BoxStyle.focusRing
    if box.top == box.bottom {
      canvas.put(style.open, row: box.top, column: box.left - 1, clip: clip)
      canvas.put(style.close, row: box.top, column: box.right + 1, clip: clip)
      return
    }
    for row in box.top...box.bottom {
      canvas.put(style.vertical, row: row, column: box.left, clip: clip)
      canvas.put(style.vertical, row: row, column: box.right, clip: clip)
    }
    canvas.put(style.topLeft, row: box.top, column: box.left, clip: clip)
    canvas.put(style.topRight, row: box.top, column: box.right, clip: clip)
    canvas.put(style.bottomLeft, row: box.bottom, column: box.left, clip: clip)
    canvas.put(style.bottomRight, row: box.bottom, column: box.right, clip: clip)
  }
}
