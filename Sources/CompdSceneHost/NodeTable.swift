import CompdProtocol
import JSONRPC
import ScreenKit

/// The nodes of one scene as its clients were last told them, and the diff that brings
/// them up to date.
///
/// Each view gets a node id (`n1`, `n2`, …) the first time it is seen; the id stays for as
/// long as the view stays in the window. `refresh(root:)` walks the view tree, builds the
/// new records and returns the ops (`remove`, `insert`, `key`, `frame`, `update`) that turn
/// the old records into the new ones when applied in order, as docs/protocol.md defines them.
@MainActor
final class NodeTable {
  /// What a client knows of one node.
  struct Record: Equatable {
    var parent: String?
    var type: String
    var key: String?
    var frame: Rect
    var props: JSONObject
    var children: [String]
  }

  /// A view and its node id. The view is held strongly, as the window holds it: only views
  /// in the tree at the last refresh are kept (`forget` and full walks drop the others), and
  /// a weak reference would give every view a side table that slows each retain of it.
  private struct Identity {
    let view: View
    var id: String
  }

  private var identities: [ObjectIdentifier: Identity] = [:]
  private var nextNumber = 1
  private(set) var records: [String: Record] = [:]
  private(set) var rootID: String?
  private var viewsByID: [String: Identity] = [:]
  private var idsByKey: [String: String] = [:]
  /// Whether each incremental refresh is checked against a full walk of the tree
  /// (`verify-diffs`); a difference stops the scene host with both versions.
  let verifiesIncrementalRefresh: Bool
  /// The scene these nodes are of, named when a check fails.
  private let scene: String

  /// An empty table for `scene`, checking each incremental refresh when
  /// `verifiesIncrementalRefresh` is set.
  init(scene: String, verifiesIncrementalRefresh: Bool = false) {
    self.scene = scene
    self.verifiesIncrementalRefresh = verifiesIncrementalRefresh
  }

  /// The views of the last refresh, for events that name a node by id or key.
  func view(forTarget target: String) -> View? {
    if let identity = viewsByID[target] { return identity.view }
    if let id = idsByKey[target], let identity = viewsByID[id] { return identity.view }
    return nil
  }

  /// The node id of `view`, if it was in the tree at the last refresh.
  func id(of view: View) -> String? {
    guard let identity = identities[ObjectIdentifier(view)], identity.view === view else {
      return nil
    }
    return identity.id
  }

  /// Walks the tree under `root` and returns the ops from the previous records to the new
  /// ones (empty when nothing a client sees changed). The first call returns no ops: it
  /// only records the tree.
  func refresh(root: View) -> [JSON] {
    (try? refresh(root: root, limit: .unlimited)) ?? []  // without a limit it cannot fail
  }

  /// `refresh(root:)` for a tree of at most `limit` nodes. A larger tree throws before
  /// more than `limit` records are built, and leaves the table as it was.
  func refresh(root: View, limit: SceneNodeLimit) throws(SceneNodeLimit.Exceeded) -> [JSON] {
    let walked: Subtree
    do throws(NodeBudgetSpent) {
      walked = try walk(root, parent: nil, budget: limit.maximum)
    } catch {
      throw limit.exceeded(by: root)
    }
    let (newRoot, fresh, seen, keys) = walked
    let old = records
    let oldRoot = rootID
    records = fresh
    rootID = newRoot
    identities = seen
    idsByKey = keys
    viewsByID = Dictionary(uniqueKeysWithValues: seen.values.map { ($0.id, $0) })
    guard let oldRoot, oldRoot == newRoot else { return [] }
    return Self.diff(from: old, to: fresh, root: newRoot)
  }

  /// Like `refresh(root:)`, but re-reads only `changed` (the views `DisplayJournal` recorded
  /// since the last refresh) and the subtrees inserted under them, instead of the whole
  /// tree. Falls back to a full walk for what it does not follow: a view that moved to
  /// another parent.
  func refresh(root: View, changed: [View]) -> [JSON] {
    (try? refresh(root: root, changed: changed, limit: .unlimited)) ?? []
  }

  /// `refresh(root:changed:)` for a tree of at most `limit` nodes. A larger tree throws
  /// before more than `limit` records are built; the table is then not to be used again
  /// (its scene is closed).
  func refresh(root: View, changed: [View], limit: SceneNodeLimit)
    throws(SceneNodeLimit.Exceeded) -> [JSON]
  {
    guard let rootID, id(of: root) == rootID else { return try refresh(root: root, limit: limit) }
    var dirty: [(id: String, view: View)] = []
    var dirtyIDs = Set<String>()
    for view in changed {
      guard let id = id(of: view), !dirtyIDs.contains(id) else { continue }
      var top = view
      while let parent = top.superview { top = parent }
      guard top === root else { continue }  // gone: its old parent is in `changed` too
      dirty.append((id, view))
      dirtyIDs.insert(id)
    }
    if dirty.isEmpty { return [] }
    // The records of the dirty nodes before this refresh. Not a copy of all records: a copy
    // held while they change would copy every record of the scene on each change.
    var befores: [Record] = []
    befores.reserveCapacity(dirty.count)
    // What it does not follow is found before anything changes: the full walk then diffs
    // from the records as the clients have them.
    for (id, view) in dirty {
      guard let before = records[id] else { return try refresh(root: root, limit: limit) }
      let parent = view.superview.flatMap { self.id(of: $0) }
      if parent != before.parent { return try refresh(root: root, limit: limit) }
      for subview in view.subviews {
        if let childID = self.id(of: subview), records[childID]?.parent != id {
          return try refresh(root: root, limit: limit)  // moved here
        }
      }
      befores.append(before)
    }
    var removed: [String] = []
    var structureChanged = false
    for ((id, view), before) in zip(dirty, befores) {
      // A reused view (a list's cell showing another row) keeps its node under a new key.
      if view.accessibilityIdentifier != before.key { structureChanged = true }
      var children: [String] = []
      children.reserveCapacity(view.subviews.count)
      for subview in view.subviews {
        if let childID = self.id(of: subview) {
          children.append(childID)
        } else {
          children.append(try collectNew(subview, parent: id, root: root, limit: limit))
          structureChanged = true
        }
      }
      if children != before.children {
        let kept = Set(children)
        for child in before.children where !kept.contains(child) {
          removed.append(child)
          structureChanged = true
        }
      }
      records[id] = Record(
        parent: before.parent, type: before.type, key: view.accessibilityIdentifier,
        frame: view.frame,
        props: NodeEncoding.nodeProps(of: view, type: before.type, children: children),
        children: children)
    }
    // The transitions of the views leaving, taken while their ids still name them.
    let exits = removed.compactMap { id in
      viewsByID[id].flatMap { ViewTransitions.take(for: $0.view) }.map { (id, $0) }
    }
    for id in removed { forget(id) }
    if dirtyIDs.contains(rootID) {  // the root's `focused` names a node known only now
      NodeEncoding.addFocused(of: root, to: &records[rootID]!.props) { self.id(of: $0) }
    }
    if structureChanged { rebuildKeys() }
    if verifiesIncrementalRefresh { verify(root: root) }

    var ops: [JSON] = []
    let exitAnimations = Dictionary(exits, uniquingKeysWith: { first, _ in first })
    for id in removed.sorted(by: Self.nodeOrder) {
      var op: JSONObject = ["op": "remove", "id": .string(id)]
      if let exit = exitAnimations[id] { op["animation"] = NodeEncoding.animation(exit) }
      ops.append(.object(op))
    }
    let leaving = Set(removed)
    let order = dirty.indices.sorted { Self.nodeOrder(dirty[$0].id, dirty[$1].id) }
    for index in order {
      let id = dirty[index].id
      guard let after = records[id] else { continue }
      let animation = ViewAnimations.take(for: dirty[index].view).map(NodeEncoding.animation)
      _ = Self.nodeOps(
        id, before: befores[index], after: after, leaving: leaving, in: records,
        animation: animation,
        transition: { child in
          self.viewsByID[child].flatMap { ViewTransitions.take(for: $0.view) }
            .map(NodeEncoding.animation)
        }, ops: &ops)
    }
    return ops
  }

  /// Gives a view that is new in the tree (and its subtree) ids and records. The subtree
  /// may take what `limit` leaves beside the records kept; when it would take more, the
  /// whole tree under `root` is counted (nodes leaving it may make room) and the subtree is
  /// collected only when the tree stays within the limit.
  private func collectNew(_ view: View, parent: String, root: View, limit: SceneNodeLimit)
    throws(SceneNodeLimit.Exceeded) -> String
  {
    let walked: Subtree
    do throws(NodeBudgetSpent) {
      walked = try walk(view, parent: parent, budget: max(0, limit.maximum - records.count))
    } catch {
      let exceeded = limit.exceeded(by: root)
      guard exceeded.nodes <= limit.maximum else { throw exceeded }
      walked = try! walk(view, parent: parent, budget: .max)  // no budget: cannot fail
    }
    let (id, fresh, seen, _) = walked
    records.merge(fresh) { _, new in new }
    for (object, identity) in seen {
      identities[object] = identity
      viewsByID[identity.id] = identity
    }
    return id
  }

  /// Drops the records and identities of the subtree `id` that left the tree.
  private func forget(_ id: String) {
    guard let record = records.removeValue(forKey: id) else { return }
    if let identity = viewsByID.removeValue(forKey: id) {
      identities[ObjectIdentifier(identity.view)] = nil
    }
    for child in record.children { forget(child) }
  }

  /// Node ids by key in tree order, the first node of a key winning, as `refresh` builds it.
  private func rebuildKeys() {
    var keys: [String: String] = [:]
    func visit(_ id: String) {
      guard let record = records[id] else { return }
      if let key = record.key, keys[key] == nil { keys[key] = id }
      for child in record.children { visit(child) }
    }
    if let rootID { visit(rootID) }
    idsByKey = keys
  }

  /// Checks the records an incremental refresh left against a full walk of the tree. A
  /// difference means a view's drawn state changed without `setNeedsDisplay()` (often a
  /// plugin's own view subclass): clients would keep showing the old state. It stops the
  /// host, as any crash of component code does, with the scene and the views named, so
  /// that the fault shows where it happened rather than as a stale screen later.
  private func verify(root: View) {
    let counter = nextNumber
    let (_, fresh, _, keys) = try! walk(root, parent: nil, budget: .max)  // cannot fail
    nextNumber = counter
    guard fresh == records, keys == idsByKey else {
      let stale = Set(fresh.keys).union(records.keys).filter { fresh[$0] != records[$0] }
        .sorted(by: Self.nodeOrder)
      let details = stale.prefix(5).map { id in
        let record = fresh[id] ?? records[id]
        let view = record.map { "\($0.type)" + ($0.key.map { " \"\($0)\"" } ?? "") } ?? "?"
        return "  \(id) (\(view)): sent \(String(describing: records[id])), "
          + "tree has \(String(describing: fresh[id]))"
      }
      let message =
        "verify-diffs: scene \(scene): the incremental refresh differs from the view tree at "
        + "\(stale.count) node(s)\(stale.isEmpty ? " (keys)" : ""); a view changed what it "
        + "draws without setNeedsDisplay():\n" + details.joined(separator: "\n")
      fatalError(message)
    }
  }

  /// A subtree's id, records, identities and keys, as `walk` finds them.
  private typealias Subtree = (
    id: String, records: [String: Record], seen: [ObjectIdentifier: Identity],
    keys: [String: String]
  )

  /// The walk of a subtree stopped: it has more nodes than it may take.
  private struct NodeBudgetSpent: Error {}

  /// The records, identities and keys of the subtree under `view`, ids kept for known views
  /// and given to new ones; returns the subtree's id first. Throws as soon as it finds more
  /// than `budget` nodes.
  private func walk(_ view: View, parent: String?, budget: Int) throws(NodeBudgetSpent)
    -> Subtree
  {
    var fresh: [String: Record] = [:]
    var seen: [ObjectIdentifier: Identity] = [:]
    if parent == nil {  // the whole tree: about as many nodes as last time
      fresh.reserveCapacity(records.count)
      seen.reserveCapacity(identities.count)
    }
    var keys: [String: String] = [:]
    var budget = budget
    let id = try collect(
      view, parent: parent, into: &fresh, seen: &seen, keys: &keys, budget: &budget)
    return (id, fresh, seen, keys)
  }

  private func collect(
    _ view: View, parent: String?, into records: inout [String: Record],
    seen: inout [ObjectIdentifier: Identity], keys: inout [String: String], budget: inout Int
  ) throws(NodeBudgetSpent) -> String {
    guard budget > 0 else { throw NodeBudgetSpent() }
    budget -= 1
    let object = ObjectIdentifier(view)
    let id: String
    if let known = identities[object], known.view === view {
      id = known.id
    } else {
      id = "n\(nextNumber)"
      nextNumber += 1
    }
    seen[object] = Identity(view: view, id: id)
    if let key = view.accessibilityIdentifier, keys[key] == nil { keys[key] = id }
    var children: [String] = []
    children.reserveCapacity(view.subviews.count)
    for subview in view.subviews {
      children.append(
        try collect(
          subview, parent: id, into: &records, seen: &seen, keys: &keys, budget: &budget))
    }
    let type = NodeEncoding.type(of: view)
    var props = NodeEncoding.nodeProps(of: view, type: type, children: children)
    if parent == nil {
      NodeEncoding.addFocused(of: view, to: &props) { seen[ObjectIdentifier($0)]?.id }
    }
    records[id] = Record(
      parent: parent, type: type, key: view.accessibilityIdentifier, frame: view.frame,
      props: props, children: children)
    return id
  }

  /// The node `id` with its subtree, as the wire carries it.
  func json(of id: String) -> JSON { Self.json(of: id, in: records) }

  /// The whole tree, or `null` before the first refresh.
  var rootJSON: JSON { rootID.map(json(of:)) ?? .null }

  static func json(of id: String, in records: [String: Record]) -> JSON {
    guard let record = records[id] else { return .null }
    var node: JSONObject = ["id": .string(id), "type": .string(record.type)]
    if let key = record.key { node["key"] = .string(key) }
    node["frame"] = NodeEncoding.frame(record.frame)
    node["props"] = .object(record.props)
    node["children"] = .array(record.children.map { json(of: $0, in: records) })
    return .object(node)
  }

  // MARK: Diff

  /// The ops that turn `old` into `new` (both rooted at `root`): removals first (only the
  /// topmost of each removed subtree), then, parents before children, inserts at their
  /// final index, key, frame and props changes of nodes the client keeps. A node that moved
  /// to another parent or whose siblings were reordered is removed and inserted again with
  /// its subtree.
  static func diff(from old: [String: Record], to new: [String: Record], root: String) -> [JSON] {
    var leaving = Set<String>()
    for (id, record) in old {
      guard let current = new[id] else {
        leaving.insert(id)
        continue
      }
      if current.parent != record.parent { leaving.insert(id) }
    }
    var ops: [JSON] = []
    for id in leaving.sorted(by: nodeOrder) where !hasAncestor(id, in: leaving, records: old) {
      ops.append(["op": "remove", "id": .string(id)])
    }
    var context = DiffContext(old: old, new: new, leaving: leaving)
    context.visit(root, ops: &ops)
    return ops
  }

  private static func hasAncestor(_ id: String, in set: Set<String>, records: [String: Record])
    -> Bool
  {
    var current = records[id]?.parent
    while let parent = current {
      if set.contains(parent) { return true }
      current = records[parent]?.parent
    }
    return false
  }

  /// `n2` before `n10`: removal ops in creation order, so that the output is deterministic.
  private static func nodeOrder(_ a: String, _ b: String) -> Bool {
    a.count != b.count ? a.count < b.count : a < b
  }

  @MainActor
  private struct DiffContext {
    let old: [String: Record]
    let new: [String: Record]
    let leaving: Set<String>

    mutating func visit(_ id: String, ops: inout [JSON]) {
      guard let before = old[id], let after = new[id] else { return }
      let stays = NodeTable.nodeOps(
        id, before: before, after: after, leaving: leaving, in: new, ops: &ops)
      for child in stays { visit(child, ops: &ops) }
    }
  }

  /// The ops for one node the client keeps: its frame and props changes, then its children
  /// inserted at their final index (all of them again when the kept ones were reordered).
  /// Returns the children the client keeps, in order.
  /// `animation` (the wire's description of the animation block the view changed in) goes
  /// with its frame and props changes; `transition` gives an inserted child's container
  /// transition (a pushed or presented view's), which goes with its `insert`.
  static func nodeOps(
    _ id: String, before: Record, after: Record, leaving: Set<String>,
    in new: [String: Record], animation: JSON? = nil,
    transition: (String) -> JSON? = { _ in nil }, ops: inout [JSON]
  ) -> [String] {
    if before.key != after.key {
      ops.append(["op": "key", "id": .string(id), "key": after.key.map(JSON.string) ?? .null])
    }
    if before.frame != after.frame {
      var op: JSONObject = [
        "op": "frame", "id": .string(id), "frame": NodeEncoding.frame(after.frame),
      ]
      if let animation { op["animation"] = animation }
      ops.append(.object(op))
    }
    if before.props != after.props {
      var op: JSONObject = [
        "op": "update", "id": .string(id),
        "props": .object(changedProps(before.props, after.props)),
      ]
      if let animation { op["animation"] = animation }
      ops.append(.object(op))
    }
    if before.children == after.children
      && (leaving.isEmpty || !before.children.contains(where: leaving.contains))
    {
      return after.children  // the same children in the same order: nothing to insert
    }
    var kept = before.children.filter { !leaving.contains($0) }
    let keptSet = Set(kept)
    if after.children.filter({ keptSet.contains($0) }) != kept {
      // Reordered siblings: send them all again in the new order.
      for child in kept { ops.append(["op": "remove", "id": .string(child)]) }
      kept = []
    }
    let stays = Set(kept)
    for (index, child) in after.children.enumerated() where !stays.contains(child) {
      var op: JSONObject = [
        "op": "insert", "parent": .string(id), "index": .int(Int64(index)),
        "node": NodeTable.json(of: child, in: new),
      ]
      if let entrance = transition(child) { op["animation"] = entrance }
      ops.append(.object(op))
    }
    return after.children.filter { stays.contains($0) }
  }

  private static func changedProps(_ before: JSONObject, _ after: JSONObject) -> JSONObject {
    var changes = JSONObject()
    for (key, value) in after where before[key] != value { changes[key] = value }
    for (key, _) in before where after[key] == nil { changes[key] = .null }
    return changes
  }
}
