import Testing

@testable import ScreenKit

/// Dynamic Type: the text styles' sizes per content size category, `FontMetrics`, and views
/// that adjust their font when the scene's category changes.
///
/// The expected sizes are Apple's Human Interface Guidelines, "Typography → Specifications →
/// iOS, iPadOS Dynamic Type sizes"
/// (https://developer.apple.com/design/human-interface-guidelines/typography#iOS-iPadOS-Dynamic-Type-sizes),
/// every cell of the table (eleven styles × twelve categories), copied here column by column
/// independently of the table in `Font+TextStyle.swift`. The cells were compared with two
/// independent transcriptions of the same HIG table in public code; all 132 agree.
@MainActor
@Suite struct DynamicTypeTests {
  /// (style, weight, [xSmall, Small, Medium, Large, xLarge, xxLarge, xxxLarge, AX1, AX2, AX3,
  /// AX4, AX5]) from the HIG's table.
  static let hig: [(Font.TextStyle, Font.Weight, [Double])] = [
    (.largeTitle, .regular, [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]),
    (.title1, .regular, [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]),
    (.title2, .regular, [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]),
    (.title3, .regular, [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]),
    (.headline, .semibold, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]),
    (.body, .regular, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]),
    (.callout, .regular, [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]),
    (.subheadline, .regular, [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]),
    (.footnote, .regular, [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]),
    (.caption1, .regular, [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]),
    (.caption2, .regular, [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]),
  ]
  static let columns: [TraitCollection.ContentSizeCategory] = [
    .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
    .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge,
    .accessibilityExtraExtraLarge, .accessibilityExtraExtraExtraLarge,
  ]

  @Test func theTableCoversEveryStyleAndCategory() {
    #expect(Self.hig.map(\.0) == Font.TextStyle.allCases)
    #expect(
      Self.columns == TraitCollection.ContentSizeCategory.allCases.filter { $0 != .unspecified })
    #expect(Self.hig.allSatisfy { $0.2.count == Self.columns.count })
  }

  @Test func preferredFontsHaveTheGuidelinesSizesAndWeights() {
    for (style, weight, sizes) in Self.hig {
      for (category, size) in zip(Self.columns, sizes) {
        let traits = TraitCollection(preferredContentSizeCategory: category)
        let font = Font.preferredFont(forTextStyle: style, compatibleWith: traits)
        #expect(font.pointSize == size, "\(style) at \(category)")
        #expect(font.weight == weight, "\(style) at \(category)")
        #expect(font.textStyle == style)
      }
    }
  }

  @Test func sizesGrowWithTheCategoryAndBodyGrowsMostAtAccessibilitySizes() {
    for style in Font.TextStyle.allCases {
      let sizes = DynamicTypeSizes.categories.map { style.pointSize(for: $0) }
      #expect(sizes == sizes.sorted(), "\(style) never shrinks as the category grows")
    }
    // The accessibility sizes enlarge body-like styles more than titles (HIG): body goes
    // from 17 to 53 points (×3.1), the large title from 34 to 60 (×1.8).
    let body = Font.TextStyle.body.pointSize(for: .accessibilityExtraExtraExtraLarge) / 17
    let title = Font.TextStyle.largeTitle.pointSize(for: .accessibilityExtraExtraExtraLarge) / 34
    #expect(body > title)
    #expect(Font.TextStyle.body.pointSize(for: .unspecified) == 17)
  }

  @Test func preferredFontFollowsTheCurrentTraitCollection() {
    let saved = TraitCollection.current
    defer { TraitCollection.current = saved }
    TraitCollection.current = TraitCollection(preferredContentSizeCategory: .extraLarge)
    #expect(Font.preferredFont(forTextStyle: .body).pointSize == 19)
    TraitCollection.current = TraitCollection()
    #expect(Font.preferredFont(forTextStyle: .body) == .systemFont(ofSize: 17))
    #expect(
      Font.preferredFont(forTextStyle: .headline) == .systemFont(ofSize: 17, weight: .semibold))
  }

  @Test func fontMetricsScaleByTheStylesRatioToLarge() {
    let large = TraitCollection(preferredContentSizeCategory: .large)
    let ax5 = TraitCollection(preferredContentSizeCategory: .accessibilityExtraExtraExtraLarge)
    let xs = TraitCollection(preferredContentSizeCategory: .extraSmall)
    let metrics = FontMetrics(forTextStyle: .title1)
    let custom = Font.systemFont(ofSize: 20, weight: .bold)
    // At large nothing changes.
    #expect(metrics.scaledFont(for: custom, compatibleWith: large) == custom)
    // title1: 28 → 58 at AX5, 25 at xSmall.
    let big = metrics.scaledFont(for: custom, compatibleWith: ax5)
    #expect(abs(big.pointSize - 20 * 58 / 28) < 1e-9)
    #expect(big.weight == .bold)
    #expect(
      abs(metrics.scaledFont(for: custom, compatibleWith: xs).pointSize - 20 * 25 / 28) < 1e-9)
    // The maximum caps it.
    #expect(
      metrics.scaledFont(for: custom, maximumPointSize: 30, compatibleWith: ax5).pointSize == 30)
    // Values scale alike; the default metrics are body's (17 → 53).
    #expect(
      abs(FontMetrics.default.scaledValue(for: 44, compatibleWith: ax5) - 44 * 53 / 17) < 1e-9)
    #expect(FontMetrics.default.textStyle == .body)
    #expect(FontMetrics.default.scaledValue(for: 44, compatibleWith: large) == 44)
    // A scaled font remembers its base: resolved elsewhere it scales from 20, not from 41.4.
    #expect(abs(big.resolved(for: .extraLarge).pointSize - 20 * 30 / 28) < 1e-9)
    #expect(big.resolved(for: .large) == custom)
    // A fixed font does not follow.
    #expect(custom.resolved(for: .accessibilityLarge) == custom)
  }

  @Test func categoriesCompareBySize() {
    #expect(TraitCollection.ContentSizeCategory.extraSmall < .large)
    #expect(TraitCollection.ContentSizeCategory.extraExtraExtraLarge < .accessibilityMedium)
    #expect(TraitCollection.ContentSizeCategory.accessibilityLarge.isAccessibilityCategory)
  }

  /// Records trait changes.
  private final class Screen: ViewController {
    let label = Label()
    let fixed = Label()
    let field = TextField()
    let textView = TextView()
    let button = Button(type: .system)
    var changes: [TraitCollection.ContentSizeCategory] = []
    var labelHeightAtChange: Double?
    override func viewDidLoad() {
      super.viewDidLoad()
      let stack = StackView(arrangedSubviews: [label, fixed, field, textView, button])
      stack.axis = .vertical
      stack.alignment = .leading
      stack.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(stack)
      LayoutConstraint.activate([
        stack.topAnchor.constraint(equalTo: view.topAnchor),
        stack.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      ])
      label.text = "Body text"
      label.font = .preferredFont(forTextStyle: .body)
      label.adjustsFontForContentSizeCategory = true
      fixed.text = "Not adjusting"
      fixed.font = .preferredFont(forTextStyle: .body)
      field.text = "Field"
      field.font = .preferredFont(forTextStyle: .callout)
      field.adjustsFontForContentSizeCategory = true
      textView.isScrollEnabled = false
      textView.text = "Text view"
      textView.font = FontMetrics(forTextStyle: .footnote).scaledFont(for: .systemFont(ofSize: 14))
      textView.adjustsFontForContentSizeCategory = true
      button.setTitle("Button", for: .normal)
      button.titleLabel.font = .preferredFont(forTextStyle: .headline)
      button.titleLabel.adjustsFontForContentSizeCategory = true
    }
    override func traitCollectionDidChange(_ previous: TraitCollection?) {
      super.traitCollectionDidChange(previous)
      changes.append(traitCollection.preferredContentSizeCategory)
      labelHeightAtChange = label.font.pointSize
    }
  }

  @Test func adjustingViewsResolveTheirFontsAndRelayoutOnACategoryChange() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let screen = Screen()
    window.rootViewController = screen
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    let labelHeight = screen.label.frame.height
    let buttonHeight = screen.button.frame.height
    #expect(screen.label.font.pointSize == 17)

    var traits = window.traitCollection
    traits.preferredContentSizeCategory = .accessibilityExtraLarge
    window.traitCollection = traits
    window.layoutIfNeeded()
    #expect(screen.changes == [.accessibilityExtraLarge])
    // The controller hears of the change after the views adjusted, as in UIKit.
    #expect(screen.labelHeightAtChange == 40)
    #expect(screen.label.font.pointSize == 40)  // body at AX3
    #expect(screen.label.font.textStyle == .body)
    #expect(screen.fixed.font.pointSize == 17)  // does not adjust
    #expect(screen.field.font.pointSize == 38)  // callout at AX3
    #expect(abs(screen.textView.font!.pointSize - 14 * 33 / 13) < 1e-9)  // footnote 13 → 33
    #expect(screen.button.titleLabel.font == .systemFont(ofSize: 40, weight: .semibold))
    #expect(screen.label.frame.height > labelHeight * 2)
    #expect(screen.button.frame.height > buttonHeight)

    traits.preferredContentSizeCategory = .large
    window.traitCollection = traits
    window.layoutIfNeeded()
    #expect(screen.label.frame.height == labelHeight)
    #expect(screen.button.frame.height == buttonHeight)
    #expect(screen.changes == [.accessibilityExtraLarge, .large])
  }

  @Test func turningAdjustmentOnInAWindowResolvesAtItsCategory() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.traitCollection = TraitCollection(preferredContentSizeCategory: .extraExtraLarge)
    let label = Label()
    label.font = .preferredFont(forTextStyle: .caption1, compatibleWith: TraitCollection())
    window.addSubview(label)
    #expect(label.font.pointSize == 12)
    label.adjustsFontForContentSizeCategory = true
    #expect(label.font.pointSize == 16)
  }
}
