import ScreenKit

/// Writes a `ScenePicture` as an SVG document.
///
/// Each drawn node is a `<g>` with `data-node` (its id), `data-type`, `data-key` and
/// `data-frame` (`x y width height`, its bounds in root points), so a reader can tell the
/// picture's parts apart; a `scroll` or `table` node's group is clipped to its bounds. The canvas is
/// white. Text is Inter (the face of docs/text-metrics.md) without kerning or ligatures,
/// placed at the positions the metrics model gives.
enum SVGWriter {
  /// The SVG text of `picture`.
  static func document(_ picture: ScenePicture) -> String {
    let width = number(picture.width)
    let height = number(picture.height)
    var out = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
      viewBox="0 0 \(width) \(height)">
      <rect class="canvas" x="0" y="0" width="\(width)" height="\(height)" \
      fill="\(ScenePicture.Palette.canvas.rgb)"/>

      """
    var depth = 0
    var images = 0
    for element in picture.elements {
      switch element {
      case .begin(let id, let type, let key, let bounds, let opacity, let clip):
        depth += 1
        var attributes =
          "data-node=\"\(escape(id))\" data-type=\"\(escape(type))\""
        if let key { attributes += " data-key=\"\(escape(key))\"" }
        attributes +=
          " data-frame=\"\(number(bounds.x)) \(number(bounds.y)) \(number(bounds.width)) \(number(bounds.height))\""
        if opacity < 1 { attributes += " opacity=\"\(number(max(0, opacity)))\"" }
        if clip {
          let clipID = "clip-\(escape(id))"
          out +=
            indent(depth) + "<clipPath id=\"\(clipID)\">\(rect(bounds, radius: 0))/></clipPath>\n"
          attributes += " clip-path=\"url(#\(clipID))\""
        }
        out += indent(depth) + "<g \(attributes)>\n"
      case .end:
        out += indent(depth) + "</g>\n"
        depth -= 1
      case .rect(let box, let radius, let corners, let fill, let stroke, let strokeWidth):
        let shape =
          corners == .all || radius <= 0
          ? rect(box, radius: radius) : path(box, radius: radius, corners: corners)
        out +=
          indent(depth + 1) + shape
          + paint(fill: fill, stroke: stroke, strokeWidth: strokeWidth) + "/>\n"
      case .circle(let cx, let cy, let r, let fill, let stroke, let strokeWidth):
        out +=
          indent(depth + 1)
          + "<circle cx=\"\(number(cx))\" cy=\"\(number(cy))\" r=\"\(number(r))\""
          + paint(fill: fill, stroke: stroke, strokeWidth: strokeWidth) + "/>\n"
      case .line(let x1, let y1, let x2, let y2, let stroke, let width):
        out +=
          indent(depth + 1)
          + "<line x1=\"\(number(x1))\" y1=\"\(number(y1))\" x2=\"\(number(x2))\" y2=\"\(number(y2))\""
          + paint(fill: nil, stroke: stroke, strokeWidth: width) + " stroke-linecap=\"round\"/>\n"
      case .text(let text, let x, let baseline, let font, let fill):
        out +=
          indent(depth + 1)
          + "<text x=\"\(number(x))\" y=\"\(number(baseline))\" font-family=\"Inter\" "
          + "font-weight=\"\(weight(font.weight))\" font-size=\"\(number(font.pointSize))\""
          + " style=\"font-kerning:none;font-variant-ligatures:none\" xml:space=\"preserve\""
          + paint(fill: fill, stroke: nil, strokeWidth: 0) + ">\(escape(text))</text>\n"
      case .image(let box, let bytes, let tint):
        images += 1
        out +=
          indent(depth + 1) + image(box, bytes: bytes, tint: tint, filterID: "tint-\(images)")
          + "\n"
      }
    }
    return out + "</svg>\n"
  }

  private static func indent(_ depth: Int) -> String {
    String(repeating: " ", count: min(depth, 40))
  }

  private static func rect(_ box: ScenePicture.Box, radius: Double) -> String {
    var text =
      "<rect x=\"\(number(box.x))\" y=\"\(number(box.y))\" width=\"\(number(box.width))\" height=\"\(number(box.height))\""
    if radius > 0 {
      let r = number(min(radius, box.width / 2, box.height / 2))
      text += " rx=\"\(r)\" ry=\"\(r)\""
    }
    return text
  }

  /// A rectangle whose top or bottom corners only are rounded, as a `<path`.
  private static func path(_ box: ScenePicture.Box, radius: Double, corners: ScenePicture.Corners)
    -> String
  {
    let r = min(radius, box.width / 2, box.height / 2)
    let (left, top) = (box.x, box.y)
    let (right, bottom) = (box.x + box.width, box.y + box.height)
    func point(_ x: Double, _ y: Double) -> String { "\(number(x)),\(number(y))" }
    func arc(to x: Double, _ y: Double) -> String {
      "A\(number(r)),\(number(r)) 0 0 1 \(point(x, y))"
    }
    let outline: String
    if corners == .top {
      outline =
        "M\(point(left, bottom)) V\(number(top + r)) \(arc(to: left + r, top)) "
        + "H\(number(right - r)) \(arc(to: right, top + r)) V\(number(bottom)) Z"
    } else {
      outline =
        "M\(point(left, top)) H\(number(right)) V\(number(bottom - r)) "
        + "\(arc(to: right - r, bottom)) H\(number(left + r)) \(arc(to: left, bottom - r)) Z"
    }
    return "<path d=\"\(outline)\""
  }

  private static func paint(
    fill: ScenePicture.Paint?, stroke: ScenePicture.Paint?, strokeWidth: Double
  ) -> String {
    var text = ""
    if let fill {
      text += " fill=\"\(fill.rgb)\""
      if fill.opacity < 1 { text += " fill-opacity=\"\(number(fill.opacity))\"" }
    } else {
      text += " fill=\"none\""
    }
    if let stroke, strokeWidth > 0 {
      text += " stroke=\"\(stroke.rgb)\" stroke-width=\"\(number(strokeWidth))\""
      if stroke.opacity < 1 { text += " stroke-opacity=\"\(number(stroke.opacity))\"" }
    }
    return text
  }

  /// The CSS weight of a font weight.
  static func weight(_ weight: Font.Weight) -> Int {
    switch weight {
    case .regular: 400
    case .medium: 500
    case .semibold: 600
    case .bold: 700
    }
  }

  /// `value` as SVG writes it: whole numbers without a fraction, others to 3 decimals.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
    var text = String(rounded)
    if text.contains("e") { return "0" }
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }

  /// `text` with XML's special characters escaped; control characters other than tab
  /// become spaces (XML 1.0 cannot hold them).
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\t": out += "&#9;"
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          out += " "
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
