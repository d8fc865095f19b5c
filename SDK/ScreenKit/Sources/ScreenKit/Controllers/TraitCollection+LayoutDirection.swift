import Foundation

extension TraitCollection {
  /// The direction text and layout run in, as `UITraitEnvironmentLayoutDirection`.
  public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    /// Not set: read as left to right.
    case unspecified
    /// Left to right (English, German …).
    case leftToRight
    /// Right to left (Arabic, Hebrew, Persian, Urdu).
    case rightToLeft
  }

  /// The trait collection code runs in, as `UITraitCollection.current`: the host sets it to
  /// the traits of the scene it is serving, so that `Font.preferredFont(forTextStyle:)` and
  /// `FontMetrics` resolve at that scene's content size category (one host serves scenes
  /// at several categories). The default collection (`large`) outside any scene.
  @MainActor public static var current = TraitCollection()
}

extension TraitCollection.ContentSizeCategory: Comparable {
  /// Whether `lhs` is a smaller text size than `rhs`, as UIKit's `<` on
  /// `UIContentSizeCategory`; `unspecified` is smaller than every size.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    let order = Self.allCases
    return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
  }

  /// Posted when the preferred content size category changes, as
  /// `UIContentSizeCategory.didChangeNotification`; the window that changed is the object.
  nonisolated public static let didChangeNotification = Notification.Name(
    "UIContentSizeCategoryDidChangeNotification")
}
