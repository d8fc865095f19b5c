extension TraitCollection {
  /// The contrast the user asked for, as `UIAccessibilityContrast`: `high` when Increase
  /// Contrast is on (a scene's `contrast` environment member; a browser's
  /// `prefers-contrast: more`). The system colours resolve to their increased-contrast
  /// variants under `high` (``Color/resolvedColor(with:)``).
  public enum AccessibilityContrast: String, Sendable, Hashable, CaseIterable {
    /// Not set: read as normal.
    case unspecified
    /// The default contrast.
    case normal
    /// Increased contrast.
    case high
  }
}
