/// An environment that can itself take focus, as `UIFocusItem`. ScreenKit's focus engine
/// focuses views: ``View`` is the focus item.
@MainActor
public protocol FocusItem: FocusEnvironment {
  /// Whether the item may be focused now (it must also be visible, enabled and not
  /// behind a presented controller).
  var canBecomeFocused: Bool { get }
  /// Whether the item is its window's focused item.
  var isFocused: Bool { get }
  /// The item's focus group; `nil` inherits its parent environment's.
  var focusGroupIdentifier: String? { get }
  /// The item's frame in window coordinates, where the geometric search looks.
  var focusFrame: Rect { get }
}
