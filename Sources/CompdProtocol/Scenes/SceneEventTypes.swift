/// The types of input event a client sends in `scene.event` (`event.type`), for the
/// broker's schema of the method and the scene host's error messages. The host decodes and
/// validates each event (`SceneEvent`); the broker only relays it.
package enum SceneEventTypes {
  /// Every event type, in the order docs/protocol.md lists them.
  package static let all = [
    "tap", "touch", "text", "focus", "blur", "submit", "clear", "toggle", "scroll", "swipe",
    "value", "keyboard", "back", "accessibility", "key",
  ]
}
