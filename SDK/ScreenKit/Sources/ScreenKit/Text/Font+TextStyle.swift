extension Font {
  /// A semantic text style, as `UIFont.TextStyle`: what text is for (a title, body text, a
  /// caption), which a content size category turns into a point size and weight.
  ///
  /// The sizes are Apple's Human Interface Guidelines, "Typography → Specifications → iOS,
  /// iPadOS Dynamic Type sizes"
  /// (https://developer.apple.com/design/human-interface-guidelines/typography#iOS-iPadOS-Dynamic-Type-sizes):
  /// one column per category from xSmall to xxxLarge, then the five accessibility sizes
  /// (AX1 … AX5). Weights are the table's: headline is semibold, every other style regular.
  /// Every cell is checked against the guidelines' table in DynamicTypeTests.
  public enum TextStyle: String, Sendable, Hashable, CaseIterable {
    /// The large title of a navigation bar: 34 points at `large`.
    case largeTitle
    /// A first-level heading: 28 points at `large`.
    case title1
    /// A second-level heading: 22 points at `large`.
    case title2
    /// A third-level heading: 20 points at `large`.
    case title3
    /// A heading for body text: 17 points semibold at `large`.
    case headline
    /// Body text: 17 points at `large`.
    case body
    /// A callout: 16 points at `large`.
    case callout
    /// A subheading: 15 points at `large`.
    case subheadline
    /// A footnote: 13 points at `large`.
    case footnote
    /// A standard caption: 12 points at `large`.
    case caption1
    /// An alternate caption: 11 points at `large`.
    case caption2

    /// The weight of this style (the HIG table's; headline is semibold).
    public var weight: Font.Weight { self == .headline ? .semibold : .regular }

    /// The point size of this style at `category`; `unspecified` reads as `large`, as
    /// UIKit resolves a trait collection without a category.
    public func pointSize(for category: TraitCollection.ContentSizeCategory) -> Double {
      let column = DynamicTypeSizes.column(of: category)
      return DynamicTypeSizes.points[DynamicTypeSizes.row(of: self)][column]
    }
  }

  /// The system font for `style` at the content size category of the current trait
  /// collection (`TraitCollection.current`: the scene being served), as
  /// `UIFont.preferredFont(forTextStyle:)`.
  ///
  /// The font remembers its style: a label, text field, text view or button title with
  /// `adjustsFontForContentSizeCategory` resolves it again when its scene's category changes.
  @MainActor
  public static func preferredFont(forTextStyle style: TextStyle) -> Font {
    preferredFont(forTextStyle: style, compatibleWith: nil)
  }

  /// The system font for `style` at the content size category of `traitCollection` (the
  /// current trait collection when `nil`), as
  /// `UIFont.preferredFont(forTextStyle:compatibleWith:)`.
  @MainActor
  public static func preferredFont(
    forTextStyle style: TextStyle, compatibleWith traitCollection: TraitCollection?
  ) -> Font {
    let category = (traitCollection ?? TraitCollection.current).preferredContentSizeCategory
    return Font(style: style, category: category)
  }

  /// The font of `style` at `category`, remembering the style.
  init(style: TextStyle, category: TraitCollection.ContentSizeCategory) {
    self.init(pointSize: style.pointSize(for: category), weight: style.weight)
    scaling = .textStyle(style)
  }

  /// This font as it is at `category`: a preferred font takes its style's size there, a
  /// scaled font its base size scaled by its metrics; other fonts stay as they are.
  public func resolved(for category: TraitCollection.ContentSizeCategory) -> Font {
    switch scaling {
    case nil: return self
    case .textStyle(let style): return Font(style: style, category: category)
    case .metrics(let style, let basePointSize, let maximumPointSize):
      var font = Font(
        pointSize: FontMetrics.scale(
          basePointSize, style: style, category: category, maximum: maximumPointSize),
        weight: weight)
      font.scaling = scaling
      return font
    }
  }

  /// The text style this font follows, if it came from `preferredFont(forTextStyle:)` or a
  /// ``FontMetrics`` (whose style it scales by).
  public var textStyle: TextStyle? {
    switch scaling {
    case nil: nil
    case .textStyle(let style), .metrics(let style, _, _): style
    }
  }

  /// How a font follows the content size category.
  enum Scaling: Sendable, Hashable {
    /// A preferred font of the style.
    case textStyle(TextStyle)
    /// A font of `basePointSize` at `large`, scaled as `style` scales, at most
    /// `maximumPointSize`.
    case metrics(TextStyle, basePointSize: Double, maximumPointSize: Double?)
  }
}

/// The HIG's iOS and iPadOS Dynamic Type sizes (see ``Font/TextStyle``), in points: one row
/// per text style, one column per content size category.
enum DynamicTypeSizes {
  /// The categories of the columns, in order.
  static let categories: [TraitCollection.ContentSizeCategory] = [
    .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
    .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge,
    .accessibilityExtraExtraLarge, .accessibilityExtraExtraExtraLarge,
  ]

  // Rows in `Font.TextStyle.allCases` order; columns xSmall, Small, Medium, Large (default),
  // xLarge, xxLarge, xxxLarge, AX1, AX2, AX3, AX4, AX5.
  static let points: [[Double]] = [
    [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],  // largeTitle
    [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],  // title1
    [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],  // title2
    [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],  // title3
    [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],  // headline (semibold)
    [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],  // body
    [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],  // callout
    [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],  // subheadline
    [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],  // footnote
    [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],  // caption1
    [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],  // caption2
  ]

  static func row(of style: Font.TextStyle) -> Int {
    switch style {
    case .largeTitle: 0
    case .title1: 1
    case .title2: 2
    case .title3: 3
    case .headline: 4
    case .body: 5
    case .callout: 6
    case .subheadline: 7
    case .footnote: 8
    case .caption1: 9
    case .caption2: 10
    }
  }

  static func column(of category: TraitCollection.ContentSizeCategory) -> Int {
    categories.firstIndex(of: category) ?? 3  // unspecified reads as large
  }
}
