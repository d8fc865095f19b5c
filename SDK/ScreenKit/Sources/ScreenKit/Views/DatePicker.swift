import FoundationEssentials

/// A control for picking a date, a time, both, or a countdown duration, as `UIDatePicker`.
///
/// The date is clamped to ``minimumDate``…``maximumDate`` whenever either is set or the
/// date changes, as UIKit's reference describes; a user's pick (the `value` event, seconds
/// since 1970) is also snapped to ``minuteInterval`` and sends `valueChanged` when the date
/// changed. In `.countDownTimer` mode the picked value is the duration in seconds
/// (``countDownDuration``), a whole number of minute intervals, under 24 hours.
///
/// Sizes: the `.wheels` style is 216 points high (UIKit's picker height) with no intrinsic
/// width; `.compact` is a pill around the date's text, the 17-point line plus 7 points above
/// and below and 11 at the sides (ScreenKit's reading of iOS's compact picker); `.inline`
/// is 320 × 330 for a calendar (ScreenKit's figure) and as `.compact` for a time.
@MainActor
open class DatePicker: Control {
  /// What the picker picks, as `UIDatePicker.Mode`.
  public enum Mode: String, Sendable, Hashable, CaseIterable {
    /// Hours and minutes.
    case time
    /// Day, month and year.
    case date
    /// Both.
    case dateAndTime
    /// A duration in hours and minutes.
    case countDownTimer
  }

  /// How the picker shows itself, as `UIDatePickerStyle`.
  public enum Style: String, Sendable, Hashable, CaseIterable {
    /// `.compact` for dates and times, `.wheels` for a countdown (iOS 14 and later).
    case automatic
    /// Spinning wheels.
    case wheels
    /// A compact label that opens an editor.
    case compact
    /// An inline calendar (or a time field).
    case inline
  }

  /// The date shown; the current date at creation.
  open var date: Date = Date() {
    didSet {
      let clamped = clamp(date)
      if clamped != date { date = clamped }
      if date != oldValue { setNeedsDisplay() }
    }
  }
  /// The earliest date the picker shows; nil for no limit.
  open var minimumDate: Date? {
    didSet {
      date = clamp(date)
      setNeedsDisplay()
    }
  }
  /// The latest date the picker shows; nil for no limit.
  open var maximumDate: Date? {
    didSet {
      date = clamp(date)
      setNeedsDisplay()
    }
  }
  /// What the picker picks; `.dateAndTime` by default.
  open var datePickerMode: Mode = .dateAndTime {
    didSet { if datePickerMode != oldValue { styleChanged() } }
  }
  /// The style asked for; `.automatic` by default.
  open var preferredDatePickerStyle: Style = .automatic {
    didSet { if preferredDatePickerStyle != oldValue { styleChanged() } }
  }
  /// The step of the minutes, 1 to 30, a divisor of 60; other values are taken as 1, as
  /// UIKit's reference says.
  open var minuteInterval: Int = 1 {
    didSet {
      if minuteInterval < 1 || minuteInterval > 30 || 60 % minuteInterval != 0 {
        minuteInterval = 1
      }
      setNeedsDisplay()
    }
  }
  /// The countdown duration in seconds (`.countDownTimer` mode).
  open var countDownDuration: Double = 0 {
    didSet {
      let clamped = min(max(countDownDuration, 0), 23 * 3600 + 59 * 60)
      if clamped != countDownDuration { countDownDuration = clamped }
      setNeedsDisplay()
    }
  }
  /// The locale to show the date in; nil for the scene's.
  open var locale: Locale? { didSet { textConventionsChanged() } }
  /// The time zone the date is shown in; nil for the current one.
  open var timeZone: TimeZone? { didSet { textConventionsChanged() } }

  /// A date picker with the given frame.
  public override init(frame: Rect) {
    super.init(frame: frame)
  }

  /// The style shown: the preferred one, with `.automatic` resolved as iOS 14 does.
  public var datePickerStyle: Style {
    switch preferredDatePickerStyle {
    case .automatic: datePickerMode == .countDownTimer ? .wheels : .compact
    case .inline where datePickerMode == .countDownTimer: .wheels
    default: preferredDatePickerStyle
    }
  }

  /// Sets the date, optionally animating (ScreenKit does not animate).
  open func setDate(_ date: Date, animated: Bool) { self.date = date }

  /// The time zone dates are shown in.
  public var effectiveTimeZone: TimeZone { timeZone ?? .current }

  /// The date shown as the compact style's text, in ``effectiveLocale`` and
  /// ``effectiveTimeZone`` (`DatePicker+Locale.swift`); in `.countDownTimer` mode the
  /// duration as hours and minutes.
  public var displayText: String {
    if datePickerMode == .countDownTimer {
      let minutes = Int(countDownDuration) / 60
      return "\(minutes / 60) h \(minutes % 60) min"
    }
    return localizedText(of: date)
  }

  /// The size of the style shown (see the type's discussion).
  open override var intrinsicContentSize: Size {
    let font = Font.systemFont(ofSize: 17)
    let compact = Size(
      width: font.width(of: displayText).roundedUpToPixel + 22,
      height: font.lineHeight.roundedUpToPixel + 14)
    switch datePickerStyle {
    case .wheels, .automatic:
      return Size(width: View.noIntrinsicMetric, height: PickerView.standardHeight)
    case .compact: return compact
    case .inline: return datePickerMode == .time ? compact : Size(width: 320, height: 330)
    }
  }

  /// Saves the date (key `DatePicker.date`, seconds since 1970) and the countdown.
  open override func encodeRestorableState(with coder: Coder) {
    super.encodeRestorableState(with: coder)
    coder.encode(date.timeIntervalSince1970, forKey: "DatePicker.date")
    coder.encode(countDownDuration, forKey: "DatePicker.countDownDuration")
  }

  /// Restores the date (clamped) and the countdown, without sending `valueChanged`.
  open override func decodeRestorableState(with coder: Coder) {
    super.decodeRestorableState(with: coder)
    if let seconds = coder.decodeDouble(forKey: "DatePicker.date") {
      date = Date(timeIntervalSince1970: seconds)
    }
    if let duration = coder.decodeDouble(forKey: "DatePicker.countDownDuration") {
      countDownDuration = duration
    }
  }

  /// `date` within the limits (a maximum before the minimum gives the minimum).
  func clamp(_ date: Date) -> Date {
    var result = date
    if let maximumDate, result > maximumDate { result = maximumDate }
    if let minimumDate, result < minimumDate { result = minimumDate }
    return result
  }

  private func styleChanged() {
    invalidateIntrinsicContentSize()
    setNeedsDisplay()
  }
}

extension DatePicker: ValueInputReceiving {
  /// A user's pick: seconds since 1970 (a duration in `.countDownTimer` mode), snapped to
  /// the minute interval (whole minutes counted from 1970, as the wheels step) and clamped
  /// to the limits; `valueChanged` when the date (or duration) changed. A picker has no
  /// components: one named is refused.
  public func receiveValue(_ value: Double, component: Int?) throws(InputError) -> Bool {
    if let component {
      throw .invalidValue("a date picker has no components, not component \(component)")
    }
    let step = Double(minuteInterval * 60)
    if datePickerMode == .countDownTimer {
      let old = countDownDuration
      countDownDuration = max(step, (value / step).rounded() * step)
      guard countDownDuration != old else { return false }
      sendActions(for: .valueChanged)
      return true
    }
    let snapped: Double
    if datePickerMode == .date {
      snapped = value
    } else {
      // Seconds are dropped, minutes rounded to the interval.
      snapped = (value / step).rounded() * step
    }
    let old = date
    date = Date(timeIntervalSince1970: snapped)
    guard date != old else { return false }
    sendActions(for: .valueChanged)
    return true
  }
}
