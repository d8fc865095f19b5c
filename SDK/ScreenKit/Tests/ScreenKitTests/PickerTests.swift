import FoundationEssentials
import Testing

@testable import ScreenKit

@MainActor
private final class Wheels: PickerViewDataSource, PickerViewDelegate {
  var rows = [["a", "b", "c"], ["x", "y"]]
  var picks: [String] = []
  func numberOfComponents(in pickerView: PickerView) -> Int { rows.count }
  func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
    rows[component].count
  }
  func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int)
    -> String?
  { rows[component][row] }
  func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
    picks.append("\(component):\(row)")
  }
}

@MainActor
@Suite struct PickerTests {
  @Test func datePickerClampsToItsLimits() {
    let picker = DatePicker()
    picker.date = Date(timeIntervalSince1970: 5000)
    picker.minimumDate = Date(timeIntervalSince1970: 6000)
    #expect(picker.date.timeIntervalSince1970 == 6000, "a new minimum pulls the date up")
    picker.maximumDate = Date(timeIntervalSince1970: 9000)
    picker.date = Date(timeIntervalSince1970: 20000)
    #expect(picker.date.timeIntervalSince1970 == 9000)
    picker.minuteInterval = 7
    #expect(picker.minuteInterval == 1, "7 does not divide 60")
    #expect(picker.datePickerStyle == .compact)
    picker.datePickerMode = .countDownTimer
    #expect(picker.datePickerStyle == .wheels)
    #expect(picker.intrinsicContentSize.height == 216)
  }

  @Test func aPickedDateSnapsToTheMinuteIntervalAndSendsValueChanged() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.makeKeyAndVisible()
    let picker = DatePicker()
    picker.timeZone = TimeZone(identifier: "UTC")
    picker.minuteInterval = 15
    picker.minimumDate = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01
    picker.maximumDate = Date(timeIntervalSince1970: 1_798_761_599)
    picker.date = Date(timeIntervalSince1970: 1_781_265_600)  // 2026-06-12 12:00
    window.addSubview(picker)
    var changes = 0
    picker.addAction(for: .valueChanged) { _ in changes += 1 }
    // 12:08 snaps to 12:15.
    #expect(try window.setValue(1_781_265_600 + 8 * 60, of: picker))
    #expect(picker.date.timeIntervalSince1970 == 1_781_265_600 + 15 * 60)
    #expect(picker.displayText == "Jun 12, 2026 12:15\u{202F}PM")
    #expect(changes == 1)
    // The same date again changes nothing; one before the minimum is clamped.
    #expect(try !window.setValue(1_781_265_600 + 15 * 60, of: picker))
    #expect(try window.setValue(0, of: picker))
    #expect(picker.displayText == "Jan 1, 2026 12:00\u{202F}AM")
    #expect(changes == 2)
    #expect(throws: InputError.self) { try window.setValue(0, of: picker, component: 1) }
  }

  @Test func pickerSelectsRowsAndTellsTheDelegateOnlyOfUserPicks() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.makeKeyAndVisible()
    let wheels = Wheels()
    let picker = PickerView()
    picker.dataSource = wheels
    picker.delegate = wheels
    window.addSubview(picker)
    #expect(picker.numberOfComponents == 2)
    #expect(picker.selectedRow(inComponent: 0) == 0)
    #expect(picker.selectedRow(inComponent: 5) == -1)
    picker.selectRow(2, inComponent: 0, animated: false)
    #expect(picker.selectedRow(inComponent: 0) == 2)
    #expect(wheels.picks.isEmpty, "selectRow does not tell the delegate")
    #expect(try window.setValue(1, of: picker, component: 1))
    #expect(try !window.setValue(1, of: picker, component: 1))
    #expect(wheels.picks == ["1:1"])
    #expect(throws: InputError.self) { try window.setValue(3, of: picker, component: 0) }
    #expect(throws: InputError.self) { try window.setValue(0.5, of: picker, component: 0) }
    #expect(throws: InputError.self) { try window.setValue(0, of: picker, component: 2) }
    // Reloading keeps selections where the rows remain.
    wheels.rows = [["a"], ["x", "y", "z"]]
    picker.reloadAllComponents()
    #expect(picker.selectedRow(inComponent: 0) == 0)
    #expect(picker.selectedRow(inComponent: 1) == 1)
    #expect(picker.titles(inComponent: 1) == ["x", "y", "z"])
  }
}
