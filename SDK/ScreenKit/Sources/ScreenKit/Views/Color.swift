/// A colour in sRGB with opacity, as `UIColor`.
///
/// A colour is either fixed or dynamic: the system colours (``systemBackground``, ``label``,
/// ``systemBlue``…) have a light and a dark appearance, as UIKit's dynamic colours do, and
/// are resolved against a trait collection's ``TraitCollection/userInterfaceStyle`` when a
/// view is drawn (``resolvedColor(with:)``). The system colours that Apple publishes with
/// an increased-contrast variant (the accent colours and the greys) resolve to it when the
/// trait collection's ``TraitCollection/accessibilityContrast`` is `high`, as UIKit's do
/// with Increase Contrast on. Their values are the ones Apple's Human Interface Guidelines
/// publish for iOS ("Color": system colours, dynamic system colours).
/// Where UIKit takes any closure (`UIColor(dynamicProvider:)`), ScreenKit takes the
/// appearances (``init(light:dark:)``,
/// ``init(light:dark:increasedContrastLight:increasedContrastDark:)``), which is all a trait
/// collection here can select.
public struct Color: Sendable, Hashable, CustomStringConvertible {
  /// The red component, 0 to 1.
  public var red: Double
  /// The green component, 0 to 1.
  public var green: Double
  /// The blue component, 0 to 1.
  public var blue: Double
  /// The opacity, 0 to 1.
  public var alpha: Double
  /// The dark appearance of a dynamic colour; nil for a fixed one. The components above are
  /// then the light appearance.
  private var dark: Components?
  /// The light appearance under increased contrast; nil when it is the light appearance.
  private var increasedContrastLight: Components?
  /// The dark appearance under increased contrast; nil when it is the dark appearance.
  private var increasedContrastDark: Components?

  private struct Components: Sendable, Hashable {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double
  }

  /// A colour from sRGB components and opacity.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A grey from its brightness and opacity.
  public init(white: Double, alpha: Double = 1) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// A dynamic colour: `light` in the light (and unspecified) appearance, `dark` in the dark
  /// one. Each is taken as resolved for its appearance.
  public init(light: Color, dark: Color) {
    self.init(red: light.red, green: light.green, blue: light.blue, alpha: light.alpha)
    self.dark = Components(red: dark.red, green: dark.green, blue: dark.blue, alpha: dark.alpha)
  }

  /// A dynamic colour with increased-contrast variants, as an asset catalogue's colour set
  /// with High Contrast appearances: `light` and `dark` in normal contrast,
  /// `increasedContrastLight` and `increasedContrastDark` when the trait collection's
  /// ``TraitCollection/accessibilityContrast`` is `high`.
  public init(
    light: Color, dark: Color, increasedContrastLight: Color, increasedContrastDark: Color
  ) {
    self.init(light: light, dark: dark)
    func components(_ color: Color) -> Components {
      Components(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
    self.increasedContrastLight = components(increasedContrastLight)
    self.increasedContrastDark = components(increasedContrastDark)
  }

  /// A system colour from its four published 24-bit values: default light and dark,
  /// increased-contrast light and dark (Apple's Human Interface Guidelines, "Color", iOS
  /// system colours).
  init(light: UInt32, dark: UInt32, increasedContrastLight: UInt32, increasedContrastDark: UInt32) {
    self.init(
      light: Color(rgb: light), dark: Color(rgb: dark),
      increasedContrastLight: Color(rgb: increasedContrastLight),
      increasedContrastDark: Color(rgb: increasedContrastDark))
  }

  /// A colour from a 24-bit `0xRRGGBB` value and opacity.
  public init(rgb: UInt32, alpha: Double = 1) {
    self.init(
      red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
      blue: Double(rgb & 0xFF) / 255, alpha: alpha)
  }

  /// Whether the colour has a dark appearance of its own.
  public var isDynamic: Bool { dark != nil }

  /// Whether the colour has increased-contrast appearances of its own.
  public var hasIncreasedContrastVariant: Bool { increasedContrastLight != nil }

  /// The fixed colour this one is in `traitCollection`: the dark appearance when its style
  /// is `.dark`, the light one otherwise (`.unspecified` included, as UIKit); of those, the
  /// increased-contrast variant when the contrast is `.high` and the colour has one.
  public func resolvedColor(with traitCollection: TraitCollection) -> Color {
    let high = traitCollection.accessibilityContrast == .high
    let chosen: Components?
    if traitCollection.userInterfaceStyle == .dark {
      chosen = (high ? increasedContrastDark : nil) ?? dark
    } else {
      chosen = high ? increasedContrastLight : nil
    }
    if let chosen {
      return Color(red: chosen.red, green: chosen.green, blue: chosen.blue, alpha: chosen.alpha)
    }
    return Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// The same colour with another opacity (in every appearance of a dynamic colour).
  public func withAlphaComponent(_ alpha: Double) -> Color {
    var copy = self
    copy.alpha = alpha
    copy.dark?.alpha = alpha
    copy.increasedContrastLight?.alpha = alpha
    copy.increasedContrastDark?.alpha = alpha
    return copy
  }

  /// `#rrggbbaa`, how the colour travels on the wire; for a dynamic colour, its light
  /// appearance (resolve it first to draw).
  public var description: String {
    func byte(_ value: Double) -> String {
      let clamped = Int((min(max(value, 0), 1) * 255).rounded())
      let text = String(clamped, radix: 16)
      return clamped < 16 ? "0" + text : text
    }
    return "#" + byte(red) + byte(green) + byte(blue) + byte(alpha)
  }

  /// Fully transparent.
  public static let clear = Color(white: 0, alpha: 0)
  /// Black.
  public static let black = Color(white: 0)
  /// White.
  public static let white = Color(white: 1)
  /// Mid grey (`UIColor.gray`, 50 % white).
  public static let gray = Color(white: 0.5)
  /// Light grey (`UIColor.lightGray`, 2/3 white).
  public static let lightGray = Color(white: 2.0 / 3.0)
  /// Dark grey (`UIColor.darkGray`, 1/3 white).
  public static let darkGray = Color(white: 1.0 / 3.0)
  /// Red.
  public static let red = Color(red: 1, green: 0, blue: 0)
  /// Green.
  public static let green = Color(red: 0, green: 1, blue: 0)
  /// Blue.
  public static let blue = Color(red: 0, green: 0, blue: 1)
  /// Yellow.
  public static let yellow = Color(red: 1, green: 1, blue: 0)
  /// Orange.
  public static let orange = Color(red: 1, green: 0.5, blue: 0)
  // Dynamic system colours: the values Apple's Human Interface Guidelines publish in
  // "Color", "Specifications", "System colors" (iOS, iPadOS; the iOS 15 to 18 table, before
  // the June 2025 update), columns Default (light), Default (dark), Increased contrast
  // (light), Increased contrast (dark):
  // https://developer.apple.com/design/human-interface-guidelines/color#Specifications

  /// The system blue: #007AFF light, #0A84FF dark; increased contrast #0040DD light,
  /// #409CFF dark. UIKit's default tint.
  public static let systemBlue = Color(
    light: 0x007AFF, dark: 0x0A84FF, increasedContrastLight: 0x0040DD,
    increasedContrastDark: 0x409CFF)
  /// The system red: #FF3B30 light, #FF453A dark; increased contrast #D70015 light,
  /// #FF6961 dark.
  public static let systemRed = Color(
    light: 0xFF3B30, dark: 0xFF453A, increasedContrastLight: 0xD70015,
    increasedContrastDark: 0xFF6961)
  /// The system green: #34C759 light, #30D158 dark; increased contrast #248A3D light,
  /// #30DB5B dark.
  public static let systemGreen = Color(
    light: 0x34C759, dark: 0x30D158, increasedContrastLight: 0x248A3D,
    increasedContrastDark: 0x30DB5B)
  /// The system orange: #FF9500 light, #FF9F0A dark; increased contrast #C93400 light,
  /// #FFB340 dark.
  public static let systemOrange = Color(
    light: 0xFF9500, dark: 0xFF9F0A, increasedContrastLight: 0xC93400,
    increasedContrastDark: 0xFFB340)
  /// The system grey: #8E8E93 in both appearances; increased contrast #6C6C70 light,
  /// #AEAEB2 dark.
  public static let systemGray = Color(
    light: 0x8E8E93, dark: 0x8E8E93, increasedContrastLight: 0x6C6C70,
    increasedContrastDark: 0xAEAEB2)
  /// Primary text: black light, white dark.
  public static let label = Color(light: Color(rgb: 0x000000), dark: Color(rgb: 0xFFFFFF))
  /// Secondary text: #3C3C43 at 60 % light, #EBEBF5 at 60 % dark.
  public static let secondaryLabel = Color(
    light: Color(rgb: 0x3C3C43, alpha: 0.6), dark: Color(rgb: 0xEBEBF5, alpha: 0.6))
  /// Tertiary text: #3C3C43 at 30 % light, #EBEBF5 at 30 % dark.
  public static let tertiaryLabel = Color(
    light: Color(rgb: 0x3C3C43, alpha: 0.3), dark: Color(rgb: 0xEBEBF5, alpha: 0.3))
  /// Placeholder text: #3C3C43 at 30 % light, #EBEBF5 at 30 % dark.
  public static let placeholderText = Color(
    light: Color(rgb: 0x3C3C43, alpha: 0.3), dark: Color(rgb: 0xEBEBF5, alpha: 0.3))
  /// Separator lines: #3C3C43 at 29 % light, #545458 at 60 % dark.
  public static let separator = Color(
    light: Color(rgb: 0x3C3C43, alpha: 0.29), dark: Color(rgb: 0x545458, alpha: 0.6))
  /// The main background: white light, black dark.
  public static let systemBackground = Color(
    light: Color(rgb: 0xFFFFFF), dark: Color(rgb: 0x000000))
  /// Content on the main background: #F2F2F7 light, #1C1C1E dark.
  public static let secondarySystemBackground = Color(
    light: Color(rgb: 0xF2F2F7), dark: Color(rgb: 0x1C1C1E))
  /// The background of grouped content: #F2F2F7 light, black dark.
  public static let systemGroupedBackground = Color(
    light: Color(rgb: 0xF2F2F7), dark: Color(rgb: 0x000000))
  /// Content on the grouped background (a grouped table's rows): white light, #1C1C1E dark.
  public static let secondarySystemGroupedBackground = Color(
    light: Color(rgb: 0xFFFFFF), dark: Color(rgb: 0x1C1C1E))
  /// A light grey (a selected row): #D1D1D6 light, #3A3A3C dark; increased contrast
  /// #BCBCC0 light, #444446 dark.
  public static let systemGray4 = Color(
    light: 0xD1D1D6, dark: 0x3A3A3C, increasedContrastLight: 0xBCBCC0,
    increasedContrastDark: 0x444446)
  /// A lighter grey: #E5E5EA light, #2C2C2E dark; increased contrast #D8D8DC light,
  /// #363638 dark.
  public static let systemGray5 = Color(
    light: 0xE5E5EA, dark: 0x2C2C2E, increasedContrastLight: 0xD8D8DC,
    increasedContrastDark: 0x363638)
}
