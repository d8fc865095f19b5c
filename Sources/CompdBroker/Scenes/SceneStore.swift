import CompdProtocol
import JSONRPC
import Logging

/// The open scenes: ids, limits, lifetimes and the connections attached to each.
///
/// A `connection`-lifetime scene closes when its opener and every subscriber have been
/// disconnected for the grace period; a client that reconnects and subscribes in time
/// resumes it. `daemon`-lifetime scenes stay until `scene.close`.
///
/// With a `SceneSaver` attached, every scene is saved (opened, changed, closed) and the
/// scenes saved open by an earlier run come back at start (`restore`). Ids are never
/// handed out twice for the life of the state directory: an id is used only after the
/// database has a counter past it (reserved ahead, `idReservation` at a time).
@MainActor
final class SceneStore {
  /// Limits and timings, from the daemon's configuration.
  struct Settings: Sendable {
    /// Seconds a `connection` scene outlives its last connection.
    var graceSeconds: Double = 30
    /// Scenes one connection may have opened and not closed.
    var maxScenesPerClient: Int = 64
    /// Changes kept per scene for `scene.subscribe` with `since`.
    var historyLimit: Int = 256
    /// Closed scenes remembered (`scene-tombstones`), the most recent ones.
    var tombstoneLimit: Int = 10_000
  }

  let settings: Settings
  private let logger: Logger
  private let counters: DaemonCounters
  private var scenes: [String: Scene] = [:]
  /// Open scenes' ids by what their hosts call them.
  private var idsByHostKey: [String: String] = [:]
  private var nextNumber = 1
  /// Ids below this number are reserved, or asked to be, in the database.
  private var reservedThrough = 0
  /// Whether handing out unreserved ids was logged since the last reservation.
  private var warnedUnreserved = false
  /// Closed scenes, by id, for `compd.NoSuchScene`'s reason.
  private var tombstones: ClosedScenes
  private(set) var saver: SceneSaver?
  /// Ids reserved in the database at a time; a new reservation is written when half of
  /// the current one is used, so a burst of 512 opens may happen while one write lands.
  static let idReservation = 1024
  /// How far a restored scene's revision moves past its saved one. Changes made after the
  /// last save were seen by clients but are lost; this keeps every revision a client saw
  /// below the restored one, so its `since` asks for a snapshot rather than matching
  /// different history (a scene changes far fewer than a million times within one save
  /// delay).
  static let restoredRevisionGap = 1_000_000

  nonisolated init(settings: Settings, counters: DaemonCounters, logger: Logger) {
    self.settings = settings
    self.tombstones = ClosedScenes(limit: settings.tombstoneLimit)
    self.counters = counters
    self.logger = logger
  }

  private var openings = 0
  /// Scenes asked of a host and not answered yet, by the owner and connection asking.
  /// They count against the limits: a client that pipelines opens cannot pass them.
  private var pendingOpenings: [Int: (owner: UInt32, opener: UInt64)] = [:]

  /// A number for a scene being opened, unique for the daemon's run: its host knows it by
  /// it until it has an id. The opening counts as a scene of `owner` and `opener` until
  /// `finishOpening` is called with the number.
  func beginOpening(owner: UInt32, opener: UInt64) -> Int {
    openings += 1
    pendingOpenings[openings] = (owner, opener)
    return openings
  }

  /// The host answered the opening `number` (with a scene, added by `open`, or an error).
  func finishOpening(_ number: Int) {
    pendingOpenings.removeValue(forKey: number)
  }

  /// The scene `id`, or `nil`.
  func scene(_ id: String) -> Scene? { scenes[id] }

  /// The open scene its host calls `hostKey`, or `nil`.
  func sceneByHostKey(_ hostKey: String) -> Scene? { idsByHostKey[hostKey].flatMap { scenes[$0] } }

  /// Every open scene, in opening order.
  var all: [Scene] {
    scenes.values.sorted { ($0.id.count, $0.id) < ($1.id.count, $1.id) }
  }

  /// Open scenes owned by `uid`, with the ones being opened.
  func count(ownedBy uid: UInt32) -> Int {
    scenes.values.count { $0.owner == uid } + pendingOpenings.values.count { $0.owner == uid }
  }

  /// Open scenes opened on connection `id`, with the ones being opened.
  func count(openedBy id: UInt64) -> Int {
    scenes.values.count { $0.opener == id } + pendingOpenings.values.count { $0.opener == id }
  }

  /// Total open scenes, with the ones being opened.
  var count: Int { scenes.count + pendingOpenings.count }

  /// Why the scene `id` is not open, when it was once: `nil` for an id never handed out,
  /// or one closed before the last `tombstoneLimit` closings (or before the state
  /// directory was emptied).
  func tombstone(_ id: String) -> SceneTombstone? { tombstones[id] }

  /// Remembers a closed scene, saves its tombstone and deletes the ones it pushes out.
  private func remember(_ tombstone: SceneTombstone) {
    let forgotten = tombstones.remember(tombstone)
    saver?.closed(tombstone)
    if !forgotten.isEmpty { saver?.forget(forgotten) }
  }

  /// Adds a scene its host has just opened and gives it the next id; the caller has
  /// checked the limits.
  func open(
    component: String, params: JSON?, environment: SceneEnvironment,
    lifetime: SceneLifetime, owner: UInt32, opener: UInt64, state: RawJSON?,
    host: SceneHostProcess, hostKey: String
  ) -> Scene {
    let id = "s\(nextNumber)"
    let scene = Scene(
      id: id, hostKey: hostKey, component: component, params: params, environment: environment,
      lifetime: lifetime, owner: owner, opener: opener, historyLimit: settings.historyLimit,
      state: state, host: host)
    if let saver, nextNumber >= saver.reservedInDatabase, !warnedUnreserved {
      warnedUnreserved = true
      logger.warning(
        "handing out a scene id the database has not reserved yet; after a crash before the reservation is saved it could be handed out again",
        metadata: ["scene": "\(id)"])
    }
    nextNumber += 1
    if let saver, reservedThrough - nextNumber < Self.idReservation / 2 {
      reservedThrough = nextNumber + Self.idReservation
      warnedUnreserved = false
      saver.reserve(through: reservedThrough)
    }
    add(scene)
    saver?.opened(id)
    logger.info(
      "scene opened",
      metadata: [
        "scene": "\(id)", "component": "\(component)", "uid": "\(owner)",
        "client": "\(opener)", "lifetime": "\(lifetime.rawValue)", "host": "\(host.pid)",
      ])
    return scene
  }

  private func add(_ scene: Scene) {
    scenes[scene.id] = scene
    idsByHostKey[scene.hostKey] = scene.id
    counters.addScenes(1)
    scene.onChange = { [weak saver, id = scene.id] in saver?.changed(id) }
  }

  /// Closes `scene` and forgets it; subscribers get `scene.closed` with `reason`.
  func close(_ scene: Scene, reason: SceneTombstone.Reason, detail: String? = nil) {
    guard scenes.removeValue(forKey: scene.id) != nil else { return }
    idsByHostKey[scene.hostKey] = nil
    scene.close(reason: reason.rawValue, detail: detail)
    if let host = scene.host {
      host.scenes.remove(scene.id)
      host.request(.close, ["scene": .string(scene.hostKey)]) { _ in }
      host.retireIfDrained()
    }
    counters.addScenes(-1)
    remember(SceneTombstone(id: scene.id, reason: reason, detail: detail, owner: scene.owner))
    logger.info(
      "scene closed", metadata: ["scene": "\(scene.id)", "reason": "\(reason.rawValue)"])
  }

  /// Attaches the database: from now on scenes are saved. Opens again every scene
  /// `contents` holds open (with `reopen`, in a scene host), at its saved revision moved
  /// past by `restoredRevisionGap`, with its restorable state; a `connection` scene gets a
  /// fresh grace period. A scene that cannot be opened again is closed with the reason
  /// `not-restored`. Reserves the next ids before returning, so call it before serving and
  /// await the saver's flush.
  func restore(
    _ contents: SceneDatabase.Contents, saver: SceneSaver,
    reopen: @escaping @MainActor (Scene, @escaping @MainActor (RestoreError?) -> Void) -> Void
  ) async -> (restored: Int, failed: Int) {
    self.saver = saver
    saver.recordOf = { [weak self] id in self?.scenes[id]?.record }
    // Stored in id order, which is near enough closing order to keep the newest; the ones
    // over the limit (a smaller `scene-tombstones` than last run's) are deleted.
    var forgotten: [String] = []
    for tombstone in contents.closed { forgotten += tombstones.remember(tombstone) }
    if !forgotten.isEmpty { saver.forget(forgotten) }
    nextNumber = max(nextNumber, contents.nextNumber)
    var scenesToOpen: [Scene] = []
    var failed = 0
    for record in contents.open {
      do throws(RestoreError) {
        scenesToOpen.append(try scene(from: record))
      } catch {
        failed += 1
        notRestored(record.id, component: record.component, owner: record.owner, error)
      }
    }
    // Every scene is sent to its host at once; they open concurrently across hosts.
    let outcomes = await withCheckedContinuation { continuation in
      var remaining = scenesToOpen.count
      var outcomes: [String: RestoreError] = [:]
      if remaining == 0 { return continuation.resume(returning: outcomes) }
      for scene in scenesToOpen {
        reopen(scene) { error in
          if let error { outcomes[scene.id] = error }
          remaining -= 1
          if remaining == 0 { continuation.resume(returning: outcomes) }
        }
      }
    }
    for scene in scenesToOpen {
      if let error = outcomes[scene.id] {
        failed += 1
        notRestored(scene.id, component: scene.component, owner: scene.owner, error)
        continue
      }
      add(scene)
      if scene.lifetime == .connection { startGracePeriod(scene) }
      saver.opened(scene.id)  // its new revision, before any client sees it
      logger.info(
        "scene restored",
        metadata: [
          "scene": "\(scene.id)", "component": "\(scene.component)",
          "revision": "\(scene.revision)",
        ])
    }
    reservedThrough = nextNumber + Self.idReservation
    saver.reserve(through: reservedThrough)
    return (contents.open.count - failed, failed)
  }

  private func notRestored(
    _ id: String, component: String, owner: UInt32, _ error: RestoreError
  ) {
    remember(SceneTombstone(id: id, reason: .notRestored, detail: error.description, owner: owner))
    logger.error(
      "scene not restored",
      metadata: [
        "scene": "\(id)", "component": "\(component)", "error": "\(error.description)",
      ])
  }

  /// Writes every unsaved change now and waits; `false` when the write failed. True at
  /// once without a database.
  func flush() async -> Bool {
    await saver?.flush() ?? true
  }

  /// Closes the database after everything was written (at exit); nothing is saved
  /// afterwards.
  func closeDatabase() async {
    guard let saver else { return }
    self.saver = nil
    await saver.close()
  }

  /// Why a stored scene could not be opened again.
  struct RestoreError: Error, CustomStringConvertible {
    var description: String
  }

  /// The scene a saved record describes, not in a host yet.
  private func scene(from record: SceneRecord) throws(RestoreError) -> Scene {
    guard let lifetime = SceneLifetime(rawValue: record.lifetime) else {
      throw RestoreError(description: "unknown lifetime \"\(record.lifetime)\"")
    }
    let environment: SceneEnvironment
    let params: JSON?
    let state: RawJSON?
    do {
      environment = try SceneEnvironment().applying(
        JSONParser.parse(record.environment).objectValue)
      params = try record.params.map { text throws(JSONParseError) in try JSONParser.parse(text) }
      state = try record.state.map { text throws(JSONParseError) in
        try RawJSON(validating: Array(text.utf8), limits: HostChannel.limits)
      }
    } catch {
      throw RestoreError(
        description: "its saved environment, params or state are unreadable: \(error)")
    }
    return Scene(
      id: record.id, hostKey: record.id, component: record.component, params: params,
      environment: environment, lifetime: lifetime, owner: record.owner, opener: nil,
      historyLimit: settings.historyLimit, revision: record.revision + Self.restoredRevisionGap,
      state: state, host: nil)
  }

  /// A connection went away: it stops watching its scenes, and `connection` scenes left
  /// with no connection start their grace period.
  func connectionClosed(_ connection: UInt64) {
    for scene in scenes.values where scene.attachedConnections.contains(connection) {
      scene.unsubscribe(connection)
      scene.attachedConnections.remove(connection)
      if scene.lifetime == .connection, scene.attachedConnections.isEmpty {
        startGracePeriod(scene)
      }
    }
  }

  /// The connection that opened `scene` closed before the scene was added: a
  /// `connection` scene left with no connection starts its grace period.
  func openerGone(_ scene: Scene) {
    guard let opener = scene.opener else { return }
    scene.attachedConnections.remove(opener)
    if scene.lifetime == .connection, scene.attachedConnections.isEmpty {
      startGracePeriod(scene)
    }
  }

  fileprivate func startGracePeriod(_ scene: Scene) {
    scene.graceTimer?.cancel()
    let nanoseconds = UInt64(max(0, settings.graceSeconds) * 1e9)
    scene.graceTimer = Task { @MainActor [weak self, weak scene] in
      try? await Task.sleep(nanoseconds: nanoseconds)
      guard !Task.isCancelled, let self, let scene, scene.attachedConnections.isEmpty else {
        return
      }
      self.close(scene, reason: .abandoned)
    }
  }

}

extension SceneStore {
  /// `connection` stops watching `scene`; a `connection` scene left with no connection
  /// starts its grace period. The opener stays attached while it is connected.
  func unsubscribe(_ connection: UInt64, from scene: Scene) {
    scene.unsubscribe(connection)
    if connection != scene.opener { scene.attachedConnections.remove(connection) }
    if scene.lifetime == .connection, scene.attachedConnections.isEmpty {
      startGracePeriod(scene)
    }
  }
}
