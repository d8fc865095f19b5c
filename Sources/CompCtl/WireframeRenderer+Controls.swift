import JSONRPC

/// How `compctl layout` writes the valued controls in text: a slider as a track with its
/// thumb `●` where the value is, a stepper as `[− 3 +]`, a segmented control's titles with
/// the selected one in brackets, a progress bar of `█` and `░`, page dots `○ ● ○`. A node
/// sent with `layoutDirection: "rightToLeft"` is written mirrored, as UIKit flips the
/// controls: the slider's and the progress bar's fill from the right, `[+ 3 −]`, the first
/// segment and the first page's dot on the right (each title still reads as it is written).
extension WireframeRenderer.Drawing {
  mutating func drawControl(
    _ node: WireNode, box: WireframeRenderer.CellRect, clip: WireframeRenderer.CellRect
  ) {
    let width = box.right - box.left + 1
    let row = middleRow(of: box)
    let props = node.props
    let rtl = props["layoutDirection"]?.stringValue == "rightToLeft"
    var text: String
    switch node.type {
    case "slider":
      let minimum = props["minimumValue"]?.doubleValue ?? 0
      let maximum = props["maximumValue"]?.doubleValue ?? 1
      let value = props["value"]?.doubleValue ?? 0
      let fraction = maximum > minimum ? min(max((value - minimum) / (maximum - minimum), 0), 1) : 0
      let thumb = Int((fraction * Double(max(width - 1, 0))).rounded())
      text =
        String(repeating: "━", count: thumb) + "●"
        + String(repeating: "─", count: max(width - thumb - 1, 0))
    case "stepper":
      let value = Self.number(props["value"]?.doubleValue ?? 0)
      text = rtl ? "[+ \(value) −]" : "[− \(value) +]"
    case "segmentedControl":
      let selected = Int(props["selectedSegmentIndex"]?.intValue ?? -1)
      let titles = (props["segments"]?.arrayValue ?? []).enumerated().map { index, segment in
        let title = segment["title"]?.stringValue ?? "·"
        return index == selected ? "[\(title)]" : " \(title) "
      }
      text = "‹" + (rtl ? titles.reversed() : titles).joined(separator: "|") + "›"
    case "progress":
      let progress = min(max(props["progress"]?.doubleValue ?? 0, 0), 1)
      let filled = Int((progress * Double(width)).rounded())
      text = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    case "pageControl":
      let count = Int(min(max(props["numberOfPages"]?.intValue ?? 0, 0), 100))
      let current = Int(props["currentPage"]?.intValue ?? 0)
      if props["hidesForSinglePage"]?.boolValue == true, count == 1 { return }
      let dots = (0..<count).map { $0 == current ? "●" : "○" }
      text = (rtl ? dots.reversed() : dots).joined(separator: " ")
    default:
      return
    }
    // The slider's and the progress bar's characters are symmetric: reversed, they mirror.
    if rtl, node.type == "slider" || node.type == "progress" { text = String(text.reversed()) }
    let shown = String(text.prefix(width))
    let start =
      node.type == "slider" || node.type == "progress"
      ? box.left : box.left + (width - shown.count) / 2
    drawLine(shown, row: row, from: start, clip: clip)
  }

  /// A value as the wire's numbers: whole numbers without a fraction.
  static func number(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }
}
