import CompdProtocol
import CompdVersion
import JSONRPC
import Logging
import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The daemon: its configuration, start time, methods and the counters `daemon.info`
/// reports. `run()` serves until SIGTERM or SIGINT.
package final class Daemon: Sendable {
  /// The daemon's version, as `daemon.info` and `rpc.discover` report it.
  package static let version = CompdVersion.current
  /// The version of the protocol docs/protocol.md defines.
  package static let protocolVersion = 3

  /// The configuration it started with (a reload changes `service.config`).
  package let config: DaemonConfig
  /// Where it logs.
  package let logger: Logger
  /// When the daemon started, for `uptimeSeconds`.
  package let startTime: ContinuousClock.Instant
  /// Counters other parts of the daemon keep current (plugins, components, scenes).
  package let counters = DaemonCounters()
  let connections: ConnectionTable
  /// The plugins found and vetted, and the components they provide.
  package let pluginRegistry: PluginRegistry
  private let discoveryDocument = Mutex<JSON>(.null)
  /// The service-manager side: systemd protocols, access control, reload.
  package let service: ServiceRuntime
  /// The open scenes (`Scenes/`).
  let scenes: SceneStore
  /// The scene host processes that run the components' code.
  let sceneHosts: SceneHostPool
  /// The components' crashes of their hosts, for quarantine.
  let crashes: CrashLedger
  /// The components suspected of a host death nobody's request explains, isolated until
  /// one is found at fault.
  let suspects = CrashSuspects()
  /// Whether scenes are being saved (`Persistence/`), for `daemon.info`.
  let persistence: PersistenceStatus

  /// A daemon for `config`; `run()` loads the plugins and serves.
  ///
  /// What the broker cannot know by itself comes from the composition root: how a reload
  /// reads the configuration again (`configLoader`; by default it keeps `config`), and the
  /// ABI stamp of the ScreenKit its scene hosts and vetting children run (`pluginABIStamp`;
  /// without it vetting results are not cached).
  package init(
    config: DaemonConfig, logger: Logger,
    configLoader: @escaping ServiceRuntime.ConfigLoader = {
      throw ConfigError("no configuration to re-read")
    },
    pluginABIStamp: String? = nil
  ) {
    self.config = config
    self.logger = logger
    self.startTime = .now
    let scenes = SceneStore(
      settings: .init(
        graceSeconds: config.sceneGraceSeconds, maxScenesPerClient: config.maxScenesPerClient,
        tombstoneLimit: config.sceneTombstones),
      counters: counters, logger: logger)
    self.scenes = scenes
    self.persistence = PersistenceStatus(logger: logger)
    self.connections = ConnectionTable(limit: config.maxConnections) { id in
      Task { @MainActor in scenes.connectionClosed(id) }
    }
    self.pluginRegistry = PluginRegistry(
      configuration: .init(
        pluginDirectories: config.pluginDirectories, stateDirectory: config.stateDirectory,
        trust: config.pluginTrust, abiStamp: pluginABIStamp),
      logger: logger)
    self.sceneHosts = SceneHostPool(
      settings: .init(
        count: config.sceneHosts, isolatePlugins: config.sceneHostIsolation == .plugin,
        pingInterval: config.hostPingInterval, hangTimeout: config.hostHangTimeout,
        memoryLimit: config.hostMemoryLimit, processLimit: config.hostProcessLimit,
        executable: PluginRegistry.currentExecutable(),
        trust: config.pluginTrust, logLevel: config.logLevel,
        verifiesDiffs: config.verifyDiffs, maxSceneNodes: config.maxSceneNodes),
      logger: logger)
    self.crashes = CrashLedger(
      limit: config.componentCrashLimit, windowSeconds: config.componentCrashWindow)
    self.service = ServiceRuntime(
      config: config, logger: logger, configLoader: configLoader)
    // A reload (SIGHUP, daemon.reload) rescans the plugin directories of the new config.
    service.addReloadHook { [weak self] in
      guard let self else { return }
      let directories = service.config.pluginDirectories
      let trust = service.config.pluginTrust
      await MainActor.run {
        pluginRegistry.pluginDirectories = directories
        pluginRegistry.trust = trust
      }
      await loadPlugins()
    }
  }

  /// The number of clients connected now.
  package var clientCount: Int { connections.count }

  /// Every method the daemon serves. Each method group adds itself here.
  package func makeRegistry() -> MethodRegistry {
    var registry = MethodRegistry()
    registerDaemonMethods(into: &registry)
    registerPluginMethods(into: &registry)
    registerSceneMethods(into: &registry)
    registerImageMethods(into: &registry)
    registerServiceMethods(into: &registry)
    registerPersistenceMethods(into: &registry)
    let document = registry.openRPCDocument(title: "compd", version: Self.version)
    discoveryDocument.withLock { $0 = document }
    return service.access.guarded(registry)  // every call checks the caller's rights
  }

  /// The OpenRPC document generated from the registry by `makeRegistry()`.
  var openRPCDocument: JSON { discoveryDocument.withLock { $0 } }

  /// Binds the socket and serves until a graceful shutdown (SIGTERM, SIGINT).
  ///
  /// Throws `StartupError` when the socket cannot be taken.
  package func run() async throws {
    if config.pluginTrust == .relaxed {
      logger.warning(
        "plugin-trust = relaxed: plugins are loaded without the ownership and mode checks; for development trees only"
      )
    }
    try service.checkEnvironment()
    // A live server on the path ends this one before it vets and loads plugins or touches
    // the state directory the other one is using; binding checks again.
    if service.activatedSocket == nil {
      try SocketFile(path: config.socketPath).prepareForBinding()
    }
    await loadPlugins()  // before serving: ready means the components are there
    // A damaged database stops the start before any scene host is started.
    let database = try await openSceneDatabase()
    await startSceneHosts()
    if let database { await restoreScenes(from: database) }
    let server = SocketServer(
      config: config, registry: makeRegistry(), connections: connections, logger: logger,
      service: service)
    let runner = ServiceRunner(runtime: service) { [counters, connections] in
      ServiceStatus.Counts(
        plugins: counters.plugins, scenes: counters.scenes, clients: connections.count)
    }
    let group = ServiceGroup(
      services: [server, runner], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    defer { service.stopped() }  // cancels the hard-stop timer
    try await group.run()
    // The server has stopped: no more changes. Everything not yet saved is written, with
    // the restorable states hosts hold back.
    await flushSceneStates()
    let saved = await scenes.flush()
    await scenes.closeDatabase()
    await MainActor.run { sceneHosts.stop() }
    // An operator (and systemd) must learn that acknowledged changes are gone: compd exits
    // non-zero instead of stopping as if all went well.
    guard saved else {
      throw ShutdownError(persistence.lastError ?? "the database refused the write")
    }
  }

  /// Opens the scene database in the state directory and reads it; `nil` with
  /// `persist-scenes = false` or without a state directory.
  ///
  /// Throws `StartupError` when the database cannot be opened or is damaged: starting
  /// without it would hand out the ids of the scenes it holds again.
  private func openSceneDatabase() async throws -> OpenedSceneDatabase? {
    guard config.persistScenes, let directory = config.stateDirectory else { return nil }
    if mkdir(directory, 0o755) != 0 && errno != EEXIST {
      throw StartupError(
        "cannot create the state directory \(directory): \(String(cString: strerror(errno)))")
    }
    let path = directory + "/" + SceneDatabase.fileName
    let started = ContinuousClock.now
    let opened: (SceneDatabase, SceneDatabase.Contents)
    do {
      opened = try await SceneDatabase.open(path: path)
    } catch  where error.isCorruption {
      throw StartupError(
        "the scene database is damaged: \(error.description). Restore it from a backup (compctl backup; docs/operations.md, \"Backing up scenes\"), recover it with sqlite3's .recover, or move it aside (with its -wal and -shm files) to start with no scenes; scene ids continue above the high-water mark in \(SceneNumberMark.fileName) in every case"
      )
    } catch {
      throw StartupError("cannot open the scene database: \(error.description)")
    }
    if let missing = opened.1.missingChanges {
      let message =
        "the scene database holds less than compd saved into it (a lost or damaged -wal file, a replaced or restored file, or a crash during the last write): \(missing). Scenes opened or changed after its last complete write are gone; new scene ids continue above the mark"
      logger.error("\(message)", metadata: ["database": "\(path)"])
      persistence.missingChanges(message)
    }
    return OpenedSceneDatabase(
      database: opened.0, contents: opened.1, path: path, started: started)
  }

  /// The scene database as read at start, and when reading it started.
  private struct OpenedSceneDatabase {
    var database: SceneDatabase
    var contents: SceneDatabase.Contents
    var path: String
    var started: ContinuousClock.Instant
  }

  /// Opens again, in the scene hosts, every scene the database holds open, before serving.
  private func restoreScenes(from opened: OpenedSceneDatabase) async {
    let counts = await restore(opened.contents, database: opened.database)
    _ = await scenes.flush()
    let seconds = (ContinuousClock.now - opened.started) / .seconds(1)
    logger.notice(
      "scenes restored",
      metadata: [
        "restored": "\(counts.restored)", "notRestored": "\(counts.failed)",
        "seconds": "\((seconds * 1000).rounded() / 1000)", "database": "\(opened.path)",
      ])
  }
}

extension Daemon {
  /// Opens the scenes `contents` holds open in the scene hosts and attaches the database.
  @MainActor
  fileprivate func restore(_ contents: SceneDatabase.Contents, database: SceneDatabase) async
    -> (restored: Int, failed: Int)
  {
    let saver = SceneSaver(database: database, delay: config.sceneSaveDelay, status: persistence)
    return await scenes.restore(contents, saver: saver) { [self] scene, done in
      reopen(scene, done: done)
    }
  }
}

/// Counters reported by `daemon.info`; safe to update from any thread.
///
/// The plugin host sets `plugins` and `components` after each scan; the scene store
/// adds and subtracts `scenes` as scenes open and close.
package final class DaemonCounters: Sendable {
  private let pluginCount = Atomic<Int>(0)
  private let componentCount = Atomic<Int>(0)
  private let sceneCount = Atomic<Int>(0)

  /// All counters at zero.
  package init() {}

  /// Loaded plugins.
  package var plugins: Int {
    get { pluginCount.load(ordering: .relaxed) }
    set { pluginCount.store(newValue, ordering: .relaxed) }
  }

  /// Components the loaded plugins provide.
  package var components: Int {
    get { componentCount.load(ordering: .relaxed) }
    set { componentCount.store(newValue, ordering: .relaxed) }
  }

  /// Open scenes.
  package var scenes: Int {
    get { sceneCount.load(ordering: .relaxed) }
    set { sceneCount.store(newValue, ordering: .relaxed) }
  }

  /// Adds `delta` (negative to subtract) to the open-scene count.
  package func addScenes(_ delta: Int) {
    sceneCount.add(delta, ordering: .relaxed)
  }
}
