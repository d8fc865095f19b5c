/// An object that takes part in focus updates, as `UIFocusEnvironment`: views and view
/// controllers are environments (views are also ``FocusItem``s), and so is a
/// ``FocusGuide``.
///
/// The environments form a tree along ``parentFocusEnvironment``: a view's parent is its
/// controller when it is a controller's root view, else its superview; a controller's is
/// its view's superview. A focus update asks every environment that contains the item
/// losing or gaining focus (``shouldUpdateFocus(in:)``), then tells them
/// (``didUpdateFocus(in:with:)``).
@MainActor
public protocol FocusEnvironment: AnyObject {
  /// The environments, by priority, where this one prefers focus to go when focus updates
  /// in it (initial focus, ``setNeedsFocusUpdate()``). The engine searches them in order,
  /// recursively, until it finds a focusable item; an empty array means the environment
  /// itself (its first focusable item in reading order).
  var preferredFocusEnvironments: [FocusEnvironment] { get }
  /// The environment that contains this one, or `nil` at the window.
  var parentFocusEnvironment: FocusEnvironment? { get }
  /// Asks for a focus update from this environment's preferred focus, when this
  /// environment contains the focused item (or nothing is focused); it happens at
  /// ``updateFocusIfNeeded()`` or after the current input event.
  func setNeedsFocusUpdate()
  /// Runs a requested focus update now.
  func updateFocusIfNeeded()
  /// Whether focus may move as `context` describes (any affected environment may refuse).
  func shouldUpdateFocus(in context: FocusUpdateContext) -> Bool
  /// Focus moved as `context` describes.
  func didUpdateFocus(in context: FocusUpdateContext, with coordinator: FocusAnimationCoordinator)
}
