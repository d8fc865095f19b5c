/// A stretch of text with one set of attributes, as a label's attributed text is drawn: the
/// attributes UIKit's text keys give it, with the label's own font and colour where the
/// attributed string names none.
public struct TextRun: Sendable, Hashable {
  /// The run's characters.
  public var text: String
  /// Its font.
  public var font: Font
  /// Its text colour.
  public var textColor: Color
  /// The colour behind it, if any (`.backgroundColor`).
  public var backgroundColor: Color?
  /// Extra space after each character, in points (`.kern`).
  public var kern: Double
  /// The underline style's raw value (`NSUnderlineStyle`), 0 for none.
  public var underlineStyle: Int
  /// The strikethrough style's raw value (`NSUnderlineStyle`), 0 for none.
  public var strikethroughStyle: Int

  /// A run of `text` with the given attributes.
  public init(
    text: String, font: Font, textColor: Color, backgroundColor: Color? = nil, kern: Double = 0,
    underlineStyle: Int = 0, strikethroughStyle: Int = 0
  ) {
    self.text = text
    self.font = font
    self.textColor = textColor
    self.backgroundColor = backgroundColor
    self.kern = kern
    self.underlineStyle = underlineStyle
    self.strikethroughStyle = strikethroughStyle
  }

  /// The advance of `character` set in this run: its glyph's advance plus the kern.
  func advance(of character: Character) -> Double {
    font.width(of: String(character)) + kern
  }

  /// The run's width on one line: the sum of its characters' advances.
  public var width: Double { font.width(of: text) + kern * Double(text.count) }
}

/// Runs of differently attributed text set in lines by the metrics model, as a label with
/// attributed text lays it out: each character advances by its own run's font and kern, so
/// a line's width is the sum of its pieces' widths; a line is as tall as the tallest font
/// on it. Lines break at `"\n"` and, when wrapping, greedily at spaces (a word wider than
/// the line breaks between characters), as ``TextLayout``.
public struct TextRunLayout: Sendable, Equatable {
  /// The width of each line in points (trailing spaces at a wrap excluded).
  public var lineWidths: [Double]
  /// The height of each line in points.
  public var lineHeights: [Double]
  /// Whether lines were cut off by the line limit or the width.
  public var isTruncated: Bool

  /// The size of the block: the widest line by the sum of the line heights, each rounded
  /// up to the pixel grid.
  public var size: Size {
    guard !lineWidths.isEmpty else { return .zero }
    return Size(
      width: (lineWidths.max() ?? 0).roundedUpToPixel,
      height: lineHeights.reduce(0, +).roundedUpToPixel)
  }

  /// Sets `runs` in lines at most `maxWidth` wide (infinite: no wrapping), at most
  /// `numberOfLines` lines (0: no limit).
  public init(runs: [TextRun], maxWidth: Double = .infinity, numberOfLines: Int = 0) {
    lineWidths = []
    lineHeights = []
    isTruncated = false
    guard runs.contains(where: { !$0.text.isEmpty }) else { return }
    let wraps = numberOfLines != 1 && maxWidth != .infinity
    var width = 0.0
    var height = 0.0
    var trailingSpace = 0.0
    // The word being placed: its width and height, not yet on the line.
    var word = 0.0
    var wordHeight = 0.0
    var wordSpaces = 0.0
    func endLine() {
      lineWidths.append(width - trailingSpace)
      lineHeights.append(height)
      width = 0
      height = 0
      trailingSpace = 0
    }
    func placeWord() {
      if wraps, width > 0, width - trailingSpace + word > maxWidth + 1e-9 { endLine() }
      width += word + wordSpaces
      height = max(height, wordHeight)
      trailingSpace = wordSpaces
      word = 0
      wordHeight = 0
      wordSpaces = 0
    }
    var lastHeight = 0.0
    for run in runs {
      let runHeight = run.font.lineHeight
      lastHeight = runHeight
      for character in run.text {
        if character == "\n" {
          placeWord()
          height = max(height, runHeight)
          endLine()
          continue
        }
        let advance = run.advance(of: character)
        if character == " " {
          wordSpaces += advance
          wordHeight = max(wordHeight, runHeight)
          continue
        }
        if wordSpaces > 0 { placeWord() }
        if wraps, word + advance > maxWidth + 1e-9, word > 0 {
          // A word wider than a line takes a line of its own and breaks between characters.
          if width > 0 { endLine() }
          placeWord()
          endLine()
        }
        word += advance
        wordHeight = max(wordHeight, runHeight)
      }
    }
    placeWord()
    if height == 0 { height = lastHeight }
    endLine()
    if numberOfLines > 0, lineWidths.count > numberOfLines {
      lineWidths.removeLast(lineWidths.count - numberOfLines)
      lineHeights.removeLast(lineHeights.count - numberOfLines)
      isTruncated = true
    }
    if maxWidth != .infinity {
      for index in lineWidths.indices where lineWidths[index] > maxWidth + 1e-9 {
        lineWidths[index] = maxWidth
        isTruncated = true
      }
    }
  }
}
