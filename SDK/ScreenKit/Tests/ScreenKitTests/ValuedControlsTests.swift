import Testing

@testable import ScreenKit

/// The valued controls' documented semantics: defaults, clamping, wrapping, `noSegment`,
/// momentary segments, `valueChanged` only for the user's input, intrinsic sizes.
@MainActor
@Suite struct ValuedControlsTests {
  func window() -> Window {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.makeKeyAndVisible()
    return window
  }

  /// Counts `valueChanged` of `control`.
  final class Changes {
    var count = 0
  }
  func counting(_ control: Control) -> Changes {
    let changes = Changes()
    control.addAction(for: .valueChanged) { _ in changes.count += 1 }
    return changes
  }

  // MARK: Slider

  @Test func sliderDefaultsAndPinning() {
    let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 31))
    // UISlider: minimumValue 0, maximumValue 1, value 0, continuous.
    #expect(slider.minimumValue == 0 && slider.maximumValue == 1 && slider.value == 0)
    #expect(slider.isContinuous)
    slider.value = 2
    #expect(slider.value == 1)
    slider.setValue(-3, animated: true)
    #expect(slider.value == 0)
    slider.maximumValue = 10
    slider.value = 8
    slider.maximumValue = 5  // the value follows a range that shrinks under it
    #expect(slider.value == 5)
    slider.minimumValue = 6
    #expect(slider.value == 6 && slider.maximumValue == 6)
  }

  @Test func sliderSendsValueChangedOnlyForTheUsersDrag() throws {
    let window = window()
    let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 31))
    window.addSubview(slider)
    let changes = counting(slider)
    slider.value = 0.5
    #expect(changes.count == 0)
    #expect(try window.setValue(0.75, of: slider))
    #expect(slider.value == 0.75 && changes.count == 1)
    #expect(try window.setValue(9, of: slider))  // pinned to the maximum
    #expect(slider.value == 1 && changes.count == 2)
    #expect(try !window.setValue(1, of: slider))  // no movement, no event
    #expect(changes.count == 2)
    #expect(throws: InputError.self) { try window.setValue(0.5, of: slider, component: 1) }
  }

  @Test func sliderIntrinsicSizeIsUIKitsHeightWithNoWidth() {
    let slider = Slider(frame: .zero)
    #expect(slider.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: 31))
  }

  // MARK: Stepper

  @Test func stepperDefaultsAndRangeInvariant() {
    let stepper = Stepper(frame: Rect(x: 5, y: 6, width: 300, height: 300))
    #expect(stepper.frame == Rect(x: 5, y: 6, width: 94, height: 32))
    #expect(stepper.intrinsicContentSize == Size(width: 94, height: 32))
    #expect(stepper.value == 0 && stepper.minimumValue == 0 && stepper.maximumValue == 100)
    #expect(stepper.stepValue == 1 && !stepper.wraps && stepper.autorepeat && stepper.isContinuous)
    // UIKit's example: minimum 200, then a maximum of 100 makes both 200.
    stepper.minimumValue = 200
    #expect(stepper.maximumValue == 200 && stepper.value == 200)
    stepper.maximumValue = 100
    #expect(stepper.minimumValue == 100 && stepper.maximumValue == 100)
    stepper.maximumValue = 150
    stepper.value = 1000
    #expect(stepper.value == 150)
    stepper.stepValue = 0  // UIKit raises; ScreenKit keeps the step it had
    #expect(stepper.stepValue == 1)
  }

  @Test func stepperHalvesStepAndHoldAtTheEnds() throws {
    let window = window()
    let stepper = Stepper(frame: .zero)
    stepper.maximumValue = 10
    stepper.stepValue = 4
    window.addSubview(stepper)
    let changes = counting(stepper)
    let plus = Point(x: 70, y: 16)
    let minus = Point(x: 20, y: 16)
    #expect(try !window.tap(stepper, at: minus))  // at the minimum without wraps: holds
    #expect(stepper.value == 0 && changes.count == 0)
    #expect(try window.tap(stepper, at: plus))
    #expect(try window.tap(stepper, at: plus))
    #expect(stepper.value == 8)
    #expect(try window.tap(stepper, at: plus))  // 12 is past 10: holds at the maximum
    #expect(stepper.value == 10 && changes.count == 3)
    #expect(try !window.tap(stepper, at: plus))
    #expect(try window.touch(at: Point(x: 10, y: 10)))  // a touch on the − half
    #expect(stepper.value == 6 && changes.count == 4)
    stepper.value = 2
    #expect(changes.count == 4)  // code sends nothing
  }

  @Test func stepperWrapsAsDocumented() throws {
    let window = window()
    let stepper = Stepper(frame: .zero)
    stepper.maximumValue = 10
    stepper.stepValue = 4
    stepper.wraps = true
    window.addSubview(stepper)
    let plus = Point(x: 70, y: 16)
    let minus = Point(x: 20, y: 16)
    stepper.value = 8
    // "incrementing beyond maximumValue sets value to minimumValue"
    #expect(try window.tap(stepper, at: plus))
    #expect(stepper.value == 0)
    // "decrementing below minimumValue sets value to maximumValue"
    #expect(try window.tap(stepper, at: minus))
    #expect(stepper.value == 10)
  }

  @Test func stepperValueEventRoundsToTheSteps() throws {
    let window = window()
    let stepper = Stepper(frame: .zero)
    stepper.minimumValue = 1
    stepper.stepValue = 5
    window.addSubview(stepper)
    let changes = counting(stepper)
    #expect(try window.setValue(12, of: stepper))
    #expect(stepper.value == 11 && changes.count == 1)
    #expect(try window.setValue(500, of: stepper))
    #expect(stepper.value == 100 && changes.count == 2)
  }

  // MARK: Segmented control

  @Test func segmentedControlStartsWithNoSegment() {
    let control = SegmentedControl(items: ["One", "Two", "Three"])
    #expect(SegmentedControl.noSegment == -1)
    #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
    #expect(control.numberOfSegments == 3)
    #expect(!control.isMomentary && !control.apportionsSegmentWidthsByContent)
    control.selectedSegmentIndex = 7  // names no segment: ignored
    #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
    control.selectedSegmentIndex = 2
    control.removeSegment(at: 0, animated: false)
    #expect(control.selectedSegmentIndex == 1)  // still "Three"
    control.insertSegment(withTitle: "Zero", at: -4, animated: false)  // pinned to 0
    #expect(control.titleForSegment(at: 0) == "Zero" && control.selectedSegmentIndex == 2)
    control.removeSegment(at: 2, animated: false)
    #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
    control.removeAllSegments()
    #expect(control.numberOfSegments == 0)
  }

  @Test func segmentedControlIntrinsicSizeAndWidths() {
    let control = SegmentedControl(items: ["A", "Longer title"])
    let widest = (SegmentedControl.titleFont.width(of: "Longer title") + 24).rounded(.up)
    let narrow = (SegmentedControl.titleFont.width(of: "A") + 24).rounded(.up)
    #expect(control.intrinsicContentSize == Size(width: 2 * widest, height: 32))
    #expect(control.frame.size == control.intrinsicContentSize)
    control.apportionsSegmentWidthsByContent = true
    #expect(control.intrinsicContentSize.width == widest + narrow)
    control.apportionsSegmentWidthsByContent = false
    control.frame = Rect(x: 0, y: 0, width: 300, height: 32)
    #expect(control.segmentWidths == [150, 150])
    control.setWidth(100, forSegmentAt: 0)
    #expect(control.segmentWidths == [100, 200])
    #expect(control.segmentIndex(atX: 99) == 0 && control.segmentIndex(atX: 100) == 1)
  }

  @Test func segmentedControlTapSelectsAndSendsValueChangedOnce() throws {
    let window = window()
    let control = SegmentedControl(items: ["One", "Two", "Three"])
    control.frame = Rect(x: 0, y: 0, width: 300, height: 32)
    control.setEnabled(false, forSegmentAt: 2)
    window.addSubview(control)
    let changes = counting(control)
    control.selectedSegmentIndex = 0
    #expect(changes.count == 0)
    #expect(try window.tap(control, at: Point(x: 150, y: 16)))
    #expect(control.selectedSegmentIndex == 1 && changes.count == 1)
    #expect(try !window.tap(control, at: Point(x: 150, y: 16)))  // already selected
    #expect(try !window.tap(control, at: Point(x: 250, y: 16)))  // disabled segment
    #expect(control.selectedSegmentIndex == 1 && changes.count == 1)
    #expect(try window.setValue(0, of: control))
    #expect(control.selectedSegmentIndex == 0 && changes.count == 2)
    #expect(throws: InputError.self) { try window.setValue(3, of: control) }
    #expect(throws: InputError.self) { try window.setValue(0.5, of: control) }
  }

  @Test func momentarySegmentsKeepNoSelection() throws {
    let window = window()
    let control = SegmentedControl(items: ["One", "Two"])
    control.isMomentary = true
    control.frame = Rect(x: 0, y: 0, width: 200, height: 32)
    window.addSubview(control)
    var seen: [Int] = []
    control.addAction(for: .valueChanged) { sender in
      seen.append((sender as! SegmentedControl).selectedSegmentIndex)
    }
    #expect(try window.tap(control, at: Point(x: 150, y: 10)))
    #expect(try window.tap(control, at: Point(x: 150, y: 10)))
    #expect(seen == [1, 1])  // every tap; the index is the tapped one while actions run
    #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
  }

  // MARK: Progress view

  @Test func progressIsPinnedAndStylesHaveUIKitsHeights() {
    let bar = ProgressView(progressViewStyle: .bar)
    #expect(bar.intrinsicContentSize.height == 2.5 && bar.frame.height == 2.5)
    let progress = ProgressView(frame: .zero)
    #expect(progress.progressViewStyle == .default && progress.progress == 0)
    #expect(progress.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: 4))
    progress.progress = 1.5
    #expect(progress.progress == 1)
    progress.setProgress(-1, animated: true)
    #expect(progress.progress == 0)
    progress.setProgress(0.25, animated: false)
    #expect(progress.progress == 0.25)
  }

  // MARK: Page control

  @Test func pageControlPinsTheCurrentPageAndSizesItsDots() {
    let pages = PageControl(frame: .zero)
    #expect(pages.numberOfPages == 0 && pages.currentPage == 0 && !pages.hidesForSinglePage)
    pages.numberOfPages = 5
    pages.currentPage = 9
    #expect(pages.currentPage == 4)
    pages.currentPage = -2
    #expect(pages.currentPage == 0)
    pages.currentPage = 4
    pages.numberOfPages = 3
    #expect(pages.currentPage == 2)
    // 7-point dots 16 points apart: 3 × 16 − 9.
    #expect(pages.size(forNumberOfPages: 3) == Size(width: 39, height: 37))
    #expect(pages.intrinsicContentSize == Size(width: 39, height: 37))
    #expect(pages.size(forNumberOfPages: 0).width == 0)
    pages.numberOfPages = 1
    pages.hidesForSinglePage = true
    #expect(!pages.showsIndicators)
  }

  @Test func pageControlHalvesMoveOnePage() throws {
    let window = window()
    let pages = PageControl(frame: Rect(x: 0, y: 0, width: 200, height: 37))
    pages.numberOfPages = 3
    window.addSubview(pages)
    let changes = counting(pages)
    #expect(try window.tap(pages, at: Point(x: 150, y: 10)))
    #expect(pages.currentPage == 1 && changes.count == 1)
    #expect(try window.tap(pages, at: Point(x: 150, y: 10)))
    #expect(try !window.tap(pages, at: Point(x: 150, y: 10)))  // the last page: stays
    #expect(pages.currentPage == 2 && changes.count == 2)
    #expect(try window.tap(pages, at: Point(x: 20, y: 10)))
    #expect(pages.currentPage == 1 && changes.count == 3)
    #expect(try window.setValue(7, of: pages))  // pinned to the last page
    #expect(pages.currentPage == 2 && changes.count == 4)
    pages.currentPage = 0
    #expect(changes.count == 4)
  }
}
