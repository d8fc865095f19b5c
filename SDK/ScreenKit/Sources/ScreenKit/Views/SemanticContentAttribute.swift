/// What a view's content means for its direction, as `UISemanticContentAttribute`: whether
/// it flips in right-to-left layouts.
public enum SemanticContentAttribute: String, Sendable, Hashable, CaseIterable {
  /// Flips with the layout direction (the default).
  case unspecified
  /// Playback controls (play, pause, rewind) whose order stays left to right.
  case playback
  /// Directional controls (a D-pad's arrows, text alignment choices) that stay left to right.
  case spatial
  /// Always laid out left to right, with everything inside.
  case forceLeftToRight
  /// Always laid out right to left, with everything inside.
  case forceRightToLeft
}

/// The direction a view's content runs in, as `UIUserInterfaceLayoutDirection`.
public enum UserInterfaceLayoutDirection: String, Sendable, Hashable, CaseIterable {
  /// Left to right.
  case leftToRight
  /// Right to left.
  case rightToLeft
}
