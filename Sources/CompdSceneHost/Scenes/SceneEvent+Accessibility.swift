import CompdProtocol
import JSONRPC
import ScreenKit

/// The `accessibility` event: `{"type":"accessibility","target":ID,"action":A}`
/// (docs/protocol.md, "Accessibility").
extension SceneEvent {
  /// The `action` member: `activate`, `increment`, `decrement`, `escape` or a custom
  /// action's name; a missing, mistyped or empty one is `-32602` naming `event.action`.
  static func accessibilityAction(in event: JSONObject) throws(RPCError) -> AccessibilityAction {
    guard let member = event["action"] else {
      throw .invalidParams("event.action is required", field: "event.action")
    }
    guard let name = member.stringValue, !name.isEmpty else {
      throw .invalidParams(
        "event.action must be activate, increment, decrement, escape or a custom action's name",
        field: "event.action")
    }
    return AccessibilityAction(name: name)
  }

  /// The member an error of this event names for the client: an accessibility action the
  /// element does not have is `event.action`, an element that cannot take it
  /// `event.target`; other events name `event`.
  func field(for error: InputError) -> String {
    guard case .accessibility = self else { return "event" }
    if case .invalidValue = error { return "event.action" }
    return "event.target"
  }
}
