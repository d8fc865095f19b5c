/// An action an assistive technology offers on an element besides activating it, as
/// `UIAccessibilityCustomAction` (VoiceOver's actions rotor; on the wire, `a11y.actions`
/// and the `accessibility` event with the action's name).
@MainActor
open class AccessibilityCustomAction {
  /// The name the user hears and a client sends back to perform it.
  open var name: String
  /// What the action does; it returns whether it succeeded.
  public let actionHandler: @MainActor (AccessibilityCustomAction) -> Bool

  /// An action named `name` that runs `handler`, as UIKit's `init(name:actionHandler:)`.
  public init(
    name: String, actionHandler handler: @escaping @MainActor (AccessibilityCustomAction) -> Bool
  ) {
    self.name = name
    self.actionHandler = handler
  }

  /// An action named `name` that calls `action` on `target` (held weakly), UIKit's
  /// target/selector form with an unapplied method reference; it fails once the target is
  /// gone.
  public convenience init<Target: AnyObject>(
    name: String, target: Target,
    action: @escaping (Target) -> @MainActor (AccessibilityCustomAction) -> Bool
  ) {
    self.init(name: name) { [weak target] custom in
      guard let target else { return false }
      return action(target)(custom)
    }
  }

  /// Runs the handler.
  public func perform() -> Bool { actionHandler(self) }
}
