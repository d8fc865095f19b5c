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
    var fill = Palette.text
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
        var fill = Palette.text
        fill.opacity = offset == 0 ? 1 : 0.35
        let width = font.width(of: rows[row])
        elements.append(
          .text(
            rows[row], x: box.x + Double(index) * wheelWidth + (wheelWidth - width) / 2,
            baseline: top + (rowHeight - font.lineHeight) / 2 + font.ascender, font: font,
            fill: fill))
      }
    }
  }
}
