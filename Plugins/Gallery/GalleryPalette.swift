import ScreenKit

/// The colours the gallery screens draw small text in, and the fills under white
/// text: each passes WCAG 2.x AA (4.5:1 for text under 24 points, 3:1 above) on every
/// background it sits on, in the light and the dark appearance, so that a kiosk's screens read for
/// everyone and axe-core finds no contrast violation (Tests/web/test_web_accessibility.py).
/// UIKit's own accent colours are tuned for a phone held close and fall short of it in
/// normal contrast: `systemBlue` #007AFF is 4.0:1 on white, `secondaryLabel` 3.4:1 (3.3:1
/// on the grouped background), `systemRed` 3.5:1, white on `systemBlue` in the dark
/// appearance 3.6:1. The values are UIKit's own increased-contrast variants (Apple's Human
/// Interface Guidelines, "Color": what `accessibilityContrast == .high` resolves the system
/// colours to), so a screen still looks like iOS, as with Increase Contrast on. The system
/// colours stay what they are; the screens pick these.
/// The ratios are WCAG's (from relative luminance); docs/plugins.md, "Accessible colours",
/// says how to check a screen.
enum GalleryPalette {
  /// The tint of the screens (system buttons, bar items, back buttons, alert actions):
  /// systemBlue's increased-contrast pair, #0040DD light (7.6:1 on white, 6.6:1 on an
  /// alert's card, 5.8:1 on a tinted button's fill) and #409CFF dark (7.4:1 on black,
  /// 5.5:1 on a dark alert's card).
  static let tint = Color(light: Color(rgb: 0x0040DD), dark: Color(rgb: 0x409CFF))
  /// Secondary text (subtitles, captions, status lines, grouped section titles):
  /// systemGray's increased-contrast pair, #6C6C70 light (5.2:1 on white, 4.7:1 on the
  /// grouped background #F2F2F7) and #AEAEB2 dark (9.5:1 on black, 7.7:1 on #1C1C1E).
  static let secondaryText = Color(light: Color(rgb: 0x6C6C70), dark: Color(rgb: 0xAEAEB2))
  /// Destructive and warning text: systemRed's increased-contrast pair, #D70015 light
  /// (5.4:1 on white) and #FF6961 dark (7.5:1 on black).
  static let destructive = Color(light: Color(rgb: 0xD70015), dark: Color(rgb: 0xFF6961))
  /// The fill of a filled button, under its white title: #0040DD in both appearances
  /// (7.6:1); systemBlue's dark #0A84FF gives white 3.6:1.
  static let buttonFill = Color(rgb: 0x0040DD)
  /// Fills under white text in the playground's targets: systemOrange's increased-contrast
  /// light value #C93400 (5.3:1), systemPurple's #8944AB (6.0:1) and a green darker than
  /// systemGreen's #248A3D (4.4:1), #1E7A34 (5.4:1); the same in both appearances, as
  /// the text on them is white in both.
  static let orangeFill = Color(rgb: 0xC93400)
  /// A purple fill under white text (see ``orangeFill``).
  static let purpleFill = Color(rgb: 0x8944AB)
  /// A green fill under white text (see ``orangeFill``).
  static let greenFill = Color(rgb: 0x1E7A34)
  /// systemPink's increased-contrast value under white text: 5.3:1.
  static let pinkFill = Color(rgb: 0xD30F45)
}
