import CompdProtocol
import Dispatch
import JSONRPC
import Logging
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The daemon's side of running as a service: what systemd passed in (notification
/// socket, watchdog, listening socket), access control, the current configuration and
/// reloading it, and the status line.
///
/// Created with the daemon; the environment is read (and cleared, so that child
/// processes do not inherit it) once, here.
package final class ServiceRuntime: Sendable {
  /// Loads the configuration again for a reload.
  package typealias ConfigLoader = @Sendable () throws -> DaemonConfig
  /// Work a reload does after the configuration (the plugin host's rescan).
  package typealias ReloadHook = @Sendable () async throws -> Void

  let logger: Logger
  let notifier: SystemdNotifier?
  let watchdogSettings: WatchdogSettings?
  let activatedSocket: ActivatedSocket?
  private let environmentErrors: [ServiceProtocolError]
  /// Access control for every connection and call.
  package let access: AccessControl
  let status: ServiceStatus
  private let configLoader: ConfigLoader
  private let state: Mutex<(config: DaemonConfig, hooks: [ReloadHook])>
  private let readiness = Mutex(false)
  private let hasStopped = Mutex(false)

  /// Reads the service environment and sets up access control from `config`.
  package init(config: DaemonConfig, logger: Logger, configLoader: @escaping ConfigLoader) {
    self.logger = logger
    var errors: [ServiceProtocolError] = []
    do throws(ServiceProtocolError) {
      notifier = try SystemdNotifier.fromEnvironment()
    } catch {
      notifier = nil
      errors.append(error)
    }
    do throws(ServiceProtocolError) {
      watchdogSettings = try WatchdogSettings.fromEnvironment()
    } catch {
      watchdogSettings = nil
      errors.append(error)
    }
    do throws(ServiceProtocolError) {
      activatedSocket = try SocketActivation.takeSocket()
    } catch {
      activatedSocket = nil
      errors.append(error)
    }
    environmentErrors = errors
    let (policy, unresolved) = config.access.resolve()
    Self.log(unresolved, to: logger)
    access = AccessControl(policy: policy, logger: logger)
    status = ServiceStatus(notifier: notifier)
    self.configLoader = configLoader
    state = Mutex((config, []))
  }

  /// The configuration in force (a reload replaces it).
  package var config: DaemonConfig { state.withLock { $0.config } }

  /// Adds work for every reload, run after the configuration is re-read, in the order
  /// added; the plugin host registers its rescan here.
  package func addReloadHook(_ hook: @escaping ReloadHook) {
    state.withLock { $0.hooks.append(hook) }
  }

  /// Throws if systemd passed something unusable (a bad `LISTEN_FDS`, `WATCHDOG_USEC` or
  /// `NOTIFY_SOCKET`): better to fail the start than to serve half-configured.
  func checkEnvironment() throws(StartupError) {
    if let first = environmentErrors.first { throw StartupError(first.description) }
  }

  /// The name the listening socket has in systemd's descriptor store.
  static let storedSocketName = "compd-listen"

  /// Hands the listening socket compd bound itself to systemd's descriptor store, so that
  /// it stays open (and connections queue in its backlog) while the service restarts; the
  /// next compd gets it back as an activated socket. Returns whether it was sent (there is
  /// a notify socket); compd then leaves the socket file in place at exit.
  func storeListeningSocket(_ descriptor: Int32) -> Bool {
    guard let notifier else { return false }
    do {
      try notifier.store(descriptor: descriptor, name: Self.storedSocketName)
      return true
    } catch {
      logger.warning("cannot hand the socket to systemd's store", metadata: ["error": "\(error)"])
      return false
    }
  }

  /// The socket is served: `READY=1` with the status line.
  func listening(counts: ServiceStatus.Counts) {
    if let activatedSocket {
      logger.notice(
        "serving socket from systemd",
        metadata: [
          "socket": "\(activatedSocket.path ?? "?")", "name": "\(activatedSocket.name ?? "")",
        ])
    }
    status.record(counts)
    send("READY=1") { try $0.ready(status: counts.line) }
    readiness.withLock { $0 = true }
  }

  /// Whether `READY=1` has been sent.
  var isReady: Bool { readiness.withLock { $0 } }

  /// A graceful shutdown began: `STOPPING=1`, and a hard stop if it overruns its bound
  /// (`shutdown-grace` plus a margin for closing).
  func stopping() {
    send("STOPPING=1") { try $0.stopping(status: "Stopping: finishing requests") }
    let bound = config.shutdownGraceSeconds + 5
    let logger = self.logger
    DispatchQueue.global().asyncAfter(deadline: .now() + bound) { [self] in
      guard !hasStopped.withLock({ $0 }) else { return }
      logger.critical("graceful shutdown did not finish in \(bound) s; stopping hard")
      _exit(1)
    }
  }

  /// The shutdown finished in time: no hard stop.
  func stopped() {
    hasStopped.withLock { $0 = true }
  }

  /// Re-reads the configuration and runs the reload hooks, telling systemd
  /// (`RELOADING=1`, then `READY=1`). A configuration error keeps the running one and is
  /// returned. Reloads run one at a time, on the main actor.
  @MainActor
  package func reload() async -> Result<JSON, RPCError> {
    send("RELOADING=1") { try $0.reloading(status: "Reloading configuration") }
    defer { send("READY=1") { try $0.ready(status: status.counts.line) } }
    let new: DaemonConfig
    do {
      new = try configLoader()
      try new.access.validate()
    } catch {
      let text = "\(error)"
      logger.error(
        "reload failed; keeping the running configuration", metadata: ["error": "\(text)"])
      return .failure(Self.configError("configuration not reloaded: \(text)"))
    }
    let old = state.withLock { state in
      let old = state.config
      state.config = new
      return old
    }
    let (policy, unresolved) = new.access.resolve()
    Self.log(unresolved, to: logger)
    access.replacePolicy(policy)
    let needRestart = Self.settingsNeedingRestart(old: old, new: new)
    if !needRestart.isEmpty {
      logger.warning(
        "reloaded; some changes take effect only after a restart",
        metadata: ["settings": "\(needRestart.joined(separator: ", "))"])
    }
    var failures: [String] = []
    for hook in state.withLock({ $0.hooks }) {
      do { try await hook() } catch { failures.append("\(error)") }
    }
    logger.notice("configuration reloaded", metadata: ["hookErrors": "\(failures.count)"])
    return .success(
      .object([
        "reloaded": true,
        "restartNeeded": .array(needRestart.map { .string($0) }),
        "errors": .array(failures.map { .string($0) }),
      ]))
  }

  /// `compd.ConfigError` (-32009): a reload found the configuration file bad.
  static func configError(_ message: String) -> RPCError {
    .server(.configError, message)
  }

  /// The settings that differ between `old` and `new` but are fixed while running.
  static func settingsNeedingRestart(old: DaemonConfig, new: DaemonConfig) -> [String] {
    ConfigKey.all.filter { !$0.reloadable && $0.differs(old, new) }.map(\.name)
  }

  /// Names in the access settings that name nobody. The default group `compd` missing
  /// is normal on a development machine; anything configured is worth a warning.
  private static func log(_ unresolved: [AccessSettings.Unresolved], to logger: Logger) {
    for name in unresolved {
      let level: Logger.Level =
        name == .init(setting: "control-group", name: "compd") ? .debug : .warning
      logger.log(
        level: level, "access setting names nobody; ignored",
        metadata: ["setting": "\(name.setting)", "name": "\(name.name)"])
    }
  }

  private func send(_ what: String, _ body: (SystemdNotifier) throws -> Void) {
    guard let notifier else { return }
    do { try body(notifier) } catch {
      logger.warning(
        "cannot notify systemd", metadata: ["message": "\(what)", "error": "\(error)"])
    }
  }
}
