/// The metrics of one weight of the system face, in font units, from the generated table.
struct FaceMetrics: Sendable {
  let unitsPerEm: Double
  let ascender: Double
  let descender: Double
  let lineGap: Double
  let capHeight: Double
  let xHeight: Double
  let fallbackAdvance: Double
  let advances: [Double]

  init(
    unitsPerEm: Int, ascender: Int, descender: Int, lineGap: Int, capHeight: Int, xHeight: Int,
    fallbackAdvance: Int, advances: [Int]
  ) {
    self.unitsPerEm = Double(unitsPerEm)
    self.ascender = Double(ascender)
    self.descender = Double(descender)
    self.lineGap = Double(lineGap)
    self.capHeight = Double(capHeight)
    self.xHeight = Double(xHeight)
    self.fallbackAdvance = Double(fallbackAdvance)
    self.advances = advances.map(Double.init)
  }

  /// The advance of `scalar` in font units; characters outside the table take the advance
  /// of "n".
  func advance(of scalar: Unicode.Scalar) -> Double {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return advances[Int(value - 0x20)] }
    if value >= 0xA0 && value <= 0xFF { return advances[95 + Int(value - 0xA0)] }
    let codePoints = FontMetricsTable.codePoints
    var low = 191
    var high = codePoints.count - 1
    while low <= high {
      let middle = (low + high) / 2
      if codePoints[middle] == value { return advances[middle] }
      if codePoints[middle] < value { low = middle + 1 } else { high = middle - 1 }
    }
    return fallbackAdvance
  }
}

extension Font {
  var face: FaceMetrics {
    switch weight {
    case .regular: FontMetricsTable.regular
    case .medium: FontMetricsTable.medium
    case .semibold: FontMetricsTable.semibold
    case .bold: FontMetricsTable.bold
    }
  }

  /// The distance from the baseline to the top of the line box, in points.
  public var ascender: Double { face.ascender / face.unitsPerEm * pointSize }
  /// The distance from the baseline to the bottom of the line box, negative, in points.
  public var descender: Double { face.descender / face.unitsPerEm * pointSize }
  /// The extra space between lines, in points.
  public var leading: Double { face.lineGap / face.unitsPerEm * pointSize }
  /// The height of one line: ascender − descender + leading.
  public var lineHeight: Double { ascender - descender + leading }
  /// The height of capital letters above the baseline.
  public var capHeight: Double { face.capHeight / face.unitsPerEm * pointSize }
  /// The height of lower-case letters above the baseline.
  public var xHeight: Double { face.xHeight / face.unitsPerEm * pointSize }

  /// The advance width of `text` on one line, in points (no kerning).
  public func width(of text: Substring) -> Double {
    let face = self.face
    var units = 0.0
    for scalar in text.unicodeScalars { units += face.advance(of: scalar) }
    return units / face.unitsPerEm * pointSize
  }

  /// The advance width of `text` on one line, in points.
  public func width(of text: String) -> Double { width(of: text[...]) }
}

/// Text set in lines by the metrics model of `docs/text-metrics.md`.
public struct TextLayout: Sendable, Equatable {
  /// The lines, in order, without the spaces they were broken at.
  public var lines: [String]
  /// The width of each line in points.
  public var lineWidths: [Double]
  /// Whether text was cut off by the line limit.
  public var isTruncated: Bool
  /// The line height.
  public var lineHeight: Double

  /// The size of the text block: the widest line by the lines' heights, each rounded up to
  /// the 1/3-point pixel grid of a 3× screen.
  public var size: Size {
    guard !lines.isEmpty else { return .zero }
    return Size(
      width: (lineWidths.max() ?? 0).roundedUpToPixel,
      height: (Double(lines.count) * lineHeight).roundedUpToPixel)
  }

  /// Sets `text` in `font`, wrapping at `maxWidth` (infinite for one line) into at most
  /// `numberOfLines` lines (0 for no limit), breaking as `lineBreakMode` says.
  public init(
    text: String, font: Font, maxWidth: Double = .infinity, numberOfLines: Int = 0,
    lineBreakMode: LineBreakMode = .byWordWrapping
  ) {
    lineHeight = font.lineHeight
    lines = []
    lineWidths = []
    isTruncated = false
    guard !text.isEmpty else { return }
    // Multi-line text wraps at words in every mode but `.byCharWrapping`; the truncating and
    // clipping modes only change how the last line ends, as in UIKit.
    let wraps = numberOfLines != 1
    let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
    outer: for paragraph in paragraphs {
      if !wraps || maxWidth == .infinity {
        append(String(paragraph), font.width(of: paragraph))
      } else {
        for (line, width) in Self.wrap(
          paragraph, font: font, maxWidth: maxWidth, byWord: lineBreakMode != .byCharWrapping)
        {
          append(line, width)
          if numberOfLines > 0 && lines.count > numberOfLines { break outer }
        }
      }
      if numberOfLines > 0 && lines.count > numberOfLines { break }
    }
    if numberOfLines > 0 && lines.count > numberOfLines {
      lines.removeLast(lines.count - numberOfLines)
      lineWidths.removeLast(lineWidths.count - numberOfLines)
      isTruncated = true
    }
    if maxWidth != .infinity {
      for index in lineWidths.indices where lineWidths[index] > maxWidth {
        lineWidths[index] = maxWidth
        isTruncated = true
      }
    }
  }

  /// The size `TextLayout` gives `text` when it stays on one line (the label has one line
  /// or no width to wrap at) and holds no line break, without building the layout; nil when
  /// it holds a line break.
  public static func singleLineSize(of text: String, font: Font) -> Size? {
    guard !text.isEmpty else { return .zero }
    let face = font.face
    var units = 0.0
    for scalar in text.unicodeScalars {
      if scalar == "\n" { return nil }
      units += face.advance(of: scalar)
    }
    let width = units / face.unitsPerEm * font.pointSize
    return Size(width: width.roundedUpToPixel, height: font.lineHeight.roundedUpToPixel)
  }

  private mutating func append(_ line: String, _ width: Double) {
    lines.append(line)
    lineWidths.append(width)
  }

  /// Greedy line breaking: words (runs between spaces) fill a line while they fit; a word
  /// wider than a line is broken between characters.
  private static func wrap(_ text: Substring, font: Font, maxWidth: Double, byWord: Bool)
    -> [(String, Double)]
  {
    let face = font.face
    let scale = font.pointSize / face.unitsPerEm
    var result: [(String, Double)] = []
    var line = ""
    var lineWidth = 0.0
    func flush() {
      var trimmed = line
      var width = lineWidth
      while trimmed.last == " " {
        trimmed.removeLast()
        width -= face.advance(of: " ") * scale
      }
      result.append((trimmed, width))
      line = ""
      lineWidth = 0
    }
    let tokens: [Substring] = byWord ? Self.words(text) : text.map { Substring(String($0)) }
    for token in tokens {
      let tokenWidth = font.width(of: token)
      let trimmedWidth = token.last == " " ? tokenWidth - face.advance(of: " ") * scale : tokenWidth
      if lineWidth + trimmedWidth <= maxWidth + 1e-9 {
        line += token
        lineWidth += tokenWidth
        continue
      }
      if !line.isEmpty { flush() }
      if trimmedWidth <= maxWidth + 1e-9 {
        line = String(token)
        lineWidth = tokenWidth
        continue
      }
      for character in token {
        let width = font.width(of: String(character))
        if lineWidth + width > maxWidth + 1e-9 && !line.isEmpty && character != " " { flush() }
        line.append(character)
        lineWidth += width
      }
    }
    if !line.isEmpty || result.isEmpty { flush() }
    return result
  }

  /// Words with their trailing spaces.
  private static func words(_ text: Substring) -> [Substring] {
    var result: [Substring] = []
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      if text[index] == " " {
        var end = text.index(after: index)
        while end < text.endIndex && text[end] == " " { end = text.index(after: end) }
        result.append(text[start..<end])
        start = end
        index = end
      } else {
        index = text.index(after: index)
      }
    }
    if start < text.endIndex { result.append(text[start...]) }
    return result
  }
}

extension Double {
  /// Rounded up to the 1/3-point pixel grid of a 3× screen (UIKit rounds text sizes up to
  /// whole pixels).
  var roundedUpToPixel: Double {
    let pixels = (self * 3 - 1e-9).rounded(.up)
    return pixels / 3
  }
}
