import JSONRPC

/// What a thin client keeps of a scene: the node tree of a snapshot, with the ops of
/// `scene.changed` applied in order and each `scene.reset` replacing the whole tree, exactly
/// as docs/protocol.md defines them. Tests compare it with `scene.layout`.
struct ClientTree {
  private(set) var revision: Int
  private var nodes: [String: JSONObject] = [:]
  private var children: [String: [String]] = [:]
  private var parents: [String: String] = [:]
  private var rootID: String
  /// How many ops of each kind were applied (`insert`, `remove`, `update`, `frame`).
  private(set) var appliedOps: [String: Int] = [:]
  /// The `reason` of every `scene.reset` applied, in order.
  private(set) var resets: [String] = []

  /// A tree from a snapshot (`root` of `scene.open`, `scene.subscribe` or `scene.layout`).
  init(root: JSON, revision: Int) throws {
    self.revision = revision
    guard let id = root["id"]?.stringValue else { throw TestFailure("root without id") }
    rootID = id
    try add(root, parent: nil)
  }

  private mutating func add(_ node: JSON, parent: String?) throws {
    guard var object = node.objectValue, let id = object["id"]?.stringValue else {
      throw TestFailure("node without id: \(node.serialized())")
    }
    guard nodes[id] == nil else { throw TestFailure("node \(id) inserted twice") }
    let kids = object["children"]?.arrayValue ?? []
    object["children"] = nil
    nodes[id] = object
    children[id] = []
    if let parent { parents[id] = parent }
    for kid in kids {
      try add(kid, parent: id)
      children[id]!.append(kid["id"]!.stringValue!)
    }
  }

  private mutating func removeSubtree(_ id: String) {
    for kid in children[id] ?? [] { removeSubtree(kid) }
    nodes[id] = nil
    children[id] = nil
    parents[id] = nil
  }

  /// Applies one `scene.changed` params object; its `base` must be this tree's revision.
  mutating func apply(changed params: JSON) throws {
    guard let base = params["base"]?.intValue, let revision = params["revision"]?.intValue,
      let ops = params["ops"]?.arrayValue
    else { throw TestFailure("bad scene.changed: \(params.serialized())") }
    guard base == self.revision else {
      throw TestFailure("scene.changed base \(base) does not follow revision \(self.revision)")
    }
    for op in ops { try apply(op: op) }
    self.revision = Int(revision)
  }

  /// Replaces the tree with the `root` of one `scene.reset` params object and takes its
  /// revision: every change before it is void, whatever revision this tree had.
  mutating func apply(reset params: JSON) throws {
    guard let root = params["root"], let revision = params["revision"]?.intValue,
      let reason = params["reason"]?.stringValue
    else { throw TestFailure("bad scene.reset: \(params.serialized())") }
    var replaced = try ClientTree(root: root, revision: Int(revision))
    replaced.appliedOps = appliedOps
    replaced.resets = resets + [reason]
    self = replaced
  }

  /// Applies a `scene.changed` or `scene.reset` notification; false for any other message.
  @discardableResult
  mutating func apply(notification message: JSON) throws -> Bool {
    switch message["method"]?.stringValue {
    case "scene.changed": try apply(changed: message["params"]!)
    case "scene.reset": try apply(reset: message["params"]!)
    default: return false
    }
    return true
  }

  private mutating func apply(op: JSON) throws {
    let kind = op["op"]?.stringValue
    appliedOps[kind ?? "?", default: 0] += 1
    switch kind {
    case "remove":
      let id = op["id"]!.stringValue!
      guard nodes[id] != nil, let parent = parents[id] else {
        throw TestFailure("remove of unknown or root node \(id)")
      }
      children[parent]!.removeAll { $0 == id }
      removeSubtree(id)
    case "insert":
      let parent = op["parent"]!.stringValue!
      let index = Int(op["index"]!.intValue!)
      guard nodes[parent] != nil else { throw TestFailure("insert into unknown \(parent)") }
      guard index >= 0, index <= children[parent]!.count else {
        throw TestFailure("insert at \(index) into \(parent) with \(children[parent]!.count)")
      }
      try add(op["node"]!, parent: parent)
      children[parent]!.insert(op["node"]!["id"]!.stringValue!, at: index)
    case "update":
      let id = op["id"]!.stringValue!
      guard var node = nodes[id] else { throw TestFailure("update of unknown \(id)") }
      var props = node["props"]?.objectValue ?? [:]
      for (key, value) in op["props"]!.objectValue! {
        props[key] = value.isNull ? Optional<JSON>.none : value
      }
      node["props"] = .object(props)
      nodes[id] = node
    case "key":
      let id = op["id"]!.stringValue!
      guard nodes[id] != nil else { throw TestFailure("key of unknown \(id)") }
      let key = op["key"]!
      nodes[id]!["key"] = key.isNull ? nil : key
    case "frame":
      let id = op["id"]!.stringValue!
      guard nodes[id] != nil else { throw TestFailure("frame of unknown \(id)") }
      nodes[id]!["frame"] = op["frame"]!
    default:
      throw TestFailure("unknown op \(op.serialized())")
    }
  }

  /// The tree as the wire writes it.
  var root: JSON { json(rootID) }

  private func json(_ id: String) -> JSON {
    var node = nodes[id]!
    node["children"] = .array(children[id]!.map(json))
    return .object(node)
  }
}

extension SceneDaemon {
  /// A fresh daemon with `component` open as a scene and a client subscribed to it, holding
  /// the tree as that subscriber has it: how the tests that drive a scene as a client start.
  static func subscribed(to component: String) throws -> (
    daemon: SceneDaemon, client: RPCTestClient, scene: JSON, tree: ClientTree
  ) {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let scene = try client.call("scene.open", ["component": .string(component)])["scene"]!
    let subscribed = try client.call("scene.subscribe", ["scene": scene])
    let tree = try ClientTree(
      root: subscribed["root"]!, revision: Int(subscribed["revision"]!.intValue!))
    return (daemon, client, scene, tree)
  }
}
