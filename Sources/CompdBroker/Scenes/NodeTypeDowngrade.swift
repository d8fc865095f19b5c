import CompdProtocol
import JSONRPC

/// What one subscriber that declared the node types it draws (`capabilities` of
/// `scene.open`, `scene.subscribe`, `scene.layout`) receives instead of the tree as it is:
/// a node of a type it did not declare arrives as a plain `view` with its key, frame,
/// children and the props every node has (``commonProps``), and none of its type's own,
/// so that an older client still draws something sensible in its place.
///
/// It follows the tree the subscriber knows (from the snapshot it was given and each
/// change since) so that a later `update` of a downgraded node loses its type's props too.
/// Only a subscriber that declared a limited set has one: the others get the tree's bytes
/// as they are, serialized once for all of them.
struct NodeTypeDowngrade: Equatable {
  /// The props every node type has, kept on a downgraded node.
  static let commonProps: Set<String> = [
    "hidden", "alpha", "backgroundColor", "cornerRadius", "borderWidth", "borderColor",
    "interactive", "clips",
  ]

  /// The node types the subscriber draws.
  let drawnTypes: Set<String>
  /// The ids of the nodes sent as `view` in place of their own type.
  private(set) var downgraded: Set<String> = []
  /// Each node's parent, and each node's children, as the subscriber has the tree.
  private var parents: [String: String] = [:]
  private var children: [String: [String]] = [:]

  /// A downgrade for a client that draws `types`; `nil` when it draws every type compd
  /// sends (nothing to change).
  init?(drawing types: Set<String>) {
    guard !NodeTypeVersions.all.isSubset(of: types) else { return nil }
    drawnTypes = types.union(["view"])
  }

  /// Reads `capabilities` (`{protocol?, nodeTypes?}`): the types of the declared protocol
  /// version and the listed node types. `nil` (every type) when nothing is declared or
  /// what is declared covers every type. An unknown type or version is `-32602` naming
  /// the member.
  init?(capabilities: JSON?) throws(RPCError) {
    guard let capabilities, capabilities != .null else { return nil }
    guard let object = capabilities.objectValue else {
      throw .invalidParams("capabilities must be an object", field: "capabilities")
    }
    for name in object.keys where name != "protocol" && name != "nodeTypes" {
      throw .invalidParams(
        "capabilities.\(name) is not a capability (protocol, nodeTypes)",
        field: "capabilities.\(name)")
    }
    var types = Set<String>()
    var declared = false
    if let member = object["protocol"] {
      let versions = NodeTypeVersions.introduced.map { String($0.version) }
      guard let version = member.intValue, let known = NodeTypeVersions.types(upTo: Int(version))
      else {
        throw .invalidParams(
          "capabilities.protocol must be one of \(versions.joined(separator: ", "))",
          field: "capabilities.protocol")
      }
      types.formUnion(known)
      declared = true
    }
    if let member = object["nodeTypes"] {
      guard let list = member.arrayValue else {
        throw .invalidParams(
          "capabilities.nodeTypes must be an array of node type names",
          field: "capabilities.nodeTypes")
      }
      for (index, item) in list.enumerated() {
        guard let name = item.stringValue, NodeTypeVersions.all.contains(name) else {
          throw .invalidParams(
            "capabilities.nodeTypes[\(index)] is not a node type: \(item.serialized())",
            field: "capabilities.nodeTypes")
        }
        types.insert(name)
      }
      declared = true
    }
    guard declared else { return nil }
    self.init(drawing: types)
  }

  /// `root` as a client with `downgrade` gets it in a one-off answer (`scene.open`,
  /// `scene.layout`): as it is when the client draws every type.
  static func tree(_ root: JSON, for downgrade: NodeTypeDowngrade?) -> JSON {
    guard var downgrade else { return root }
    return downgrade.snapshot(root)
  }

  /// The whole tree `root` as the subscriber gets it; what it knew before is forgotten.
  mutating func snapshot(_ root: JSON) -> JSON {
    downgraded = []
    parents = [:]
    children = [:]
    return adopt(root, parent: nil)
  }

  /// The ops of one change as the subscriber gets them: inserted nodes downgraded, the
  /// type's own props dropped from updates of downgraded nodes (an update left with no
  /// prop is dropped), removed nodes forgotten.
  mutating func ops(_ ops: [JSON]) -> [JSON] {
    var result: [JSON] = []
    result.reserveCapacity(ops.count)
    for op in ops {
      guard let fields = op.objectValue, let kind = fields["op"]?.stringValue else {
        result.append(op)
        continue
      }
      switch kind {
      case "insert":
        guard let node = fields["node"], let parent = fields["parent"]?.stringValue else {
          result.append(op)
          continue
        }
        var changed = fields
        changed["node"] = adopt(node, parent: parent)
        result.append(.object(changed))
      case "remove":
        if let id = fields["id"]?.stringValue { forget(id) }
        result.append(op)
      case "update":
        guard let id = fields["id"]?.stringValue, downgraded.contains(id),
          let props = fields["props"]?.objectValue
        else {
          result.append(op)
          continue
        }
        let kept = Self.common(props)
        guard !kept.isEmpty else { continue }
        var changed = fields
        changed["props"] = .object(kept)
        result.append(.object(changed))
      default:
        result.append(op)
      }
    }
    return result
  }

  /// `node` (with its subtree) as the subscriber gets it, recorded under `parent`.
  private mutating func adopt(_ node: JSON, parent: String?) -> JSON {
    guard var fields = node.objectValue, let id = fields["id"]?.stringValue else { return node }
    if let parent {
      parents[id] = parent
      children[parent, default: []].append(id)
    }
    if let type = fields["type"]?.stringValue, !drawnTypes.contains(type) {
      downgraded.insert(id)
      fields["type"] = "view"
      if let props = fields["props"]?.objectValue { fields["props"] = .object(Self.common(props)) }
    }
    if let list = fields["children"]?.arrayValue {
      fields["children"] = .array(list.map { adopt($0, parent: id) })
    }
    return .object(fields)
  }

  /// The props of `props` every node type has, in their order.
  private static func common(_ props: JSONObject) -> JSONObject {
    JSONObject(props.filter { commonProps.contains($0.key) }.map { ($0.key, $0.value) })
  }

  /// Forgets the node `id` and its subtree.
  private mutating func forget(_ id: String) {
    if let parent = parents.removeValue(forKey: id) {
      children[parent]?.removeAll { $0 == id }
    }
    var pending = [id]
    while let next = pending.popLast() {
      downgraded.remove(next)
      for child in children.removeValue(forKey: next) ?? [] {
        parents.removeValue(forKey: child)
        pending.append(child)
      }
    }
  }
}
