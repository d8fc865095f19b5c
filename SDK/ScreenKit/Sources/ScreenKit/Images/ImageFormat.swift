/// The file formats an `Image` is made from, told apart by their first bytes; each one's
/// pixel size is read from its header, not by decoding it (clients decode the pixels).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
  /// Portable Network Graphics: the size is the IHDR chunk's width and height.
  case png
  /// JPEG: the size is the first start-of-frame segment's.
  case jpeg
  /// Scalable Vector Graphics: the size is the root element's `width` and `height`, or its
  /// `viewBox`'s where those are missing or relative.
  case svg

  /// The media type a client is given with the bytes.
  public var mimeType: String {
    switch self {
    case .png: "image/png"
    case .jpeg: "image/jpeg"
    case .svg: "image/svg+xml"
    }
  }

  /// The file name extensions looked for by `Image(named:)`, preferred first.
  static let fileExtensions: [(String, ImageFormat)] = [
    ("png", .png), ("jpg", .jpeg), ("jpeg", .jpeg), ("svg", .svg),
  ]

  /// The format of `bytes` and its size in pixels (an SVG's in CSS pixels), or nil for
  /// bytes that are none of the formats or whose header is cut short or malformed.
  public static func inspect(_ bytes: [UInt8]) -> (format: ImageFormat, pixelSize: Size)? {
    if let size = pngSize(bytes) { return (.png, size) }
    if let size = jpegSize(bytes) { return (.jpeg, size) }
    if let size = svgSize(bytes) { return (.svg, size) }
    return nil
  }

  private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The width and height of the IHDR chunk, which the PNG specification puts first.
  static func pngSize(_ bytes: [UInt8]) -> Size? {
    guard bytes.count >= 24, Array(bytes[0..<8]) == pngSignature,
      Array(bytes[12..<16]) == Array("IHDR".utf8)
    else { return nil }
    let width = bigEndian(bytes, 16, 4)
    let height = bigEndian(bytes, 20, 4)
    guard width > 0, height > 0 else { return nil }
    return Size(width: Double(width), height: Double(height))
  }

  /// The size in the first start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC),
  /// walking the segments from the start-of-image marker.
  static func jpegSize(_ bytes: [UInt8]) -> Size? {
    guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
    var index = 2
    while index + 4 <= bytes.count {
      guard bytes[index] == 0xFF else { return nil }
      let marker = bytes[index + 1]
      if marker == 0xFF {  // fill bytes before a marker
        index += 1
        continue
      }
      // Markers without a length: TEM and RST0–7.
      if marker == 0x01 || (0xD0...0xD7).contains(marker) {
        index += 2
        continue
      }
      let length = bigEndian(bytes, index + 2, 2)
      guard length >= 2 else { return nil }
      let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
      if isFrame {
        guard index + 9 <= bytes.count else { return nil }
        let height = bigEndian(bytes, index + 5, 2)
        let width = bigEndian(bytes, index + 7, 2)
        guard width > 0, height > 0 else { return nil }
        return Size(width: Double(width), height: Double(height))
      }
      if marker == 0xDA || marker == 0xD9 { return nil }  // image data before any frame
      index += 2 + length
    }
    return nil
  }

  /// The root `<svg>` element's size: `width` and `height` in px (or unitless, or pt, in,
  /// cm, mm at 96 pixels per inch as CSS), one of them derived from the `viewBox`'s aspect
  /// when only the other is given, both the `viewBox`'s when neither is absolute.
  static func svgSize(_ bytes: [UInt8]) -> Size? {
    let text = String(decoding: bytes.prefix(64 << 10), as: UTF8.self)
    guard let tag = rootSVGTag(in: text) else { return nil }
    let attributes = attributes(of: tag)
    let width = attributes["width"].flatMap(cssPixels)
    let height = attributes["height"].flatMap(cssPixels)
    var box: Size?
    if let viewBox = attributes["viewBox"] {
      let numbers = viewBox.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" })
        .compactMap { Double($0) }
      if numbers.count == 4, numbers[2] > 0, numbers[3] > 0 {
        box = Size(width: numbers[2], height: numbers[3])
      }
    }
    switch (width, height, box) {
    case (let width?, let height?, _) where width > 0 && height > 0:
      return Size(width: width, height: height)
    case (let width?, nil, let box?) where width > 0:
      return Size(width: width, height: width * box.height / box.width)
    case (nil, let height?, let box?) where height > 0:
      return Size(width: height * box.width / box.height, height: height)
    case (_, _, let box?):
      return box
    default:
      return nil
    }
  }

  /// The text of the first `<svg …>` start tag, after any prolog, comments and doctype.
  private static func rootSVGTag(in text: String) -> Substring? {
    var rest = text[...]
    while let open = rest.firstIndex(of: "<") {
      rest = rest[open...]
      if rest.hasPrefix("<?") || rest.hasPrefix("<!--") || rest.hasPrefix("<!") {
        let terminator = rest.hasPrefix("<!--") ? "-->" : ">"
        guard let end = rest.range(of: terminator) else { return nil }
        rest = rest[end.upperBound...]
        continue
      }
      let name = rest.dropFirst().prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
      guard name == "svg" || name.hasSuffix(":svg"), let close = rest.firstIndex(of: ">") else {
        return nil
      }
      return rest[rest.index(after: rest.startIndex)..<close]
    }
    return nil
  }

  private static func attributes(of tag: Substring) -> [String: String] {
    var result: [String: String] = [:]
    var rest = tag.drop { !$0.isWhitespace }
    while true {
      rest = rest.drop { $0.isWhitespace }
      guard let equals = rest.firstIndex(of: "=") else { break }
      let name = rest[..<equals].trimmingSpaces
      var value = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
      guard let quote = value.first, quote == "\"" || quote == "'" else { break }
      value = value.dropFirst()
      guard let end = value.firstIndex(of: quote) else { break }
      result[String(name)] = String(value[..<end])
      rest = value[value.index(after: end)...]
    }
    return result
  }

  /// A length in CSS pixels; nil for a percentage or an unknown unit.
  private static func cssPixels(_ text: String) -> Double? {
    let trimmed = text.trimmingSpaces
    let units: [(String, Double)] = [
      ("px", 1), ("pt", 96.0 / 72), ("pc", 16), ("in", 96), ("cm", 96 / 2.54), ("mm", 96 / 25.4),
    ]
    for (unit, factor) in units where trimmed.hasSuffix(unit) {
      return Double(trimmed.dropLast(unit.count)).map { $0 * factor }
    }
    return Double(trimmed)
  }

  private static func bigEndian(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int {
    var value = 0
    for index in start..<(start + count) { value = value << 8 | Int(bytes[index]) }
    return value
  }
}

extension StringProtocol {
  fileprivate var trimmingSpaces: Substring {
    let text = self[...]
    let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
    let end = text.lastIndex { !$0.isWhitespace }.map { text.index(after: $0) } ?? start
    return Substring(text[start..<end])
  }
}
