/// A key combination and the action it triggers, as `UIKeyCommand`.
///
/// A responder lists its commands in ``Responder/keyCommands``. When a key goes down, the
/// commands are matched along the responder chain from the first responder (else the
/// focused view, else the frontmost controller's view): a command matches when its
/// ``input`` equals the key's ``Key/charactersIgnoringModifiers`` (letters in either case)
/// and its ``modifierFlags`` equal the keys held (Caps Lock aside). As UIKit does since
/// iOS 15, the text input and focus systems see the key first (Tab and the arrows move
/// focus, Return and Space activate the focused control, typing goes to the field being
/// edited) and the commands get it only when they did not take it, unless the command
/// ``wantsPriorityOverSystemBehavior``. The action is sent up the responder chain from the
/// first responder, as a nil-targeted action; a command whose action no responder performs
/// is passed over.
@MainActor
public final class KeyCommand {
  /// The key's characters the command waits for: one character or one of the `input…`
  /// constants.
  public let input: String
  /// The modifier keys that must be held.
  public let modifierFlags: KeyModifierFlags
  /// The action sent up the responder chain, if the command has one.
  public let action: ResponderAction?
  /// The short title menus and the discoverability overlay show.
  public var title: String
  /// A longer title for the discoverability overlay, if any.
  public var discoverabilityTitle: String?
  /// Whether the command goes before the text input and focus systems (default `false`).
  public var wantsPriorityOverSystemBehavior = false
  /// Whether the command is greyed out and never performed.
  public var isDisabled = false
  private let handler: (@MainActor (KeyCommand) -> Void)?

  /// A command that sends `action` up the responder chain, as
  /// `UIKeyCommand(input:modifierFlags:action:)`.
  public init(input: String, modifierFlags: KeyModifierFlags = [], action: ResponderAction) {
    self.input = input
    self.modifierFlags = modifierFlags
    self.action = action
    self.title = ""
    self.handler = nil
  }

  /// A command with a title and an action, as
  /// `UIKeyCommand(title:action:input:modifierFlags:discoverabilityTitle:)`.
  public convenience init(
    title: String, action: ResponderAction, input: String, modifierFlags: KeyModifierFlags = [],
    discoverabilityTitle: String? = nil
  ) {
    self.init(input: input, modifierFlags: modifierFlags, action: action)
    self.title = title
    self.discoverabilityTitle = discoverabilityTitle
  }

  /// A command that runs `handler` (ScreenKit's form of a target's action method, as
  /// ``Action`` is for controls).
  public init(
    title: String = "", input: String, modifierFlags: KeyModifierFlags = [],
    discoverabilityTitle: String? = nil, handler: @escaping @MainActor (KeyCommand) -> Void
  ) {
    self.input = input
    self.modifierFlags = modifierFlags
    self.action = nil
    self.title = title
    self.discoverabilityTitle = discoverabilityTitle
    self.handler = handler
  }

  // MARK: UIKit's input strings for special keys

  /// The up arrow.
  nonisolated public static let inputUpArrow = "UIKeyInputUpArrow"
  /// The down arrow.
  nonisolated public static let inputDownArrow = "UIKeyInputDownArrow"
  /// The left arrow.
  nonisolated public static let inputLeftArrow = "UIKeyInputLeftArrow"
  /// The right arrow.
  nonisolated public static let inputRightArrow = "UIKeyInputRightArrow"
  /// Escape.
  nonisolated public static let inputEscape = "UIKeyInputEscape"
  /// Page Up.
  nonisolated public static let inputPageUp = "UIKeyInputPageUp"
  /// Page Down.
  nonisolated public static let inputPageDown = "UIKeyInputPageDown"
  /// Home.
  nonisolated public static let inputHome = "UIKeyInputHome"
  /// End.
  nonisolated public static let inputEnd = "UIKeyInputEnd"
  /// Delete forwards.
  nonisolated public static let inputDelete = "UIKeyInputDelete"
  /// Return.
  nonisolated public static let inputReturn = "\r"
  /// Tab.
  nonisolated public static let inputTab = "\t"
  /// Space.
  nonisolated public static let inputSpace = " "

  // MARK: Matching

  func matches(_ key: Key) -> Bool {
    guard !isDisabled,
      key.modifierFlags.intersection(KeyModifierFlags.chordFlags)
        == modifierFlags.intersection(KeyModifierFlags.chordFlags)
    else { return false }
    if input == key.charactersIgnoringModifiers { return true }
    return input.count == 1 && input.lowercased() == key.charactersIgnoringModifiers.lowercased()
  }

  /// Whether the command can run from `responder`: it has a handler, or some responder up
  /// the chain performs its action.
  func canPerform(from responder: Responder) -> Bool {
    if handler != nil { return true }
    guard let action else { return false }
    return responder.target(forAction: action, withSender: self) != nil
  }

  /// Runs the command from `responder`. Returns whether it ran.
  func perform(from responder: Responder) -> Bool {
    if let handler {
      handler(self)
      return true
    }
    guard let action else { return false }
    return responder.sendAction(action, sender: self)
  }
}
