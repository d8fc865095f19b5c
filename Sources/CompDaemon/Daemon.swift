import JSONRPC
import Logging
import ServiceLifecycle
import Synchronization

/// The daemon: its configuration, start time, methods and the counters `daemon.info`
/// reports. `run()` serves until SIGTERM or SIGINT.
public final class Daemon: Sendable {
  /// The daemon's version, as `daemon.info` and `rpc.discover` report it.
  public static let version = "0.1.0"
  /// The protocol version of PROTOCOL.md.
  public static let protocolVersion = 1

  /// The configuration it started with (a reload changes `service.config`).
  public let config: DaemonConfig
  /// Where it logs.
  public let logger: Logger
  /// When the daemon started, for `uptimeSeconds`.
  public let startTime: ContinuousClock.Instant
  /// Counters other parts of the daemon keep current (plugins, components, scenes).
  public let counters = DaemonCounters()
  let connections: ConnectionTable
  /// (plugins) The plugin host and the catalog of the components its plugins provide.
  public let pluginHost: PluginHost
  private let discoveryDocument = Mutex<JSON>(.null)
  /// The service-manager side: systemd protocols, access control, reload.
  public let service: ServiceRuntime
  /// The open scenes (Scenes/).
  let scenes: SceneStore

  /// A daemon for `config`; `run()` loads the plugins and serves.
  public init(config: DaemonConfig, logger: Logger) {
    self.config = config
    self.logger = logger
    self.startTime = .now
    let scenes = SceneStore(
      settings: .init(
        graceSeconds: config.sceneGraceSeconds, maxScenesPerClient: config.maxScenesPerClient),
      counters: counters, logger: logger)
    self.scenes = scenes
    self.connections = ConnectionTable(limit: config.maxConnections) { id in
      Task { @MainActor in scenes.connectionClosed(id) }
    }
    self.pluginHost = PluginHost(  // (plugins)
      configuration: .init(
        pluginDirectories: config.pluginDirectories, stateDirectory: config.stateDirectory,
        trust: config.pluginTrust),
      logger: logger)
    self.service = ServiceRuntime(  // (service)
      config: config, logger: logger, configLoader: ServiceRuntime.commandLineConfigLoader)
    // A reload (SIGHUP, daemon.reload) rescans the plugin directories of the new config.
    service.addReloadHook { [weak self] in
      guard let self else { return }
      let directories = service.config.pluginDirectories
      let trust = service.config.pluginTrust
      await MainActor.run {
        pluginHost.pluginDirectories = directories
        pluginHost.trust = trust
      }
      await loadPlugins()
    }
  }

  /// The number of clients connected now.
  public var clientCount: Int { connections.count }

  /// Every method the daemon serves. Each method group adds itself here.
  public func makeRegistry() -> MethodRegistry {
    var registry = MethodRegistry()
    registerDaemonMethods(into: &registry)
    registerPluginMethods(into: &registry)  // (plugins)
    registerSceneMethods(into: &registry)
    registerServiceMethods(into: &registry)  // (service)
    let document = registry.openRPCDocument(title: "compd", version: Self.version)
    discoveryDocument.withLock { $0 = document }
    return service.access.guarded(registry)  // (service) every call checks the caller's rights
  }

  /// The OpenRPC document generated from the registry by `makeRegistry()`.
  var openRPCDocument: JSON { discoveryDocument.withLock { $0 } }

  /// Binds the socket and serves until a graceful shutdown (SIGTERM, SIGINT).
  ///
  /// Throws `StartupError` when the socket cannot be taken.
  public func run() async throws {
    if config.pluginTrust == .relaxed {
      logger.warning(
        "plugin-trust = relaxed: plugins are loaded without the ownership and mode checks; for development trees only"
      )
    }
    await loadPlugins()  // (plugins) before serving: ready means the components are there
    try service.checkEnvironment()  // (service)
    let server = SocketServer(
      config: config, registry: makeRegistry(), connections: connections, logger: logger,
      service: service)
    let runner = ServiceRunner(runtime: service) { [counters, connections] in  // (service)
      ServiceStatus.Counts(
        plugins: counters.plugins, scenes: counters.scenes, clients: connections.count)
    }
    let group = ServiceGroup(
      services: [server, runner], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    defer { service.stopped() }  // (service) cancels the hard-stop timer
    try await group.run()
  }
}

/// Counters reported by `daemon.info`; safe to update from any thread.
///
/// The plugin host sets `plugins` and `components` after each scan; the scene store
/// adds and subtracts `scenes` as scenes open and close.
public final class DaemonCounters: Sendable {
  private let pluginCount = Atomic<Int>(0)
  private let componentCount = Atomic<Int>(0)
  private let sceneCount = Atomic<Int>(0)

  /// All counters at zero.
  public init() {}

  /// Loaded plugins.
  public var plugins: Int {
    get { pluginCount.load(ordering: .relaxed) }
    set { pluginCount.store(newValue, ordering: .relaxed) }
  }

  /// Components the loaded plugins provide.
  public var components: Int {
    get { componentCount.load(ordering: .relaxed) }
    set { componentCount.store(newValue, ordering: .relaxed) }
  }

  /// Open scenes.
  public var scenes: Int {
    get { sceneCount.load(ordering: .relaxed) }
    set { sceneCount.store(newValue, ordering: .relaxed) }
  }

  /// Adds `delta` (negative to subtract) to the open-scene count.
  public func addScenes(_ delta: Int) {
    sceneCount.add(delta, ordering: .relaxed)
  }
}
