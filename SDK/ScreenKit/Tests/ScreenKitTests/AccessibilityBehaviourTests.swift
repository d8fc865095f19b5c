import Testing

@testable import ScreenKit

/// Reading order, the actions assistive technologies perform and posted notifications.
@MainActor
@Suite struct AccessibilityBehaviourTests {
  func window() -> Window {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.makeKeyAndVisible()
    return window
  }

  func label(_ text: String, _ frame: Rect, in parent: View) -> Label {
    let label = Label(frame: frame)
    label.text = text
    parent.addSubview(label)
    return label
  }

  // MARK: Reading order

  @Test func elementsAreReadTopToBottomThenLeftToRightByLines() {
    let window = window()
    // Added in an order unlike the layout: the frames decide.
    _ = label("C", Rect(x: 10, y: 100, width: 50, height: 20), in: window)
    _ = label("B", Rect(x: 200, y: 10, width: 50, height: 20), in: window)
    _ = label("A", Rect(x: 10, y: 14, width: 50, height: 20), in: window)  // 4 pt lower: same line
    _ = label("D", Rect(x: 200, y: 100, width: 50, height: 20), in: window)
    #expect(window.accessibilityReadingOrder.map(\.label) == ["A", "B", "C", "D"])
  }

  @Test func elementsEightPointsLowerStartANewLine() {
    let window = window()
    _ = label("Right", Rect(x: 200, y: 10, width: 50, height: 14), in: window)
    _ = label("Left", Rect(x: 10, y: 18, width: 50, height: 14), in: window)
    #expect(window.accessibilityReadingOrder.map(\.label) == ["Right", "Left"])
  }

  @Test func aTallElementTakesInWhatStartsAboveItsCentre() {
    let window = window()
    // demo.Controls' stepper row: the 32-point stepper is highest, its caption 8 points lower.
    let stepper = Stepper(frame: Rect(x: 280, y: 170.67, width: 94, height: 32))
    window.addSubview(stepper)
    _ = label("Stepper", Rect(x: 16, y: 178.67, width: 200, height: 16), in: window)
    let order = window.accessibilityReadingOrder
    #expect(order.first?.label == "Stepper" && order.last?.view === stepper)
  }

  @Test func accessibilityElementsOverrideTheOrder() {
    let window = window()
    let box = View(frame: Rect(x: 0, y: 0, width: 390, height: 200))
    window.addSubview(box)
    let first = label("First", Rect(x: 0, y: 0, width: 50, height: 20), in: box)
    let second = label("Second", Rect(x: 0, y: 50, width: 50, height: 20), in: box)
    let extra = AccessibilityElement(accessibilityContainer: box)
    extra.isAccessibilityElement = true
    extra.accessibilityLabel = "Chart bar"
    box.accessibilityElements = [second, extra, first]
    #expect(window.accessibilityReadingOrder.map(\.label) == ["Second", "Chart bar", "First"])
    let outside = label("Outside", Rect(x: 0, y: 300, width: 50, height: 20), in: window)
    #expect(window.accessibilityReadingOrder.last?.view === outside)
  }

  @Test func groupedChildrenAreReadTogether() {
    let window = window()
    let left = View(frame: Rect(x: 0, y: 0, width: 100, height: 200))
    let right = View(frame: Rect(x: 200, y: 0, width: 100, height: 200))
    window.addSubview(left)
    window.addSubview(right)
    _ = label("L1", Rect(x: 0, y: 0, width: 50, height: 20), in: left)
    _ = label("L2", Rect(x: 0, y: 100, width: 50, height: 20), in: left)
    _ = label("R1", Rect(x: 0, y: 0, width: 50, height: 20), in: right)
    #expect(window.accessibilityReadingOrder.map(\.label) == ["L1", "R1", "L2"])
    left.shouldGroupAccessibilityChildren = true
    #expect(window.accessibilityReadingOrder.map(\.label) == ["L1", "L2", "R1"])
  }

  @Test func hiddenSubtreesAndHiddenViewsAreSkipped() {
    let window = window()
    let box = View(frame: Rect(x: 0, y: 0, width: 390, height: 200))
    window.addSubview(box)
    _ = label("Inside", Rect(x: 0, y: 0, width: 50, height: 20), in: box)
    let shown = label("Shown", Rect(x: 0, y: 300, width: 50, height: 20), in: window)
    let hidden = label("Hidden", Rect(x: 0, y: 400, width: 50, height: 20), in: window)
    hidden.isHidden = true
    box.accessibilityElementsHidden = true
    #expect(window.accessibilityReadingOrder.map(\.label) == ["Shown"])
    #expect(shown.isHiddenFromAccessibility == false)
    #expect(box.subviews[0].isHiddenFromAccessibility)
  }

  @Test func aModalViewHidesItsSiblings() {
    let window = window()
    _ = label("Behind", Rect(x: 0, y: 0, width: 50, height: 20), in: window)
    let panel = View(frame: Rect(x: 0, y: 100, width: 390, height: 200))
    window.addSubview(panel)
    _ = label("In panel", Rect(x: 0, y: 0, width: 80, height: 20), in: panel)
    #expect(window.accessibilityReadingOrder.count == 2)
    panel.accessibilityViewIsModal = true
    #expect(window.accessibilityReadingOrder.map(\.label) == ["In panel"])
  }

  @Test func anElementsSubviewsAreNotRead() {
    let window = window()
    let card = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
    window.addSubview(card)
    _ = label("Inner", Rect(x: 0, y: 0, width: 50, height: 20), in: card)
    card.isAccessibilityElement = true
    card.accessibilityLabel = "Card"
    #expect(window.accessibilityReadingOrder.map(\.label) == ["Card"])
  }

  // MARK: Actions

  @Test func activateTapsTheElementAtItsCentre() throws {
    let window = window()
    let button = Button(type: .system)
    button.setTitle("Go", for: .normal)
    button.frame = Rect(x: 20, y: 40, width: 100, height: 44)
    window.addSubview(button)
    var taps = 0
    button.addAction(for: .touchUpInside) { _ in taps += 1 }
    #expect(button.accessibilityActivationPoint == Point(x: 70, y: 62))
    #expect(try window.performAccessibilityAction(.activate, on: button))
    #expect(taps == 1)
  }

  @Test func anOverriddenActivateRunsInsteadOfTheTap() throws {
    final class Activating: Button {
      var activations = 0
      override func accessibilityActivate() -> Bool {
        activations += 1
        return true
      }
    }
    let window = window()
    let button = Activating(type: .system)
    button.frame = Rect(x: 0, y: 0, width: 50, height: 50)
    window.addSubview(button)
    var taps = 0
    button.addAction(for: .touchUpInside) { _ in taps += 1 }
    #expect(try window.performAccessibilityAction(.activate, on: button))
    #expect(button.activations == 1 && taps == 0)
  }

  @Test func incrementAndDecrementMoveValuedControlsAsUIKit() throws {
    let window = window()
    let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 31))
    slider.maximumValue = 50
    slider.value = 20
    window.addSubview(slider)
    var changes = 0
    slider.addAction(for: .valueChanged) { _ in changes += 1 }
    try window.performAccessibilityAction(.increment, on: slider)
    #expect(slider.value == 25 && changes == 1)  // a tenth of the range
    try window.performAccessibilityAction(.decrement, on: slider)
    try window.performAccessibilityAction(.decrement, on: slider)
    #expect(slider.value == 15 && changes == 3)

    let stepper = Stepper()
    stepper.stepValue = 5
    window.addSubview(stepper)
    try window.performAccessibilityAction(.increment, on: stepper)
    #expect(stepper.value == 5)
    try window.performAccessibilityAction(.decrement, on: stepper)
    #expect(stepper.value == 0)

    let pages = PageControl(frame: Rect(x: 0, y: 100, width: 200, height: 37))
    pages.numberOfPages = 3
    window.addSubview(pages)
    try window.performAccessibilityAction(.increment, on: pages)
    #expect(pages.currentPage == 1)

    let segments = SegmentedControl(items: ["A", "B", "C"])
    segments.selectedSegmentIndex = 0
    segments.accessibilityIncrement()
    #expect(segments.selectedSegmentIndex == 1)
    segments.accessibilityDecrement()
    #expect(segments.selectedSegmentIndex == 0)
  }

  @Test func actionsOnViewsThatCannotTakeThemFail() {
    let window = window()
    let label = label("Text", Rect(x: 0, y: 0, width: 50, height: 20), in: window)
    let plain = View(frame: Rect(x: 0, y: 50, width: 50, height: 20))
    window.addSubview(plain)
    #expect(throws: InputError.self) {
      try window.performAccessibilityAction(.increment, on: label)
    }
    #expect(throws: InputError.self) { try window.performAccessibilityAction(.activate, on: plain) }
    #expect(
      throws: InputError.invalidValue(
        "Label has no accessibility action \"Zoom\"; it takes \"activate\", \"increment\", \"decrement\", \"escape\""
      )
    ) {
      try window.performAccessibilityAction(.custom("Zoom"), on: label)
    }
  }

  @Test func customActionsRunTheirHandlers() throws {
    let window = window()
    let label = label("Message", Rect(x: 0, y: 0, width: 80, height: 20), in: window)
    var archived = 0
    label.accessibilityCustomActions = [
      AccessibilityCustomAction(name: "Archive") { _ in
        archived += 1
        return true
      }
    ]
    #expect(try window.performAccessibilityAction(.custom("Archive"), on: label))
    #expect(archived == 1)
  }

  @Test func escapeWalksTheResponderChain() throws {
    let window = window()
    let first = ViewController()
    let navigation = NavigationController(rootViewController: first)
    window.rootViewController = navigation
    window.layoutIfNeeded()
    let second = ViewController()
    navigation.pushViewController(second, animated: false)
    window.layoutIfNeeded()
    let inner = Label()
    second.view.addSubview(inner)
    // The label, its view and the controller do not escape; the navigation controller pops.
    #expect(try window.performAccessibilityAction(.escape, on: inner))
    #expect(navigation.viewControllers.count == 1)
    #expect(try !window.performAccessibilityAction(.escape, on: first.view))
  }

  @Test func escapeChoosesAnAlertsCancelAction() throws {
    let window = window()
    let root = ViewController()
    window.rootViewController = root
    let alert = AlertController(title: "Leave?", message: nil, preferredStyle: .alert)
    var cancelled = false
    alert.addAction(AlertAction(title: "Stay", style: .cancel) { _ in cancelled = true })
    alert.addAction(AlertAction(title: "Leave", style: .default))
    root.present(alert, animated: false)
    window.layoutIfNeeded()
    #expect(try window.performAccessibilityAction(.escape, on: alert.view))
    #expect(cancelled)
    #expect(root.presentedViewController == nil)
  }

  // MARK: Notifications

  @Test func postedNotificationsWaitOnTheirWindowInOrder() {
    let window = window()
    Window.active = window
    let target = Label()
    window.addSubview(target)
    Accessibility.post(notification: .announcement, argument: "Saved")
    Accessibility.post(notification: .layoutChanged, argument: target)
    Accessibility.post(notification: .screenChanged, argument: nil)
    let posted = window.takeAccessibilityNotifications()
    #expect(posted.map(\.notification) == [.announcement, .layoutChanged, .screenChanged])
    #expect(posted[0].text == "Saved" && posted[0].view == nil)
    #expect(posted[1].view === target && posted[1].text == nil)
    #expect(window.takeAccessibilityNotifications().isEmpty)
  }

  @Test func aViewArgumentPostsToItsOwnWindow() {
    let active = window()
    let other = window()
    Window.active = active
    let target = Label()
    other.addSubview(target)
    Accessibility.post(notification: .layoutChanged, argument: target)
    #expect(active.takeAccessibilityNotifications().isEmpty)
    #expect(other.takeAccessibilityNotifications().count == 1)
  }
}
