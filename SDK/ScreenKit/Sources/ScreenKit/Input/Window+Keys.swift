/// Whether a key event is the key going down or coming up.
public enum KeyPhase: String, Sendable, Hashable, CaseIterable {
  /// The key went down.
  case down
  /// The key came up.
  case up
}

/// Hardware keys: the host's `key` and `focus` events.
extension Window {
  /// A key of a hardware keyboard or a D-pad panel went down or came up (`phase`); `nil`
  /// is a whole press, down then up. Returns whether anything handled it.
  ///
  /// A key going down is offered, in this order (UIKit's since iOS 15, see ``KeyCommand``):
  /// 1. key commands that want priority over the system, along the responder chain from
  ///    the first responder (else the focused view, else the frontmost controller's view);
  /// 2. the text input system, when a text field, text view or search bar is being edited:
  ///    a printable key types its character at the end of the text, Backspace deletes the
  ///    last character, Return is the return key, and the left and right arrows, Home and
  ///    End are the caret's (which ScreenKit keeps at the end): they are taken and do
  ///    nothing else;
  /// 3. the focus system (see ``FocusSystem``): Tab and Shift-Tab move to the next and
  ///    previous item in reading order, the arrows move geometrically; Return and Space
  ///    (the `select` press) activate the focused view as a tap at its centre would: a
  ///    button sends its actions, a switch toggles, a cell selects its row;
  /// 4. the other key commands, along the same chain;
  /// 5. the responders: ``Responder/pressesBegan(_:with:)`` from the first responder (else
  ///    the focused view) up the chain; the press is handled unless it reaches the end of
  ///    the chain;
  /// 6. Escape (the `menu` press) that no responder took is VoiceOver's escape from the
  ///    responder that got the press (``Responder/accessibilityPerformEscape()`` up the
  ///    chain: an alert's cancel action, a sheet's dismissal, a navigation controller's
  ///    pop), else goes back (``back()``), as the tvOS remote's Menu button pops a
  ///    navigation controller: a D-pad panel has no other way back.
  ///
  /// A key coming up ends its press: the responders that got `pressesBegan` get
  /// ``Responder/pressesEnded(_:with:)`` (handled unless it reaches the end of the chain); a
  /// key whose down a command or the system took is handled by them again; an up with no
  /// down does nothing.
  @discardableResult
  public func pressKey(_ key: Key, phase: KeyPhase? = nil) throws(InputError) -> Bool {
    guard !isHidden else {
      throw .notInteractive(view: "Window", reason: "the window is hidden")
    }
    Window.active = self
    defer { afterInput() }
    layoutIfNeeded()  // the search reads frames
    switch phase {
    case .down: return keyDown(key)
    case .up: return keyUp(key)
    case nil:
      let down = keyDown(key)
      layoutIfNeeded()
      let up = keyUp(key)
      return down || up
    }
  }

  /// Moves focus to `view` as a `focus` event does; a text field or search bar also begins
  /// editing. Throws `unsupported` for a view that cannot be focused.
  @discardableResult
  public func focusView(_ view: View) throws(InputError) -> Bool {
    try requireInteractive(view)  // hidden, transparent, disabled: refused as any input
    defer { afterInput() }
    if !focusSystem.isCandidate(view) {
      guard view.canBecomeFirstResponder else {
        throw .unsupported(event: "focus", view: view.inputName)
      }
      return view.becomeFirstResponder()  // an editable view that is not focusable now
    }
    guard focusSystem.focus(view) else { return false }
    guard view.canBecomeFirstResponder else { return true }
    // Focused already but no longer editing (after a `blur`): it begins editing again.
    return view.isFirstResponder || view.becomeFirstResponder()
  }

  // MARK: Steps

  private func keyDown(_ key: Key) -> Bool {
    let system = focusSystem
    system.isActive = true
    let identity = key.pressIdentity
    system.consumedKeys.remove(identity)
    system.pressesDown[identity] = nil
    let start = pressResponder
    if let command = start.keyCommand(matching: key, priorityOnly: true),
      command.perform(from: start)
    {
      system.consumedKeys.insert(identity)
      return true
    }
    if typeIntoEditor(key) || focusSystemTakes(key) {
      system.consumedKeys.insert(identity)
      return true
    }
    let after = pressResponder  // the system may have moved focus
    if let command = after.keyCommand(matching: key, priorityOnly: false),
      command.perform(from: after)
    {
      system.consumedKeys.insert(identity)
      return true
    }
    let press = Press(key: key, window: self)
    press.responder = after
    let event = PressesEvent(presses: [press])
    after.pressesBegan([press], with: event)
    system.pressesDown[identity] = (press, after)
    if event.reachedEndOfChain, press.type == .menu {
      // Escape as VoiceOver's; then tvOS's Menu press nobody took, which goes back.
      return performEscape(from: after) || back()
    }
    return !event.reachedEndOfChain
  }

  private func keyUp(_ key: Key) -> Bool {
    let system = focusSystem
    let identity = key.pressIdentity
    if system.consumedKeys.remove(identity) != nil { return true }
    guard let (press, responder) = system.pressesDown.removeValue(forKey: identity) else {
      return false
    }
    press.phase = .ended
    let event = PressesEvent(presses: [press])
    responder.pressesEnded([press], with: event)
    return !event.reachedEndOfChain
  }

  /// Where presses and key commands start: the first responder, else the focused view,
  /// else the frontmost controller's view, else the window.
  private var pressResponder: Responder {
    if let first = firstResponder { return first }
    if let focused = focusedView, focused.window === self { return focused }
    guard var deepest = topLevelControllers.last else { return self }
    while let next = deepest.deepestVisibleChild { deepest = next }
    return deepest.viewIfLoaded ?? self
  }

  /// The text input system's share of a key (see ``pressKey(_:phase:)``).
  private func typeIntoEditor(_ key: Key) -> Bool {
    guard let editor = firstResponder as? TextInputReceiving,
      key.modifierFlags.isDisjoint(with: [.command, .control])
    else { return false }
    let text = Self.editedText(of: editor)
    switch key.keyCode {
    case .keyboardReturnOrEnter:
      _ = editor.receiveReturnKey()
      return true
    case .keyboardDeleteOrBackspace:
      if !text.isEmpty { _ = editor.receiveTextReplacement(String(text.dropLast())) }
      return true
    case .keyboardLeftArrow, .keyboardRightArrow, .keyboardHome, .keyboardEnd:
      return true
    default:
      guard key.typesText else { return false }
      _ = editor.receiveTextReplacement(text + key.characters)
      return true
    }
  }

  private static func editedText(of editor: TextInputReceiving) -> String {
    switch editor {
    case let field as TextField: field.text ?? ""
    case let bar as SearchBar: bar.text ?? ""
    case let textView as TextView: textView.text ?? ""
    default: ""
    }
  }

  /// The focus system's share of a key (see ``pressKey(_:phase:)``).
  private func focusSystemTakes(_ key: Key) -> Bool {
    let modifiers = key.modifierFlags.intersection(KeyModifierFlags.chordFlags)
    let system = focusSystem
    switch key.keyCode {
    case .keyboardTab where modifiers == [] || modifiers == .shift:
      return system.move(modifiers == .shift ? .previous : .next)
    case .keyboardUpArrow where modifiers.isEmpty: return system.move(.up)
    case .keyboardDownArrow where modifiers.isEmpty: return system.move(.down)
    case .keyboardLeftArrow where modifiers.isEmpty: return system.move(.left)
    case .keyboardRightArrow where modifiers.isEmpty: return system.move(.right)
    case .keyboardReturnOrEnter, .keyboardSpacebar:
      guard modifiers.isEmpty, let focused = system.focusedView, system.isCandidate(focused),
        !focused.isFirstResponder
      else { return false }
      return (try? tap(focused)) ?? false
    default: return false
    }
  }
}
