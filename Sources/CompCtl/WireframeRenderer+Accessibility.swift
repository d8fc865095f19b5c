import JSONRPC

/// `compctl draw --a11y`: the elements a screen reader reads as boxes where they are, each
/// labelled with its place in the reading order, its role and its name.
extension WireframeRenderer {
  /// The wireframe of the reading order of the tree under `root`, scaled as ``render(root:columns:rows:)``
  /// scales the layout: one plain box per element, `3 button "Save"` on its middle row.
  static func renderAccessibility(root: JSON, columns: Int, rows maximum: Int? = nil) -> Wireframe {
    guard let node = WireNode(root), node.frame.width > 0, node.frame.height > 0 else {
      return Wireframe(text: "", columns: 0, rows: 0, tooSmall: 0)
    }
    var (drawing, whole) = canvas(for: node, columns: columns, rows: maximum)
    let (width, rows) = (whole.right + 1, whole.bottom + 1)
    let (scaleX, scaleY) = (drawing.scaleX, drawing.scaleY)
    var tooSmall = 0
    for (index, item) in AccessibilityReadingOrder.items(root: node).enumerated() {
      let frame = item.frame
      let x = frame.x - node.frame.x
      let y = frame.y - node.frame.y
      let box = CellRect(
        top: cell(y * scaleY), left: cell(x * scaleX),
        bottom: max(cell((y + frame.height) * scaleY) - 1, cell(y * scaleY)),
        right: cell((x + frame.width) * scaleX) - 1)
      if box.isEmpty {
        tooSmall += 1
        continue
      }
      drawing.drawBox(box, style: .plain, clip: whole)
      let a11y = item.accessibility
      let role =
        a11y.traits.first { $0 != "staticText" && $0 != "notEnabled" && $0 != "selected" }
        ?? (a11y.traits.isEmpty ? item.node.type : "text")
      var text = "\(index + 1) \(role)"
      if let label = a11y.label { text += " \(A11yText.quoted(label))" }
      if let value = a11y.value { text += " = \(value)" }
      let height = box.bottom - box.top + 1
      let room = box.right - box.left - 1
      let row = height >= 3 ? box.top + (height - 1) / 2 : box.top
      guard room >= 1 else { continue }
      drawing.drawLine(String(text.prefix(room)), row: row, from: box.left + 1, clip: whole)
    }
    return Wireframe(text: drawing.canvas.text, columns: width, rows: rows, tooSmall: tooSmall)
  }
}
