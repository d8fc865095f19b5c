import JSONRPC
import ScreenKit

/// How `compctl render` draws the valued controls, as iOS draws them and the web client
/// does (docs/drawing.md): a slider's 4-point track, filled in the tint up to a 28-point
/// white thumb; a stepper's rounded grey body with − and + halves; a segmented control's
/// grey track with the selected segment white; a progress bar; a row of 7-point dots.
extension ScenePicture {
  /// The colours of the controls where the wire sends none (UIKit's).
  enum ControlPalette {
    /// `tertiarySystemFill`, the unfilled track and the controls' grey bodies.
    static let fill = Paint("#787880", opacity: 0.2)
    static let thumb = Paint("#ffffff")
    static let thumbEdge = Paint("#000000", opacity: 0.12)
    static let divider = Paint("#3c3c43", opacity: 0.29)
    static let glyph = Paint("#000000")
    static let pageDot = Paint("#3c3c43", opacity: 0.3)
    static let currentPageDot = Paint("#000000")
  }

  /// The shapes one control draws in `box`.
  static func control(_ node: WireNode, in box: Box) -> [Element] {
    let props = node.props
    let tint = Paint(wire: props["tintColor"]?.stringValue) ?? Palette.tint
    var shapes: [Element] = []
    var disabled = props["enabled"]?.boolValue == false
    func faded(_ paint: Paint) -> Paint {
      var paint = paint
      if disabled { paint.opacity *= 0.5 }
      return paint
    }
    switch node.type {
    case "slider":
      let minimum = props["minimumValue"]?.doubleValue ?? 0
      let maximum = props["maximumValue"]?.doubleValue ?? 1
      let value = props["value"]?.doubleValue ?? 0
      let fraction = maximum > minimum ? min(max((value - minimum) / (maximum - minimum), 0), 1) : 0
      let radius = Slider.thumbDiameter / 2
      let travel = max(box.width - Slider.thumbDiameter, 0)
      let cx = box.x + radius + fraction * travel
      let cy = box.y + box.height / 2
      let track = Box(x: box.x + radius, y: cy - 2, width: travel, height: 4)
      let maximumTrack =
        Paint(wire: props["maximumTrackTintColor"]?.stringValue) ?? ControlPalette.fill
      let minimumTrack = Paint(wire: props["minimumTrackTintColor"]?.stringValue) ?? tint
      shapes.append(.rect(track, radius: 2, fill: faded(maximumTrack), stroke: nil, strokeWidth: 0))
      shapes.append(
        .rect(
          Box(x: track.x, y: track.y, width: cx - track.x, height: 4), radius: 2,
          fill: faded(minimumTrack), stroke: nil, strokeWidth: 0))
      shapes.append(
        .circle(
          cx: cx, cy: cy, r: radius,
          fill: Paint(wire: props["thumbTintColor"]?.stringValue) ?? ControlPalette.thumb,
          stroke: ControlPalette.thumbEdge, strokeWidth: 0.5))
    case "stepper":
      let value = props["value"]?.doubleValue ?? 0
      let wraps = props["wraps"]?.boolValue == true
      shapes.append(.rect(box, radius: 8, fill: ControlPalette.fill, stroke: nil, strokeWidth: 0))
      let mid = box.x + box.width / 2
      shapes.append(
        .line(
          x1: mid, y1: box.y + 8, x2: mid, y2: box.y + box.height - 8,
          stroke: ControlPalette.divider, width: 1))
      let label = Paint(wire: props["textColor"]?.stringValue) ?? ControlPalette.glyph
      let glyph = tint == Palette.tint ? label : tint
      let cy = box.y + box.height / 2
      for (centre, enabled, plus) in [
        (box.x + box.width / 4, wraps || value > (props["minimumValue"]?.doubleValue ?? 0), false),
        (
          box.x + box.width * 3 / 4, wraps || value < (props["maximumValue"]?.doubleValue ?? 100),
          true
        ),
      ] {
        var paint = faded(glyph)
        if !enabled { paint.opacity *= 0.3 }
        shapes.append(
          .line(x1: centre - 7, y1: cy, x2: centre + 7, y2: cy, stroke: paint, width: 2))
        if plus {
          shapes.append(
            .line(x1: centre, y1: cy - 7, x2: centre, y2: cy + 7, stroke: paint, width: 2))
        }
      }
    case "segmentedControl":
      shapes.append(.rect(box, radius: 9, fill: ControlPalette.fill, stroke: nil, strokeWidth: 0))
      let selected =
        props["momentary"]?.boolValue == true
        ? -1 : Int(props["selectedSegmentIndex"]?.intValue ?? -1)
      let font = SegmentedControl.titleFont
      var x = box.x
      for (index, segment) in (props["segments"]?.arrayValue ?? []).enumerated() {
        let width = segment["width"]?.doubleValue ?? 0
        let cell = Box(x: x, y: box.y, width: width, height: box.height)
        if index == selected {
          let fill =
            Paint(wire: props["selectedSegmentTintColor"]?.stringValue) ?? ControlPalette.thumb
          shapes.append(
            .rect(
              cell.insetBy(2, 2), radius: 7, fill: fill, stroke: ControlPalette.thumbEdge,
              strokeWidth: 0.5))
        } else if index > 0, index - 1 != selected {
          shapes.append(
            .line(
              x1: x, y1: box.y + 8, x2: x, y2: box.y + box.height - 8,
              stroke: ControlPalette.divider, width: 1))
        }
        if let title = segment["title"]?.stringValue, !title.isEmpty {
          var paint = faded(Paint(wire: props["textColor"]?.stringValue) ?? ControlPalette.glyph)
          if segment["enabled"]?.boolValue == false { paint.opacity *= 0.3 }
          let textWidth = font.width(of: title)
          shapes.append(
            .text(
              title, x: cell.x + (width - textWidth) / 2,
              baseline: cell.y + (cell.height + font.capHeight) / 2, font: font, fill: paint))
        }
        x += width
      }
    case "progress":
      disabled = false
      let progress = min(max(props["progress"]?.doubleValue ?? 0, 0), 1)
      let bar = props["progressViewStyle"]?.stringValue == "bar"
      let radius = bar ? 0 : box.height / 2
      if let track = Paint(wire: props["trackTintColor"]?.stringValue)
        ?? (bar ? nil : ControlPalette.fill)
      {
        shapes.append(.rect(box, radius: radius, fill: track, stroke: nil, strokeWidth: 0))
      }
      let fill = Paint(wire: props["progressTintColor"]?.stringValue) ?? tint
      shapes.append(
        .rect(
          Box(x: box.x, y: box.y, width: box.width * progress, height: box.height), radius: radius,
          fill: fill, stroke: nil, strokeWidth: 0))
    case "pageControl":
      let count = Int(min(max(props["numberOfPages"]?.intValue ?? 0, 0), 1000))
      if props["hidesForSinglePage"]?.boolValue == true, count == 1 { break }
      let current = Int(props["currentPage"]?.intValue ?? 0)
      let width =
        count == 0 ? 0 : Double(count) * PageControl.indicatorPitch - PageControl.indicatorGap
      let start = box.x + (box.width - width) / 2 + PageControl.indicatorDiameter / 2
      let other =
        Paint(wire: props["pageIndicatorTintColor"]?.stringValue) ?? ControlPalette.pageDot
      let currentPaint =
        Paint(wire: props["currentPageIndicatorTintColor"]?.stringValue)
        ?? ControlPalette.currentPageDot
      for index in 0..<count {
        shapes.append(
          .circle(
            cx: start + Double(index) * PageControl.indicatorPitch, cy: box.y + box.height / 2,
            r: PageControl.indicatorDiameter / 2,
            fill: faded(index == current ? currentPaint : other),
            stroke: nil, strokeWidth: 0))
      }
    default:
      break
    }
    return shapes
  }
}
