import CompdProtocol
import JSONRPC

/// A scene host's answer to a request, or the params of its notification, as the broker
/// reads them: the members it acts on as a tree, the scene's bulk (`HostPayload`: ops,
/// tree, restorable state) as the text the host wrote, which the broker splices into what
/// it sends on.
struct HostAnswer: Sendable {
  /// The members other than the payloads.
  var fields: JSONObject
  /// The payload members, by name.
  var payloads: [String: RawJSON]

  /// An answer with these members.
  init(fields: JSONObject = [:], payloads: [String: RawJSON] = [:]) {
    self.fields = fields
    self.payloads = payloads
  }

  /// The member `name` (not a payload).
  subscript(name: String) -> JSON? { fields[name] }

  /// The ops of a change (`[]` or absent: nothing changed).
  var ops: RawJSON? { payloads["ops"] }

  /// A scene's whole tree.
  var root: RawJSON? { payloads["root"] }

  /// The scene's restorable state, when the host encoded it: `null` when it has none.
  var state: RawJSON? { payloads["state"] }

  /// The events the component emitted, each `{name, payload}`.
  var emitted: [RawJSON] { payloads["emitted"]?.elements ?? [] }

  /// The accessibility notifications posted, each `{kind, text?, node?}`.
  var announcements: [RawJSON] { payloads["announcements"]?.elements ?? [] }

}
