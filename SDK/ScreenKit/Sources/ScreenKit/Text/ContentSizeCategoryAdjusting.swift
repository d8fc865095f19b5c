/// A view whose font can follow the content size category, as
/// `UIContentSizeCategoryAdjusting`: labels, text fields, text views (and a button's
/// `titleLabel`).
///
/// With `adjustsFontForContentSizeCategory` on, a font that came from
/// `Font.preferredFont(forTextStyle:)` or `FontMetrics.scaledFont(for:)` is resolved again
/// whenever the scene's category changes (`scene.resize` with a new
/// `contentSizeCategory`), and the view is laid out again, as UIKit's views do. Fonts of a
/// fixed size (`systemFont(ofSize:)`) stay as they are.
@MainActor
public protocol ContentSizeCategoryAdjusting: AnyObject {
  /// Whether the font follows the content size category (false by default).
  var adjustsFontForContentSizeCategory: Bool { get set }
}

/// How the window reaches the views that adjust their font.
@MainActor
protocol ContentSizeCategoryAdjustingView: ContentSizeCategoryAdjusting {
  /// Resolves the font at `category` when the view adjusts it.
  func adjustFont(for category: TraitCollection.ContentSizeCategory)
}

extension ContentSizeCategoryAdjustingView where Self: View {
  /// Resolves the font at the window's category, when the view is in one.
  func adjustFontToWindow() {
    guard let window else { return }
    adjustFont(for: window.traitCollection.preferredContentSizeCategory)
  }
}

extension Label: ContentSizeCategoryAdjustingView {
  func adjustFont(for category: TraitCollection.ContentSizeCategory) {
    guard adjustsFontForContentSizeCategory, font.textStyle != nil else { return }
    let resolved = font.resolved(for: category)
    if resolved != font { font = resolved }
  }
}

extension TextField: ContentSizeCategoryAdjustingView {
  func adjustFont(for category: TraitCollection.ContentSizeCategory) {
    guard adjustsFontForContentSizeCategory, font.textStyle != nil else { return }
    let resolved = font.resolved(for: category)
    if resolved != font { font = resolved }
  }
}

extension TextView: ContentSizeCategoryAdjustingView {
  func adjustFont(for category: TraitCollection.ContentSizeCategory) {
    guard adjustsFontForContentSizeCategory, let font, font.textStyle != nil else { return }
    let resolved = font.resolved(for: category)
    if resolved != font { self.font = resolved }
  }
}
