import Testing

@testable import ScreenKit

/// A minimal text-taking control for driving the input API without the content views.
@MainActor
final class TypingControl: Control, TextInputReceiving {
  var text = ""
  var log: [String] = []
  override var canBecomeFirstResponder: Bool { true }
  func receiveTextReplacement(_ text: String) -> Bool {
    guard text != self.text else { return false }
    self.text = text
    sendActions(for: .editingChanged)
    return true
  }
  func receiveReturnKey() -> Bool {
    sendActions(for: [.editingDidEndOnExit, .primaryActionTriggered])
    return true
  }
}

@MainActor
final class ScrollingView: View, ScrollReceiving {
  var offset = Point.zero
  func receiveScroll(to offset: Point) -> Bool {
    defer { self.offset = offset }
    return offset != self.offset
  }
}

@MainActor
@Suite struct ControlsInputTests {
  func visibleWindow() -> Window {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.makeKeyAndVisible()
    return window
  }

  @Test func tapSendsTouchDownThenTouchUpInside() throws {
    let window = visibleWindow()
    let control = Control(frame: Rect(x: 10, y: 10, width: 100, height: 40))
    window.addSubview(control)
    var events: [String] = []
    control.addAction(for: .touchDown) { sender in
      events.append("touchDown highlighted=\(sender.isHighlighted)")
    }
    control.addAction(for: .touchUpInside) { sender in
      events.append("touchUpInside highlighted=\(sender.isHighlighted)")
    }
    #expect(try window.tap(control))
    #expect(events == ["touchDown highlighted=true", "touchUpInside highlighted=false"])
    events = []
    #expect(try window.touch(at: Point(x: 50, y: 30)))
    #expect(events.count == 2)
    #expect(try !window.touch(at: Point(x: 300, y: 400)))  // nothing reacts there
  }

  @Test func viewsThatCannotTakeAnEventThrow() throws {
    let window = visibleWindow()
    let plain = View()
    plain.accessibilityIdentifier = "title"
    window.addSubview(plain)
    #expect(throws: InputError.unsupported(event: "text", view: "View \"title\"")) {
      try window.replaceText(of: plain, with: "x")
    }
    #expect(throws: InputError.unsupported(event: "toggle", view: "View \"title\"")) {
      try window.toggle(plain, isOn: true)
    }
    #expect(throws: InputError.unsupported(event: "focus", view: "View \"title\"")) {
      try window.focus(plain)
    }
    let elsewhere = Control()
    #expect(throws: InputError.notInWindow(view: "Control")) { try window.tap(elsewhere) }
    let disabled = Control()
    disabled.isEnabled = false
    window.addSubview(disabled)
    #expect(throws: InputError.notInteractive(view: "Control", reason: "the control is disabled")) {
      try window.tap(disabled)
    }
    let hiddenParent = View()
    hiddenParent.isHidden = true
    let inside = Control()
    hiddenParent.addSubview(inside)
    window.addSubview(hiddenParent)
    #expect(
      throws: InputError.notInteractive(view: "Control", reason: "it or an ancestor is hidden")
    ) {
      try window.tap(inside)
    }
    #expect(throws: InputError.invalidValue("the keyboard height must be a finite number ≥ 0")) {
      try window.setKeyboardHeight(-1)
    }
    #expect(try !window.tap(plain))  // a plain view takes a tap and nothing happens
  }

  @Test func textFocusesFirstAndReturnKeyNeedsFocus() throws {
    let window = visibleWindow()
    let field = TypingControl()
    window.addSubview(field)
    var events: [String] = []
    field.addAction(for: .allEditingEvents) { _ in events.append("editing") }
    field.addAction(for: .primaryActionTriggered) { _ in events.append("primary") }
    #expect(try !window.returnKey(in: field))  // not first responder
    #expect(try window.replaceText(of: field, with: "hello"))
    #expect(field.isFirstResponder && field.text == "hello")
    #expect(try window.returnKey(in: field))
    #expect(events == ["editing", "editing", "primary"])
    #expect(try window.blur(field))
    #expect(try !window.blur(field))
  }

  @Test func keyboardObserversLiveAsLongAsTheirOwner() throws {
    let window = visibleWindow()
    var heights: [Double] = []
    var owner: ViewController? = ViewController()
    window.observeKeyboard(owner: owner!) { change in heights.append(change.height) }
    #expect(try window.setKeyboardHeight(300))
    #expect(try !window.setKeyboardHeight(300))
    #expect(window.keyboardHeight == 300)
    owner = nil
    // Nobody follows the keyboard any more: the height is recorded, the event not handled.
    #expect(try !window.setKeyboardHeight(0))
    #expect(window.keyboardHeight == 0)
    #expect(heights == [300])
  }

  @Test func observingAgainReplacesTheOwnersHandler() throws {
    let window = visibleWindow()
    let owner = ViewController()
    var calls: [String] = []
    window.observeKeyboard(owner: owner) { _ in calls.append("first") }
    window.observeKeyboard(owner: owner) { _ in calls.append("second") }
    #expect(try window.setKeyboardHeight(120))
    #expect(calls == ["second"])
  }

  @Test func scrollGoesToScrollViews() throws {
    let window = visibleWindow()
    let scroller = ScrollingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    window.addSubview(scroller)
    #expect(try window.scroll(scroller, to: Point(x: 0, y: 40)))
    #expect(scroller.offset == Point(x: 0, y: 40))
  }

  @Test func backPopsTheVisibleNavigationController() throws {
    let window = visibleWindow()
    let tabs = TabBarController()
    let navigation = NavigationController(rootViewController: ViewController())
    tabs.viewControllers = [navigation, ViewController()]
    window.rootViewController = tabs
    #expect(!window.back())  // only the root: nothing to pop
    navigation.pushViewController(ViewController(), animated: false)
    #expect(window.back())
    #expect(navigation.viewControllers.count == 1)
    // the bar's back item sends goBack up the chain too
    navigation.pushViewController(ViewController(), animated: false)
    #expect(!navigation.navigationBar.backButton.isHidden)
    #expect(try window.tap(navigation.navigationBar.backButton))
    #expect(navigation.viewControllers.count == 1)
    // tapping a tab item selects it
    #expect(try window.tap(tabs.tabBar.itemButtons[1]))
    #expect(tabs.selectedIndex == 1)
  }
}
