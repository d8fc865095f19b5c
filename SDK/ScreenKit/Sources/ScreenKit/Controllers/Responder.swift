/// An object that can respond to and handle events, as `UIResponder`.
///
/// Views and view controllers are responders; `next` forms the responder chain: a view's
/// next responder is its controller when it is a controller's root view, else its superview;
/// a controller's is its view's superview, else its parent, else the presenting controller.
@MainActor
open class Responder {
  /// A responder.
  public init() {}

  /// The next responder in the chain, or `nil` at its end.
  open var next: Responder? { nil }

  /// Dismisses what this responder shows modally or goes back (VoiceOver's escape
  /// gesture, the `escape` accessibility action); returns whether it did. `false` by
  /// default: the window asks each responder up the chain from the element until one
  /// returns `true`, as UIKit does.
  open func accessibilityPerformEscape() -> Bool { false }

  // MARK: First responder

  /// Whether this responder can become first responder (default `false`; enabled text
  /// fields say `true`).
  open var canBecomeFirstResponder: Bool {
    (self as? FirstResponderEditing)?.canBeginEditing ?? false
  }

  /// Whether this responder lets go of first-responder status when asked (default `true`).
  open var canResignFirstResponder: Bool { true }

  /// The window whose first responder this responder would be.
  var responderWindow: Window? {
    if let view = self as? View { return view.window }
    if let controller = self as? ViewController { return controller.viewIfLoaded?.window }
    return nil
  }

  /// Whether this responder is its window's first responder.
  public var isFirstResponder: Bool {
    guard let window = responderWindow else { return false }
    return window.firstResponder === self
  }

  /// Makes this responder its window's first responder, as UIKit: it must be able to
  /// (`canBecomeFirstResponder`), be in a window and agree (a text field asks its delegate),
  /// then the current first responder must resign. Returns whether it is first responder
  /// now.
  @discardableResult
  open func becomeFirstResponder() -> Bool {
    if isFirstResponder { return true }
    guard canBecomeFirstResponder, let window = responderWindow else { return false }
    // The new responder is asked first, then the current one resigns (UIKit asks the new
    // field's textFieldShouldBeginEditing before the old field's textFieldShouldEndEditing).
    guard (self as? FirstResponderEditing)?.shouldBeginEditing() ?? true else { return false }
    if let current = window.firstResponder, current !== self {
      guard current.resignFirstResponder() else { return false }
    }
    window.firstResponder = self
    (self as? FirstResponderEditing)?.didBeginEditing()
    if window.keyboardHeight > 0 { window.notifyKeyboardObservers() }
    return true
  }

  /// Gives up first-responder status. Returns `false` when the responder refuses
  /// (`canResignFirstResponder`, or a text field's delegate), `true` otherwise.
  @discardableResult
  open func resignFirstResponder() -> Bool {
    guard isFirstResponder, let window = responderWindow else { return true }
    guard canResignFirstResponder else { return false }
    guard (self as? FirstResponderEditing)?.shouldEndEditing() ?? true else { return false }
    window.firstResponder = nil
    (self as? FirstResponderEditing)?.didEndEditing()
    return true
  }

  // MARK: Touches

  /// Fingers touched down in this responder's view. The default passes them to the next
  /// responder, as UIKit's; a view that handles touches overrides all four methods.
  open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    next?.touchesBegan(touches, with: event)
  }

  /// Fingers moved; the default passes them to the next responder.
  open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    next?.touchesMoved(touches, with: event)
  }

  /// Fingers lifted; the default passes them to the next responder.
  open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    next?.touchesEnded(touches, with: event)
  }

  /// The system stopped tracking fingers (a gesture recognizer took them); the default
  /// passes them to the next responder.
  open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    next?.touchesCancelled(touches, with: event)
  }

  // MARK: Presses and key commands (Input/Responder+Presses.swift)

  /// The key commands this responder handles, as `UIResponder.keyCommands` (default
  /// `nil`). A key press is matched against them along the responder chain from the first
  /// responder (else the focused view); see ``Window/pressKey(_:phase:)``.
  open var keyCommands: [KeyCommand]? { nil }

  /// A physical button (a key) went down. The default passes the presses to the next
  /// responder, as UIKit; override without calling `super` to handle them.
  open func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
    forwardPresses(presses, event) { $0.pressesBegan($1, with: $2) }
  }

  /// A pressed button changed (its force); the default passes it on.
  open func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) {
    forwardPresses(presses, event) { $0.pressesChanged($1, with: $2) }
  }

  /// A pressed button was let go; the default passes it on.
  open func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
    forwardPresses(presses, event) { $0.pressesEnded($1, with: $2) }
  }

  /// The system cancelled a press (its scene went away); the default passes it on.
  open func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
    forwardPresses(presses, event) { $0.pressesCancelled($1, with: $2) }
  }

  // MARK: Actions

  /// Whether this responder handles `action` (default `false`). Override with
  /// `perform(_:sender:)` to take part in nil-targeted actions.
  open func canPerformAction(_ action: ResponderAction, withSender sender: Any?) -> Bool { false }

  /// Performs `action`; called only when `canPerformAction` said yes.
  open func perform(_ action: ResponderAction, withSender sender: Any?) {}

  /// The first responder from this one up the chain that can perform `action`.
  public func target(forAction action: ResponderAction, withSender sender: Any?) -> Responder? {
    var current: Responder? = self
    var steps = 0
    while let responder = current, steps < 10_000 {
      if responder.canPerformAction(action, withSender: sender) { return responder }
      current = responder.next
      steps += 1
    }
    return nil
  }

  /// Routes `action` up the responder chain from this responder to the first that can
  /// perform it. Returns whether one did.
  @discardableResult
  public func sendAction(_ action: ResponderAction, sender: Any?) -> Bool {
    guard let target = target(forAction: action, withSender: sender) else { return false }
    target.perform(action, withSender: sender)
    return true
  }
}

/// A named action routed up the responder chain, ScreenKit's form of a nil-targeted selector.
public struct ResponderAction: Hashable, Sendable, CustomStringConvertible {
  /// The action's name.
  public var name: String

  /// An action with a name.
  public init(_ name: String) { self.name = name }

  /// Go back one level (a navigation controller pops).
  public static let goBack = ResponderAction("goBack")

  /// The name.
  public var description: String { name }
}

/// A responder that edits text: asked before beginning and ending editing and told after,
/// in the order `becomeFirstResponder()`/`resignFirstResponder()` need (text fields).
@MainActor
protocol FirstResponderEditing: AnyObject {
  var canBeginEditing: Bool { get }
  func shouldBeginEditing() -> Bool
  func didBeginEditing()
  func shouldEndEditing() -> Bool
  func didEndEditing()
}
