extension AlertController {
  /// Secondary text on an alert's or a menu's card (an action sheet's title and message, a
  /// menu's title): systemGray's increased-contrast pair, #6C6C70 light and #AEAEB2 dark
  /// (Apple's Human Interface Guidelines, "Color"). UIKit draws these texts with vibrancy
  /// over a blurred material;
  /// ScreenKit's card is a flat translucent grey (``cardColor``), on which `secondaryLabel`
  /// itself reads at 3.3:1 (light), below WCAG AA's 4.5:1 for text; these read at 4.6:1 on
  /// the light card and 7.1:1 on the dark one.
  static let cardSecondaryTextColor = Color(
    light: Color(rgb: 0x6C6C70), dark: Color(rgb: 0xAEAEB2))

  /// A destructive action's title on an alert's or a menu's card: `systemRed` in its
  /// increased-contrast values (#D70015 light, #FF6961 dark), for the same reason as
  /// ``cardSecondaryTextColor``: the default #FF3B30 reads at 3.1:1 on the flat light card,
  /// #D70015 at 4.7:1 (#FF6961 at 5.6:1 on the dark card).
  static let cardDestructiveColor = Color(
    light: Color(rgb: 0xD70015), dark: Color(rgb: 0xFF6961))
}
