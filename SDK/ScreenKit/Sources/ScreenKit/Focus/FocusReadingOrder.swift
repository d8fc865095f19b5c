/// The order Tab and Shift-Tab move in, and where an environment without preferences finds
/// its first item: the reading order of the focusable views by their frames in the window,
/// the rule VoiceOver's order follows (`View.accessibilityReadingOrder`), so that Tab in
/// compd and Tab in the web client's DOM (ordered by reading order) agree.
@MainActor
enum FocusReadingOrder {
  /// `views` in reading order: within a line from the leading edge of `root`'s layout
  /// direction (right to left in an Arabic scene).
  static func sorted(_ views: [View], in root: View) -> [View] {
    View.inReadingOrder(
      views, rightToLeft: root.effectiveUserInterfaceLayoutDirection == .rightToLeft
    ) { $0.focusFrame }
  }
}
