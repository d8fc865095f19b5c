import JSONRPC
import ScreenKit

/// Images in pictures: a node's `image` prop names bytes by hash (docs/protocol.md,
/// "Images"); `compctl render` fetches them with `image.get` before drawing and embeds
/// them as `data:` URIs, which librsvg rasterises (PNG, JPEG and SVG alike).
extension ScenePicture {
  /// An image's bytes as fetched: its media type and the base64 of its bytes.
  struct ImageBytes: Equatable, Sendable {
    var mime: String
    var base64: String
  }

  /// The hashes of the images the tree under `root` names, in tree order, once each.
  static func imageHashes(in root: JSON) -> [String] {
    var hashes: [String] = []
    func visit(_ node: JSON) {
      if let hash = node["props"]?["image"]?["hash"]?.stringValue, !hashes.contains(hash) {
        hashes.append(hash)
      }
      for child in node["children"]?.arrayValue ?? [] { visit(child) }
    }
    visit(root)
    return hashes
  }

  /// Draws the image of `props` (the wire prop `image`) placed in `box` by `contentMode`
  /// as ScreenKit places it (`View.ContentMode.frame`), tinted when a template; without
  /// its bytes, the placeholder box with the image's name.
  mutating func drawImage(props: JSONObject, contentMode: String?, in box: Box) {
    guard let image = props["image"]?.objectValue else { return }
    let size = Size(
      width: image["width"]?.doubleValue ?? box.width,
      height: image["height"]?.doubleValue ?? box.height)
    guard let hash = image["hash"]?.stringValue, let bytes = images[hash] else {
      return drawImagePlaceholder(name: image["name"]?.stringValue, in: box)
    }
    let mode = contentMode.flatMap(View.ContentMode.init(name:)) ?? .scaleToFill
    let frame = mode.frame(
      forContentOfSize: size, in: Rect(x: box.x, y: box.y, width: box.width, height: box.height))
    let tint =
      image["template"]?.boolValue == true
      ? (Paint(wire: image["tint"]?.stringValue) ?? Palette.tint) : nil
    elements.append(
      .image(
        Box(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height),
        bytes: bytes, tint: tint))
  }

  /// Draws a button's image (the wire props `image` and `imageFrame`, the frame relative to
  /// the button's `box`) and returns where it went; nil for a button without one. A
  /// template takes `tint` when given (a tab's unselected grey), else its own.
  @discardableResult
  mutating func drawButtonImage(props: JSONObject, in box: Box, tint: Paint? = nil) -> Box? {
    guard let image = props["image"]?.objectValue else { return nil }
    let frame = props["imageFrame"]?.objectValue
    let width = frame?["width"]?.doubleValue ?? image["width"]?.doubleValue ?? 0
    let height = frame?["height"]?.doubleValue ?? image["height"]?.doubleValue ?? 0
    let placed = Box(
      x: box.x + (frame?["x"]?.doubleValue ?? (box.width - width) / 2),
      y: box.y + (frame?["y"]?.doubleValue ?? (box.height - height) / 2), width: width,
      height: height)
    guard let hash = image["hash"]?.stringValue, let bytes = images[hash] else {
      drawImagePlaceholder(name: image["name"]?.stringValue, in: placed)
      return placed
    }
    let paint =
      image["template"]?.boolValue == true
      ? (tint ?? Paint(wire: image["tint"]?.stringValue) ?? Palette.tint) : nil
    elements.append(.image(placed, bytes: bytes, tint: paint))
    return placed
  }

  /// The box drawn for an image whose bytes are not at hand: grey, crossed, its name.
  mutating func drawImagePlaceholder(name: String?, in box: Box) {
    elements.append(.rect(box, radius: 0, fill: Palette.imageFill, stroke: nil, strokeWidth: 0))
    elements.append(
      .line(
        x1: box.x, y1: box.y, x2: box.x + box.width, y2: box.y + box.height,
        stroke: Palette.imageMark, width: 0.5))
    elements.append(
      .line(
        x1: box.x + box.width, y1: box.y, x2: box.x, y2: box.y + box.height,
        stroke: Palette.imageMark, width: 0.5))
    setText(
      name, font: .systemFont(ofSize: 12), fill: Palette.imageMark, in: box, numberOfLines: 1,
      alignment: "center")
  }
}

extension SVGWriter {
  /// An `<image>` of the bytes at `box` (stretched: the box is already the content mode's
  /// frame); a template is filled with `tint` through its alpha (`feFlood` + `feComposite`).
  static func image(
    _ box: ScenePicture.Box, bytes: ScenePicture.ImageBytes, tint: ScenePicture.Paint?,
    filterID: String
  ) -> String {
    var out = ""
    var filter = ""
    if let tint {
      out +=
        "<filter id=\"\(filterID)\" x=\"0\" y=\"0\" width=\"1\" height=\"1\">"
        + "<feFlood flood-color=\"\(tint.rgb)\" flood-opacity=\"\(number(tint.opacity))\"/>"
        + "<feComposite in2=\"SourceGraphic\" operator=\"in\"/></filter>"
      filter = " filter=\"url(#\(filterID))\""
    }
    out +=
      "<image x=\"\(number(box.x))\" y=\"\(number(box.y))\" width=\"\(number(box.width))\" "
      + "height=\"\(number(box.height))\" preserveAspectRatio=\"none\"\(filter) "
      + "href=\"data:\(escape(bytes.mime));base64,\(bytes.base64)\"/>"
    return out
  }
}
