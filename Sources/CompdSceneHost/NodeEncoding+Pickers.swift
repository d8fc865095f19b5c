import CompdProtocol
import FoundationEssentials
import JSONRPC
import ScreenKit

/// The wire props of the pickers (docs/protocol.md, `datePicker`, `picker`).
@MainActor
extension NodeEncoding {
  /// A date picker: the date in seconds since 1970 and its text as shown, the mode and the
  /// resolved style, the limits, the minute interval, the time zone's offset at the date.
  static func addDatePicker(_ picker: DatePicker, to props: inout JSONObject) {
    props["date"] = .number(picker.date.timeIntervalSince1970)
    props["text"] = .string(picker.displayText)
    if picker.datePickerMode != .dateAndTime {
      props["mode"] = .string(picker.datePickerMode.rawValue)
    }
    props["style"] = .string(picker.datePickerStyle.rawValue)
    if let minimum = picker.minimumDate {
      props["minimumDate"] = .number(minimum.timeIntervalSince1970)
    }
    if let maximum = picker.maximumDate {
      props["maximumDate"] = .number(maximum.timeIntervalSince1970)
    }
    if picker.minuteInterval != 1 { props["minuteInterval"] = .int(Int64(picker.minuteInterval)) }
    if picker.datePickerMode == .countDownTimer {
      props["countDownDuration"] = .number(picker.countDownDuration)
    }
    let offset = picker.effectiveTimeZone.secondsFromGMT(for: picker.date)
    if offset != 0 { props["utcOffset"] = .int(Int64(offset)) }
    if let zone = picker.timeZone { props["timeZone"] = .string(zone.identifier) }
    if let locale = picker.locale { props["locale"] = .string(locale.identifier) }
    if !picker.isEnabled { props["enabled"] = false }
  }

  /// A picker view: per component its rows' titles and the selected row (-1 without rows).
  static func addPicker(_ picker: PickerView, to props: inout JSONObject) {
    props["components"] = .array(
      (0..<picker.numberOfComponents).map { component in
        [
          "rows": .array(picker.titles(inComponent: component).map(JSON.string)),
          "selected": .int(Int64(picker.selectedRow(inComponent: component))),
        ]
      })
  }
}
