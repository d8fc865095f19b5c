/// A colour in sRGB with opacity, as `UIColor`.
///
/// A colour is either fixed or dynamic: the system colours (``systemBackground``, ``label``,
/// ``systemBlue``…) have a light and a dark appearance, as UIKit's dynamic colours do, and
/// are resolved against a trait collection's ``TraitCollection/userInterfaceStyle`` when a
/// view is drawn (``resolvedColor(with:)``). Their values are the ones Apple's Human
/// Interface Guidelines publish for iOS ("Color": system colours, dynamic system colours).
/// Where UIKit takes any closure (`UIColor(dynamicProvider:)`), ScreenKit takes the two
/// appearances (``init(light:dark:)``), which is all a trait collection here can select.
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

  /// A colour from a 24-bit `0xRRGGBB` value and opacity.
  public init(rgb: UInt32, alpha: Double = 1) {
    self.init(
      red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
      blue: Double(rgb & 0xFF) / 255, alpha: alpha)
  }

  /// Whether the colour has a dark appearance of its own.
  public var isDynamic: Bool { dark != nil }

  /// The fixed colour this one is in `traitCollection`: the dark appearance when its style
  /// is `.dark`, the light one otherwise (`.unspecified` included, as UIKit).
  public func resolvedColor(with traitCollection: TraitCollection) -> Color {
    if traitCollection.userInterfaceStyle == .dark, let dark {
      return Color(red: dark.red, green: dark.green, blue: dark.blue, alpha: dark.alpha)
    }
    return Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// The same colour with another opacity (in both appearances of a dynamic colour).
  public func withAlphaComponent(_ alpha: Double) -> Color {
    var copy = self
    copy.alpha = alpha
    copy.dark?.alpha = alpha
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
  // Dynamic system colours: light and dark values from Apple's Human Interface Guidelines.

  /// The system blue: #007AFF light, #0A84FF dark; UIKit's default tint.
  public static let systemBlue = Color(light: Color(rgb: 0x007AFF), dark: Color(rgb: 0x0A84FF))
  /// The system red: #FF3B30 light, #FF453A dark.
  public static let systemRed = Color(light: Color(rgb: 0xFF3B30), dark: Color(rgb: 0xFF453A))
  /// The system green: #34C759 light, #30D158 dark.
  public static let systemGreen = Color(light: Color(rgb: 0x34C759), dark: Color(rgb: 0x30D158))
  /// The system orange: #FF9500 light, #FF9F0A dark.
  public static let systemOrange = Color(light: Color(rgb: 0xFF9500), dark: Color(rgb: 0xFF9F0A))
  /// The system grey: #8E8E93 in both appearances.
  public static let systemGray = Color(light: Color(rgb: 0x8E8E93), dark: Color(rgb: 0x8E8E93))
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
  /// A light grey (a selected row): #D1D1D6 light, #3A3A3C dark.
  public static let systemGray4 = Color(light: Color(rgb: 0xD1D1D6), dark: Color(rgb: 0x3A3A3C))
  /// A lighter grey: #E5E5EA light, #2C2C2E dark.
  public static let systemGray5 = Color(light: Color(rgb: 0xE5E5EA), dark: Color(rgb: 0x2C2C2E))
}
