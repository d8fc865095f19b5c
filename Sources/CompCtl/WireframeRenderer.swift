import JSONRPC

/// `compctl draw`: a scene's layout as a box-drawing wireframe, a pure function of the tree
/// and the room the terminal gives.
///
/// The root's width is scaled to `columns`; rows use half that scale, since a terminal cell
/// is about twice as tall as it is wide. When that is taller than `rows`, the scale shrinks
/// so the root fits the rows instead (and takes fewer columns). Each visible node is drawn
/// at its absolute position (frames are relative to the parent; a `scroll` or `table` node's
/// children are shifted by its `contentOffset` and clipped to it) in its type's style:
///
/// | type | style |
/// |---|---|
/// | root, a `view` with a background or border | `┌─┐│└┘` |
/// | `scroll`, `table` | `┌╌┐╎└┘` |
/// | `cell` | no box: its separator `─` along its bottom row (inset as sent, clear of its end columns), its accessory (`›`, `✓`, `ⓘ`, `ⓘ›`) 16 points from its right edge (`‹`, `‹ⓘ` 16 points from its left edge in a right-to-left row) |
/// | `button` | `╭─╮│╰─╯`, the title centred; one row high: `(title)` |
/// | `textField` | `┏━┓┃┗┛`, its text, bullets or placeholder; one row high: `[text]` |
/// | `textView` | as a text field, its text on one row |
/// | `datePicker`, `picker`, `searchBar` | as a text field: the date's text, a picker's selected rows, the search text |
/// | `image` | `╔═╗║╚═╝` with the image's name |
/// | `label` | no box: only its text |
/// | `switch` | no box: `[on ●]` or `[○ off]` (`●`/`○` when narrow) |
/// | `activityIndicator` | `✻` |
/// | `navigationBar` | `━` along its bottom row (its title and buttons are child nodes) |
/// | `tabBar` | `━` along its top row (its tabs are child buttons) |
/// | `toolbar` | `━` along its top row (its items are child buttons) |
/// | `stack`, a plain `view` | nothing of its own |
///
/// A one-column box is `│`. Text is written on the middle row of its box (over the top
/// edge of a two-row box), truncated with `…`. Hidden nodes and their subtrees are skipped;
/// nodes that would draw something but get no cell at this scale are counted in
/// `Wireframe.tooSmall`. Trailing spaces are trimmed from every line.
enum WireframeRenderer {
  /// The narrowest and widest drawing accepted, in columns.
  static let columnRange = 4...1000
  /// The most rows a drawing gets.
  static let maximumRows = 2000

  /// A drawing and what it took.
  struct Wireframe: Equatable {
    /// The lines, joined by newlines.
    var text: String
    /// The columns and rows the root was scaled to.
    var columns: Int
    var rows: Int
    /// Visible nodes that would draw something but were smaller than one cell.
    var tooSmall: Int
  }

  /// The wireframe of the tree under `root` (a node object) at most `columns` wide and,
  /// when `rows` is given, at most that many rows high; empty when the root is not a node
  /// or has no size.
  static func render(root: JSON, columns: Int, rows maximum: Int? = nil) -> Wireframe {
    guard let node = WireNode(root), node.frame.width > 0, node.frame.height > 0 else {
      return Wireframe(text: "", columns: 0, rows: 0, tooSmall: 0)
    }
    var (drawing, whole) = canvas(for: node, columns: columns, rows: maximum)
    let (width, rows) = (whole.right + 1, whole.bottom + 1)
    drawing.focusedID = node.props["focused"]?.stringValue
    drawing.draw(
      node, originX: -node.frame.x, originY: -node.frame.y, clip: whole, isRoot: true)
    return Wireframe(
      text: drawing.canvas.text, columns: width, rows: rows, tooSmall: drawing.tooSmall)
  }

  /// A blank drawing for `node` (which has a size) at most `columns` wide and `rows` high:
  /// points scaled so that a cell is twice as high as wide, the canvas as large as the node,
  /// and the rectangle of all its cells.
  static func canvas(for node: WireNode, columns: Int, rows maximum: Int?) -> (
    Drawing, CellRect
  ) {
    let columns = min(max(columns, columnRange.lowerBound), columnRange.upperBound)
    let rowLimit = min(max(maximum ?? maximumRows, 1), maximumRows)
    var scaleX = Double(columns) / node.frame.width
    var scaleY = scaleX / 2
    if node.frame.height * scaleY > Double(rowLimit) {
      scaleY = Double(rowLimit) / node.frame.height
      scaleX = scaleY * 2
    }
    let width = min(max(1, cell(node.frame.width * scaleX)), columns)
    let rows = min(max(1, cell(node.frame.height * scaleY)), rowLimit)
    let drawing = Drawing(
      scaleX: scaleX, scaleY: scaleY, canvas: Canvas(width: width, height: rows))
    return (drawing, CellRect(top: 0, left: 0, bottom: rows - 1, right: width - 1))
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

  /// The characters of a box: corners, then horizontal and vertical edges.
  struct BoxStyle {
    var topLeft: Character
    var topRight: Character
    var bottomLeft: Character
    var bottomRight: Character
    var horizontal: Character
    var vertical: Character
    /// The ends of a one-row box.
    var open: Character
    var close: Character

    static let plain = BoxStyle(
      topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─",
      vertical: "│", open: "[", close: "]")
    static let scroll = BoxStyle(
      topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "╌",
      vertical: "╎", open: "[", close: "]")
    static let button = BoxStyle(
      topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─",
      vertical: "│", open: "(", close: ")")
    static let field = BoxStyle(
      topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", horizontal: "━",
      vertical: "┃", open: "[", close: "]")
    static let image = BoxStyle(
      topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═",
      vertical: "║", open: "[", close: "]")
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

  struct Drawing {
    let scaleX: Double
    let scaleY: Double
    var canvas: Canvas
    /// The root's `focused` node, ringed (WireframeRenderer+Focus.swift).
    var focusedID: String?
    var tooSmall = 0

    init(scaleX: Double, scaleY: Double, canvas: Canvas) {
      self.scaleX = scaleX
      self.scaleY = scaleY
      self.canvas = canvas
    }

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
      // A node that would show something but gets no cell is counted, unless it lies
      // outside the clip (scrolled away), where it would not show at any size.
      let showsSomething =
        node.type == "label" ? node.visibleText != nil : isRoot || !node.isInvisibleContainer
      if showsSomething && box.isEmpty && box.top >= clip.top && box.top <= clip.bottom + 1
        && box.left >= clip.left && box.left <= clip.right + 1
      {
        tooSmall += 1
      }
      drawSelf(node, box: box, clip: clip, isRoot: isRoot)
      // A scroll view clips its content to its bounds, edges included: at a small scale
      // its edge rows would otherwise hide whole rows of content.
      let childClip = node.scrollsContent ? clip.intersection(box) : clip
      let offset = node.contentOffset
      for child in node.children {
        draw(child, originX: x - offset.x, originY: y - offset.y, clip: childClip)
      }
      if node.id == focusedID { drawFocusRing(around: box, clip: clip) }
    }

    mutating func drawSelf(_ node: WireNode, box: CellRect, clip: CellRect, isRoot: Bool) {
      if box.isEmpty { return }
      switch node.type {
      case "label":
        if let text = node.visibleText { drawText(text, of: node, in: box, clip: clip) }
      case "switch":
        let on = node.props["on"]?.boolValue == true
        let width = box.right - box.left + 1
        let full = on ? "[on ●]" : "[○ off]"
        let text = width >= full.count ? full : (on ? "●" : "○")
        drawLine(text, row: middleRow(of: box), from: box.left, clip: clip)
      case "activityIndicator":
        canvas.put(
          "✻", row: middleRow(of: box), column: box.left + (box.right - box.left) / 2, clip: clip)
      case "navigationBar":
        for column in box.left...box.right {
          canvas.put("━", row: box.bottom, column: column, clip: clip)
        }
      case "tabBar", "toolbar":
        for column in box.left...box.right {
          canvas.put("━", row: box.top, column: column, clip: clip)
        }
      case "button":
        drawBox(box, style: .button, clip: clip)
        if let text = node.visibleText { drawText(text, of: node, in: box, clip: clip) }
      case "textField", "textView", "datePicker", "picker", "searchBar":
        drawBox(box, style: .field, clip: clip)
        if let text = node.visibleText { drawText(text, of: node, in: box, clip: clip) }
      case "image":
        drawBox(box, style: .image, clip: clip)
        // The image's name (a resource or symbol name) when it has one.
        if let name = node.props["image"]?["name"]?.stringValue, !name.isEmpty {
          drawText(name, of: node, in: box, clip: clip, centred: true)
        }
      case "scroll", "table", "collection":
        drawBox(box, style: .scroll, clip: clip)
      case "cell":
        drawCell(node, box: box, clip: clip)
      case "slider", "stepper", "segmentedControl", "progress", "pageControl":
        drawControl(node, box: box, clip: clip)
      default:
        if isRoot || !node.isInvisibleContainer { drawBox(box, style: .plain, clip: clip) }
        if let text = node.visibleText { drawText(text, of: node, in: box, clip: clip) }
      }
    }

    /// The glyph of each table row accessory (docs/protocol.md, `cell`).
    static let accessoryGlyphs: [String: String] = [
      "disclosureIndicator": "›", "checkmark": "✓", "detailButton": "ⓘ",
      "detailDisclosureButton": "ⓘ›",
    ]

    /// The same in a right-to-left row (`layoutDirection`): the chevron pointing left.
    static let rightToLeftAccessoryGlyphs: [String: String] = accessoryGlyphs.merging([
      "disclosureIndicator": "‹", "detailDisclosureButton": "‹ⓘ",
    ]) { $1 }

    /// A table row: what its cell draws, without a box (its content is child nodes).
    mutating func drawCell(_ node: WireNode, box: CellRect, clip: CellRect) {
      let x = Double(box.left) / scaleX
      let right = Double(box.right + 1) / scaleX
      if let insets = node.props["separator"] {
        // Clear of the row's first and last columns, where its table's edges are drawn.
        let first = max(box.left + 1, cell((x + (insets["left"]?.doubleValue ?? 0)) * scaleX))
        let last = min(
          box.right - 1, cell((right - (insets["right"]?.doubleValue ?? 0)) * scaleX) - 1)
        if first <= last {
          for column in first...last {
            canvas.put("─", row: box.bottom, column: column, clip: clip)
          }
        }
      }
      let rtl = node.props["layoutDirection"]?.stringValue == "rightToLeft"
      if let accessory = node.props["accessory"]?.stringValue,
        let glyph = (rtl ? Self.rightToLeftAccessoryGlyphs : Self.accessoryGlyphs)[accessory]
      {
        // 16 points from the trailing edge: the left one right to left.
        let start = rtl ? cell((x + 16) * scaleX) : cell((right - 16) * scaleX) - glyph.count
        drawLine(glyph, row: middleRow(of: box), from: start, clip: clip)
      }
    }

    func middleRow(of box: CellRect) -> Int {
      let height = box.bottom - box.top + 1
      return height >= 3 ? box.top + (height - 1) / 2 : box.top
    }

    mutating func drawBox(_ box: CellRect, style: BoxStyle, clip: CellRect) {
      let width = box.right - box.left + 1
      let height = box.bottom - box.top + 1
      if width == 1 {
        let firstRow = max(box.top, clip.top)
        let lastRow = min(box.bottom, clip.bottom)
        if firstRow <= lastRow {
          for row in firstRow...lastRow {
            canvas.put(style.vertical, row: row, column: box.left, clip: clip)
          }
        }
        return
      }
      if height == 1 {
        canvas.put(style.open, row: box.top, column: box.left, clip: clip)
        canvas.put(style.close, row: box.top, column: box.right, clip: clip)
        return
      }
      // Only cells inside the clip can change, so long edges are walked only there.
      let firstColumn = max(box.left + 1, clip.left)
      let lastColumn = min(box.right - 1, clip.right)
      if firstColumn <= lastColumn {
        for column in firstColumn...lastColumn {
          canvas.put(style.horizontal, row: box.top, column: column, clip: clip)
          canvas.put(style.horizontal, row: box.bottom, column: column, clip: clip)
        }
      }
      let firstRow = max(box.top + 1, clip.top)
      let lastRow = min(box.bottom - 1, clip.bottom)
      if firstRow <= lastRow {
        for row in firstRow...lastRow {
          canvas.put(style.vertical, row: row, column: box.left, clip: clip)
          canvas.put(style.vertical, row: row, column: box.right, clip: clip)
        }
      }
      canvas.put(style.topLeft, row: box.top, column: box.left, clip: clip)
      canvas.put(style.topRight, row: box.top, column: box.right, clip: clip)
      canvas.put(style.bottomLeft, row: box.bottom, column: box.left, clip: clip)
      canvas.put(style.bottomRight, row: box.bottom, column: box.right, clip: clip)
    }

    mutating func drawLine(_ text: String, row: Int, from column: Int, clip: CellRect) {
      for (index, character) in text.enumerated() {
        canvas.put(character, row: row, column: column + index, clip: clip)
      }
    }

    /// Writes `text` on the middle row of `box`: inside its edges when the node has a box,
    /// across its whole width when it has none (a label).
    mutating func drawText(
      _ text: String, of node: WireNode, in box: CellRect, clip: CellRect, centred: Bool = false
    ) {
      let width = box.right - box.left + 1
      let boxed = node.type != "label"
      let room = boxed ? width - 2 : width
      guard room >= 1 else { return }
      let first = boxed ? box.left + 1 : box.left
      let shown = Array(truncate(text, to: room))
      let alignment = node.props["textAlignment"]?.stringValue
      let start: Int
      if centred || node.type == "button" || alignment == "center" {
        start = first + (room - shown.count) / 2
      } else if alignment == "right" {
        start = first + room - shown.count
      } else {
        start = first
      }
      drawLine(String(shown), row: middleRow(of: box), from: start, clip: clip)
    }
  }
}
