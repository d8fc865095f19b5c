import JSONRPC
import ScreenKit

/// How `compctl render`/`draw` draws the text nodes beyond a plain label: a label's
/// attributed `runs` and a `textView` (docs/protocol.md).
extension ScenePicture {
  /// A label's runs, each in its font and colours, placed one after another; lines break at
  /// line breaks and, when the label has more than one line, greedily between words at the
  /// box's width. The block is centred vertically and each line aligned, as a label's.
  mutating func drawRuns(of node: WireNode, in box: Box) {
    let props = node.props
    let baseFont = Self.font(props["font"]?.stringValue, default: 17)
    let baseFill = Paint(wire: props["textColor"]?.stringValue) ?? Palette.text
    let wraps = (props["numberOfLines"]?.intValue ?? 1) != 1
    struct Piece {
      var text: String
      var font: Font
      var fill: Paint
      var background: Paint?
      var width: Double
      var kern: Double
      var lines: (under: Bool, through: Bool)
    }
    var lines: [[Piece]] = [[]]
    var lineWidth = 0.0
    for run in props["runs"]?.arrayValue ?? [] {
      let font = Self.font(run["font"]?.stringValue, default: baseFont.pointSize)
      let runFont = run["font"] == nil ? baseFont : font
      let fill = Paint(wire: run["textColor"]?.stringValue) ?? baseFill
      let background = Paint(wire: run["backgroundColor"]?.stringValue)
      let kern = run["kern"]?.doubleValue ?? 0
      let decoration = (
        (run["underline"]?.intValue ?? 0) != 0, (run["strikethrough"]?.intValue ?? 0) != 0
      )
      // Words with their trailing spaces, and line breaks on their own.
      var words: [String] = []
      var current = ""
      for character in run["text"]?.stringValue ?? "" {
        if character == "\n" {
          if !current.isEmpty { words.append(current) }
          words.append("\n")
          current = ""
        } else if character != " ", current.last == " " {
          words.append(current)
          current = String(character)
        } else {
          current.append(character)
        }
      }
      if !current.isEmpty { words.append(current) }
      for word in words {
        if word == "\n" {
          lines.append([])
          lineWidth = 0
          continue
        }
        let width = runFont.width(of: word) + kern * Double(word.count)
        if wraps, lineWidth > 0, lineWidth + width > box.width + 1e-9 {
          lines.append([])
          lineWidth = 0
        }
        lines[lines.count - 1].append(
          Piece(
            text: word, font: runFont, fill: fill, background: background, width: width,
            kern: kern, lines: decoration))
        lineWidth += width
      }
    }
    let heights = lines.map { line in line.map(\.font.lineHeight).max() ?? baseFont.lineHeight }
    var top = box.y + box.height / 2 - heights.reduce(0, +) / 2
    for (line, height) in zip(lines, heights) {
      let width = line.map(\.width).reduce(0, +)
      var x: Double
      switch props["textAlignment"]?.stringValue {
      case "center": x = box.x + (box.width - width) / 2
      case "right": x = box.x + box.width - width
      default: x = box.x
      }
      let ascender = line.map(\.font.ascender).max() ?? baseFont.ascender
      let baseline = top + ascender
      for piece in line {
        if let background = piece.background {
          elements.append(
            .rect(
              Box(x: x, y: top, width: piece.width, height: height), radius: 0, fill: background,
              stroke: nil, strokeWidth: 0))
        }
        if piece.kern == 0 {
          elements.append(
            .text(piece.text, x: x, baseline: baseline, font: piece.font, fill: piece.fill))
        } else {
          // Kerned text is set character by character, each advanced by the kern.
          var characterX = x
          for character in piece.text {
            let text = String(character)
            elements.append(
              .text(text, x: characterX, baseline: baseline, font: piece.font, fill: piece.fill))
            characterX += piece.font.width(of: text) + piece.kern
          }
        }
        if piece.lines.under {
          elements.append(
            .line(
              x1: x, y1: baseline + 1.5, x2: x + piece.width, y2: baseline + 1.5,
              stroke: piece.fill,
              width: 1))
        }
        if piece.lines.through {
          let y = baseline - piece.font.xHeight / 2
          elements.append(
            .line(x1: x, y1: y, x2: x + piece.width, y2: y, stroke: piece.fill, width: 1))
        }
        x += piece.width
      }
      top += height
    }
  }

  /// A configured button with a subtitle: the title and, under it, the subtitle in its
  /// smaller font, the pair centred in the button.
  mutating func drawSubtitledButton(_ node: WireNode, in box: Box) {
    let props = node.props
    let font = Self.font(props["font"]?.stringValue, default: 15)
    let subtitleFont = Self.font(props["subtitleFont"]?.stringValue, default: 15)
    var fill = Paint(wire: props["titleColor"]?.stringValue) ?? Palette.tint
    if props["enabled"]?.boolValue == false { fill.opacity *= 0.35 }
    let title = props["title"]?.stringValue ?? ""
    let subtitle = props["subtitle"]?.stringValue ?? ""
    var top = box.y + (box.height - font.lineHeight - subtitleFont.lineHeight) / 2
    for (text, lineFont) in [(title, font), (subtitle, subtitleFont)] where !text.isEmpty {
      let width = lineFont.width(of: text)
      elements.append(
        .text(
          text, x: box.x + (box.width - width) / 2, baseline: top + lineFont.ascender,
          font: lineFont, fill: fill))
      top += lineFont.lineHeight
    }
  }

  /// A text field's clear button while it shows: a 19-point grey circle with a white ✕,
  /// 6 points in from the trailing edge, centred vertically (docs/protocol.md, `textField`).
  mutating func drawClearButton(of node: WireNode, in box: Box) {
    guard node.props["clearButton"]?.boolValue == true else { return }
    // The text ends where the button begins.
    let minX = box.x + box.width - (node.props["textInsets"]?["right"]?.doubleValue ?? 25)
    let cx = minX + 9.5
    let cy = box.y + box.height / 2
    elements.append(
      .circle(cx: cx, cy: cy, r: 9.5, fill: Paint("#c7c7cc"), stroke: nil, strokeWidth: 0))
    for (dx, dy) in [(1.0, 1.0), (1.0, -1.0)] {
      elements.append(
        .line(
          x1: cx - 3.5 * dx, y1: cy - 3.5 * dy, x2: cx + 3.5 * dx, y2: cy + 3.5 * dy,
          stroke: Paint("#ffffff"), width: 1.5))
    }
  }

  /// The area of a text field's text when overlay views or the clear button take room:
  /// `textInsets` in from each side.
  static func textFieldInner(_ box: Box, insets: JSON) -> Box {
    let left = insets["left"]?.doubleValue ?? 0
    let right = insets["right"]?.doubleValue ?? 0
    return Box(
      x: box.x + left, y: box.y, width: max(0, box.width - left - right), height: box.height)
  }

  /// A text view: its lines wrapped inside the container inset and the 5-point line
  /// fragment padding, from the top, moved by its content offset; lines outside the view
  /// are left out. A focused text view shows its caret after the text.
  mutating func drawTextView(_ node: WireNode, in box: Box) {
    let props = node.props
    let font = Self.font(props["font"]?.stringValue, default: 12)
    let fill = Paint(wire: props["textColor"]?.stringValue) ?? Palette.text
    let inset = props["textContainerInset"]
    let top = inset?["top"]?.doubleValue ?? 8
    let left = (inset?["left"]?.doubleValue ?? 0) + 5
    let right = (inset?["right"]?.doubleValue ?? 0) + 5
    let width = max(1, box.width - left - right)
    let offset = props["contentOffset"]?["y"]?.doubleValue ?? 0
    let layout = TextLayout(
      text: props["text"]?.stringValue ?? "", font: font, maxWidth: width, numberOfLines: 0,
      lineBreakMode: .byWordWrapping)
    var lineTop = box.y + top - offset
    var end = (x: box.x + left, top: lineTop)
    for (line, lineWidth) in zip(layout.lines, layout.lineWidths) {
      let x: Double
      switch props["textAlignment"]?.stringValue {
      case "center": x = box.x + left + (width - lineWidth) / 2
      case "right": x = box.x + left + width - lineWidth
      default: x = box.x + left
      }
      if lineTop >= box.y - 1e-9, lineTop + font.lineHeight <= box.y + box.height + 1e-9 {
        elements.append(
          .text(line, x: x, baseline: lineTop + font.ascender, font: font, fill: fill))
      }
      end = (x + lineWidth, lineTop)
      lineTop += font.lineHeight
    }
    if props["focused"]?.boolValue == true, end.top >= box.y {
      elements.append(
        .line(
          x1: end.x + 1, y1: end.top, x2: end.x + 1, y2: end.top + font.lineHeight,
          stroke: Palette.tint, width: 2))
    }
  }
}
