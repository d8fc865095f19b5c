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
  /// How the font follows the content size category (see `Font+TextStyle.swift`): `nil`
  /// for a font of a fixed size.
  var scaling: Scaling?

  /// A font of `pointSize` and `weight` that does not follow the content size category.
  init(pointSize: Double, weight: Weight) {
    self.pointSize = pointSize
    self.weight = weight
  }

  /// Two fonts are equal when they draw the same: the same size and weight, whether or not
  /// they follow the content size category.
  public static func == (lhs: Font, rhs: Font) -> Bool {
    lhs.pointSize == rhs.pointSize && lhs.weight == rhs.weight
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(pointSize)
    hasher.combine(weight)
  }

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
    Font(pointSize: size, weight: weight)  // a fixed size: it no longer follows a style
  }

  /// `system-<weight>-<size>`, as the wire shows fonts.
  public var description: String { "system-\(weight.rawValue)-\(pointSize.compactDescription)" }
}
