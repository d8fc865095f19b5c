import Testing

@testable import ScreenKit

// Each control's event sequence for scripted touch phases (timestamps in milliseconds), as
// UIKit's controls track a finger: a slider's thumb follows it, a switch flips on a tap or
// takes the side a drag ends on, a stepper steps on touch down and repeats while held, a
// segmented control chooses the segment under the finger when it lifts, a page control
// moves a page for a touch on a half.

/// Records a control's events with its value after each.
@MainActor
final class ControlEventLog {
  var lines: [String] = []

  init(
    _ control: Control, events: [Control.Event] = [.touchDown, .valueChanged, .touchUpInside],
    value: @escaping @MainActor (Control) -> String
  ) {
    for event in events {
      control.addAction(for: event) { [unowned self] sender in
        lines.append("\(event) \(value(sender))")
      }
    }
  }
}

@MainActor
@Suite struct ControlTouchTests {
  let window: Window

  init() {
    window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.makeKeyAndVisible()
  }

  @discardableResult
  func send(_ phase: Touch.Phase, _ x: Double, _ y: Double, t: Double, id: Int = 1) throws
    -> Bool
  {
    try window.touch(phase, id: id, at: Point(x: x, y: y), timestamp: t / 1000)
  }

  /// Waits until `condition` holds (a host timer fired), up to 20 s: a busy main actor
  /// runs timers late, so a fixed wait would make the test flaky.
  func eventually(_ condition: () -> Bool) async throws {
    for _ in 0..<400 where !condition() { try await Task.sleep(for: .milliseconds(50)) }
  }

  // MARK: Slider

  /// A 228-point slider at x 20: the thumb's centre travels 200 points, from x 34 to 234.
  func slider() -> Slider {
    let slider = Slider(frame: Rect(x: 20, y: 100, width: 228, height: 31))
    slider.maximumValue = 100
    window.addSubview(slider)
    return slider
  }

  @Test func aSliderThumbFollowsTheFingerAndReportsEachMove() throws {
    let slider = slider()
    slider.value = 25  // thumb centre at x 34 + 50 = 84
    let log = ControlEventLog(slider) { String(Int(($0 as! Slider).value)) }
    try send(.began, 90, 115, t: 0)  // on the thumb, 6 points right of its centre
    try send(.moved, 140, 118, t: 16)  // 50 points on: a quarter of the travel
    try send(.moved, 400, 118, t: 32)  // far past the end: pinned
    try send(.moved, 190, 118, t: 48)
    try send(.ended, 190, 118, t: 64)
    #expect(
      log.lines == [
        "touchDown 25", "valueChanged 50", "valueChanged 100", "valueChanged 75",
        "touchUpInside 75",
      ])
    #expect(!slider.isTracking && slider.thumbDrag == nil)
  }

  @Test func aDiscontinuousSliderReportsOnceWhenLetGo() throws {
    let slider = slider()
    slider.isContinuous = false
    let log = ControlEventLog(slider, events: [.valueChanged, .touchUpInside]) {
      String(Int(($0 as! Slider).value))
    }
    try send(.began, 34, 115, t: 0)
    try send(.moved, 84, 115, t: 16)
    try send(.moved, 134, 115, t: 32)
    #expect(log.lines.isEmpty)
    #expect(slider.value == 50)
    try send(.ended, 134, 115, t: 48)
    #expect(log.lines == ["valueChanged 50", "touchUpInside 50"])
  }

  @Test func aTouchOnTheTrackAwayFromTheThumbDoesNothing() throws {
    let slider = slider()
    let log = ControlEventLog(slider, events: [.touchDown, .valueChanged, .touchUpInside]) {
      String(Int(($0 as! Slider).value))
    }
    try send(.began, 200, 115, t: 0)  // the thumb is at x 34
    try send(.moved, 220, 115, t: 16)
    try send(.ended, 220, 115, t: 32)
    #expect(log.lines.isEmpty)
    #expect(slider.value == 0)
    // The thumb's hit area is 44 points wide: 22 on either side of its centre.
    #expect(slider.thumbHitRect == Rect(x: -8, y: -6.5, width: 44, height: 44))
    try send(.began, 55, 115, t: 100)
    try send(.ended, 55, 115, t: 120)
    #expect(log.lines == ["touchDown 0", "touchUpInside 0"])
  }

  @Test func aRightToLeftSliderHasItsMinimumOnTheRight() throws {
    let slider = slider()
    slider.semanticContentAttribute = .forceRightToLeft
    #expect(slider.thumbHitRect.midX == 214)  // value 0: half a thumb in from the right
    let log = ControlEventLog(slider, events: [.valueChanged]) {
      String(Int(($0 as! Slider).value))
    }
    try send(.began, 234, 115, t: 0)
    try send(.moved, 134, 115, t: 16)  // 100 points leftwards: half the travel
    try send(.ended, 134, 115, t: 32)
    #expect(log.lines == ["valueChanged 50"])
  }

  @Test func aCancelledDragKeepsTheValueAndSendsTouchCancel() throws {
    let slider = slider()
    let log = ControlEventLog(slider, events: [.valueChanged, .touchCancel]) {
      String(Int(($0 as! Slider).value))
    }
    try send(.began, 34, 115, t: 0)
    try send(.moved, 74, 115, t: 16)
    try send(.cancelled, 74, 115, t: 32)
    #expect(log.lines == ["valueChanged 20", "touchCancel 20"])
  }

  // MARK: Switch

  @Test func aSwitchFlipsOnATapAndTakesTheSideADragEndsOn() throws {
    let toggle = Switch(frame: Rect(x: 100, y: 200, width: 51, height: 31))
    window.addSubview(toggle)
    let log = ControlEventLog(toggle, events: [.valueChanged, .touchUpInside, .touchUpOutside]) {
      ($0 as! Switch).isOn ? "on" : "off"
    }
    try send(.began, 110, 215, t: 0)
    try send(.ended, 112, 215, t: 80)
    #expect(log.lines == ["touchUpInside off", "valueChanged on"])
    log.lines = []
    // A drag from the right to the left side turns it off, wherever it began.
    try send(.began, 145, 215, t: 1000)
    try send(.moved, 125, 215, t: 1016)
    try send(.moved, 105, 215, t: 1032)
    try send(.ended, 105, 215, t: 1048)
    #expect(log.lines == ["touchUpInside on", "valueChanged off"])
    #expect(!toggle.isOn)
    log.lines = []
    // A drag that ends on the side it already shows changes nothing.
    try send(.began, 105, 215, t: 2000)
    try send(.moved, 120, 215, t: 2016)
    try send(.ended, 110, 215, t: 2032)
    #expect(log.lines == ["touchUpInside off"])
    log.lines = []
    // A drag let go to the right, outside the control, turns it on.
    try send(.began, 105, 215, t: 3000)
    try send(.moved, 200, 215, t: 3016)
    try send(.ended, 300, 215, t: 3032)
    #expect(log.lines == ["valueChanged on", "touchUpOutside on"])
  }

  // MARK: Stepper

  func stepper() -> Stepper {
    let stepper = Stepper(frame: Rect(x: 100, y: 300, width: 94, height: 32))
    window.addSubview(stepper)
    return stepper
  }

  @Test func aStepperStepsOnTouchDownOnTheHalfUnderTheFinger() throws {
    let stepper = stepper()
    stepper.autorepeat = false
    stepper.value = 5
    let log = ControlEventLog(stepper) { String(Int(($0 as! Stepper).value)) }
    try send(.began, 180, 316, t: 0)  // the + half
    #expect(log.lines == ["touchDown 5", "valueChanged 6"])
    try send(.ended, 180, 316, t: 60)
    try send(.began, 110, 316, t: 1000)  // the − half
    try send(.ended, 110, 316, t: 1060)
    #expect(
      log.lines == [
        "touchDown 5", "valueChanged 6", "touchUpInside 6", "touchDown 6", "valueChanged 5",
        "touchUpInside 5",
      ])
  }

  @Test func aStepperWrapsAndHoldsAtItsLimits() throws {
    let stepper = stepper()
    stepper.autorepeat = false
    stepper.maximumValue = 2
    stepper.value = 2
    let log = ControlEventLog(stepper, events: [.valueChanged]) {
      String(Int(($0 as! Stepper).value))
    }
    try send(.began, 180, 316, t: 0)
    try send(.ended, 180, 316, t: 50)
    #expect(log.lines.isEmpty)  // held at the maximum
    stepper.wraps = true
    try send(.began, 180, 316, t: 1000)
    try send(.ended, 180, 316, t: 1050)
    #expect(log.lines == ["valueChanged 0"])
  }

  @Test func aRightToLeftStepperHasItsDecrementOnTheRight() throws {
    let stepper = stepper()
    stepper.autorepeat = false
    stepper.value = 5
    stepper.semanticContentAttribute = .forceRightToLeft
    try send(.began, 180, 316, t: 0)
    try send(.ended, 180, 316, t: 50)
    #expect(stepper.value == 4)
    #expect(try window.tap(stepper, at: Point(x: 10, y: 16)))
    #expect(stepper.value == 5)
    stepper.accessibilityIncrement()
    #expect(stepper.value == 6)
  }

  @Test func aHeldStepperRepeatsAfterHalfASecondUntilLifted() async throws {
    let stepper = stepper()
    let log = ControlEventLog(stepper, events: [.valueChanged]) {
      String(Int(($0 as! Stepper).value))
    }
    let pressed = ContinuousClock.now
    try send(.began, 180, 316, t: 0)
    #expect(stepper.value == 1)
    try await eventually { stepper.value >= 4 }
    #expect(ContinuousClock.now - pressed >= .milliseconds(700))  // 0.5 s, then 0.1 s apart
    try send(.ended, 180, 316, t: 900)
    let lifted = stepper.value
    try await Task.sleep(for: .milliseconds(300))
    #expect(stepper.value == lifted)
    #expect(log.lines == (1...Int(lifted)).map { "valueChanged \($0)" })
  }

  @Test func aDiscontinuousHeldStepperReportsOnceWhenLifted() async throws {
    let stepper = stepper()
    stepper.isContinuous = false
    let log = ControlEventLog(stepper, events: [.valueChanged, .touchUpInside]) {
      String(Int(($0 as! Stepper).value))
    }
    try send(.began, 180, 316, t: 0)
    try await eventually { stepper.value >= 3 }
    #expect(log.lines.isEmpty)
    try send(.ended, 180, 316, t: 900)
    #expect(
      log.lines == ["valueChanged \(Int(stepper.value))", "touchUpInside \(Int(stepper.value))"])
  }

  // MARK: Segmented control

  @Test func theSegmentUnderTheFingerIsChosenWhenItLifts() throws {
    let control = SegmentedControl(items: ["A", "B", "C"])
    control.frame = Rect(x: 0, y: 400, width: 300, height: 32)
    window.addSubview(control)
    control.selectedSegmentIndex = 0
    let log = ControlEventLog(control) { String(($0 as! SegmentedControl).selectedSegmentIndex) }
    try send(.began, 50, 416, t: 0)
    #expect(control.highlightedSegmentIndex == 0)
    try send(.moved, 150, 416, t: 16)
    #expect(control.highlightedSegmentIndex == 1)
    try send(.moved, 250, 416, t: 32)
    #expect(control.highlightedSegmentIndex == 2)
    #expect(control.selectedSegmentIndex == 0)  // nothing chosen before the finger lifts
    try send(.ended, 250, 416, t: 48)
    #expect(control.highlightedSegmentIndex == nil)
    #expect(log.lines == ["touchDown 0", "touchUpInside 2", "valueChanged 2"])
    log.lines = []
    // Lifted outside: nothing chosen.
    try send(.began, 50, 416, t: 1000)
    try send(.moved, 50, 600, t: 1016)
    #expect(control.highlightedSegmentIndex == nil)
    try send(.ended, 50, 600, t: 1032)
    #expect(log.lines == ["touchDown 2"])
  }

  @Test func aMomentarySegmentedControlReportsTheTouchedSegmentAndKeepsNoSelection() throws {
    let control = SegmentedControl(items: ["A", "B"])
    control.frame = Rect(x: 0, y: 400, width: 200, height: 32)
    control.isMomentary = true
    window.addSubview(control)
    let log = ControlEventLog(control, events: [.valueChanged]) {
      String(($0 as! SegmentedControl).selectedSegmentIndex)
    }
    try send(.began, 150, 416, t: 0)
    try send(.ended, 150, 416, t: 50)
    try send(.began, 150, 416, t: 1000)
    try send(.ended, 150, 416, t: 1050)
    #expect(log.lines == ["valueChanged 1", "valueChanged 1"])
    #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
  }

  @Test func aRightToLeftSegmentedControlStartsOnTheRight() throws {
    let control = SegmentedControl(items: ["A", "B", "C"])
    control.frame = Rect(x: 0, y: 400, width: 300, height: 32)
    control.semanticContentAttribute = .forceRightToLeft
    window.addSubview(control)
    try send(.began, 250, 416, t: 0)
    try send(.ended, 250, 416, t: 50)
    #expect(control.selectedSegmentIndex == 0)
  }

  // MARK: Page control

  @Test func aTouchOnAPageControlsHalfMovesAPage() throws {
    let pages = PageControl(frame: Rect(x: 100, y: 500, width: 80, height: 37))
    pages.numberOfPages = 5
    pages.currentPage = 2
    window.addSubview(pages)
    let log = ControlEventLog(pages, events: [.valueChanged]) {
      String(($0 as! PageControl).currentPage)
    }
    try send(.began, 170, 518, t: 0)
    #expect(pages.currentPage == 2)  // it moves when the finger lifts
    try send(.ended, 170, 518, t: 50)
    try send(.began, 110, 518, t: 1000)
    try send(.ended, 110, 518, t: 1050)
    try send(.began, 110, 518, t: 2000)
    try send(.ended, 110, 518, t: 2050)
    #expect(log.lines == ["valueChanged 3", "valueChanged 2", "valueChanged 1"])
    pages.semanticContentAttribute = .forceRightToLeft
    try send(.began, 110, 518, t: 3000)  // the left half is "on" right to left
    try send(.ended, 110, 518, t: 3050)
    #expect(pages.currentPage == 2)
  }
}
