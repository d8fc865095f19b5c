import CompdProtocol
import Logging

#if canImport(Glibc)
  import Glibc
#endif

/// Every setting of the daemon, with its default.
///
/// Built from the config file (if any) and then the command-line flags, which override it.
package struct DaemonConfig: Sendable, Equatable {
  /// Path of the Unix socket to listen on.
  package var socketPath: String
  /// Directories searched for plugins, in order.
  package var pluginDirectories: [String] = []
  /// Directory for persistent state (plugin cache, vetting results, the scene database).
  package var stateDirectory: String? = nil
  /// Minimum level of log messages written to stderr.
  package var logLevel: Logger.Level = .info
  /// Permission bits of the socket file.
  package var socketMode: UInt32 = 0o660
  /// Largest number of clients connected at once; one more gets an error and is closed.
  package var maxConnections: Int = 1024
  /// Largest accepted request line, in bytes (without its newline).
  package var maxLineBytes: Int = 16 << 20
  /// Largest amount of reply data queued for one client that does not read; a client
  /// over it is disconnected.
  package var maxOutputBytes: Int = 32 << 20
  /// Event-loop threads for socket I/O; `nil` means one per CPU core.
  package var ioThreads: Int? = nil
  /// How long a graceful shutdown waits for in-flight requests before closing clients.
  package var shutdownGraceSeconds: Double = 10
  /// Seconds a `connection`-lifetime scene outlives its last connection.
  package var sceneGraceSeconds: Double = 30
  /// Scenes one connection may have open at once.
  package var maxScenesPerClient: Int = 64
  /// Closed scenes remembered, the most recent ones: their ids keep answering why they
  /// are gone (`compd.NoSuchScene`'s `reason`); older ones are forgotten, in memory and in
  /// the scene database.
  package var sceneTombstones: Int = 10_000
  /// Whether scenes are saved in the state directory and restored at start (needs
  /// `stateDirectory`).
  package var persistScenes = true
  /// Seconds from a scene's change to its save; changes within it are written together.
  package var sceneSaveDelay: Double = 1
  /// Access control and per-user limits (docs/operations.md).
  package var access = AccessSettings()
  /// Whether plugins must be owned by root or compd's user and writable by no one else.
  package var pluginTrust: PluginTrust = .strict
  /// Largest number of entries in one batch request.
  package var maxBatch: Int = 1000
  /// Largest amount of reply data queued for all clients together; over it, the clients
  /// holding the most are disconnected first.
  package var outputBudgetBytes: Int = 32 << 20
  /// Largest amount of request data buffered for all clients together (partial lines and
  /// lines read but not yet handled), counted by the memory its buffers hold; over it, the
  /// clients holding the most are disconnected first. 64 MiB: two lines of the default
  /// `maxLineBytes` at once (a line is read into a buffer of up to twice its size), where
  /// without it a user's 64 connections could each hold a 16 MiB partial line (1 GiB).
  package var maxInputBufferBytes: Int = 64 << 20
  /// Length of the listening socket's queue of clients not yet accepted; `nil` means the
  /// system's maximum (`/proc/sys/net/core/somaxconn`).
  package var listenBacklog: Int? = nil
  /// Shared scene host processes that run component code (default: one per CPU).
  package var sceneHosts: Int = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  /// Whether each plugin's scenes run in scene hosts of their own.
  package var sceneHostIsolation: SceneHostIsolation = .shared
  /// Seconds a scene host may leave the broker's ping unanswered before it is killed.
  package var hostHangTimeout: Double = 5
  /// Seconds between the broker's pings of each scene host.
  package var hostPingInterval: Double = 1
  /// Crashes of its scene host within `componentCrashWindow` that quarantine a component.
  package var componentCrashLimit: Int = 3
  /// Seconds over which a component's crashes are counted.
  package var componentCrashWindow: Double = 600
  /// Bytes of data memory each scene host may use (`RLIMIT_DATA`); 0 means no limit. By
  /// default a quarter of the machine's RAM: one component that allocates without end fails
  /// in its own host long before the machine runs out, and a host has room for many scenes.
  package var hostMemoryLimit: Int = DaemonConfig.defaultHostMemoryLimit
  /// Processes each scene host's process group may hold, the host included: one whose
  /// component code forks past it is replaced. Far more than a component that runs a
  /// helper now and then needs, far fewer than a fork per tap leaves behind.
  package var hostProcessLimit: Int = 64

  /// A quarter of the machine's physical memory, and at least 256 MiB.
  package static let defaultHostMemoryLimit: Int = {
    let pages = sysconf(Int32(_SC_PHYS_PAGES))
    let size = sysconf(Int32(_SC_PAGESIZE))
    guard pages > 0, size > 0 else { return 1 << 30 }
    return max(256 << 20, pages * size / 4)
  }()
  /// The most nodes one scene's tree may have; a scene over it is refused or closed with
  /// `compd.LimitExceeded` rather than sent as an unbounded reply (`SceneNodeLimit`).
  package var maxSceneNodes: Int = SceneNodeLimit.defaultMaximum
  /// Whether scene hosts check each incremental refresh of a scene's nodes against a full
  /// walk of its view tree, and stop on a difference (a diagnostic for plugin authors: it
  /// finds a view that changes what it draws without `setNeedsDisplay()`).
  package var verifyDiffs = false

  /// The most bytes the replies of one batch may add up to: half of `maxOutputBytes`
  /// or an eighth of `outputBudgetBytes`, whichever is smaller.
  package var maxBatchReplyBytes: Int { min(maxOutputBytes / 2, outputBudgetBytes / 8) }

  /// A configuration with every default and the given socket path.
  package init(socketPath: String) {
    self.socketPath = socketPath
  }

  /// Checks every value; the error says which setting is wrong and why.
  package func validate() throws(ConfigError) {
    if socketPath.isEmpty { throw ConfigError("the socket path is empty") }
    if socketPath.utf8.count > 107 {
      throw ConfigError(
        "the socket path is \(socketPath.utf8.count) bytes long; Unix sockets allow at most 107")
    }
    for key in ConfigKey.all where !key.holdsValidValue(self) {
      throw ConfigError("\(key.name) must be \(key.expected)")
    }
    // A line of the largest size allowed is read into a buffer of up to twice its size: a
    // smaller budget would disconnect the client sending it instead of answering it.
    if maxInputBufferBytes / 2 < maxLineBytes {
      throw ConfigError(
        "max-input-buffer (\(maxInputBufferBytes) bytes) must be at least twice max-line-bytes "
          + "(\(maxLineBytes) bytes), or a line of the largest size allowed could not be read")
    }
  }
}

/// How scene hosts are shared between plugins (`scene-host-isolation`).
package enum SceneHostIsolation: String, Sendable, Equatable {
  /// Every host may hold scenes of every plugin.
  case shared
  /// Each plugin's scenes go to hosts of their own.
  case plugin
}

/// A bad setting, in the config file or on the command line.
package struct ConfigError: Error, CustomStringConvertible, Equatable {
  /// What is wrong, naming `file:line` when it comes from a file.
  package var description: String
  /// An error with the given text.
  package init(_ description: String) { self.description = description }
}
