import JSONRPC

/// The screen a scene is shown on: its size, scale, safe area, style, contrast, locale and
/// text size, as a client sends it in `scene.open` and `scene.resize`.
///
/// Every member is optional on the wire; missing ones take an iPhone's defaults (390 × 844
/// points, scale 3, safe area 47/0/34/0, light, normal contrast, `en`, no overscan, content
/// size `large`). In `scene.resize` missing members keep the scene's current values.
///
/// This is the environment in wire terms, which the broker checks and stores; the scene
/// host turns it into ScreenKit's traits (`SceneEnvironment+Traits`).
package struct SceneEnvironment: Sendable, Equatable {
  /// Insets in points from each edge.
  package struct Insets: Sendable, Equatable {
    package var top: Double
    package var left: Double
    package var bottom: Double
    package var right: Double

    /// Insets of these sizes.
    package init(top: Double, left: Double, bottom: Double, right: Double) {
      self.top = top
      self.left = left
      self.bottom = bottom
      self.right = right
    }
  }

  /// Light or dark (UIKit's `UIUserInterfaceStyle`).
  package enum Style: String, Sendable, CaseIterable {
    case light
    case dark
  }

  /// Normal or increased contrast (UIKit's `UIAccessibilityContrast`).
  package enum Contrast: String, Sendable, CaseIterable {
    case normal
    case high
  }

  /// The user's preferred text size, named as UIKit's `UIContentSizeCategory` constants
  /// (without their prefix), smallest first: seven standard sizes, then five larger
  /// accessibility sizes.
  package enum ContentSizeCategory: String, Sendable, CaseIterable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
    case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge
  }

  package var width: Double = 390
  package var height: Double = 844
  package var scale: Double = 3
  package var safeArea = Insets(top: 47, left: 0, bottom: 34, right: 0)
  package var style: Style = .light
  /// Normal or increased contrast (UIKit's Increase Contrast: `accessibilityContrast`).
  package var contrast: Contrast = .normal
  package var locale = "en"
  /// The user's preferred text size (UIKit's `UIContentSizeCategory` names).
  package var contentSizeCategory: ContentSizeCategory = .large
  /// How far beyond each edge of a list's bounds the client wants rows ready, in points; 0
  /// leaves lists their own margin (half their height).
  package var overscan: Double = 0

  /// An iPhone's screen: the defaults every member has.
  package init() {}

  /// The largest overscan accepted, in points: a few screens' worth of rows at most, so a
  /// client cannot make a list of a million rows a million nodes.
  package static let maximumOverscan: Double = 4000

  /// The largest width or height accepted, in points.
  package static let maximumDimension: Double = 100_000

  /// The schema of the `environment` param.
  package static let schema = Schema.object([
    .init("width", .number(minimum: 1, maximum: maximumDimension, description: "points")),
    .init("height", .number(minimum: 1, maximum: maximumDimension, description: "points")),
    .init("scale", .number(minimum: 1, maximum: 4, description: "pixels per point")),
    .init(
      "safeArea",
      .object(
        [
          .init("top", .number(minimum: 0, maximum: maximumDimension)),
          .init("left", .number(minimum: 0, maximum: maximumDimension)),
          .init("bottom", .number(minimum: 0, maximum: maximumDimension)),
          .init("right", .number(minimum: 0, maximum: maximumDimension)),
        ], description: "insets the screen reserves (notch, home indicator)")),
    .init("style", .string(enum: Style.allCases.map(\.rawValue))),
    .init(
      "contrast",
      .string(
        enum: Contrast.allCases.map(\.rawValue),
        description: "the user's contrast, high as UIKit's Increase Contrast (default normal)")),
    .init("locale", .string(minLength: 1, maxLength: 35, description: "a BCP 47 tag such as en")),
    .init(
      "contentSizeCategory",
      .string(
        enum: ContentSizeCategory.allCases.map(\.rawValue),
        description: "the preferred text size, UIKit's category names (default large)")),
    .init(
      "overscan",
      .number(
        minimum: 0, maximum: maximumOverscan,
        description: "points beyond a list's bounds whose rows are sent ahead")),
  ])

  /// This environment with the members `json` (already validated against `schema`) sets.
  ///
  /// - Throws: `-32602` naming `environment.safeArea` when the safe area leaves no room,
  ///   `environment.locale` when the locale is not a well-formed BCP 47 tag.
  package func applying(_ json: JSONObject?) throws(RPCError) -> SceneEnvironment {
    guard let json else { return self }
    var result = self
    if let width = json["width"]?.doubleValue { result.width = width }
    if let height = json["height"]?.doubleValue { result.height = height }
    if let scale = json["scale"]?.doubleValue { result.scale = scale }
    if let insets = json["safeArea"]?.objectValue {
      result.safeArea = Insets(
        top: insets["top"]?.doubleValue ?? result.safeArea.top,
        left: insets["left"]?.doubleValue ?? result.safeArea.left,
        bottom: insets["bottom"]?.doubleValue ?? result.safeArea.bottom,
        right: insets["right"]?.doubleValue ?? result.safeArea.right)
    }
    if let style = json["style"]?.stringValue,
      let value = Style(rawValue: style)
    {
      result.style = value
    }
    if let contrast = json["contrast"]?.stringValue,
      let value = Contrast(rawValue: contrast)
    {
      result.contrast = value
    }
    if let locale = json["locale"]?.stringValue {
      guard LanguageTag.isWellFormed(locale) else {
        throw .invalidParams(
          "\"\(locale)\" is not a BCP 47 language tag such as en, de-AT or ar",
          field: "environment.locale")
      }
      result.locale = locale
    }
    if let category = json["contentSizeCategory"]?.stringValue,
      let value = ContentSizeCategory(rawValue: category)
    {
      result.contentSizeCategory = value
    }
    if let overscan = json["overscan"]?.doubleValue { result.overscan = overscan }
    guard result.safeArea.top + result.safeArea.bottom <= result.height,
      result.safeArea.left + result.safeArea.right <= result.width
    else {
      throw .invalidParams(
        "the safe area is larger than the screen", field: "environment.safeArea")
    }
    return result
  }

  package var json: JSON {
    [
      "width": .number(width), "height": .number(height), "scale": .number(scale),
      "safeArea": [
        "top": .number(safeArea.top), "left": .number(safeArea.left),
        "bottom": .number(safeArea.bottom), "right": .number(safeArea.right),
      ],
      "style": .string(style.rawValue), "contrast": .string(contrast.rawValue),
      "locale": .string(locale),
      "contentSizeCategory": .string(contentSizeCategory.rawValue),
      "overscan": .number(overscan),
    ]
  }
}
