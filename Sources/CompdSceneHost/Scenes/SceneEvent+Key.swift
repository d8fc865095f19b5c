import CompdProtocol
import JSONRPC
import ScreenKit

extension SceneEvent {
  /// Reads a `key` event: `key` (a W3C UI Events `KeyboardEvent.key` value: one character
  /// or a named key such as `Enter`, `Tab`, `ArrowUp`), `modifiers` (optional array of
  /// `shift`, `control`, `alternate`, `command`) and `phase` (optional `down` or `up`;
  /// without it the event is a whole press, down then up). Each bad member is `-32602`
  /// naming it.
  static func key(json event: JSONObject) throws(RPCError) -> SceneEvent {
    guard let member = event["key"] else {
      throw .invalidParams("event.key is required", field: "event.key")
    }
    guard let name = member.stringValue else {
      throw .invalidParams("event.key must be a string", field: "event.key")
    }
    var modifiers: KeyModifierFlags = []
    if let list = event["modifiers"], list != .null {
      guard let names = list.arrayValue else {
        throw .invalidParams(
          "event.modifiers must be an array of shift, control, alternate, command",
          field: "event.modifiers")
      }
      for item in names {
        guard let text = item.stringValue, let flag = KeyModifierFlags.byName[text] else {
          throw .invalidParams(
            "event.modifiers may hold only shift, control, alternate, command, not \(item)",
            field: "event.modifiers")
        }
        modifiers.insert(flag)
      }
    }
    var phase: KeyPhase?
    if let member = event["phase"], member != .null {
      guard let text = member.stringValue, let value = KeyPhase(rawValue: text) else {
        throw .invalidParams("event.phase must be \"down\" or \"up\"", field: "event.phase")
      }
      phase = value
    }
    guard let key = Key(webKey: name, modifierFlags: modifiers) else {
      let reason = name.isEmpty ? "must not be empty" : "is not one character or a named key"
      throw .invalidParams(
        "event.key \(reason) (W3C KeyboardEvent.key values: Enter, Tab, Escape, ArrowUp, a …)"
          + (name.isEmpty ? "" : ", not \"\(name)\""), field: "event.key")
    }
    return .key(key, phase: phase)
  }
}
