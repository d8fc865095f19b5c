import Testing

@testable import ScreenKit

/// A controller with key commands and a press log.
@MainActor
final class KeyCommandController: ViewController {
  var log: [String] = []
  var commands: [KeyCommand] = []
  let button = Button(type: .system)

  override func viewDidLoad() {
    super.viewDidLoad()
    button.frame = Rect(x: 20, y: 20, width: 80, height: 40)
    view.addSubview(button)
  }

  override var keyCommands: [KeyCommand]? { commands }

  override func canPerformAction(_ action: ResponderAction, withSender sender: Any?) -> Bool {
    action == ResponderAction("find") || action == ResponderAction("close")
  }

  override func perform(_ action: ResponderAction, withSender sender: Any?) {
    log.append("action \(action.name)")
  }

  override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
    guard let key = presses.first?.key, key.characters == "x" else {
      return super.pressesBegan(presses, with: event)
    }
    log.append("began \(key.characters) \(presses.first!.type == .keyboardKey(.keyboardX))")
  }

  override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
    guard let key = presses.first?.key, key.characters == "x" else {
      return super.pressesEnded(presses, with: event)
    }
    log.append("ended \(key.characters)")
  }
}

/// A view that declares its own command, below the controller in the chain.
@MainActor
final class CommandButton: Button {
  var fired = 0
  override var keyCommands: [KeyCommand]? {
    [KeyCommand(input: "k", modifierFlags: .control) { [weak self] _ in self?.fired += 1 }]
  }
}

@MainActor
@Suite struct KeyCommandTests {
  func show(_ controller: ViewController) -> Window {
    let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    window.rootViewController = controller
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    return window
  }

  func key(_ name: String, _ modifiers: KeyModifierFlags = []) -> Key {
    Key(webKey: name, modifierFlags: modifiers)!
  }

  @Test func webKeysMapToUIKitKeys() {
    let up = key("ArrowUp")
    #expect(up.characters == KeyCommand.inputUpArrow && up.keyCode == .keyboardUpArrow)
    #expect(key("Enter").characters == "\r")
    #expect(key("Escape").keyCode == .keyboardEscape)
    let shifted = key("F", .shift)
    #expect(shifted.keyCode == .keyboardF && shifted.modifierFlags == .shift)
    #expect(key("ä").keyCode == .keyboardErrorUndefined)
    #expect(Key(webKey: "Shift") == nil)
    #expect(Key(webKey: "") == nil)
    #expect(Key(webKey: "Unidentified") == nil)
    #expect(Press.PressType(key: key("Enter")) == .select)
    #expect(Press.PressType(key: key("ArrowLeft")) == .leftArrow)
  }

  @Test func commandsMatchInputAndExactModifiers() throws {
    let controller = KeyCommandController()
    let window = show(controller)
    controller.commands = [
      KeyCommand(input: "f", modifierFlags: .command, action: ResponderAction("find"))
    ]
    #expect(try window.pressKey(key("f", .command)))
    #expect(controller.log == ["action find"])
    #expect(try !window.pressKey(key("f")))  // no modifier: no match
    #expect(try !window.pressKey(key("f", [.command, .shift])))  // more modifiers: no match
    #expect(try !window.pressKey(key("g", .command)))
    #expect(controller.log == ["action find"])
    // Letters match in either case.
    controller.commands = [
      KeyCommand(input: "F", modifierFlags: [.command, .shift], action: ResponderAction("find"))
    ]
    #expect(try window.pressKey(key("F", [.command, .shift])))
    #expect(controller.log.count == 2)
  }

  @Test func commandsAreFoundAlongTheResponderChain() throws {
    let controller = KeyCommandController()
    let window = show(controller)
    let button = CommandButton(type: .system)
    button.frame = Rect(x: 20, y: 100, width: 80, height: 40)
    controller.view.addSubview(button)
    controller.commands = [
      KeyCommand(input: KeyCommand.inputEscape, action: ResponderAction("close"))
    ]
    // Nothing focused: the chain starts at the controller's view, which has no Control-K.
    #expect(try !window.pressKey(key("k", .control)))
    #expect(try window.focusView(button))
    #expect(try window.pressKey(key("k", .control)))
    #expect(button.fired == 1)
    // From the focused button, Escape is found further up, on the controller.
    #expect(try window.pressKey(key("Escape")))
    #expect(controller.log == ["action close"])
    // A command whose action nobody performs is passed over.
    controller.commands = [KeyCommand(input: "z", action: ResponderAction("nobody"))]
    #expect(try !window.pressKey(key("z")))
  }

  @Test func theFocusSystemGoesFirstUnlessTheCommandWantsPriority() throws {
    let controller = KeyCommandController()
    let window = show(controller)
    let second = Button(type: .system)
    second.frame = Rect(x: 20, y: 100, width: 80, height: 40)
    controller.view.addSubview(second)
    var fired = 0
    let down = KeyCommand(input: KeyCommand.inputDownArrow) { _ in fired += 1 }
    controller.commands = [down]
    #expect(try window.pressKey(key("ArrowDown")))  // focuses the first button
    #expect(try window.pressKey(key("ArrowDown")))  // moves down to the second
    #expect(window.focusedView === second && fired == 0)
    #expect(try window.pressKey(key("ArrowDown")))  // nothing below: the command gets it
    #expect(fired == 1)
    down.wantsPriorityOverSystemBehavior = true
    #expect(try window.pressKey(key("ArrowUp")))
    #expect(window.focusedView === controller.button)
    #expect(try window.pressKey(key("ArrowDown")))  // the command goes first now
    #expect(fired == 2 && window.focusedView === controller.button)
  }

  @Test func unhandledPressesReachPressesBeganAndEnded() throws {
    let controller = KeyCommandController()
    let window = show(controller)
    #expect(try window.pressKey(key("x"), phase: .down))
    #expect(controller.log == ["began x true"])
    #expect(try window.pressKey(key("x"), phase: .up))
    #expect(controller.log == ["began x true", "ended x"])
    // A key no responder takes goes up the whole chain: not handled.
    #expect(try !window.pressKey(key("y"), phase: .down))
    #expect(try !window.pressKey(key("y"), phase: .up))
    // An up without a down does nothing.
    #expect(try !window.pressKey(key("x"), phase: .up))
  }

  @Test func pressesStartAtTheFocusedView() throws {
    let controller = KeyCommandController()
    let window = show(controller)
    final class Recorder: Button {
      var began: [String] = []
      override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        began.append(presses.first?.key?.characters ?? "")
      }
      override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {}
    }
    let recorder = Recorder(type: .system)
    recorder.frame = Rect(x: 200, y: 20, width: 80, height: 40)
    controller.view.addSubview(recorder)
    #expect(try window.focusView(recorder))
    #expect(try window.pressKey(key("x")))
    #expect(recorder.began == ["x"])
    #expect(controller.log.isEmpty)  // the focused view took it; the controller never saw it
  }
}
