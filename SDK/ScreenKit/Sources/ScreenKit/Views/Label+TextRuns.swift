/// One stretch of a label's attributed text with the attributes it names; what it does not
/// name comes from the label (its font and text colour) when the label is drawn.
struct AttributedPiece: Sendable, Hashable {
  var text: String
  var font: Font?
  var textColor: Color?
  var backgroundColor: Color?
  var kern: Double
  var underlineStyle: Int
  var strikethroughStyle: Int
  var alignment: TextAlignment?
}

extension Label {
  /// The runs a label with attributed text draws, each with its font and colours (the
  /// label's own where the attributed string names none); nil when the label shows plain
  /// text.
  public var textRuns: [TextRun]? {
    attributedPieces?.map { piece in
      TextRun(
        text: piece.text, font: piece.font ?? font, textColor: piece.textColor ?? textColor,
        backgroundColor: piece.backgroundColor, kern: piece.kern,
        underlineStyle: piece.underlineStyle, strikethroughStyle: piece.strikethroughStyle)
    }
  }

  /// The alignment the label draws in: its attributed text's first paragraph style's,
  /// else ``textAlignment``.
  public var effectiveTextAlignment: TextAlignment {
    attributedPieces?.lazy.compactMap(\.alignment).first ?? textAlignment
  }

  /// The attributed text set in lines at `maxWidth` (infinite for one line).
  func runLayout(maxWidth: Double) -> TextRunLayout {
    TextRunLayout(
      runs: textRuns ?? [], maxWidth: numberOfLines == 1 ? .infinity : maxWidth,
      numberOfLines: numberOfLines)
  }
}
