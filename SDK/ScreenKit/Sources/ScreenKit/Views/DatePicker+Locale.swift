import Foundation

extension DatePicker {
  /// The locale the date is shown in: ``locale`` if set, else its window's
  /// (``Window/locale``, the scene's), else the running scene's (``SceneLocale/current``),
  /// as a `UIDatePicker` shows its date in its `locale`, by default the current one.
  public var effectiveLocale: Locale { locale ?? window?.locale ?? SceneLocale.current }

  /// `date` as the compact style writes it in ``effectiveLocale`` and ``effectiveTimeZone``,
  /// in the locale's own order, digits, calendar and clock (CLDR's data): the medium date
  /// style (`Jun 12, 2026` in English, `12.06.2026` in German, `12‏/06‏/2026` in Arabic,
  /// `١٢‏/٠٦‏/٢٠٢٦` in Egyptian Arabic) and the short time style (`12:15 PM`, `12:15`,
  /// `12:15 م`), the styles of a compact `UIDatePicker`'s date and time buttons; both, joined
  /// by a space, in `.dateAndTime` mode.
  func localizedText(of date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = effectiveLocale
    formatter.timeZone = effectiveTimeZone
    func text(date dateStyle: DateFormatter.Style, time timeStyle: DateFormatter.Style) -> String {
      formatter.dateStyle = dateStyle
      formatter.timeStyle = timeStyle
      return formatter.string(from: date)
    }
    switch datePickerMode {
    case .date: return text(date: .medium, time: .none)
    case .time: return text(date: .none, time: .short)
    default: return text(date: .medium, time: .none) + " " + text(date: .none, time: .short)
    }
  }

  /// The text's locale or time zone changed: it is drawn again at its new width.
  func textConventionsChanged() {
    setNeedsDisplay()
    invalidateIntrinsicContentSize()
  }

  /// Has every date picker under `view` that shows the window's locale measure its text
  /// again, once the window's locale changed (German `12.06.2026` is narrower than English
  /// `Jun 12, 2026`).
  static func windowLocaleChanged(in view: View) {
    if let picker = view as? DatePicker, picker.locale == nil { picker.textConventionsChanged() }
    for subview in view.subviews { windowLocaleChanged(in: subview) }
  }
}
