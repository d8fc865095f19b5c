import ScreenKit

/// The colours the login screen draws small text in, and the fills under white
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
enum LoginPalette {
  /// The tint of the screen (its system buttons, text fields' cursors and selections):
  /// systemBlue's increased-contrast pair, #0040DD light (7.6:1 on white, 6.6:1 on an
  /// alert's card, 5.8:1 on a tinted button's fill) and #409CFF dark (7.4:1 on black,
  /// 5.5:1 on a dark alert's card).
  static let tint = Color(light: Color(rgb: 0x0040DD), dark: Color(rgb: 0x409CFF))
  /// The login button's grey fill under its white title: systemGray's increased-contrast
  /// light value #6C6C70 (5.2:1 with white; systemGray's #8E8E93 is 3.3:1), the same in
  /// both appearances as the title is white in both.
  static let buttonFill = Color(rgb: 0x6C6C70)
}
