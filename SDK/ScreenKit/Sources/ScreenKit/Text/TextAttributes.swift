/// The horizontal alignment of text, as `NSTextAlignment`.
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
  /// Left edge.
  case left
  /// Centred.
  case center
  /// Right edge.
  case right
  /// Both edges (the last line is natural).
  case justified
  /// The script's natural alignment; left for the left-to-right scripts ScreenKit lays out.
  case natural
}

/// How a line that does not fit is broken or truncated, as `NSLineBreakMode`.
public enum LineBreakMode: String, Sendable, Hashable, CaseIterable {
  /// Wrap at word boundaries (a word longer than the line is broken between characters).
  case byWordWrapping
  /// Wrap between any two characters.
  case byCharWrapping
  /// Cut the line at the edge.
  case byClipping
  /// End the last line with an ellipsis at its start.
  case byTruncatingHead
  /// End the last line with an ellipsis at its end.
  case byTruncatingTail
  /// End the last line with an ellipsis in its middle.
  case byTruncatingMiddle
}
