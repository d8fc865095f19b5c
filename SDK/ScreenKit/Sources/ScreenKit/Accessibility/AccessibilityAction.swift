/// What an assistive technology asks an element to do: the wire's `accessibility` event
/// (docs/protocol.md, "Accessibility").
public enum AccessibilityAction: Hashable, Sendable, CustomStringConvertible {
  /// Activate it (VoiceOver's double tap): ``View/accessibilityActivate()``.
  case activate
  /// Raise an adjustable element's value: ``View/accessibilityIncrement()``.
  case increment
  /// Lower an adjustable element's value: ``View/accessibilityDecrement()``.
  case decrement
  /// Escape (VoiceOver's two-finger scrub): ``Responder/accessibilityPerformEscape()`` up
  /// the responder chain.
  case escape
  /// The custom action of that name (``View/accessibilityCustomActions``).
  case custom(String)

  /// The wire name: `activate`, `increment`, `decrement`, `escape`, or the custom action's
  /// name.
  public init(name: String) {
    switch name {
    case "activate": self = .activate
    case "increment": self = .increment
    case "decrement": self = .decrement
    case "escape": self = .escape
    default: self = .custom(name)
    }
  }

  /// The wire name.
  public var description: String {
    switch self {
    case .activate: "activate"
    case .increment: "increment"
    case .decrement: "decrement"
    case .escape: "escape"
    case .custom(let name): name
    }
  }
}
