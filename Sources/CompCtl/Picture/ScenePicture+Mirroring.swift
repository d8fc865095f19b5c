import JSONRPC

/// How `compctl render` paints a node sent with `layoutDirection: "rightToLeft"`
/// (docs/protocol.md, "Right to left"): the parts it paints inside the node — a slider's
/// fill and thumb, a stepper's halves, a segmented control's segments, a progress bar's
/// fill, a page control's dots, a table row's accessory — are the left-to-right ones
/// mirrored about the node's vertical centre line, as UIKit flips its system controls.
/// Text is moved, never reversed: a title keeps its reading and lands where the mirrored
/// box of its left-to-right place is.
extension ScenePicture {
  /// Whether `node` paints its parts right to left.
  static func isRightToLeft(_ node: WireNode) -> Bool {
    node.props["layoutDirection"]?.stringValue == "rightToLeft"
  }

  /// `elements` mirrored about the vertical line through the middle of `box`.
  static func mirrored(_ elements: [Element], in box: Box) -> [Element] {
    let axis = 2 * box.x + box.width
    return elements.map { $0.mirrored(about: axis) }
  }
}

extension ScenePicture.Element {
  /// This element reflected in the vertical line `x = axis / 2` (`axis` is twice its `x`).
  func mirrored(about axis: Double) -> Self {
    func reflected(_ box: ScenePicture.Box) -> ScenePicture.Box {
      ScenePicture.Box(x: axis - box.x - box.width, y: box.y, width: box.width, height: box.height)
    }
    switch self {
    case .begin, .end:
      return self
    case .rect(let box, let radius, let corners, let fill, let stroke, let strokeWidth):
      return .rect(
        reflected(box), radius: radius, corners: corners, fill: fill, stroke: stroke,
        strokeWidth: strokeWidth)
    case .circle(let cx, let cy, let r, let fill, let stroke, let strokeWidth):
      return .circle(
        cx: axis - cx, cy: cy, r: r, fill: fill, stroke: stroke, strokeWidth: strokeWidth)
    case .line(let x1, let y1, let x2, let y2, let stroke, let width):
      return .line(x1: axis - x1, y1: y1, x2: axis - x2, y2: y2, stroke: stroke, width: width)
    case .text(let text, let x, let baseline, let font, let fill):
      return .text(
        text, x: axis - x - font.width(of: text), baseline: baseline, font: font, fill: fill)
    case .image(let box, let bytes, let tint):
      return .image(reflected(box), bytes: bytes, tint: tint)
    }
  }
}
