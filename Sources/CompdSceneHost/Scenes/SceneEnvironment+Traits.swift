import CompdProtocol
import Foundation
import ScreenKit

extension SceneEnvironment {
  var size: Size { Size(width: width, height: height) }

  /// The scene's locale (`Window.locale`): the language of its strings and the conventions
  /// of its numbers and dates.
  var sceneLocale: Locale { Locale(identifier: locale) }

  /// The traits of a screen this size: a width or height below 600 points is compact, as
  /// on iPhones (portrait compact × regular, landscape compact × compact) and in iPad
  /// split views; the text size is the content size category, the layout direction that of
  /// the locale's language.
  var traitCollection: TraitCollection {
    TraitCollection(
      userInterfaceStyle: TraitCollection.UserInterfaceStyle(rawValue: style.rawValue)!,
      horizontalSizeClass: width >= 600 ? .regular : .compact,
      verticalSizeClass: height >= 600 ? .regular : .compact,
      displayScale: scale,
      preferredContentSizeCategory: TraitCollection.ContentSizeCategory(
        rawValue: contentSizeCategory.rawValue)!,
      layoutDirection: TraitCollection.LayoutDirection(locale: sceneLocale),
      accessibilityContrast: TraitCollection.AccessibilityContrast(rawValue: contrast.rawValue)!)
  }

  /// The safe area as ScreenKit's insets.
  var safeAreaInsets: EdgeInsets {
    EdgeInsets(
      top: safeArea.top, left: safeArea.left, bottom: safeArea.bottom, right: safeArea.right)
  }
}
