import JSONRPC
import Logging
import ScreenKit

/// The open scenes: ids, limits, lifetimes and the connections attached to each.
///
/// A `connection`-lifetime scene closes when its opener and every subscriber have been
/// disconnected for the grace period; a client that reconnects and subscribes in time
/// resumes it. `daemon`-lifetime scenes stay until `scene.close`.
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
  }

  let settings: Settings
  private let logger: Logger
  private let counters: DaemonCounters
  private var scenes: [String: Scene] = [:]
  private var nextNumber = 1

  nonisolated init(settings: Settings, counters: DaemonCounters, logger: Logger) {
    self.settings = settings
    self.counters = counters
    self.logger = logger
  }

  /// The scene `id`, or `nil`.
  func scene(_ id: String) -> Scene? { scenes[id] }

  /// Every open scene, in opening order.
  var all: [Scene] {
    scenes.values.sorted { ($0.id.count, $0.id) < ($1.id.count, $1.id) }
  }

  /// Open scenes owned by `uid`.
  func count(ownedBy uid: UInt32) -> Int { scenes.values.count { $0.owner == uid } }

  /// Open scenes opened on connection `id`.
  func count(openedBy id: UInt64) -> Int { scenes.values.count { $0.opener == id } }

  /// Total open scenes.
  var count: Int { scenes.count }

  /// Opens a scene; the caller has checked the limits.
  func open(
    component: String, params: ParamValue?, environment: SceneEnvironment,
    lifetime: SceneLifetime, owner: UInt32, opener: UInt64, catalog: ComponentCatalog
  ) throws(ComponentError) -> Scene {
    let id = "s\(nextNumber)"
    let scene = try Scene(
      id: id, component: component, params: params, environment: environment,
      lifetime: lifetime, owner: owner, opener: opener, catalog: catalog,
      historyLimit: settings.historyLimit, logger: logger)
    nextNumber += 1
    scenes[id] = scene
    counters.addScenes(1)
    logger.info(
      "scene opened",
      metadata: [
        "scene": "\(id)", "component": "\(component)", "uid": "\(owner)",
        "client": "\(opener)", "lifetime": "\(lifetime.rawValue)",
      ])
    return scene
  }

  /// Closes `scene` and forgets it; subscribers get `scene.closed` with `reason`.
  func close(_ scene: Scene, reason: String) {
    guard scenes.removeValue(forKey: scene.id) != nil else { return }
    scene.close(reason: reason)
    counters.addScenes(-1)
    logger.info("scene closed", metadata: ["scene": "\(scene.id)", "reason": "\(reason)"])
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

  fileprivate func startGracePeriod(_ scene: Scene) {
    scene.graceTimer?.cancel()
    let nanoseconds = UInt64(max(0, settings.graceSeconds) * 1e9)
    scene.graceTimer = Task { @MainActor [weak self, weak scene] in
      try? await Task.sleep(nanoseconds: nanoseconds)
      guard !Task.isCancelled, let self, let scene, scene.attachedConnections.isEmpty else {
        return
      }
      self.close(scene, reason: "abandoned")
    }
  }

  /// Closes every scene (at shutdown).
  func closeAll(reason: String) {
    for scene in all { close(scene, reason: reason) }
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
