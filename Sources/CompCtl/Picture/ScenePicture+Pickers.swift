import JSONRPC
import ScreenKit

/// How `compctl render`/`draw` draws the pickers (docs/protocol.md, `datePicker`, `picker`).
extension ScenePicture {
  /// A date picker: its text in a grey pill (the compact style), or centred in a band
  /// across the wheels.
  mutating func drawDatePicker(_ node: WireNode, in box: Box) {
    let props = node.props
    let font = Font.systemFont(ofSize: 17)
    let text = props["text"]?.stringValue ?? ""
    var fill = Paint(wire: props["textColor"]?.stringValue) ?? Palette.text
    if props["enabled"]?.boolValue == false { fill.opacity *= 0.5 }
    let width = font.width(of: text)
    let pill = Box(
      x: props["style"]?.stringValue == "compact" ? box.x : box.x + (box.width - width - 22) / 2,
      y: box.y + (box.height - font.lineHeight - 14) / 2, width: width + 22,
      height: font.lineHeight + 14)
    elements.append(
      .rect(pill, radius: 6, fill: Paint("#767680", opacity: 0.12), stroke: nil, strokeWidth: 0))
    elements.append(
      .text(
        text, x: pill.x + 11, baseline: pill.y + 7 + font.ascender, font: font, fill: fill))
  }

  /// A picker: its wheels side by side, each with its selected row in a grey band across
  /// the middle and the rows either side above and below it, fading.
  mutating func drawPicker(_ node: WireNode, in box: Box) {
    let components = node.props["components"]?.arrayValue ?? []
    guard !components.isEmpty else { return }
    let label = Paint(wire: node.props["textColor"]?.stringValue) ?? Palette.text
    let font = Font.systemFont(ofSize: 17)
    let rowHeight = 32.0
    let middle = box.y + box.height / 2
    elements.append(
      .rect(
        Box(
          x: box.x + 8, y: middle - rowHeight / 2, width: max(0, box.width - 16), height: rowHeight),
        radius: 8, fill: Paint("#767680", opacity: 0.12), stroke: nil, strokeWidth: 0))
    let wheelWidth = box.width / Double(components.count)
    for (index, component) in components.enumerated() {
      let rows = component["rows"]?.arrayValue?.compactMap(\.stringValue) ?? []
      let selected = Int(component["selected"]?.intValue ?? -1)
      for offset in -2...2 {
        let row = selected + offset
        guard rows.indices.contains(row) else { continue }
        let top = middle - rowHeight / 2 + Double(offset) * rowHeight
        guard top >= box.y, top + rowHeight <= box.y + box.height else { continue }
        var fill = label
        fill.opacity *= offset == 0 ? 1 : 0.35
        let width = font.width(of: rows[row])
        elements.append(
          .text(
            rows[row], x: box.x + Double(index) * wheelWidth + (wheelWidth - width) / 2,
            baseline: top + (rowHeight - font.lineHeight) / 2 + font.ascender, font: font,
            fill: fill))
      }
    }
  }

  /// A search bar: its field (a rounded grey box at `field`) with a magnifying glass and the
  /// text or placeholder, and the scope buttons under it with the selected one raised.
  mutating func drawSearchBar(_ node: WireNode, in box: Box) {
    let props = node.props
    let field = props["field"]
    let fieldBox = Box(
      x: box.x + (field?["x"]?.doubleValue ?? 8), y: box.y + (field?["y"]?.doubleValue ?? 10),
      width: field?["width"]?.doubleValue ?? max(0, box.width - 16),
      height: field?["height"]?.doubleValue ?? 36)
    elements.append(
      .rect(
        fieldBox, radius: 10, fill: Paint("#767680", opacity: 0.12), stroke: nil, strokeWidth: 0))
    let glass = Paint("#8e8e93")
    let cy = fieldBox.y + fieldBox.height / 2
    elements.append(
      .circle(cx: fieldBox.x + 14, cy: cy - 1, r: 5, fill: nil, stroke: glass, strokeWidth: 1.5))
    elements.append(
      .line(
        x1: fieldBox.x + 17.5, y1: cy + 2.5, x2: fieldBox.x + 21, y2: cy + 6, stroke: glass,
        width: 1.5))
    let font = Font.systemFont(ofSize: 17)
    let text = props["text"]?.stringValue ?? ""
    let shown = text.isEmpty ? props["placeholder"]?.stringValue ?? "" : text
    let label = Paint(wire: props["textColor"]?.stringValue) ?? Palette.text
    let fill =
      text.isEmpty
      ? (Paint(wire: props["placeholderColor"]?.stringValue) ?? Palette.placeholder) : label
    elements.append(
      .text(
        shown, x: fieldBox.x + 30, baseline: cy - font.lineHeight / 2 + font.ascender, font: font,
        fill: fill))
    let scopes = props["scopes"]?.arrayValue?.compactMap(\.stringValue) ?? []
    guard !scopes.isEmpty else { return }
    let bar = Box(x: box.x + 8, y: box.y + 56, width: max(0, box.width - 16), height: 32)
    elements.append(
      .rect(bar, radius: 8, fill: Paint("#767680", opacity: 0.12), stroke: nil, strokeWidth: 0))
    let width = bar.width / Double(scopes.count)
    let selected = Int(props["selectedScope"]?.intValue ?? 0)
    let scopeFont = Font.systemFont(ofSize: 13)
    for (index, title) in scopes.enumerated() {
      let x = bar.x + Double(index) * width
      if index == selected {
        elements.append(
          .rect(
            Box(x: x + 2, y: bar.y + 2, width: width - 4, height: 28), radius: 7,
            fill: Paint(wire: props["selectedSegmentTintColor"]?.stringValue) ?? Palette.canvas,
            stroke: nil, strokeWidth: 0))
      }
      elements.append(
        .text(
          title, x: x + (width - scopeFont.width(of: title)) / 2,
          baseline: bar.y + 16 - scopeFont.lineHeight / 2 + scopeFont.ascender, font: scopeFont,
          fill: label))
    }
  }
}
