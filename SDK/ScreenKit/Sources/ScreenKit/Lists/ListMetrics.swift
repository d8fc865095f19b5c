/// The figures that make ScreenKit's lists look as iOS draws them at the default text size
/// (`.large`) on an iPhone. UIKit documents few of them; each says where it comes from.
enum ListMetrics {
  /// The minimum height of a standard row: 44 points, the minimum tap target of Apple's
  /// Human Interface Guidelines and the documented default of `rowHeight` before
  /// self-sizing rows (iOS 10 and earlier).
  static let minimumRowHeight = 44.0
  /// The space above and below a standard row's text: 11 points, what makes one line of
  /// 17-point text (the body style) a 44-point row.
  static let verticalPadding = 11.0
  /// The primary text: the body text style, 17 points regular at `.large` (UIKit's
  /// `UIFont.TextStyle.body`, sized per content size category by the Human Interface
  /// Guidelines' Dynamic Type table, `Font.TextStyle`), at the scene's text size.
  @MainActor static var textFont: Font { .preferredFont(forTextStyle: .body) }
  /// Secondary text under the primary: the subheadline style, 15 points at `.large` (HIG).
  @MainActor static var secondaryFont: Font { .preferredFont(forTextStyle: .subheadline) }
  /// `.value2`'s title column: the subheadline style.
  @MainActor static var value2TitleFont: Font { .preferredFont(forTextStyle: .subheadline) }
  /// Between the primary and secondary text of a subtitle row.
  static let textToSecondaryTextGap = 3.0
  /// Between a row's image and its text.
  static let imageToTextGap = 16.0
  /// Between the text and the value of `.value1` and `.value2` rows.
  static let valueGap = 8.0
  /// Between a custom accessory view and the content.
  static let accessoryGap = 16.0
  /// The plain style's section header: 15-point semibold text (the headline of a plain
  /// list's sections) in a 28-point band at `.large`, both scaled as the subheadline style
  /// at the scene's text size (`FontMetrics`).
  @MainActor static var plainHeaderFont: Font {
    FontMetrics(forTextStyle: .subheadline).scaledFont(
      for: .systemFont(ofSize: 15, weight: .semibold))
  }
  @MainActor static var plainHeaderHeight: Double {
    FontMetrics(forTextStyle: .subheadline).scaledValue(for: 28)
  }
  /// The grouped styles' section header and footer: the footnote style, 13 points at
  /// `.large`.
  @MainActor static var groupedHeaderFont: Font { .preferredFont(forTextStyle: .footnote) }
  /// Space above a grouped section with no header title, and between grouped sections.
  static let groupedSectionSpacing = 35.0
  /// A grouped header with a title: the title's line on the section's top spacing, 7 points
  /// above the first row.
  static let groupedHeaderBottomPadding = 7.0
  /// A grouped footer with a title: 7 points below the last row, the title, then spacing.
  static let groupedFooterTopPadding = 7.0
  /// The corner radius of an inset-grouped section: 10 points.
  static let insetGroupedCornerRadius = 10.0
  /// Swipe action buttons: at least 74 points wide, or the title and 15 points each side.
  static let minimumSwipeActionWidth = 74.0
  static let swipeActionFont = Font.systemFont(ofSize: 17)
  static let swipeActionPadding = 15.0

  /// Editing mode's delete control: a 22-point red circle at the side margin, and the
  /// content moved 38 points (the control and a 16-point gap) towards the trailing edge, as
  /// iOS draws a table in editing mode.
  static let editingControlSize = 22.0
  static let editingIndent = 38.0
  /// The minus on the delete control.
  static let editingControlFont = Font.systemFont(ofSize: 17, weight: .bold)

  /// The side margin of rows in a table `width` wide: 16 points when compact (under 600),
  /// 20 otherwise, the system minimum margins of a view controller's view
  /// (`UIViewController.systemMinimumLayoutMargins`).
  static func sideMargin(width: Double) -> Double { width >= 600 ? 20 : 16 }

  /// The width a standard accessory takes at the trailing edge, its margin included: the
  /// glyph (an 8-point chevron, a 14-point checkmark, a 22-point info button) and the side
  /// margin after it and a 12-point gap before it.
  static func accessoryWidth(_ type: TableViewCell.AccessoryType) -> Double {
    switch type {
    case .none: 0
    case .disclosureIndicator: 8 + 16 + 12
    case .checkmark: 14 + 16 + 12
    case .detailButton: 22 + 16 + 12
    case .detailDisclosureButton: 22 + 12 + 8 + 16 + 12
    }
  }
}
