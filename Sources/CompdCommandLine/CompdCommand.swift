import ArgumentParser
import CompdBroker
import CompdProtocol
import CompdSceneHost
import CompdVersion
import Logging
import ScreenKit

#if canImport(Glibc)
  import Glibc
#endif

/// The `compd` command line.
package struct CompdCommand: AsyncParsableCommand {
  /// The command's name, abstract and the help text with the config-file keys.
  package static let configuration = CommandConfiguration(
    commandName: "compd",
    abstract: "Serve screen components over a Unix-socket JSON-RPC 2.0 protocol.",
    discussion: """
      compd runs in the foreground and logs to stderr. Clients speak
      newline-delimited JSON-RPC 2.0 on the socket: try
      `compctl --socket PATH ping`.

      CONFIG FILE (--config FILE)
        One `key = value` per line; `#` starts a comment. Keys:
          socket = /run/compd.sock
          plugin-dir = /usr/lib/compd/plugins   (repeat, or use commas)
          state-dir = /var/lib/compd
          log-level = info
          socket-mode = 0660
          max-connections = 1024
          max-line-bytes = 16MiB                (K/KiB, M/MiB, G/GiB)
          max-output-bytes = 32MiB
          shutdown-grace = 10                   (seconds)
          io-threads = 2                        (default: the main thread)
          scene-grace = 30                      (seconds)
          max-scenes-per-client = 64
          persist-scenes = true                 (needs state-dir)
          scene-save-delay = 1                  (seconds)
          scene-tombstones = 10000              (closed scenes that keep their reason)
          plugin-trust = strict                 (relaxed: development trees only)
          max-batch = 1000                      (entries in one batch request)
          output-budget = 32MiB                 (reply data queued for all clients)
          max-input-buffer = 64MiB              (partial lines of all clients)
          listen-backlog = 4096                 (default: net.core.somaxconn)
          scene-hosts = 2                       (default: one per CPU)
          scene-host-isolation = shared         (plugin: hosts of their own)
          host-hang-timeout = 5                 (seconds)
          host-ping-interval = 1                (seconds)
          component-crash-limit = 3
          component-crash-window = 600          (seconds)
          host-memory-limit = 2G                (bytes per host, K/M/G; 0: none;
                                                 default: a quarter of the RAM)
          host-process-limit = 64               (processes per host, forks included)
          max-scene-nodes = 20000               (nodes in one scene's tree)
          verify-diffs = false                  (check every scene diff; debugging)
        Each has the meaning of the flag of the same name. Flags given on the
        command line override the file. An unknown key or a bad value stops
        compd with an error naming file:line.

      SIGNALS
        SIGTERM and SIGINT shut down gracefully: stop accepting, remove the
        socket file, finish in-flight requests, close clients, exit 0.

      EXIT STATUS
        0 after a graceful shutdown; 1 on a configuration or start-up error
        (bad flag or config file; the socket path is in use by a live server
        or is not a socket).
      """,
    version: "compd \(CompdVersion.current) (protocol \(Daemon.protocolVersion))"
  )

  @Option(name: .long, help: ArgumentHelp("Unix socket path to listen on.", valueName: "path"))
  var socket: String?

  @Option(
    name: .customLong("plugin-dir"),
    help: ArgumentHelp("Directory to load plugins from (repeatable).", valueName: "dir"))
  var pluginDirectories: [String] = []

  @Option(
    name: .customLong("state-dir"),
    help: ArgumentHelp("Directory for persistent state.", valueName: "dir"))
  var stateDirectory: String?

  @Option(name: .long, help: ArgumentHelp("Config file to read first.", valueName: "file"))
  var config: String?

  @Option(
    name: .customLong("log-level"),
    help: ArgumentHelp(
      "trace, debug, info, notice, warning, error or critical (default: info).",
      valueName: "level"))
  var logLevel: String?

  @Option(
    name: .customLong("socket-mode"),
    help: ArgumentHelp("Octal permissions of the socket file (default: 0660).", valueName: "mode"))
  var socketMode: String?

  @Option(
    name: .customLong("max-connections"),
    help: ArgumentHelp("Largest number of clients at once (default: 1024).", valueName: "n"))
  var maxConnections: String?

  @Option(
    name: .customLong("max-line-bytes"),
    help: ArgumentHelp("Largest request line (default: 16MiB).", valueName: "size"))
  var maxLineBytes: String?

  @Option(
    name: .customLong("max-output-bytes"),
    help: ArgumentHelp(
      "Reply data queued for a client that does not read before it is disconnected (default: 32MiB).",
      valueName: "size"))
  var maxOutputBytes: String?

  @Option(
    name: .customLong("shutdown-grace"),
    help: ArgumentHelp(
      "Seconds a graceful shutdown waits for in-flight requests (default: 10).",
      valueName: "seconds"))
  var shutdownGrace: String?

  @Option(
    name: .customLong("io-threads"),
    help: ArgumentHelp(
      "Threads of their own for the client sockets (default: none; the main thread serves "
        + "them, with the scenes, without handing requests over).", valueName: "n"))
  var ioThreads: String?

  @Option(
    name: .customLong("scene-grace"),
    help: ArgumentHelp(
      "Seconds a connection-lifetime scene outlives its last client, so it can resume (default: 30).",
      valueName: "seconds"))
  var sceneGrace: String?

  @Option(
    name: .customLong("max-scenes-per-client"),
    help: ArgumentHelp("Scenes one connection may have open (default: 64).", valueName: "n"))
  var maxScenesPerClient: String?

  @Option(
    name: .customLong("scene-tombstones"),
    help: ArgumentHelp(
      "Closed scenes whose ids keep saying why they are gone, the most recent ones (default: 10000).",
      valueName: "n"))
  var sceneTombstones: String?

  @Option(
    name: .customLong("persist-scenes"),
    help: ArgumentHelp(
      "Save scenes in the state directory and restore them at start: true or false (default: true).",
      valueName: "bool"))
  var persistScenes: String?

  @Option(
    name: .customLong("scene-save-delay"),
    help: ArgumentHelp(
      "Seconds from a scene's change to its save; changes within it are written together (default: 1).",
      valueName: "seconds"))
  var sceneSaveDelay: String?

  @Option(
    name: .customLong("plugin-trust"),
    help: ArgumentHelp(
      "strict: refuse plugins that anyone but root or compd's user could have written; relaxed: development trees only (default: strict).",
      valueName: "mode"))
  var pluginTrust: String?

  @Option(
    name: .customLong("max-batch"),
    help: ArgumentHelp(
      "Largest number of entries in one batch request (default: 1000).", valueName: "n"))
  var maxBatch: String?

  @Option(
    name: .customLong("output-budget"),
    help: ArgumentHelp(
      "Reply data queued for all clients together before the biggest holders are disconnected (default: 32MiB).",
      valueName: "size"))
  var outputBudget: String?

  @Option(
    name: .customLong("max-input-buffer"),
    help: ArgumentHelp(
      "Request data (partial lines) buffered for all clients together before the biggest holders are disconnected; at least twice --max-line-bytes (default: 64MiB).",
      valueName: "size"))
  var maxInputBuffer: String?

  @Option(
    name: .customLong("listen-backlog"),
    help: ArgumentHelp(
      "Clients waiting to be accepted (default: /proc/sys/net/core/somaxconn).", valueName: "n"))
  var listenBacklog: String?

  @Option(
    name: .customLong("scene-hosts"),
    help: ArgumentHelp(
      "Scene host processes that run component code (default: one per CPU).", valueName: "n"))
  var sceneHosts: String?

  @Option(
    name: .customLong("scene-host-isolation"),
    help: ArgumentHelp(
      "shared: any host holds any plugin's scenes; plugin: each plugin's scenes in hosts of their own (default: shared).",
      valueName: "mode"))
  var sceneHostIsolation: String?

  @Option(
    name: .customLong("host-hang-timeout"),
    help: ArgumentHelp(
      "Seconds a scene host may leave a ping unanswered before it is killed (default: 5).",
      valueName: "seconds"))
  var hostHangTimeout: String?

  @Option(
    name: .customLong("host-ping-interval"),
    help: ArgumentHelp(
      "Seconds between pings of each scene host (default: 1).", valueName: "seconds"))
  var hostPingInterval: String?

  @Option(
    name: .customLong("component-crash-limit"),
    help: ArgumentHelp(
      "Host crashes within the crash window that quarantine a component (default: 3).",
      valueName: "n"))
  var componentCrashLimit: String?

  @Option(
    name: .customLong("component-crash-window"),
    help: ArgumentHelp(
      "Seconds over which a component's crashes are counted (default: 600).",
      valueName: "seconds"))
  var componentCrashWindow: String?

  @Option(
    name: .customLong("host-memory-limit"),
    help: ArgumentHelp(
      "Data memory per scene host, such as 512M; 0 for no limit (default: a quarter of the machine's RAM).",
      valueName: "size"))
  var hostMemoryLimit: String?

  @Option(
    name: .customLong("host-process-limit"),
    help: ArgumentHelp(
      "Processes a scene host and what its component code forked may number; a host that goes past it is replaced (default: 64).",
      valueName: "n"))
  var hostProcessLimit: String?

  @Option(
    name: .customLong("max-scene-nodes"),
    help: ArgumentHelp(
      "Nodes one scene's tree may have, 16 to 250000; a scene over it is refused or closed with compd.LimitExceeded instead of being sent whole (default: 20000: real screens use a few hundred, and a tree that size is a 2 to 4 MB reply).",
      valueName: "n"))
  var maxSceneNodes: String?

  @Flag(
    name: .customLong("verify-diffs"),
    help: ArgumentHelp(
      "Check every incremental scene update against a full walk of the view tree and stop the scene host on a difference, naming the scene and views: finds a view that changes what it draws without setNeedsDisplay(). Slow; for debugging plugins."
    ))
  var verifyDiffs = false

  // a scene host: `compd --scene-host FD` (CompdSceneHost: SceneHostCommand.swift)
  @Option(name: .customLong("scene-host"), help: .hidden) var sceneHost: Int32?
  // where a scene host writes its own log; it, its stdout and its stderr are pipes the
  // broker relays (CompdBroker: Hosts/HostOutputRelay.swift)
  @Option(name: .customLong("host-log-fd"), help: .hidden) var hostLogFD: Int32?
  @Option(name: .customLong("host-crash-fd"), help: .hidden) var hostCrashFD: Int32?

  // the vetting child: `compd --scan-plugin PATH` (CompdSceneHost: Plugins/PluginScanCommand.swift)
  @Option(name: .customLong("scan-plugin"), help: .hidden) var scanPlugin: String?

  /// The command with its defaults (ArgumentParser parses it).
  package init() {}

  /// The entry point of the `compd` executable: the main thread runs the main run loop (the
  /// main actor's jobs and the host channels, `MainRunLoop`), and `runAsMain` a task.
  package static func runOnMainRunLoop() -> Never {
    MainRunLoop.run { await runAsMain() }
  }

  /// Parses the process arguments and runs.
  /// (Calling `main()` from another module picks ArgumentParser's synchronous overload.)
  package static func runAsMain() async {
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      // Help and version go to stdout and exit 0; every other error exits 1, as
      // configuration errors do (not ArgumentParser's 64).
      if exitCode(for: error) == .success || error is ExitCode { exit(withError: error) }
      writeToStandardError("compd: " + fullMessage(for: error).replacingErrorPrefix() + "\n")
      exit(withError: ExitCode(1))
    }
  }

  /// The configuration the file and the flags give together (flags win).
  package func resolvedConfig() throws(ConfigError) -> DaemonConfig {
    var file = ConfigFile()
    if let config { file = try ConfigFile.load(path: config) }
    // A socket passed by systemd (or systemd-socket-activate) needs no path: it names
    // its own.
    guard let socketPath = socket ?? file.socketPath ?? SocketActivation.passedSocketPath()
    else {
      throw ConfigError("no socket path: pass --socket PATH or set `socket` in the config file")
    }
    var result = DaemonConfig(socketPath: socketPath)
    file.apply(to: &result)
    if let socket { result.socketPath = socket }
    if !pluginDirectories.isEmpty { result.pluginDirectories = pluginDirectories }
    if let stateDirectory { result.stateDirectory = stateDirectory }
    // The flags that take a value are checked as the file's keys of the same name are.
    var flags = ConfigFile()
    let given: [(key: String, value: String?)] = [
      ("log-level", logLevel), ("socket-mode", socketMode), ("max-connections", maxConnections),
      ("max-line-bytes", maxLineBytes), ("max-output-bytes", maxOutputBytes),
      ("shutdown-grace", shutdownGrace), ("io-threads", ioThreads), ("scene-grace", sceneGrace),
      ("max-scenes-per-client", maxScenesPerClient), ("persist-scenes", persistScenes),
      ("scene-save-delay", sceneSaveDelay), ("scene-tombstones", sceneTombstones),
      ("plugin-trust", pluginTrust), ("max-batch", maxBatch), ("output-budget", outputBudget),
      ("max-input-buffer", maxInputBuffer),
      ("listen-backlog", listenBacklog), ("scene-hosts", sceneHosts),
      ("scene-host-isolation", sceneHostIsolation), ("host-hang-timeout", hostHangTimeout),
      ("host-ping-interval", hostPingInterval), ("component-crash-limit", componentCrashLimit),
      ("component-crash-window", componentCrashWindow), ("host-memory-limit", hostMemoryLimit),
      ("host-process-limit", hostProcessLimit),
      ("max-scene-nodes", maxSceneNodes),
    ]
    for case (let key, let value?) in given {
      _ = try flags.set(key, value) { expected in
        ConfigError("--\(key): bad value `\(value)`: expected \(expected)")
      }
    }
    flags.apply(to: &result)
    if verifyDiffs { result.verifyDiffs = true }
    try result.validate()
    return result
  }

  /// Resolves the configuration and runs the daemon until it stops; a configuration or
  /// startup error exits 1 with one message.
  package func run() async throws {
    if let scanPlugin {
      let trust = pluginTrust.flatMap(PluginTrust.init(rawValue:)) ?? .strict
      throw ExitCode(
        await MainActor.run { PluginScanCommand.run(path: scanPlugin, trust: trust) })
    }
    if let sceneHost {
      let trust = pluginTrust.flatMap(PluginTrust.init(rawValue:)) ?? .strict
      let level = logLevel.flatMap(ConfigValues.logLevel) ?? .info
      let memory =
        hostMemoryLimit.flatMap(ConfigValues.byteSize) ?? DaemonConfig.defaultHostMemoryLimit
      let nodes = maxSceneNodes.flatMap(ConfigValues.count) ?? SceneNodeLimit.defaultMaximum
      await SceneHostCommand.run(
        fd: sceneHost, memoryLimit: memory, trust: trust, verifiesDiffs: verifyDiffs,
        nodeLimit: SceneNodeLimit(maximum: nodes),
        logLevel: level, logDescriptor: hostLogFD, crashDescriptor: hostCrashFD)
    }
    let config: DaemonConfig
    do {
      config = try resolvedConfig()
    } catch {
      writeToStandardError("compd: \(error.description)\n")
      throw ExitCode(1)
    }
    let logger = DaemonLogging.bootstrap(level: config.logLevel)
    let daemon = Daemon(
      config: config, logger: logger, configLoader: Self.commandLineConfigLoader,
      pluginABIStamp: ABIStamp.library)
    do {
      try await daemon.run()
    } catch let error as StartupError {
      logger.critical("\(error.description)")
      throw ExitCode(1)
    } catch let error as ShutdownError {
      logger.critical("\(error.description)")
      throw ExitCode(1)
    } catch {
      logger.critical("stopped by an error: \(error)")
      throw ExitCode(1)
    }
  }
}

extension CompdCommand {
  /// Loads the configuration as this process's command line did: the `--config` file,
  /// then the flags over it.
  static let commandLineConfigLoader: ServiceRuntime.ConfigLoader = {
    let arguments = Array(CommandLine.arguments.dropFirst())
    let parsed: any ParsableCommand
    do {
      parsed = try CompdCommand.parseAsRoot(arguments)
    } catch {
      throw ConfigError("cannot re-read the command line: \(CompdCommand.message(for: error))")
    }
    guard let command = parsed as? CompdCommand else {
      throw ConfigError("cannot re-read the command line")
    }
    return try command.resolvedConfig()
  }

}

extension String {
  fileprivate func replacingErrorPrefix() -> String {
    hasPrefix("Error: ") ? String(dropFirst(7)) : self
  }
}
