import JSONRPC
import ScreenKit

#if canImport(Glibc)
  import Glibc
#endif

/// What a scene looks like, as shapes in the root's coordinates: the drawing model of
/// `compctl render`, written down in `docs/drawing.md` so that every client that draws a
/// scene (the SVG and PNG here, a browser) draws the same colours, fonts and positions.
///
/// Nodes are drawn back to front at their absolute frames: first what every node has
/// (background, border, corner radius), then what its type draws. Hidden nodes and their
/// subtrees are left out; `alpha` applies to the node and its subtree; a `scroll` or `table`
/// node's children are shifted by its `contentOffset` and clipped to its bounds. Text is set by
/// ScreenKit's `TextLayout` (docs/text-metrics.md), so lines break where the daemon's
/// measurements put them.
struct ScenePicture {
  /// A colour and its opacity, from a wire colour `#rrggbbaa`.
  struct Paint: Equatable {
    /// `#rrggbb`.
    var rgb: String
    /// 0…1.
    var opacity: Double

    /// Reads `#rrggbbaa` or `#rrggbb`; `nil` for anything else.
    init?(wire: String?) {
      guard let wire, wire.hasPrefix("#"), wire.count == 9 || wire.count == 7,
        wire.dropFirst().allSatisfy(\.isHexDigit)
      else { return nil }
      rgb = String(wire.prefix(7)).lowercased()
      opacity = wire.count == 9 ? Double(Int(wire.suffix(2), radix: 16) ?? 255) / 255 : 1
    }

    init(_ rgb: String, opacity: Double = 1) {
      self.rgb = rgb
      self.opacity = opacity
    }

    /// Whether the colour is dark: an opaque enough one whose relative luminance (sRGB
    /// channels weighted as Rec. 709, without linearising) is below one half.
    var isDark: Bool {
      let channels = stride(from: 1, to: 7, by: 2).map { offset -> Double in
        let start = rgb.index(rgb.startIndex, offsetBy: offset)
        return Double(Int(rgb[start..<rgb.index(start, offsetBy: 2)], radix: 16) ?? 255) / 255
      }
      return opacity >= 0.5
        && 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2] < 0.5
    }
  }

  /// A rectangle in root points.
  struct Box: Equatable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    /// The box inset by `dx`, `dy` on each side.
    func insetBy(_ dx: Double, _ dy: Double) -> Box {
      Box(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }
  }

  /// Which corners of a rectangle its radius rounds: a table row at the start or end of an
  /// inset-grouped section rounds only its top or bottom ones.
  enum Corners: Equatable {
    case all, top, bottom
  }

  /// One thing drawn.
  enum Element: Equatable {
    /// Starts a node: everything up to the matching `end` belongs to it. `bounds` is the
    /// node's frame in root coordinates (the rectangle a client checks against the layout).
    case begin(id: String, type: String, key: String?, bounds: Box, opacity: Double, clip: Bool)
    /// Ends the innermost node.
    case end
    /// A rectangle, filled and/or stroked (`strokeWidth` 0: no stroke), `corners` rounded by
    /// `radius`.
    case rect(
      Box, radius: Double, corners: Corners = .all, fill: Paint?, stroke: Paint?,
      strokeWidth: Double)
    /// A circle.
    case circle(
      cx: Double, cy: Double, r: Double, fill: Paint?, stroke: Paint?, strokeWidth: Double)
    /// A straight line.
    case line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: Paint, width: Double)
    /// One line of text, its left end at `x` and its baseline at `baseline`.
    case text(String, x: Double, baseline: Double, font: Font, fill: Paint)
    /// An image's bytes stretched over the box, filled with `tint` when a template.
    case image(Box, bytes: ImageBytes, tint: Paint?)
  }

  /// The colours the model uses where the wire sends none (UIKit's system colours).
  enum Palette {
    static let canvas = Paint("#ffffff")
    static let text = Paint("#000000")
    static let placeholder = Paint("#3c3c43", opacity: 0.3)
    static let tint = Paint("#007aff")
    static let separator = Paint("#c6c6c8")
    static let fieldBorder = Paint("#c7c7cc")
    static let bar = Paint("#f9f9f9", opacity: 0.94)
    static let switchOn = Paint("#34c759")
    static let switchOff = Paint("#e9e9eb")
    static let knob = Paint("#ffffff")
    static let knobEdge = Paint("#000000", opacity: 0.12)
    static let imageFill = Paint("#e5e5ea")
    static let imageMark = Paint("#8e8e93")
    static let indicator = Paint("#8e8e93")
    /// A table row's selection (`systemGray4`) over a light row and over a dark one.
    static let cellSelection = Paint("#d1d1d6")
    static let darkCellSelection = Paint("#3a3a3c")
    /// The table's default separator colour.
    static let cellSeparator = Paint("#3c3c43", opacity: Double(0x4a) / 255)
    /// A disclosure indicator's chevron (`tertiaryLabel`) over a light row and a dark one.
    static let chevron = Paint("#3c3c43", opacity: 0.3)
    static let darkChevron = Paint("#ebebf5", opacity: 0.3)
    /// An unselected tab's glyph and title (UIKit's `systemGray`) and a badge (`systemRed`).
    static let tabUnselected = Paint("#8e8e93")
    static let badge = Paint("#ff3b30")
  }

  /// The root's size in points.
  private(set) var width: Double = 0
  private(set) var height: Double = 0
  /// The shapes, back to front (drawn into by the node types' own files too).
  var elements: [Element] = []
  /// The bytes of the images the tree names, by hash (`imageHashes(in:)`); an image
  /// without them is drawn as a placeholder.
  let images: [String: ImageBytes]
  /// The root's `focused` node, ringed (ScenePicture+Focus.swift).
  private(set) var focusedID: String?

  /// The picture of the tree under `root`, with the bytes of its `images`; empty when it is
  /// not a node.
  init(root: JSON, images: [String: ImageBytes] = [:]) {
    self.images = images
    guard let node = WireNode(root) else { return }
    focusedID = node.props["focused"]?.stringValue
    width = max(0, node.frame.width)
    height = max(0, node.frame.height)
    draw(node, originX: -node.frame.x, originY: -node.frame.y, separator: Palette.cellSeparator)
  }

  /// Draws `node` and its subtree; `separator` is the colour of the innermost table around
  /// it, in which its rows draw their separators.
  private mutating func draw(
    _ node: WireNode, originX: Double, originY: Double, separator: Paint
  ) {
    if node.isHidden { return }
    let box = Box(
      x: originX + node.frame.x, y: originY + node.frame.y, width: node.frame.width,
      height: node.frame.height)
    let opacity = node.props["alpha"]?.doubleValue ?? 1
    elements.append(
      .begin(
        id: node.id, type: node.type, key: node.key, bounds: box, opacity: opacity,
        clip: node.scrollsContent || node.props["clips"]?.boolValue == true))
    drawLayer(of: node, in: box)
    drawContent(of: node, in: box, separator: separator)
    let offset = node.contentOffset
    let childSeparator =
      node.type == "table"
      ? Paint(wire: node.props["separatorColor"]?.stringValue) ?? Palette.cellSeparator
      : separator
    for child in node.children {
      draw(
        child, originX: box.x - offset.x, originY: box.y - offset.y, separator: childSeparator)
    }
    elements.append(.end)
    if node.id == focusedID { drawFocusRing(around: node, in: box) }
  }

  /// Background, corner radius and border, which every node has (the border is drawn
  /// inside the bounds, as a layer's).
  private mutating func drawLayer(of node: WireNode, in box: Box) {
    // A page sheet's card has UIKit's 10-point top corners whatever its view's radius.
    let sheet = node.props["presentation"]?.stringValue == "pageSheet"
    let radius = sheet ? 10 : node.props["cornerRadius"]?.doubleValue ?? 0
    let corners = Self.roundedCorners(of: node)
    let borderWidth = node.props["borderWidth"]?.doubleValue ?? 0
    if let fill = Paint(wire: node.props["backgroundColor"]?.stringValue) {
      elements.append(
        .rect(box, radius: radius, corners: corners, fill: fill, stroke: nil, strokeWidth: 0))
    }
    if borderWidth > 0 {
      let stroke = Paint(wire: node.props["borderColor"]?.stringValue) ?? Palette.text
      elements.append(
        .rect(
          box.insetBy(borderWidth / 2, borderWidth / 2), radius: max(0, radius - borderWidth / 2),
          corners: corners, fill: nil, stroke: stroke, strokeWidth: borderWidth))
    }
  }

  /// The corners `cornerRadius` rounds: a table row's `roundedCorners` (`top`, `bottom`,
  /// `all`), every corner for any other node.
  static func roundedCorners(of node: WireNode) -> Corners {
    if node.props["presentation"]?.stringValue == "pageSheet" { return .top }
    guard node.type == "cell" else { return .all }
    switch node.props["roundedCorners"]?.stringValue {
    case "top": return .top
    case "bottom": return .bottom
    default: return .all
    }
  }

  private mutating func drawContent(of node: WireNode, in box: Box, separator: Paint) {
    let props = node.props
    switch node.type {
    case "label" where props["runs"] != nil:
      drawRuns(of: node, in: box)
    case "textView":
      drawTextView(node, in: box)
    case "datePicker":
      drawDatePicker(node, in: box)
    case "searchBar":
      drawSearchBar(node, in: box)
    case "picker":
      drawPicker(node, in: box)
    case "button" where props["subtitle"] != nil:
      drawSubtitledButton(node, in: box)
    case "label":
      let font = Self.font(props["font"]?.stringValue, default: 17)
      var fill = Paint(wire: props["textColor"]?.stringValue) ?? Palette.text
      if props["enabled"]?.boolValue == false { fill.opacity *= 0.5 }
      let lines = Int(props["numberOfLines"]?.intValue ?? 1)
      setText(
        props["text"]?.stringValue, font: font, fill: fill, in: box, numberOfLines: lines,
        alignment: props["textAlignment"]?.stringValue)
    case "textField":
      drawTextField(node, in: box)
      drawClearButton(of: node, in: box)
    case "button":
      drawButton(node, in: box)
    case "switch":
      drawSwitch(node, in: box)
    case "image":
      drawImage(node, in: box)
    case "activityIndicator":
      drawSpinner(in: box, color: Paint(wire: props["color"]?.stringValue) ?? Palette.indicator)
    case "navigationBar":
      // Its title and back button are child nodes; the bar draws only itself.
      if props["backgroundColor"] == nil {
        elements.append(.rect(box, radius: 0, fill: Palette.bar, stroke: nil, strokeWidth: 0))
      }
      let bottom = box.y + box.height
      elements.append(
        .line(
          x1: box.x, y1: bottom - 0.25, x2: box.x + box.width, y2: bottom - 0.25,
          stroke: Palette.separator, width: 0.5))
    case "cell":
      drawCell(node, in: box, separator: separator)
    case "slider", "stepper", "segmentedControl", "progress", "pageControl":
      let shapes = Self.control(node, in: box)
      elements += Self.isRightToLeft(node) ? Self.mirrored(shapes, in: box) : shapes
    case "tabBar", "toolbar":
      if props["backgroundColor"] == nil {
        elements.append(.rect(box, radius: 0, fill: Palette.bar, stroke: nil, strokeWidth: 0))
      }
      elements.append(
        .line(
          x1: box.x, y1: box.y + 0.25, x2: box.x + box.width, y2: box.y + 0.25,
          stroke: Palette.separator, width: 0.5))
    default:
      break
    }
  }

  /// An activity indicator's eight spokes in `box`, fading round the circle.
  private mutating func drawSpinner(in box: Box, color: Paint) {
    let cx = box.x + box.width / 2
    let cy = box.y + box.height / 2
    let outer = min(box.width, box.height) / 2
    for spoke in 0..<8 {
      let angle = Double(spoke) * .pi / 4
      var paint = color
      paint.opacity *= 0.3 + 0.7 * Double(spoke) / 7
      elements.append(
        .line(
          x1: cx + outer * 0.45 * cos(angle), y1: cy + outer * 0.45 * sin(angle),
          x2: cx + outer * 0.9 * cos(angle), y2: cy + outer * 0.9 * sin(angle), stroke: paint,
          width: max(1, outer / 6)))
    }
  }

  /// A button's image at `imageFrame` and title at `titleFrame` (or centred), a bar item
  /// with neither its symbol's glyph; a tab's image (or glyph) above its title, grey unless
  /// selected, and its badge at the image's top right (docs/protocol.md, "Bars").
  private mutating func drawButton(_ node: WireNode, in box: Box) {
    let props = node.props
    let font = Self.font(props["font"]?.stringValue, default: 15)
    var fill = Paint(wire: props["titleColor"]?.stringValue) ?? Palette.tint
    if props["enabled"]?.boolValue == false { fill.opacity *= 0.35 }
    let isTab = props["barItem"]?.stringValue == "tab"
    let unselected = isTab && props["selected"]?.boolValue != true
    if unselected { fill = Palette.tabUnselected }
    var image = drawButtonImage(
      props: props, in: box, tint: unselected ? Palette.tabUnselected : nil)
    if props["activityIndicator"]?.boolValue == true {
      // A configured button's activity indicator, at its image's place.
      let frame = props["imageFrame"]
      let place = Box(
        x: box.x + (frame?["x"]?.doubleValue ?? 0), y: box.y + (frame?["y"]?.doubleValue ?? 0),
        width: frame?["width"]?.doubleValue ?? 20, height: frame?["height"]?.doubleValue ?? 20)
      drawSpinner(in: place, color: fill)
      image = place
    }
    if image == nil, isTab {
      setText(
        BarGlyphs.glyph(for: props["symbol"]?.stringValue), font: Font.systemFont(ofSize: 24),
        fill: fill, in: Box(x: box.x, y: box.y + 2, width: box.width, height: 30),
        numberOfLines: 1, alignment: "center")
    }
    let title = image == nil && !isTab ? BarGlyphs.label(of: node) : props["title"]?.stringValue
    var titleBox = box
    if let frame = props["titleFrame"]?.objectValue {
      titleBox = Box(
        x: box.x + (frame["x"]?.doubleValue ?? 0), y: box.y + (frame["y"]?.doubleValue ?? 0),
        width: frame["width"]?.doubleValue ?? box.width,
        height: frame["height"]?.doubleValue ?? box.height)
    } else if isTab {
      titleBox = Box(x: box.x, y: box.y + box.height - 18, width: box.width, height: 14)
    } else if let image {
      // The image and the title centred as a pair: the title takes the room right of the
      // image, less the image's margin on the far side.
      let left = image.x + image.width
      let right = box.x + box.width - (image.x - box.x)
      titleBox = Box(x: left, y: box.y, width: max(0, right - left), height: box.height)
    }
    setText(title, font: font, fill: fill, in: titleBox, numberOfLines: 1, alignment: "center")
    if let badge = props["badge"]?.stringValue {
      // UIKit's badge: 18 points high, on the badge colour, 13-point white text.
      let badgeFont = Font.systemFont(ofSize: 13)
      let width = max(18, badgeFont.width(of: badge) + 10)
      let badgeBox = Box(x: box.x + box.width / 2 + 6, y: box.y + 2, width: width, height: 18)
      let color = Paint(wire: props["badgeColor"]?.stringValue) ?? Palette.badge
      elements.append(.rect(badgeBox, radius: 9, fill: color, stroke: nil, strokeWidth: 0))
      setText(
        badge, font: badgeFont, fill: Paint("#ffffff"), in: badgeBox, numberOfLines: 1,
        alignment: "center")
    }
  }

  /// What a table row draws over its background and under its content, as UIKit's cell: the
  /// selection, a hairline separator along its bottom inset by `separator.left`/`right`, and
  /// the accessory glyph 16 points from its trailing edge, centred vertically.
  private mutating func drawCell(_ node: WireNode, in box: Box, separator: Paint) {
    let props = node.props
    let isHighlighted =
      props["selected"]?.boolValue == true || props["highlighted"]?.boolValue == true
    // The wire sends colours resolved for the scene's style: a dark row is a dark scene's.
    let isDark = Paint(wire: props["backgroundColor"]?.stringValue)?.isDark ?? false
    if isHighlighted, props["selectionStyle"]?.stringValue != "none" {
      elements.append(
        .rect(
          box, radius: props["cornerRadius"]?.doubleValue ?? 0,
          corners: Self.roundedCorners(of: node),
          fill: isDark ? Palette.darkCellSelection : Palette.cellSelection, stroke: nil,
          strokeWidth: 0))
    }
    let chevron = isDark ? Palette.darkChevron : Palette.chevron
    if let insets = props["separator"] {
      let left = box.x + (insets["left"]?.doubleValue ?? 0)
      let right = box.x + box.width - (insets["right"]?.doubleValue ?? 0)
      let y = box.y + box.height - 0.25
      if right > left {
        elements.append(.line(x1: left, y1: y, x2: right, y2: y, stroke: separator, width: 0.5))
      }
    }
    let trailing = box.x + box.width - 16
    let middle = box.y + box.height / 2
    // Right to left the accessory is drawn mirrored (ScenePicture+Mirroring.swift): on the
    // left, the chevron pointing left; the checkmark keeps its shape.
    let accessoryStart = elements.count
    defer {
      if Self.isRightToLeft(node) {
        let axis = 2 * box.x + box.width
        let isCheckmark = props["accessory"]?.stringValue == "checkmark"
        // The checkmark is reflected twice: to the left side, then about its own centre.
        let own = 2 * (axis - (trailing - 7))
        for index in accessoryStart..<elements.count {
          let moved = elements[index].mirrored(about: axis)
          elements[index] = isCheckmark ? moved.mirrored(about: own) : moved
        }
      }
    }
    switch props["accessory"]?.stringValue {
    case "disclosureIndicator":
      drawChevron(endingAt: trailing, middle: middle, paint: chevron)
    case "checkmark":
      elements.append(
        .line(
          x1: trailing - 14, y1: middle, x2: trailing - 9, y2: middle + 5.5, stroke: Palette.tint,
          width: 2))
      elements.append(
        .line(
          x1: trailing - 9, y1: middle + 5.5, x2: trailing, y2: middle - 6.5, stroke: Palette.tint,
          width: 2))
    case "detailButton":
      drawInfoCircle(centreX: trailing - 11, middle: middle)
    case "detailDisclosureButton":
      drawChevron(endingAt: trailing, middle: middle, paint: chevron)
      drawInfoCircle(centreX: trailing - 8 - 12 - 11, middle: middle)
    default:
      break
    }
  }

  /// A disclosure chevron `›` 6.5 × 13 points, its tip at `x` − 0.5.
  private mutating func drawChevron(endingAt x: Double, middle: Double, paint: Paint) {
    elements.append(
      .line(x1: x - 7, y1: middle - 6.5, x2: x - 0.5, y2: middle, stroke: paint, width: 2))
    elements.append(
      .line(x1: x - 0.5, y1: middle, x2: x - 7, y2: middle + 6.5, stroke: paint, width: 2))
  }

  /// A detail button: an `i` in a 22-point circle, in the tint colour.
  private mutating func drawInfoCircle(centreX: Double, middle: Double) {
    elements.append(
      .circle(
        cx: centreX, cy: middle, r: 10.25, fill: nil, stroke: Palette.tint, strokeWidth: 1.5))
    elements.append(
      .circle(
        cx: centreX, cy: middle - 5, r: 1.25, fill: Palette.tint, stroke: nil, strokeWidth: 0))
    elements.append(
      .line(
        x1: centreX, y1: middle - 1.5, x2: centreX, y2: middle + 5.5, stroke: Palette.tint,
        width: 2))
  }

  /// Padding on each side of a text field's text, by border style (docs/text-metrics.md).
  static func textFieldPadding(_ borderStyle: String?) -> Double {
    switch borderStyle {
    case "line": 2
    case "bezel": 3
    case "roundedRect": 7
    default: 0
    }
  }

  private mutating func drawTextField(_ node: WireNode, in box: Box) {
    let props = node.props
    let style = props["borderStyle"]?.stringValue
    switch style {
    case "line":
      elements.append(
        .rect(box.insetBy(0.5, 0.5), radius: 0, fill: nil, stroke: Palette.text, strokeWidth: 1))
    case "bezel":
      elements.append(
        .rect(
          box.insetBy(0.5, 0.5), radius: 0, fill: nil, stroke: Palette.imageMark, strokeWidth: 1))
    case "roundedRect":
      if props["backgroundColor"] == nil {
        elements.append(.rect(box, radius: 5, fill: Palette.canvas, stroke: nil, strokeWidth: 0))
      }
      elements.append(
        .rect(
          box.insetBy(0.25, 0.25), radius: 5, fill: nil, stroke: Palette.fieldBorder,
          strokeWidth: 0.5))
    default:
      break
    }
    let font = Self.font(props["font"]?.stringValue, default: 17)
    let padding = Self.textFieldPadding(style)
    var inner = box.insetBy(padding, 0)
    if let insets = props["textInsets"] { inner = Self.textFieldInner(box, insets: insets) }
    var text: String?
    var fill = Paint(wire: props["textColor"]?.stringValue) ?? Palette.text
    if props["secure"]?.boolValue == true {
      let length = Int(min(max(props["textLength"]?.intValue ?? 0, 0), 10_000))
      text = length > 0 ? String(repeating: "•", count: length) : nil
    } else if let value = props["text"]?.stringValue, !value.isEmpty {
      text = value
    }
    let isPlaceholder = text == nil
    if isPlaceholder {
      text = props["placeholder"]?.stringValue
      fill = Paint(wire: props["placeholderColor"]?.stringValue) ?? Palette.placeholder
    }
    if props["enabled"]?.boolValue == false { fill.opacity *= 0.5 }
    let end = setText(
      text, font: font, fill: fill, in: inner, numberOfLines: 1,
      alignment: props["textAlignment"]?.stringValue, isPlaceholder: isPlaceholder)
    if props["focused"]?.boolValue == true {
      // The caret: after the text, or at the start of an empty field.
      let caretX = min(end ?? inner.x, inner.x + inner.width - 1)
      let half = font.lineHeight / 2
      let middle = box.y + box.height / 2
      elements.append(
        .line(
          x1: caretX + 1, y1: middle - half, x2: caretX + 1, y2: middle + half,
          stroke: Palette.tint, width: 2))
    }
  }

  private mutating func drawSwitch(_ node: WireNode, in box: Box) {
    let on = node.props["on"]?.boolValue == true
    let track = Paint(wire: node.props["onTintColor"]?.stringValue) ?? Palette.switchOn
    let radius = box.height / 2
    elements.append(
      .rect(
        box, radius: radius, fill: on ? track : Palette.switchOff, stroke: nil, strokeWidth: 0))
    let knobRadius = max(0, radius - 2)
    let cx = on ? box.x + box.width - radius : box.x + radius
    elements.append(
      .circle(
        cx: cx, cy: box.y + radius, r: knobRadius, fill: Palette.knob, stroke: Palette.knobEdge,
        strokeWidth: 0.5))
  }

  private mutating func drawImage(_ node: WireNode, in box: Box) {
    if node.props["image"] == nil { return drawImagePlaceholder(name: nil, in: box) }
    drawImage(props: node.props, contentMode: node.props["contentMode"]?.stringValue, in: box)
  }

  /// Sets `text` in `box` as a label does: lines from `TextLayout` at the box's width,
  /// the block centred vertically, each line aligned, the last line of cut-off text ending
  /// in an ellipsis. Returns the right end of the last line (for a caret).
  @discardableResult
  mutating func setText(
    _ text: String?, font: Font, fill: Paint, in box: Box, numberOfLines: Int,
    alignment: String?, isPlaceholder: Bool = false
  ) -> Double? {
    guard let text, !text.isEmpty, box.width > 0 else { return nil }
    let layout = TextLayout(
      text: text, font: font, maxWidth: numberOfLines == 1 ? .infinity : box.width,
      numberOfLines: numberOfLines, lineBreakMode: .byTruncatingTail)
    var lines = layout.lines
    var widths = layout.lineWidths
    if let last = lines.indices.last,
      layout.isTruncated || font.width(of: lines[last]) > box.width + 1e-9
    {
      lines[last] = Self.truncated(lines[last], font: font, to: box.width)
      widths[last] = font.width(of: lines[last])
    }
    let block = (Double(lines.count) * font.lineHeight * 3).rounded(.up) / 3
    var baseline = box.y + box.height / 2 - block / 2 + font.ascender
    var end: Double?
    for (line, lineWidth) in zip(lines, widths) {
      let x: Double
      switch alignment {
      case "center": x = box.x + (box.width - lineWidth) / 2
      case "right": x = box.x + box.width - lineWidth
      default: x = box.x
      }
      elements.append(.text(line, x: x, baseline: baseline, font: font, fill: fill))
      end = x + lineWidth
      baseline += font.lineHeight
    }
    return isPlaceholder ? box.x : end
  }

  /// `line` cut to end in `…` within `width`.
  static func truncated(_ line: String, font: Font, to width: Double) -> String {
    var characters = Array(line)
    while !characters.isEmpty, font.width(of: String(characters) + "…") > width + 1e-9 {
      characters.removeLast()
    }
    while characters.last == " " { characters.removeLast() }
    return String(characters) + "…"
  }

  /// A wire font `system-<weight>-<size>`; the system font at `default` points otherwise.
  static func font(_ wire: String?, default size: Double) -> Font {
    let parts = (wire ?? "").split(separator: "-")
    guard parts.count == 3, parts[0] == "system",
      let weight = Font.Weight(rawValue: String(parts[1])),
      let pointSize = Double(parts[2]), pointSize > 0, pointSize.isFinite
    else { return .systemFont(ofSize: size) }
    return .systemFont(ofSize: pointSize, weight: weight)
  }
}
