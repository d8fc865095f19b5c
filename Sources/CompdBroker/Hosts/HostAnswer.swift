import CompdProtocol
import JSONRPC

/// A scene host's answer to a request, or the params of its notification, as the broker
/// reads them: the members it acts on as a tree, the scene's bulk (`HostPayload`: ops,
/// tree, restorable state) as the text the host wrote, which the broker splices into what
/// it sends on.
struct HostAnswer: Sendable {
  /// The members other than the payloads.
  var fields: JSONObject
  /// The ops of a change (`[]` or absent: nothing changed).
  var ops: RawJSON?
  /// A scene's whole tree.
  var root: RawJSON?
  /// The scene's restorable state, when the host encoded it: `null` when it has none.
  var state: RawJSON?
  /// The events the component emitted, as one array.
  private var emittedArray: RawJSON?
  /// The accessibility notifications posted, as one array.
  private var announcementArray: RawJSON?

  /// An answer with these members; `payloads` are the members `HostPayload.names` lists,
  /// by name.
  init(fields: JSONObject = [:], payloads: RawJSONMembers = [:]) {
    self.fields = fields
    // One pass over the few payloads the host wrote, instead of a lookup per name.
    for (name, payload) in payloads {
      switch name {
      case "ops": ops = payload
      case "root": root = payload
      case "state": state = payload
      case "emitted": emittedArray = payload
      case "announcements": announcementArray = payload
      default: continue
      }
    }
  }

  /// The member `name` (not a payload).
  subscript(name: String) -> JSON? { fields[name] }

  /// The events the component emitted, each `{name, payload}`.
  var emitted: [RawJSON] { emittedArray?.elements ?? [] }

  /// The accessibility notifications posted, each `{kind, text?, node?}`.
  var announcements: [RawJSON] { announcementArray?.elements ?? [] }
}
