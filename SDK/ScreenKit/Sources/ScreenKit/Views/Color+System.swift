// UIKit's named colours beyond the few in Color.swift.
//
// Sources of the figures:
// - The fixed colours (`cyan`, `magenta`, `brown`, `purple`, `lightText`, `darkText`) are the
//   component values UIKit's reference documents for each class property ("A color object
//   whose RGB values are 0.6, 0.4, and 0.2 and whose alpha value is 1.0" for `brown`…).
// - The dynamic system colours (`systemPink`…`systemBrown`, the six greys) are the iOS
//   values of Apple's Human Interface Guidelines, "Color", "System colors" (light and dark
//   appearance, default and increased contrast, as published for iOS 15 to 18).
// - The element colours (labels, fills, separators, `link`, backgrounds) are the values
//   UIKit resolves them to on iOS 13 and later, as measured and tabulated by Noah Gilmore,
//   "Backwards compatibility for iOS 13 system colors" (noahgilmore.com, 2019); Apple
//   publishes them only as swatches.

extension Color {
  /// A colour from hue, saturation and brightness (HSB), each 0 to 1, and opacity, as
  /// `UIColor(hue:saturation:brightness:alpha:)`. A hue of 1 is the same as 0.
  public init(hue: Double, saturation: Double, brightness: Double, alpha: Double = 1) {
    let h = (hue - hue.rounded(.down)) * 6
    let sector = Int(h.rounded(.down)) % 6
    let fraction = h - h.rounded(.down)
    let v = brightness
    let p = v * (1 - saturation)
    let q = v * (1 - saturation * fraction)
    let t = v * (1 - saturation * (1 - fraction))
    let (r, g, b): (Double, Double, Double) =
      switch sector {
      case 0: (v, t, p)
      case 1: (q, v, p)
      case 2: (p, v, t)
      case 3: (p, q, v)
      case 4: (t, p, v)
      default: (v, p, q)
      }
    self.init(red: r, green: g, blue: b, alpha: alpha)
  }

  /// A dynamic colour whose appearances `provider` gives, as `UIColor(dynamicProvider:)`.
  /// The provider is asked for each of the four trait collections a colour can be resolved
  /// in (light and dark, normal and high contrast), when the colour is made: a ScreenKit
  /// trait collection selects a colour by its style and contrast only.
  public init(dynamicProvider provider: (TraitCollection) -> Color) {
    func appearance(
      _ style: TraitCollection.UserInterfaceStyle, _ contrast: TraitCollection.AccessibilityContrast
    ) -> Color {
      let traits = TraitCollection(userInterfaceStyle: style, accessibilityContrast: contrast)
      return provider(traits).resolvedColor(with: traits)
    }
    self.init(
      light: appearance(.light, .normal), dark: appearance(.dark, .normal),
      increasedContrastLight: appearance(.light, .high),
      increasedContrastDark: appearance(.dark, .high))
  }

  /// The hue, saturation, brightness and opacity of the (light appearance of the) colour,
  /// as `UIColor.getHue(_:saturation:brightness:alpha:)`.
  public var hsba: (hue: Double, saturation: Double, brightness: Double, alpha: Double) {
    let high = max(red, green, blue)
    let low = min(red, green, blue)
    let delta = high - low
    var hue = 0.0
    if delta > 0 {
      if high == red {
        hue = (green - blue) / delta
      } else if high == green {
        hue = (blue - red) / delta + 2
      } else {
        hue = (red - green) / delta + 4
      }
      hue /= 6
      if hue < 0 { hue += 1 }
    }
    return (hue, high == 0 ? 0 : delta / high, high, alpha)
  }

  /// Writes the hue, saturation, brightness and opacity, as UIKit's `getHue(_:saturation:
  /// brightness:alpha:)`; always `true` (every ScreenKit colour is in sRGB).
  @discardableResult
  public func getHue(
    _ hue: inout Double, saturation: inout Double, brightness: inout Double,
    alpha: inout Double
  ) -> Bool {
    (hue, saturation, brightness, alpha) = hsba
    return true
  }

  /// Writes the red, green, blue and opacity components, as UIKit's `getRed(_:green:blue:
  /// alpha:)`; always `true`.
  @discardableResult
  public func getRed(
    _ red: inout Double, green: inout Double, blue: inout Double, alpha: inout Double
  ) -> Bool {
    (red, green, blue, alpha) = (self.red, self.green, self.blue, self.alpha)
    return true
  }

  // MARK: Fixed colours (UIKit's class properties)

  /// Cyan: 0, 1, 1.
  public static let cyan = Color(red: 0, green: 1, blue: 1)
  /// Magenta: 1, 0, 1.
  public static let magenta = Color(red: 1, green: 0, blue: 1)
  /// Brown: 0.6, 0.4, 0.2.
  public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2)
  /// Purple: 0.5, 0, 0.5.
  public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
  /// Text on dark backgrounds: white at 60 % opacity.
  public static let lightText = Color(white: 1, alpha: 0.6)
  /// Text on light backgrounds: black.
  public static let darkText = Color(white: 0)
  /// The tint colour of the view a colour is used in, as `UIColor.tintColor`. A ScreenKit
  /// colour carries no view, so it is the default tint (``systemBlue``); a view's own tint
  /// is ``View/tintColor``.
  public static let tintColor = systemBlue

  // MARK: Dynamic system colours (HIG, "System colors")
  // Default and increased-contrast values, light and dark: see the table cited in Color.swift.

  /// The system yellow: #FFCC00 light, #FFD60A dark; increased contrast #B25000 light, #FFD426 dark.
  public static let systemYellow = Color(
    light: 0xFFCC00, dark: 0xFFD60A, increasedContrastLight: 0xB25000,
    increasedContrastDark: 0xFFD426)
  /// The system mint: #00C7BE light, #63E6E2 dark; increased contrast #0C817B light, #66D4CF dark.
  public static let systemMint = Color(
    light: 0x00C7BE, dark: 0x63E6E2, increasedContrastLight: 0x0C817B,
    increasedContrastDark: 0x66D4CF)
  /// The system teal: #30B0C7 light, #40C8E0 dark; increased contrast #008299 light, #5DE6FF dark.
  public static let systemTeal = Color(
    light: 0x30B0C7, dark: 0x40C8E0, increasedContrastLight: 0x008299,
    increasedContrastDark: 0x5DE6FF)
  /// The system cyan: #32ADE6 light, #64D2FF dark; increased contrast #0071A4 light, #70D7FF dark.
  public static let systemCyan = Color(
    light: 0x32ADE6, dark: 0x64D2FF, increasedContrastLight: 0x0071A4,
    increasedContrastDark: 0x70D7FF)
  /// The system indigo: #5856D6 light, #5E5CE6 dark; increased contrast #3634A3 light, #7D7AFF dark.
  public static let systemIndigo = Color(
    light: 0x5856D6, dark: 0x5E5CE6, increasedContrastLight: 0x3634A3,
    increasedContrastDark: 0x7D7AFF)
  /// The system purple: #AF52DE light, #BF5AF2 dark; increased contrast #8944AB light, #DA8FFF dark.
  public static let systemPurple = Color(
    light: 0xAF52DE, dark: 0xBF5AF2, increasedContrastLight: 0x8944AB,
    increasedContrastDark: 0xDA8FFF)
  /// The system pink: #FF2D55 light, #FF375F dark; increased contrast #D30F45 light, #FF6482 dark.
  public static let systemPink = Color(
    light: 0xFF2D55, dark: 0xFF375F, increasedContrastLight: 0xD30F45,
    increasedContrastDark: 0xFF6482)
  /// The system brown: #A2845E light, #AC8E68 dark; increased contrast #7F6545 light, #B59469 dark.
  public static let systemBrown = Color(
    light: 0xA2845E, dark: 0xAC8E68, increasedContrastLight: 0x7F6545,
    increasedContrastDark: 0xB59469)
  /// The second grey: #AEAEB2 light, #636366 dark; increased contrast #8E8E93 light, #7C7C80 dark.
  public static let systemGray2 = Color(
    light: 0xAEAEB2, dark: 0x636366, increasedContrastLight: 0x8E8E93,
    increasedContrastDark: 0x7C7C80)
  /// The third grey: #C7C7CC light, #48484A dark; increased contrast #AEAEB2 light, #545456 dark.
  public static let systemGray3 = Color(
    light: 0xC7C7CC, dark: 0x48484A, increasedContrastLight: 0xAEAEB2,
    increasedContrastDark: 0x545456)
  /// The lightest grey: #F2F2F7 light, #1C1C1E dark; increased contrast #EBEBF0 light, #242426 dark.
  public static let systemGray6 = Color(
    light: 0xF2F2F7, dark: 0x1C1C1E, increasedContrastLight: 0xEBEBF0,
    increasedContrastDark: 0x242426)

  // MARK: Element colours

  /// Quaternary text (watermarks): #3C3C43 at 18 % light, #EBEBF5 at 16 % dark.
  public static let quaternaryLabel = Color(
    light: Color(rgb: 0x3C3C43, alpha: 0.18), dark: Color(rgb: 0xEBEBF5, alpha: 0.16))
  /// Fill of thin and small shapes (a slider's track): #787880 at 20 % light, 36 % dark.
  public static let systemFill = Color(
    light: Color(rgb: 0x787880, alpha: 0.2), dark: Color(rgb: 0x787880, alpha: 0.36))
  /// Fill of medium shapes (a switch's background): #787880 at 16 % light, 32 % dark.
  public static let secondarySystemFill = Color(
    light: Color(rgb: 0x787880, alpha: 0.16), dark: Color(rgb: 0x787880, alpha: 0.32))
  /// Fill of large shapes (a search field): #767680 at 12 % light, 24 % dark.
  public static let tertiarySystemFill = Color(
    light: Color(rgb: 0x767680, alpha: 0.12), dark: Color(rgb: 0x767680, alpha: 0.24))
  /// Fill of large areas with complex content: #747480 at 8 % light, #767680 at 18 % dark.
  public static let quaternarySystemFill = Color(
    light: Color(rgb: 0x747480, alpha: 0.08), dark: Color(rgb: 0x767680, alpha: 0.18))
  /// A separator that hides what is under it: #C6C6C8 light, #38383A dark.
  public static let opaqueSeparator = Color(
    light: Color(rgb: 0xC6C6C8), dark: Color(rgb: 0x38383A))
  /// Links: #007AFF light, #0984FF dark.
  public static let link = Color(light: Color(rgb: 0x007AFF), dark: Color(rgb: 0x0984FF))
  /// Content on the secondary background: white light, #2C2C2E dark.
  public static let tertiarySystemBackground = Color(
    light: Color(rgb: 0xFFFFFF), dark: Color(rgb: 0x2C2C2E))
  /// Content on the secondary grouped background: #F2F2F7 light, #2C2C2E dark.
  public static let tertiarySystemGroupedBackground = Color(
    light: Color(rgb: 0xF2F2F7), dark: Color(rgb: 0x2C2C2E))
}
