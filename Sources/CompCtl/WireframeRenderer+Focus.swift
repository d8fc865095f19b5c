extension WireframeRenderer.BoxStyle {
  /// The focus ring: a double-lined box.
  static let focusRing = WireframeRenderer.BoxStyle(
    topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═",
    vertical: "║", open: "»", close: "«")
}

extension WireframeRenderer.Drawing {
  /// Rings the root's `focused` node: its box drawn double-lined, or, for a node one row
  /// high, `»` and `«` in the cells just outside its ends (a ring a cell outside a taller
  /// box would draw over its neighbours' rows at the small scales a terminal shows).
  mutating func drawFocusRing(
    around box: WireframeRenderer.CellRect, clip: WireframeRenderer.CellRect
  ) {
    guard !box.isEmpty else { return }
    if box.top == box.bottom {
      canvas.put("»", row: box.top, column: box.left - 1, clip: clip)
      canvas.put("«", row: box.top, column: box.right + 1, clip: clip)
    } else {
      drawBox(box, style: .focusRing, clip: clip)
    }
  }
}
