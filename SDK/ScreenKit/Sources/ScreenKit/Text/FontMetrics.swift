/// Scales fonts and values with the content size category as a text style scales, as
/// `UIFontMetrics`: for custom sizes that should grow and shrink like the system's styles.
///
/// The factor at a category is the style's point size there divided by its size at `large`
/// (the HIG table of ``Font/TextStyle``), so at `large` every value is unchanged.
public struct FontMetrics: Sendable, Hashable {
  /// The style whose scaling this follows.
  public let textStyle: Font.TextStyle

  /// Metrics that scale as `textStyle` does, as `UIFontMetrics(forTextStyle:)`.
  public init(forTextStyle textStyle: Font.TextStyle) {
    self.textStyle = textStyle
  }

  /// The metrics of the body style, as `UIFontMetrics.default`.
  public static let `default` = FontMetrics(forTextStyle: .body)

  /// `font` (its size taken as the size at `large`) scaled to the current trait
  /// collection's category, as `scaledFont(for:)`. The font remembers the metrics, so a
  /// view with `adjustsFontForContentSizeCategory` scales it again on a category change.
  @MainActor
  public func scaledFont(for font: Font) -> Font {
    scaledFont(for: font, maximumPointSize: nil, compatibleWith: nil)
  }

  /// `font` scaled as `scaledFont(for:)` but never above `maximumPointSize`, as
  /// `scaledFont(for:maximumPointSize:)`.
  @MainActor
  public func scaledFont(for font: Font, maximumPointSize: Double) -> Font {
    scaledFont(for: font, maximumPointSize: maximumPointSize, compatibleWith: nil)
  }

  /// `font` scaled to the category of `traitCollection` (the current one when `nil`), at
  /// most `maximumPointSize` when given.
  @MainActor
  public func scaledFont(
    for font: Font, maximumPointSize: Double? = nil,
    compatibleWith traitCollection: TraitCollection?
  ) -> Font {
    let category = (traitCollection ?? TraitCollection.current).preferredContentSizeCategory
    var base = Font(pointSize: font.pointSize, weight: font.weight)
    base.scaling = .metrics(
      textStyle, basePointSize: font.pointSize,
      maximumPointSize: maximumPointSize.flatMap { $0 > 0 ? $0 : nil })
    return base.resolved(for: category)
  }

  /// `value` scaled to the current trait collection's category, as `scaledValue(for:)`.
  @MainActor
  public func scaledValue(for value: Double) -> Double {
    scaledValue(for: value, compatibleWith: nil)
  }

  /// `value` scaled to the category of `traitCollection` (the current one when `nil`).
  @MainActor
  public func scaledValue(for value: Double, compatibleWith traitCollection: TraitCollection?)
    -> Double
  {
    let category = (traitCollection ?? TraitCollection.current).preferredContentSizeCategory
    return value * Self.factor(of: textStyle, at: category)
  }

  /// The factor of `style` at `category` relative to `large`.
  static func factor(of style: Font.TextStyle, at category: TraitCollection.ContentSizeCategory)
    -> Double
  {
    style.pointSize(for: category) / style.pointSize(for: .large)
  }

  /// `base` scaled as `style` at `category`, at most `maximum`.
  static func scale(
    _ base: Double, style: Font.TextStyle, category: TraitCollection.ContentSizeCategory,
    maximum: Double?
  ) -> Double {
    let scaled = base * factor(of: style, at: category)
    guard let maximum else { return scaled }
    return min(scaled, maximum)
  }
}
