import Testing

@testable import ScreenKit

@MainActor
final class LoginActions {
  var logins = 0
  var senders: [Control] = []
  func login() { logins += 1 }
  func loginFrom(_ sender: Control) { senders.append(sender) }
}

@MainActor
final class TextFieldLike: Control {
  override var canBecomeFirstResponder: Bool { true }
}

@MainActor
final class GoBackHandler: ViewController {
  var handled: [ResponderAction] = []
  override func canPerformAction(_ action: ResponderAction, withSender sender: Any?) -> Bool {
    action == .goBack
  }
  override func perform(_ action: ResponderAction, withSender sender: Any?) {
    handled.append(action)
  }
}

@MainActor
@Suite struct ControlsTests {
  @Test func targetActionWithUnappliedMethodReferences() {
    let control = Control()
    let actions = LoginActions()
    control.addTarget(actions, action: LoginActions.login, for: .touchUpInside)
    control.addTarget(
      actions, action: LoginActions.loginFrom, for: [.touchUpInside, .valueChanged])
    control.sendActions(for: .touchDown)
    #expect(actions.logins == 0)
    control.sendActions(for: .touchUpInside)
    #expect(actions.logins == 1)
    #expect(actions.senders.count == 1 && actions.senders[0] === control)
    control.removeTarget(actions, for: .touchUpInside)
    control.sendActions(for: .touchUpInside)
    #expect(actions.logins == 1)
    control.sendActions(for: .valueChanged)
    #expect(actions.senders.count == 2)
    #expect(control.allControlEvents == .valueChanged)
  }

  @Test func targetIsHeldWeakly() {
    let control = Control()
    weak var released: LoginActions?
    do {
      let actions = LoginActions()
      released = actions
      control.addTarget(actions, action: LoginActions.login, for: .touchUpInside)
    }
    #expect(released == nil)
    control.sendActions(for: .touchUpInside)
    #expect(control.allControlEvents.isEmpty)
  }

  @Test func closureActionsAndDisabledControls() {
    let control = Control()
    var events: [String] = []
    let token = control.addAction(for: .primaryActionTriggered) { _ in events.append("primary") }
    control.addAction(for: .allEditingEvents) { _ in events.append("editing") }
    control.sendActions(for: .primaryActionTriggered)
    control.sendActions(for: .editingChanged)
    control.isEnabled = false
    control.sendActions(for: .primaryActionTriggered)
    #expect(control.state == .disabled)
    control.isEnabled = true
    control.removeAction(token)
    control.sendActions(for: .primaryActionTriggered)
    #expect(events == ["primary", "editing"])
  }

  @Test func stateFlags() {
    let control = Control()
    #expect(control.state == .normal)
    control.isHighlighted = true
    control.isSelected = true
    #expect(control.state == [.highlighted, .selected])
    #expect("\(Control.Event([.touchDown, .touchUpInside]))" == "touchDown|touchUpInside")
  }

  @Test func nilTargetedActionRoutesUpToController() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let root = GoBackHandler()
    let child = ViewController()
    root.addChild(child)
    root.view.addSubview(child.view)
    child.didMove(toParent: root)
    let control = Control()
    child.view.addSubview(control)
    window.rootViewController = root
    control.addTarget(nil, action: .goBack, for: .touchUpInside)
    control.sendActions(for: .touchUpInside)
    #expect(root.handled == [.goBack])
    // the chain: control → child's view → child → root's view → root
    #expect(control.next === child.view)
    #expect(child.view.next === child)
    #expect(child.next === root.view)
    #expect(root.view.next === root)
    #expect(root.next === window)
    #expect(!control.sendAction(ResponderAction("unknown"), sender: nil))
  }

  @Test func firstResponderSwitchesAndNeedsWindow() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let first = TextFieldLike()
    let second = TextFieldLike()
    #expect(!first.becomeFirstResponder())  // not in a window
    window.addSubview(first)
    window.addSubview(second)
    let plain = Control()
    window.addSubview(plain)
    #expect(!plain.becomeFirstResponder())
    #expect(first.becomeFirstResponder())
    #expect(first.isFirstResponder && window.firstResponder === first)
    #expect(first.state.contains(.focused))
    #expect(second.becomeFirstResponder())
    #expect(!first.isFirstResponder && second.isFirstResponder)
    #expect(second.resignFirstResponder())
    #expect(window.firstResponder == nil)
  }

  @Test func hitTestingSkipsHiddenTransparentAndDisabledViews() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    #expect(window.hitTest(Point(x: 1, y: 1), with: nil) == nil)  // hidden until shown
    window.makeKeyAndVisible()
    let container = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
    let button = Control(frame: Rect(x: 20, y: 20, width: 50, height: 30))
    let overlay = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    window.addSubview(container)
    container.addSubview(button)
    container.addSubview(overlay)
    // the overlay is frontmost and covers the button
    #expect(window.hitTest(Point(x: 35, y: 35), with: nil) === overlay)
    overlay.alpha = 0.005
    #expect(window.hitTest(Point(x: 35, y: 35), with: nil) === button)
    overlay.alpha = 1
    overlay.isHidden = true
    #expect(window.hitTest(Point(x: 35, y: 35), with: nil) === button)
    overlay.isHidden = false
    overlay.isUserInteractionEnabled = false
    #expect(window.hitTest(Point(x: 35, y: 35), with: nil) === button)
    // outside the button but inside the container
    #expect(window.hitTest(Point(x: 15, y: 15), with: nil) === container)
    // outside everything but the window
    #expect(window.hitTest(Point(x: 150, y: 150), with: nil) === window)
    #expect(window.hitTest(Point(x: 250, y: 10), with: nil) == nil)
    container.isUserInteractionEnabled = false
    #expect(window.hitTest(Point(x: 35, y: 35), with: nil) === window)
    #expect(button.convertToWindow(Point(x: 1, y: 2)) == Point(x: 31, y: 32))
  }
}
