import JSONRPC

/// `compctl watch`'s human output: one line per server notification.
///
///     r5 ← r4: frame n3, update n7 {"text":"ann"}
///     emitted login {"hasPassword":false,"username":"ann"}
///     reset r9 (crashed: its scene host killed by signal 9 (SIGKILL)): 7 nodes
///     closed (closed)
///     announcement "Signing in as ann"
enum NotificationText {
  /// The most ops listed on one line; the rest are counted.
  static let maximumOps = 12

  /// The line for the notification `method` with `params`.
  static func line(method: String, params: JSON) -> String {
    switch method {
    case "scene.changed":
      let ops = params["ops"]?.arrayValue ?? []
      return "\(revisionLabel(params["revision"])) ← \(revisionLabel(params["base"])): "
        + summary(of: ops)
    case "scene.emitted":
      let name = params["name"]?.stringValue ?? "?"
      guard let payload = params["payload"], !payload.isNull else { return "emitted \(name)" }
      return "emitted \(name) \(payload.serialized())"
    case "scene.reset":
      // The whole tree was replaced (its scene host crashed, hung or was upgraded): the
      // revision it starts from, why, and how big the new tree is.
      var line = "reset \(revisionLabel(params["revision"])) (\(reason(params)))"
      if let root = params["root"].flatMap(WireNode.init) {
        line += ": \(root.nodeCount) node\(root.nodeCount == 1 ? "" : "s")"
      }
      return line
    case "scene.closed":
      return "closed (\(reason(params)))"
    case "scene.announcement":
      return AnnouncementText.line(params)
    default:
      return params.isNull ? method : "\(method) \(params.serialized())"
    }
  }

  /// `frame n3, update n7 {"text":"ann"}, insert n9 (label) in n2 at 0, remove n4`;
  /// `no changes`
  /// for an empty list.
  static func summary(of ops: [JSON]) -> String {
    if ops.isEmpty { return "no changes" }
    var parts = ops.prefix(maximumOps).map(describe)
    if ops.count > maximumOps { parts.append("… \(ops.count - maximumOps) more") }
    return parts.joined(separator: ", ")
  }

  /// One op in a few words.
  static func describe(_ op: JSON) -> String {
    let name = op["op"]?.stringValue ?? "?"
    switch name {
    case "insert":
      let node = op["node"]
      var text = "insert " + identifier(node?["id"])
      if let type = node?["type"]?.stringValue { text += " (\(type))" }
      text += " in " + identifier(op["parent"])
      if let index = op["index"]?.intValue { text += " at \(index)" }
      return text
    case "remove":
      return "remove " + identifier(op["id"])
    case "update":
      // The changed props with their new values (null: back to the default). A secure
      // field's text is never among them: compd sends only its length.
      return "update " + identifier(op["id"]) + " " + (op["props"] ?? [:]).serialized()
    case "key":
      let key = op["key"]?.stringValue.map { "\"\($0)\"" } ?? "none"
      return "key " + identifier(op["id"]) + " " + key
    case "frame":
      return "frame " + identifier(op["id"])
    default:
      return name + (op["id"].map { " " + identifier($0) } ?? "")
    }
  }

  /// `reason`, or `reason: detail` when compd says more (a quarantined component).
  static func reason(_ params: JSON) -> String {
    let reason = params["reason"]?.stringValue ?? "no reason given"
    guard let detail = params["detail"]?.stringValue, !detail.isEmpty else { return reason }
    return reason + ": " + detail
  }

  private static func identifier(_ value: JSON?) -> String {
    guard let value else { return "?" }
    return value.stringValue ?? value.serialized()
  }
}
