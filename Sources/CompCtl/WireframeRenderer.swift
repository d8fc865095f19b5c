import JSONRPC

/// `compctl draw`: a scene's layout as a box-drawing wireframe, a pure function of the tree
/// and the terminal width.
///
/// The root's width is scaled to `columns`; rows use half that scale, since a terminal cell
/// is about twice as tall as it is wide. Each visible node is a box at its absolute
/// position (stacks and plain views without background or border get no box of their own;
/// frames are relative to the parent; a `scroll` node's children are shifted by
/// its `contentOffset` and clipped to it). A box at least two cells high and wide is drawn
/// with `┌─┐│└┘`, a one-row box as `[…]`, a one-column box as `│`. A node's visible text
/// (see `WireNode.visibleText`) is written on the middle row of its box, or over the top
/// edge of a two-row box, truncated with `…` to fit. Hidden nodes and their subtrees are
/// skipped. Trailing spaces are trimmed from every line.
enum WireframeRenderer {
  /// The narrowest and widest drawing accepted, in columns.
  static let columnRange = 4...1000
  /// The most rows a drawing gets; a taller root is cut off.
  static let maximumRows = 2000

  /// The wireframe of the tree under `root` (a node object) drawn `columns` wide, or an
  /// empty string when the root is not a node or has no width.
  static func render(root: JSON, columns: Int) -> String {
    guard let node = WireNode(root), node.frame.width > 0, node.frame.height > 0 else {
      return ""
    }
    let columns = min(max(columns, columnRange.lowerBound), columnRange.upperBound)
    let scaleX = Double(columns) / node.frame.width
    let scaleY = scaleX / 2
    let rows = min(max(1, cell(node.frame.height * scaleY)), maximumRows)
    let whole = CellRect(top: 0, left: 0, bottom: rows - 1, right: columns - 1)
    var drawing = Drawing(
      scaleX: scaleX, scaleY: scaleY, canvas: Canvas(width: columns, height: rows))
    drawing.draw(
      node, originX: -node.frame.x, originY: -node.frame.y, clip: whole, isRoot: true)
    return drawing.canvas.text
  }

  /// `value` rounded to a whole cell, clamped far from `Int`'s limits.
  static func cell(_ value: Double) -> Int {
    Int(min(max(value.rounded(), -1e9), 1e9))
  }

  /// An inclusive rectangle of cells.
  struct CellRect: Equatable {
    var top: Int
    var left: Int
    var bottom: Int
    var right: Int

    var isEmpty: Bool { bottom < top || right < left }

    func contains(row: Int, column: Int) -> Bool {
      row >= top && row <= bottom && column >= left && column <= right
    }

    func intersection(_ other: CellRect) -> CellRect {
      CellRect(
        top: max(top, other.top), left: max(left, other.left),
        bottom: min(bottom, other.bottom), right: min(right, other.right))
    }
  }

  /// A grid of characters, one per terminal cell.
  struct Canvas {
    var cells: [[Character]]

    init(width: Int, height: Int) {
      cells = Array(repeating: Array(repeating: " ", count: width), count: height)
    }

    /// Sets one cell when it is inside `clip` (and the canvas).
    mutating func put(_ character: Character, row: Int, column: Int, clip: CellRect) {
      guard clip.contains(row: row, column: column), row >= 0, row < cells.count,
        column >= 0, column < cells[row].count
      else { return }
      cells[row][column] = character
    }

    /// The lines, trailing spaces trimmed, joined by newlines.
    var text: String {
      cells.map { row in
        var line = String(row)
        while line.last == " " { line.removeLast() }
        return line
      }.joined(separator: "\n")
    }
  }

  private struct Drawing {
    let scaleX: Double
    let scaleY: Double
    var canvas: Canvas

    /// Draws `node` whose parent's origin is at (`originX`, `originY`) in root points.
    mutating func draw(
      _ node: WireNode, originX: Double, originY: Double, clip: CellRect, isRoot: Bool = false
    ) {
      if node.isHidden { return }
      let x = originX + node.frame.x
      let y = originY + node.frame.y
      let box = CellRect(
        top: cell(y * scaleY), left: cell(x * scaleX),
        bottom: cell((y + node.frame.height) * scaleY) - 1,
        right: cell((x + node.frame.width) * scaleX) - 1)
      if isRoot || !node.isInvisibleContainer { drawBox(box, clip: clip) }
      if let text = node.visibleText { drawText(text, of: node, in: box, clip: clip) }
      var childClip = clip
      var childX = x
      var childY = y
      if node.type == "scroll" {
        let offset = node.contentOffset
        childX -= offset.x
        childY -= offset.y
        let inside = CellRect(
          top: box.top + 1, left: box.left + 1, bottom: box.bottom - 1, right: box.right - 1)
        childClip = clip.intersection(inside)
      }
      for child in node.children {
        draw(child, originX: childX, originY: childY, clip: childClip)
      }
    }

    mutating func drawBox(_ box: CellRect, clip: CellRect) {
      if box.isEmpty { return }
      let width = box.right - box.left + 1
      let height = box.bottom - box.top + 1
      if width == 1 {
        let firstRow = max(box.top, clip.top)
        let lastRow = min(box.bottom, clip.bottom)
        if firstRow <= lastRow {
          for row in firstRow...lastRow { canvas.put("│", row: row, column: box.left, clip: clip) }
        }
        return
      }
      if height == 1 {
        canvas.put("[", row: box.top, column: box.left, clip: clip)
        canvas.put("]", row: box.top, column: box.right, clip: clip)
        return
      }
      // Only cells inside the clip can change, so long edges are walked only there.
      let firstColumn = max(box.left + 1, clip.left)
      let lastColumn = min(box.right - 1, clip.right)
      if firstColumn <= lastColumn {
        for column in firstColumn...lastColumn {
          canvas.put("─", row: box.top, column: column, clip: clip)
          canvas.put("─", row: box.bottom, column: column, clip: clip)
        }
      }
      let firstRow = max(box.top + 1, clip.top)
      let lastRow = min(box.bottom - 1, clip.bottom)
      if firstRow <= lastRow {
        for row in firstRow...lastRow {
          canvas.put("│", row: row, column: box.left, clip: clip)
          canvas.put("│", row: row, column: box.right, clip: clip)
        }
      }
      canvas.put("┌", row: box.top, column: box.left, clip: clip)
      canvas.put("┐", row: box.top, column: box.right, clip: clip)
      canvas.put("└", row: box.bottom, column: box.left, clip: clip)
      canvas.put("┘", row: box.bottom, column: box.right, clip: clip)
    }

    mutating func drawText(_ text: String, of node: WireNode, in box: CellRect, clip: CellRect) {
      let width = box.right - box.left + 1
      let height = box.bottom - box.top + 1
      guard width >= 3, height >= 1 else { return }
      let room = width - 2
      let row = height >= 3 ? box.top + (height - 1) / 2 : box.top
      let shown = Array(truncate(text, to: room))
      let alignment = node.props["textAlignment"]?.stringValue
      let start: Int
      if node.type == "button" || alignment == "center" {
        start = box.left + 1 + (room - shown.count) / 2
      } else if alignment == "right" {
        start = box.right - shown.count
      } else {
        start = box.left + 1
      }
      for (index, character) in shown.enumerated() {
        canvas.put(character, row: row, column: start + index, clip: clip)
      }
    }
  }
}
