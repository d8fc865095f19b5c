/// A font: the system font at a point size and weight, as `UIFont`.
///
/// ScreenKit has one typeface, the system font, measured by the deterministic metrics model
/// of `docs/text-metrics.md` so that every client draws the same boxes.
public struct Font: Sendable, Hashable, CustomStringConvertible {
  /// The weight of a font, as `UIFont.Weight`, with the weights the metrics model carries.
  public enum Weight: String, Sendable, Hashable, CaseIterable {
    /// Regular (400).
    case regular
    /// Medium (500).
    case medium
    /// Semibold (600).
    case semibold
    /// Bold (700).
    case bold
  }

  /// The size in points (the em size).
  public var pointSize: Double
  /// The weight.
  public var weight: Weight

  /// The system font at `size` points and `weight`.
  public static func systemFont(ofSize size: Double, weight: Weight = .regular) -> Font {
    Font(pointSize: size, weight: weight)
  }

  /// The bold system font at `size` points.
  public static func boldSystemFont(ofSize size: Double) -> Font {
    Font(pointSize: size, weight: .bold)
  }

  /// The same font at another size.
  public func withSize(_ size: Double) -> Font {
    Font(pointSize: size, weight: weight)
  }

  /// `system-<weight>-<size>`, as the wire shows fonts.
  public var description: String { "system-\(weight.rawValue)-\(pointSize.compactDescription)" }
}
