import Foundation

extension DatePicker {
  /// The locale the date is shown in: ``locale`` if set, else its window's
  /// (``Window/locale``, the scene's), else the running scene's (``SceneLocale/current``),
  /// as a `UIDatePicker` shows its date in its `locale`, by default the current one.
  public var effectiveLocale: Locale { locale ?? window?.locale ?? SceneLocale.current }

  /// `date` as the compact style writes it in ``effectiveLocale`` and ``effectiveTimeZone``,
  /// in the locale's own order, digits, calendar and clock: the medium date style
  /// (`Jun 12, 2026` in English, `12.06.2026` in German, `١٢‏/٠٦‏/٢٠٢٦` in Arabic) and the
  /// short time style (`12:15 PM`, `12:15`, `١٢:١٥ م`), the styles a compact
  /// `UIDatePicker`'s buttons use; both joined by a space in `.dateAndTime` mode.
  func localizedText(of date: Date) -> String {
    let locale = effectiveLocale
    var calendar = locale.calendar
    calendar.timeZone = effectiveTimeZone
    func style(date: Date.FormatStyle.DateStyle, time: Date.FormatStyle.TimeStyle) -> Date
      .FormatStyle
    {
      Date.FormatStyle(
        date: date, time: time, locale: locale, calendar: calendar, timeZone: effectiveTimeZone)
    }
    let dateText = date.formatted(style(date: .abbreviated, time: .omitted))
    let timeText = date.formatted(style(date: .omitted, time: .shortened))
    switch datePickerMode {
    case .date: return dateText
    case .time: return timeText
    default: return dateText + " " + timeText
    }
  }
}
