import Testing

@testable import ScreenKit

// Expected state sequences follow UIKit's headers (UIGestureRecognizer.h and each subclass's
// "Begins / Changes / Ends" comment) and its documentation of `require(toFail:)`,
// `cancelsTouchesInView`, `delaysTouchesBegan` and `delaysTouchesEnded`.

/// Records every action a recognizer sends: its state each time.
@MainActor
final class GestureLog {
  var states: [GestureRecognizer.State] = []
  var translations: [Point] = []
  func handle(_ recognizer: GestureRecognizer) {
    states.append(recognizer.state)
    if let pan = recognizer as? PanGestureRecognizer {
      translations.append(pan.translation(in: nil))
    }
  }
}

/// A view that records the touch methods it gets.
@MainActor
final class TouchRecordingView: View {
  var calls: [String] = []
  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    calls.append("began \(touches.count)")
  }
  override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    calls.append("moved")
  }
  override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    calls.append("ended")
  }
  override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    calls.append("cancelled")
  }
}

/// A delegate whose answers a test sets.
@MainActor
final class ScriptedGestureDelegate: GestureRecognizerDelegate {
  var shouldBegin = true
  var simultaneous = false
  var receives = true
  func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { shouldBegin }
  func gestureRecognizer(
    _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool { simultaneous }
  func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
    receives
  }
}

@MainActor
@Suite struct GestureRecognizerTests {
  let window: Window
  let card: TouchRecordingView

  init() {
    window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.makeKeyAndVisible()
    card = TouchRecordingView(frame: Rect(x: 50, y: 100, width: 200, height: 200))
    window.addSubview(card)
  }

  /// Sends one phase of finger `id` at window point (x, y) at `t` milliseconds.
  @discardableResult
  func send(_ phase: Touch.Phase, _ id: Int, _ x: Double, _ y: Double, t: Double) throws
    -> Bool
  {
    try window.touch(phase, id: id, at: Point(x: x, y: y), timestamp: t / 1000)
  }

  /// Sends one phase of finger 1.
  @discardableResult
  func send(_ phase: Touch.Phase, _ x: Double, _ y: Double, t: Double) throws -> Bool {
    try send(phase, 1, x, y, t: t)
  }

  /// Waits until `condition` holds (a recognizer's timer fired), up to 20 s: timers are main-actor
  /// tasks, which a busy main actor runs late, so a fixed wait would make the test flaky.
  func eventually(_ condition: () -> Bool) async throws {
    for _ in 0..<400 where !condition() { try await Task.sleep(for: .milliseconds(50)) }
  }

  func attach<Recognizer: GestureRecognizer>(_ recognizer: Recognizer, to view: View)
    -> GestureLog
  {
    let log = GestureLog()
    recognizer.addTarget(log, action: GestureLog.handle)
    view.addGestureRecognizer(recognizer)
    return log
  }

  // MARK: Touches

  @Test func touchesReachTheHitViewWithLocationsInItsCoordinates() throws {
    var seen: [Point] = []
    final class Probe: View {
      var onMove: ((Touch) -> Void)?
      override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        touches.forEach { onMove?($0) }
      }
    }
    let probe = Probe(frame: Rect(x: 10, y: 20, width: 100, height: 100))
    card.addSubview(probe)
    probe.onMove = { touch in
      seen = [
        touch.location(in: probe), touch.previousLocation(in: probe), touch.location(in: nil),
      ]
      #expect(touch.phase == .moved)
      #expect(touch.view === probe)
    }
    try send(.began, 70, 130, t: 0)
    try send(.moved, 75, 140, t: 16)
    #expect(seen == [Point(x: 15, y: 20), Point(x: 10, y: 10), Point(x: 75, y: 140)])
    try send(.ended, 75, 140, t: 32)
    // A view that does not handle touches passes them up the responder chain.
    #expect(card.calls == ["began 1", "ended"])
  }

  @Test func tapCountGrowsForQuickTapsAtOnePlace() throws {
    var counts: [Int] = []
    final class Counter: View {
      var onBegan: ((Touch) -> Void)?
      override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        touches.forEach { onBegan?($0) }
      }
    }
    let counter = Counter(frame: Rect(x: 0, y: 400, width: 200, height: 200))
    window.addSubview(counter)
    counter.onBegan = { counts.append($0.tapCount) }
    for (index, start) in [0.0, 200, 400, 1200].enumerated() {
      try send(.began, index, 100, 500, t: start)
      try send(.ended, index, 100, 500, t: start + 50)
    }
    #expect(counts == [1, 2, 3, 1])
  }

  @Test func aViewWithoutMultipleTouchGetsTheFirstFingerOnly() throws {
    try send(.began, 1, 100, 150, t: 0)
    try send(.began, 2, 150, 150, t: 5)
    try send(.ended, 2, 150, 150, t: 10)
    try send(.ended, 1, 100, 150, t: 20)
    #expect(card.calls == ["began 1", "ended"])
    card.calls = []
    card.isMultipleTouchEnabled = true
    try send(.began, 1, 100, 150, t: 100)
    try send(.began, 2, 150, 150, t: 105)
    #expect(card.calls == ["began 1", "began 1"])
    #expect(window.touchesInFlight.map(\.identifier) == [1, 2])
  }

  @Test func badPhasesAreErrors() throws {
    #expect(throws: InputError.self) { try send(.moved, 9, 1, 1, t: 0) }
    try send(.began, 1, 100, 150, t: 0)
    #expect(throws: InputError.self) { try send(.began, 1, 100, 150, t: 1) }
    #expect(throws: InputError.self) { try send(.moved, 1, .nan, 150, t: 2) }
  }

  // MARK: Controls

  @Test func controlsTrackTouchesAsUIKitsDo() throws {
    let control = Control(frame: Rect(x: 20, y: 400, width: 100, height: 44))
    window.addSubview(control)
    var events: [String] = []
    for event: Control.Event in [
      .touchDown, .touchDragInside, .touchDragOutside, .touchDragEnter, .touchDragExit,
      .touchUpInside, .touchUpOutside, .touchCancel,
    ] {
      control.addAction(for: event) { sender in
        events.append("\(event) \(sender.isHighlighted ? "lit" : "dark")")
      }
    }
    try send(.began, 50, 420, t: 0)
    try send(.moved, 60, 430, t: 10)
    try send(.moved, 60, 600, t: 20)  // beyond the 70-point margin below
    try send(.moved, 60, 500, t: 30)  // back within it
    try send(.ended, 60, 500, t: 40)
    #expect(
      events == [
        "touchDown lit", "touchDragInside lit", "touchDragExit dark", "touchDragOutside dark",
        "touchDragEnter lit", "touchDragInside lit", "touchUpInside dark",
      ])
    events = []
    try send(.began, 50, 420, t: 100)
    try send(.ended, 300, 800, t: 140)
    #expect(events == ["touchDown lit", "touchUpOutside dark"])
  }

  @Test func aButtonsTouchSendsItsPrimaryActionAndASwitchFlips() throws {
    let button = Button(frame: Rect(x: 20, y: 400, width: 100, height: 44))
    let toggle = Switch(frame: Rect(x: 200, y: 400, width: 51, height: 31))
    window.addSubview(button)
    window.addSubview(toggle)
    var events: [String] = []
    button.addAction(for: .touchUpInside) { _ in events.append("up") }
    button.addAction(for: .primaryActionTriggered) { _ in events.append("primary") }
    try send(.began, 50, 420, t: 0)
    try send(.ended, 50, 420, t: 50)
    #expect(events == ["up", "primary"])
    try send(.began, 220, 410, t: 1000)
    try send(.ended, 220, 410, t: 1050)
    #expect(toggle.isOn)
  }

  // MARK: Tap

  @Test func aTapIsRecognizedOnceAndAMovedOneFails() throws {
    let tap = TapGestureRecognizer()
    let log = attach(tap, to: card)
    try send(.began, 100, 150, t: 0)
    try send(.ended, 102, 151, t: 80)
    #expect(log.states == [.ended])
    #expect(tap.state == .possible)  // reset after the touches ended
    try send(.began, 100, 150, t: 1000)
    try send(.moved, 130, 150, t: 1040)
    #expect(tap.state == .failed)
    try send(.ended, 130, 150, t: 1080)
    #expect(log.states == [.ended])
    // The card got every touch: a tap cancels the view's touches only when it recognizes.
    #expect(card.calls == ["began 1", "cancelled", "began 1", "moved", "ended"])
  }

  @Test func twoFingerDoubleTap() throws {
    let tap = TapGestureRecognizer()
    tap.numberOfTapsRequired = 2
    tap.numberOfTouchesRequired = 2
    let log = attach(tap, to: card)
    for start in [0.0, 150] {
      try send(.began, 1, 100, 150, t: start)
      try send(.began, 2, 140, 150, t: start + 5)
      try send(.ended, 1, 100, 150, t: start + 60)
      try send(.ended, 2, 140, 150, t: start + 65)
    }
    #expect(log.states == [.ended])
  }

  @Test func aSingleTapWaitsForTheDoubleTapToFail() async throws {
    let single = TapGestureRecognizer()
    let double = TapGestureRecognizer()
    double.numberOfTapsRequired = 2
    single.require(toFail: double)
    let singleLog = attach(single, to: card)
    let doubleLog = attach(double, to: card)
    try send(.began, 100, 150, t: 0)
    try send(.ended, 100, 150, t: 50)
    try send(.began, 100, 150, t: 150)
    try send(.ended, 100, 150, t: 200)
    #expect(doubleLog.states == [.ended])
    #expect(singleLog.states.isEmpty)
    // One tap alone: the single tap is recognized once the double tap gives up waiting.
    try send(.began, 100, 150, t: 5000)
    try send(.ended, 100, 150, t: 5050)
    #expect(singleLog.states.isEmpty)
    try await eventually { !singleLog.states.isEmpty }
    #expect(singleLog.states == [.ended])
    #expect(doubleLog.states == [.ended])
  }

  @Test func aControlKeepsItsAncestorsSingleTapFromTakingItsTap() throws {
    let button = Button(frame: Rect(x: 10, y: 10, width: 100, height: 44))
    card.addSubview(button)
    var pressed = 0
    button.addAction(for: .touchUpInside) { _ in pressed += 1 }
    let log = attach(TapGestureRecognizer(), to: card)
    try send(.began, 80, 130, t: 0)
    try send(.ended, 80, 130, t: 50)
    #expect(pressed == 1)
    #expect(log.states.isEmpty)
    // A tap recognizer on the button itself is the button's choice: it recognizes.
    let own = attach(TapGestureRecognizer(), to: button)
    try send(.began, 80, 130, t: 1000)
    try send(.ended, 80, 130, t: 1050)
    #expect(own.states == [.ended])
    #expect(pressed == 1)  // its touches were cancelled in the button
  }

  @Test func anAncestorsDoubleTapHoldsBackTheButtonsTouchUpUntilItFails() async throws {
    let button = Button(frame: Rect(x: 10, y: 10, width: 100, height: 44))
    card.addSubview(button)
    var events: [String] = []
    button.addAction(for: .touchDown) { _ in events.append("down") }
    button.addAction(for: .touchUpInside) { _ in events.append("up") }
    let double = TapGestureRecognizer()
    double.numberOfTapsRequired = 2
    _ = attach(double, to: card)
    try send(.began, 80, 130, t: 0)
    try send(.ended, 80, 130, t: 50)
    #expect(events == ["down"])  // delaysTouchesEnded: the end waits
    try await eventually { events.count == 2 }
    #expect(events == ["down", "up"])
  }

  // MARK: Long press

  @Test func aLongPressBeginsAfterItsDurationAndFollowsTheFinger() async throws {
    let press = LongPressGestureRecognizer()
    press.minimumPressDuration = 0.05
    let log = attach(press, to: card)
    try send(.began, 100, 150, t: 0)
    #expect(log.states.isEmpty)
    try await eventually { !log.states.isEmpty }
    #expect(log.states == [.began])
    try send(.moved, 160, 150, t: 300)  // free to move once it has begun
    try send(.ended, 160, 150, t: 400)
    #expect(log.states == [.began, .changed, .ended])
    #expect(card.calls == ["began 1", "cancelled"])
  }

  @Test func aLongPressFailsWhenLiftedEarlyOrMoved() async throws {
    let press = LongPressGestureRecognizer()
    press.minimumPressDuration = 0.05
    let log = attach(press, to: card)
    try send(.began, 100, 150, t: 0)
    try send(.ended, 100, 150, t: 20)
    try send(.began, 100, 150, t: 1000)
    try send(.moved, 100, 165, t: 1010)  // beyond allowableMovement (10)
    #expect(press.state == .failed)
    try send(.ended, 100, 165, t: 1300)
    #expect(log.states.isEmpty)
  }

  // MARK: Pan

  @Test func aPanBeginsPastItsThresholdAndReportsTranslationAndVelocity() throws {
    let pan = PanGestureRecognizer()
    let log = attach(pan, to: card)
    try send(.began, 100, 150, t: 0)
    try send(.moved, 105, 150, t: 10)
    #expect(log.states.isEmpty)  // within the 10-point hysteresis
    try send(.moved, 120, 150, t: 20)
    try send(.moved, 140, 160, t: 30)
    #expect(log.states == [.began, .changed])
    #expect(log.translations == [Point(x: 20, y: 0), Point(x: 40, y: 10)])
    let velocity = pan.velocity(in: nil)
    #expect(abs(velocity.x - 1_333.3) < 1)  // 40 points in 30 ms
    pan.setTranslation(.zero, in: nil)
    try send(.moved, 150, 160, t: 40)
    #expect(log.translations.last == Point(x: 10, y: 0))
    try send(.ended, 150, 160, t: 50)
    #expect(log.states == [.began, .changed, .changed, .ended])
    #expect(card.calls == ["began 1", "moved", "cancelled"])
  }

  @Test func aPanCancelsAButtonsTouch() throws {
    let button = Button(frame: Rect(x: 10, y: 10, width: 100, height: 44))
    card.addSubview(button)
    var events: [String] = []
    button.addAction(for: .allTouchEvents) { sender in
      events.append(sender.isHighlighted ? "lit" : "dark")
    }
    button.addAction(for: .touchCancel) { _ in events.append("cancel") }
    _ = attach(PanGestureRecognizer(), to: card)
    try send(.began, 80, 130, t: 0)
    try send(.moved, 80, 160, t: 20)
    try send(.ended, 80, 160, t: 40)
    #expect(events == ["lit", "dark", "cancel"])
  }

  @Test func aPanAndAPinchRecognizeTogetherOnlyWhenTheDelegateAllows() throws {
    let pan = PanGestureRecognizer()
    let pinch = PinchGestureRecognizer()
    let delegate = ScriptedGestureDelegate()
    pinch.delegate = delegate
    card.isMultipleTouchEnabled = true
    let panLog = attach(pan, to: card)
    let pinchLog = attach(pinch, to: card)
    func spread(from start: Double) throws {
      try send(.began, 1, 100, 200, t: start)
      try send(.began, 2, 120, 200, t: start + 5)
      try send(.moved, 1, 80, 200, t: start + 20)
      try send(.moved, 2, 150, 200, t: start + 25)
      try send(.ended, 1, 80, 200, t: start + 40)
      try send(.ended, 2, 150, 200, t: start + 45)
    }
    try spread(from: 0)
    #expect(panLog.states == [.began, .changed, .ended])
    #expect(pinchLog.states.isEmpty)  // the pan began first and prevented it
    delegate.simultaneous = true
    panLog.states = []
    try spread(from: 1000)
    #expect(panLog.states.first == .began)
    #expect(pinchLog.states == [.began, .changed, .ended])
    #expect(abs(pinch.scale - 1) < 1e-9)  // reset after it ended
  }

  // MARK: Swipe, pinch, edge pan

  @Test func aSwipeIsRecognizedInItsDirectionOnly() throws {
    let swipe = SwipeGestureRecognizer()
    let log = attach(swipe, to: card)
    try send(.began, 100, 150, t: 0)
    try send(.moved, 130, 152, t: 40)
    try send(.moved, 170, 155, t: 80)
    #expect(log.states == [.ended])
    try send(.ended, 170, 155, t: 100)
    #expect(swipe.location(in: nil) == Point(x: 100, y: 150))
    swipe.direction = .left
    try send(.began, 100, 150, t: 1000)
    try send(.moved, 170, 150, t: 1080)
    #expect(swipe.state == .failed)
    try send(.ended, 170, 150, t: 1100)
    swipe.direction = [.left, .right]
    try send(.began, 100, 150, t: 2000)
    try send(.moved, 170, 150, t: 3000)  // too slow
    try send(.ended, 170, 150, t: 3010)
    #expect(log.states == [.ended])
  }

  @Test func aPinchScalesByTheFingersDistance() throws {
    let pinch = PinchGestureRecognizer()
    var scales: [Double] = []
    final class Target {
      var onPinch: ((PinchGestureRecognizer) -> Void)?
      func pinched(_ recognizer: PinchGestureRecognizer) { onPinch?(recognizer) }
    }
    let target = Target()
    target.onPinch = { scales.append(($0.scale * 100).rounded() / 100) }
    pinch.addTarget(target, action: Target.pinched)
    card.isMultipleTouchEnabled = true
    card.addGestureRecognizer(pinch)
    try send(.began, 1, 100, 200, t: 0)
    try send(.began, 2, 150, 200, t: 0)
    try send(.moved, 2, 200, 200, t: 100)
    #expect(scales == [2])
    #expect(abs(pinch.velocity - 10) < 1e-9)  // 1 per 100 ms
    try send(.moved, 1, 50, 200, t: 200)
    try send(.ended, 1, 50, 200, t: 300)
    try send(.ended, 2, 200, 200, t: 300)
    #expect(scales == [2, 3, 3])
  }

  @Test func anEdgePanStartsOnlyAtItsEdge() throws {
    let edge = ScreenEdgePanGestureRecognizer()
    edge.edges = .left
    let log = attach(edge, to: window)
    try send(.began, 100, 500, t: 0)
    try send(.moved, 200, 500, t: 20)
    try send(.ended, 200, 500, t: 40)
    try send(.began, 5, 500, t: 1000)
    try send(.moved, 100, 500, t: 1020)
    try send(.ended, 100, 500, t: 1040)
    #expect(log.states == [.began, .ended])
  }

  // MARK: Delegate and options

  @Test func theDelegateDecidesWhatBeginsAndWhatIsSeen() throws {
    let tap = TapGestureRecognizer()
    let delegate = ScriptedGestureDelegate()
    tap.delegate = delegate
    let log = attach(tap, to: card)
    delegate.shouldBegin = false
    try send(.began, 100, 150, t: 0)
    try send(.ended, 100, 150, t: 50)
    #expect(log.states.isEmpty)
    delegate.shouldBegin = true
    delegate.receives = false
    try send(.began, 100, 150, t: 1000)
    try send(.ended, 100, 150, t: 1050)
    #expect(log.states.isEmpty)
    delegate.receives = true
    try send(.began, 100, 150, t: 2000)
    try send(.ended, 100, 150, t: 2050)
    #expect(log.states == [.ended])
  }

  @Test func delaysTouchesBeganKeepsTheGestureFromTheView() throws {
    let pan = PanGestureRecognizer()
    pan.delaysTouchesBegan = true
    _ = attach(pan, to: card)
    try send(.began, 100, 150, t: 0)
    try send(.moved, 140, 150, t: 20)
    try send(.ended, 140, 150, t: 40)
    #expect(card.calls.isEmpty)  // the pan took the touch before the view saw it
    try send(.began, 100, 150, t: 1000)
    #expect(card.calls.isEmpty)
    try send(.ended, 100, 150, t: 1040)  // the pan fails: the view gets it all
    #expect(card.calls == ["began 1", "ended"])
  }

  @Test func disablingARecognizerCancelsItsGesture() throws {
    let pan = PanGestureRecognizer()
    let log = attach(pan, to: card)
    try send(.began, 100, 150, t: 0)
    try send(.moved, 140, 150, t: 20)
    pan.isEnabled = false
    try send(.moved, 160, 150, t: 30)
    try send(.ended, 160, 150, t: 40)
    #expect(log.states == [.began, .cancelled])
  }
}
