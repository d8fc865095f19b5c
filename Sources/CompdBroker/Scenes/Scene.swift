import CompdProtocol
import JSONRPC
import Logging

/// One open scene as the broker keeps it: which component with which params, its
/// environment, revision, history of changes, subscribers, latest restorable state, and
/// the scene host that runs its component code.
///
/// A scene's revision starts at 1 with the tree `scene.open` returns and grows by one with
/// every change a client can see; each change is sent to subscribers as `scene.changed`
/// and kept in a bounded history so that a subscriber can resume with `since`. The tree
/// itself lives in the host; the broker applies nothing to it, it numbers and forwards.
@MainActor
final class Scene {
  /// One published change: its ops as the host wrote them.
  struct Change {
    var base: Int
    var revision: Int
    var ops: RawJSON
  }

  let id: String
  /// What its host calls it: the id, or for a scene opened by a client the name it was
  /// opened under before the broker gave it an id.
  let hostKey: String
  let component: String
  /// The `params` it was opened with (kept for its saved record and to open it again).
  let params: JSON?
  /// The uid of the client that opened it (access control).
  let owner: UInt32
  /// The connection that opened it; `nil` for a scene restored at start.
  let opener: UInt64?
  let lifetime: SceneLifetime
  var environment: SceneEnvironment {
    didSet { environmentText = environment.json.serialized() }
  }
  /// What `record` saves of `params` and `environment`, written once for every save.
  private let paramsText: String?
  private var environmentText: String
  private(set) var revision: Int
  /// The kept changes are `history[historyStart...]`, oldest first: the ones before
  /// `historyStart` were dropped and are removed in one go once they are as many as the
  /// limit, so that a change costs no shift of the whole history.
  private var history: [Change] = []
  private var historyStart = 0
  private let historyLimit: Int
  private(set) var subscribers: [UInt64: any RPCConnection] = [:]
  /// The subscribers that declared the node types they draw, and what each knows.
  private var downgrades: [UInt64: NodeTypeDowngrade] = [:]
  /// Connections that keep a `connection`-lifetime scene alive: the opener's while it is
  /// connected, and each subscriber's.
  var attachedConnections: Set<UInt64>
  /// The timer that closes an abandoned `connection`-lifetime scene.
  var graceTimer: Task<Void, Never>?
  /// The restorable state as its host last reported it (what a restore starts from), as
  /// the host wrote it.
  private(set) var state: RawJSON?
  /// The revision `state` is of, saved with it. Hosts encode the state of a scene that
  /// keeps changing at most once per interval, so it may lag `revision` for that long.
  private(set) var stateRevision: Int
  /// The scene host running it; `nil` while it is being moved to another.
  var host: SceneHostProcess?
  /// Work that waits for the scene to be in a host again (requests that came during a move).
  private var waiting: [@MainActor () -> Void] = []
  /// Whether it is closed; work still queued for it then fails as for a closed scene.
  private(set) var isClosed = false
  /// Called after a change, so that the scene is saved.
  var onChange: (() -> Void)?

  init(
    id: String, hostKey: String, component: String, params: JSON?, environment: SceneEnvironment,
    lifetime: SceneLifetime, owner: UInt32, opener: UInt64?, historyLimit: Int,
    revision: Int = 1, state: RawJSON?, host: SceneHostProcess?
  ) {
    self.id = id
    self.hostKey = hostKey
    self.component = component
    self.params = params
    self.environment = environment
    self.paramsText = params?.serialized()
    self.environmentText = environment.json.serialized()
    self.lifetime = lifetime
    self.owner = owner
    self.opener = opener
    self.revision = revision
    self.historyLimit = historyLimit
    self.attachedConnections = opener.map { [$0] } ?? []
    self.state = state
    self.stateRevision = revision
    self.host = host
  }

  /// Keeps `reported` (`null` or absent: none) as the restorable state at the current
  /// revision.
  func keepState(_ reported: RawJSON?) {
    // Not `flatMap`: a closure made here checks at run time that it runs on the main actor.
    if let reported, !reported.isNull { state = reported } else { state = nil }
    stateRevision = revision
  }

  /// Runs `work` once the scene is in a live host: now, or after its move.
  func whenPlaced(_ work: @escaping @MainActor () -> Void) {
    if host != nil || isClosed { work() } else { waiting.append(work) }
  }

  /// The scene is in `host` again: the work that waited runs, in order.
  func placed(in host: SceneHostProcess) {
    self.host = host
    let work = waiting
    waiting = []
    for item in work { item() }
  }

  /// Applies what the host reported for one change: a new revision when `ops` is not
  /// empty (sent to subscribers and kept in the history), the emitted events, the
  /// restorable state when the host encoded it. `saveEnvironment` saves the scene even
  /// without ops (a resize).
  func apply(_ report: HostAnswer, saveEnvironment: Bool = false) {
    var changed = false
    if let ops = report.ops, !ops.isEmptyArray, !ops.isNull {
      changed = true
      let change = Change(base: revision, revision: revision + 1, ops: ops)
      revision += 1
      history.append(change)
      if history.count - historyStart > historyLimit { historyStart += 1 }
      if historyStart >= historyLimit {
        history.removeFirst(historyStart)
        historyStart = 0
      }
      publish(
        "scene.changed", paramsCapacity: change.ops.bytes.count + 64,
        params: { writeChangedParams(change, into: &$0) }
      ) { downgrade in
        let ops = (try? change.ops.parsed().arrayValue) ?? []
        return self.changedParams(
          Change(
            base: change.base, revision: change.revision,
            ops: RawJSON(.array(downgrade.ops(ops)))))
      }
    }
    for event in report.emitted { publish("scene.emitted", with: event) }
    publishAnnouncements(report)
    if let newState = report.state { keepState(newState) }
    if changed || saveEnvironment { onChange?() }
  }

  /// Sends the notification `method` whose params are `{scene, …}`: the members of `object`
  /// (a host's text, as it wrote it) after the scene's id.
  func publish(_ method: String, with object: RawJSON) {
    publish(method, paramsCapacity: object.bytes.count + id.utf8.count + 16) { params in
      params.append("scene", .string(id))
      params.append(membersOf: object)
    }
  }

  /// The scene's tree was replaced by `root`, opened from `state` (its host was replaced):
  /// the revision moves on by one, the history is gone, and subscribers get `scene.reset`.
  func reset(root: RawJSON, reason: String, detail: String?) {
    revision += 1
    stateRevision = revision
    history.removeAll()
    historyStart = 0
    func params(root: RawJSON) -> RawJSON {
      var params = JSONObjectWriter(capacity: root.bytes.count + 128)
      params.append("scene", .string(id))
      params.append("revision", .int(Int64(revision)))
      params.append("root", root)
      params.append("reason", .string(reason))
      if let detail { params.append("detail", .string(detail)) }
      return params.object
    }
    publish("scene.reset", params(root: root)) { downgrade in
      params(root: RawJSON(downgrade.snapshot((try? root.parsed()) ?? .null)))
    }
    onChange?()
  }

  /// Sends the notification `method` to every subscriber, serialized once for all that
  /// take every node type; a subscriber with a downgrade gets `limited(downgrade)`.
  func publish(
    _ method: String, _ params: JSON,
    limited: ((inout NodeTypeDowngrade) -> JSON)? = nil
  ) {
    guard !subscribers.isEmpty else { return }
    publish(method, RawJSON(params), limited: limited.map { limited in { RawJSON(limited(&$0)) } })
  }

  /// Sends the notification `method` whose params are `params`' text (see
  /// `publish(_:_:limited:)`).
  func publish(
    _ method: String, _ params: RawJSON,
    limited: ((inout NodeTypeDowngrade) -> RawJSON)? = nil
  ) {
    publish(method, limited: limited) { SerializedNotification(method: method, params: params) }
  }

  /// Sends the notification `method` whose params object `writeParams` writes (see
  /// `publish(_:_:limited:)`), straight into the notification's text, with room for
  /// `paramsCapacity` bytes of params.
  func publish(
    _ method: String, paramsCapacity: Int,
    params writeParams: (inout JSONObjectWriter) -> Void,
    limited: ((inout NodeTypeDowngrade) -> RawJSON)? = nil
  ) {
    publish(method, limited: limited) {
      SerializedNotification(method: method, paramsCapacity: paramsCapacity, params: writeParams)
    }
  }

  /// Sends the notification `method` to every subscriber: `shared()`, made once when the
  /// first subscriber that takes every node type needs it, or, for a subscriber with a
  /// downgrade, params of its own from `limited`.
  private func publish(
    _ method: String, limited: ((inout NodeTypeDowngrade) -> RawJSON)?,
    shared: () -> SerializedNotification
  ) {
    guard !subscribers.isEmpty else { return }
    var notification: SerializedNotification?
    for (id, subscriber) in subscribers {
      if let limited, downgrades[id] != nil {
        let own = limited(&downgrades[id]!)
        subscriber.notify(SerializedNotification(method: method, params: own))
        continue
      }
      if notification == nil { notification = shared() }
      subscriber.notify(notification!)
    }
  }

  /// Writes the params of `scene.changed` for `change`: `{scene, revision, base, ops}`.
  private func writeChangedParams(_ change: Change, into params: inout JSONObjectWriter) {
    params.append("scene", .string(id))
    params.append("revision", .int(Int64(change.revision)))
    params.append("base", .int(Int64(change.base)))
    params.append("ops", change.ops)
  }

  private func changedParams(_ change: Change) -> RawJSON {
    var params = JSONObjectWriter(capacity: change.ops.bytes.count + 64)
    writeChangedParams(change, into: &params)
    return params.object
  }

  /// Whether the history still has every change after `since`.
  func canReplay(since: Int) -> Bool {
    since == revision
      || (since < revision && history[historyStart...].contains { $0.base == since })
  }

  /// Adds `connection` as a subscriber. Returns the changes after `since` when the history
  /// still has all of them (to replay, as `scene.changed` params), or `nil` when the client
  /// needs a snapshot.
  func subscribe(_ connection: any RPCConnection, since: Int?) -> [RawJSON]? {
    subscribers[connection.id] = connection
    downgrades[connection.id] = nil
    attachedConnections.insert(connection.id)
    graceTimer?.cancel()
    graceTimer = nil
    guard let since, since <= revision, since >= 1 else { return nil }
    if since == revision { return [] }
    guard let first = history[historyStart...].firstIndex(where: { $0.base == since }) else {
      return nil
    }
    return history[first...].map(changedParams)
  }

  /// Adds `connection` as a subscriber that draws only some node types, from the snapshot
  /// `root` at the current revision; returns `root` as it gets it. Such a subscriber
  /// always starts from a snapshot: compd keeps no tree to replay its history against.
  func subscribe(
    _ connection: any RPCConnection, downgrade: NodeTypeDowngrade, root: RawJSON
  ) -> JSON {
    _ = subscribe(connection, since: nil)
    var downgrade = downgrade
    let limited = downgrade.snapshot((try? root.parsed()) ?? .null)
    downgrades[connection.id] = downgrade
    return limited
  }

  /// Removes `connection` from the subscribers; `false` when it was not one.
  @discardableResult
  func unsubscribe(_ connection: UInt64) -> Bool {
    downgrades[connection] = nil
    return subscribers.removeValue(forKey: connection) != nil
  }

  /// Tells subscribers why the scene closed and forgets them; work still waiting for a
  /// host runs (and finds the scene closed).
  func close(reason: String, detail: String? = nil) {
    isClosed = true
    graceTimer?.cancel()
    graceTimer = nil
    var params: JSONObject = ["scene": .string(id), "reason": .string(reason)]
    if let detail { params["detail"] = .string(detail) }
    publish("scene.closed", .object(params))
    subscribers.removeAll()
    downgrades.removeAll()
    let work = waiting
    waiting = []
    for item in work { item() }
  }

  /// What the scene database keeps of this scene now.
  var record: SceneRecord {
    SceneRecord(
      id: id, component: component, params: paramsText,
      environment: environmentText, lifetime: lifetime.rawValue, owner: owner,
      revision: stateRevision, state: state?.text)
  }

  /// The entry `scene.list` shows.
  var listEntry: JSON {
    var entry: JSONObject = [
      "scene": .string(id), "component": .string(component), "revision": .int(Int64(revision)),
      "environment": environment.json, "lifetime": .string(lifetime.rawValue),
      "subscribers": .int(Int64(subscribers.count)),
    ]
    if let host { entry["host"] = .int(Int64(host.pid)) }
    return .object(entry)
  }
}
