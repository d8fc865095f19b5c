import Logging

#if canImport(Glibc)
  import Glibc
#endif

/// The settings a config file gives; `nil` means the file does not set it.
///
/// Format: one `key = value` per line; `#` starts a comment line; blank lines are ignored;
/// a list (`plugin-dir`) takes repeated keys or comma-separated values. Keys:
/// `socket`, `plugin-dir` (or `plugin_dirs`), `state-dir`, `log-level`, `socket-mode`,
/// `max-connections`,
/// `max-line-bytes`, `max-output-bytes`, `shutdown-grace`, `io-threads`, `scene-grace`,
/// `max-scenes-per-client`, `persist-scenes`, `scene-save-delay`, `plugin-trust`,
/// `max-batch`, `output-budget`, `listen-backlog`, `scene-hosts`, `scene-host-isolation`,
/// `host-hang-timeout`, `host-ping-interval`, `component-crash-limit`,
/// `component-crash-window`, `host-memory-limit`, `verify-diffs`, and the access-control
/// keys. Unknown
/// keys and bad values are
/// errors that name `file:line`.
public struct ConfigFile: Sendable, Equatable {
  // Each field is one key of the file; `nil` where the file does not set it. The meanings
  // are `DaemonConfig`'s.

  /// `socket`.
  public var socketPath: String?
  /// `plugin-dir`, also spelled `plugin_dirs` (every occurrence, in order).
  public var pluginDirectories: [String]?
  /// `state-dir`.
  public var stateDirectory: String?
  /// `log-level`.
  public var logLevel: Logger.Level?
  /// `socket-mode` (octal in the file).
  public var socketMode: UInt32?
  /// `max-connections`.
  public var maxConnections: Int?
  /// `max-line-bytes`.
  public var maxLineBytes: Int?
  /// `max-output-bytes`.
  public var maxOutputBytes: Int?
  /// `shutdown-grace` (seconds).
  public var shutdownGraceSeconds: Double?
  /// `io-threads`.
  public var ioThreads: Int?
  /// `scene-grace` (seconds).
  public var sceneGraceSeconds: Double?
  /// `max-scenes-per-client`.
  public var maxScenesPerClient: Int?
  public var sceneTombstones: Int?
  /// `persist-scenes` (`true` or `false`).
  public var persistScenes: Bool?
  /// `scene-save-delay` (seconds).
  public var sceneSaveDelay: Double?
  /// The access-control keys (docs/operations.md).
  public var access = AccessSettingsOverlay()
  /// `plugin-trust` (`strict` or `relaxed`).
  public var pluginTrust: PluginTrust?
  /// `max-batch`.
  public var maxBatch: Int?
  /// `output-budget`.
  public var outputBudgetBytes: Int?
  /// `listen-backlog`.
  public var listenBacklog: Int?
  /// `scene-hosts`.
  public var sceneHosts: Int?
  /// `scene-host-isolation` (`shared` or `plugin`).
  public var sceneHostIsolation: SceneHostIsolation?
  /// `host-hang-timeout` (seconds).
  public var hostHangTimeout: Double?
  /// `host-ping-interval` (seconds).
  public var hostPingInterval: Double?
  /// `component-crash-limit`.
  public var componentCrashLimit: Int?
  /// `component-crash-window` (seconds).
  public var componentCrashWindow: Double?
  /// `host-memory-limit` (bytes; 0: none).
  public var hostMemoryLimit: Int?
  /// `verify-diffs` (`true` or `false`).
  public var verifyDiffs: Bool?

  /// Every key the file format knows, for `--help` and error messages.
  public static let keys =
    [
      "socket", "plugin-dir", "plugin_dirs", "state-dir", "log-level", "socket-mode",
      "max-connections",
      "max-line-bytes", "max-output-bytes", "shutdown-grace", "io-threads", "scene-grace",
      "max-scenes-per-client", "persist-scenes", "scene-save-delay",
      "plugin-trust", "max-batch", "output-budget", "listen-backlog", "scene-hosts",
      "scene-host-isolation", "host-hang-timeout", "host-ping-interval",
      "component-crash-limit", "component-crash-window", "host-memory-limit", "verify-diffs",
    ] + AccessSettingsOverlay.keys

  /// An empty file.
  public init() {}

  /// Reads and parses the file at `path`.
  public static func load(path: String) throws(ConfigError) -> ConfigFile {
    guard let file = fopen(path, "r") else {
      throw ConfigError("cannot read config file \(path): \(String(cString: strerror(errno)))")
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = fread(&chunk, 1, chunk.count, file)
      if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
      if count < chunk.count {
        if ferror(file) != 0 {
          throw ConfigError(
            "cannot read config file \(path): \(String(cString: strerror(errno)))")
        }
        break
      }
      if bytes.count > 1 << 20 { throw ConfigError("config file \(path) is larger than 1 MiB") }
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw ConfigError("config file \(path) is not valid UTF-8")
    }
    return try parse(text, fileName: path)
  }

  /// Parses the text of a config file; `fileName` is used in error messages.
  public static func parse(_ text: String, fileName: String) throws(ConfigError) -> ConfigFile {
    var result = ConfigFile()
    var lineNumber = 0
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      let line = rawLine.trimmingSpaces
      if line.isEmpty || line.hasPrefix("#") { continue }
      let place = "\(fileName):\(lineNumber)"
      guard let equals = line.firstIndex(of: "=") else {
        throw ConfigError("\(place): expected `key = value`, found `\(line)`")
      }
      let key = line[..<equals].trimmingSpaces
      let value = line[line.index(after: equals)...].trimmingSpaces
      func bad(_ expected: String) -> ConfigError {
        ConfigError("\(place): bad value `\(value)` for \(key): expected \(expected)")
      }
      if value.isEmpty { throw ConfigError("\(place): \(key) has no value") }
      if try result.set(String(key), String(value), bad: bad) { continue }
      // access-control keys
      do throws(ServiceProtocolError) {
        if try result.access.parse(key: key, value: value) { continue }
      } catch { throw ConfigError("\(place): \(error.description)") }
      throw ConfigError(
        "\(place): unknown key `\(key)` (known: \(keys.joined(separator: ", ")))")
    }
    return result
  }

  /// Sets the setting `key` (a file key, which is also the flag's name) from its text,
  /// with the checks the file and the command line share; `bad` makes the error for an
  /// unusable value from what was expected. Returns false for a key that is not a setting
  /// of its own (an access-control key, or an unknown one).
  mutating func set(_ key: String, _ value: String, bad: (String) -> ConfigError)
    throws(ConfigError) -> Bool
  {
    switch key {
    case "socket":
      socketPath = value
    case "plugin-dir", "plugin_dirs":
      let directories = value.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingSpaces
      }
      if directories.contains(where: \.isEmpty) { throw bad("comma-separated directories") }
      pluginDirectories = (pluginDirectories ?? []) + directories
    case "state-dir":
      stateDirectory = value
    case "log-level":
      guard let level = ConfigValues.logLevel(value) else {
        throw bad("one of trace, debug, info, notice, warning, error, critical")
      }
      logLevel = level
    case "socket-mode":
      guard let mode = ConfigValues.mode(value) else { throw bad("an octal mode such as 0660") }
      socketMode = mode
    case "max-connections":
      guard let count = ConfigValues.count(value), count >= 1 else {
        throw bad("a positive integer")
      }
      maxConnections = count
    case "max-line-bytes":
      guard let size = ConfigValues.byteSize(value), size >= 16 else {
        throw bad("a size of at least 16 bytes, such as 16MiB")
      }
      maxLineBytes = size
    case "max-output-bytes":
      guard let size = ConfigValues.byteSize(value), size >= 4096 else {
        throw bad("a size of at least 4096 bytes, such as 32MiB")
      }
      maxOutputBytes = size
    case "shutdown-grace":
      guard let seconds = ConfigValues.seconds(value) else {
        throw bad("a non-negative number of seconds")
      }
      shutdownGraceSeconds = seconds
    case "io-threads":
      guard let count = ConfigValues.count(value), (1...256).contains(count) else {
        throw bad("a number of threads from 1 to 256")
      }
      ioThreads = count
    case "scene-grace":
      guard let seconds = ConfigValues.seconds(value), seconds <= 86_400 else {
        throw bad("seconds from 0 to 86400")
      }
      sceneGraceSeconds = seconds
    case "max-scenes-per-client":
      guard let count = ConfigValues.count(value), count >= 1 else {
        throw bad("a positive integer")
      }
      maxScenesPerClient = count
    case "scene-tombstones":
      guard let count = ConfigValues.count(value), count <= 10_000_000 else {
        throw bad("a number of scenes from 0 to 10000000")
      }
      sceneTombstones = count
    case "persist-scenes":
      guard let value = ConfigValues.boolean(value) else { throw bad("true or false") }
      persistScenes = value
    case "scene-save-delay":
      guard let seconds = ConfigValues.seconds(value), seconds <= 60 else {
        throw bad("seconds from 0 to 60")
      }
      sceneSaveDelay = seconds
    case "plugin-trust":
      guard let trust = PluginTrust(rawValue: value) else { throw bad("strict or relaxed") }
      pluginTrust = trust
    case "max-batch":
      guard let count = ConfigValues.count(value), count >= 1 else {
        throw bad("a positive integer")
      }
      maxBatch = count
    case "output-budget":
      guard let size = ConfigValues.byteSize(value), size >= 4096 else {
        throw bad("a size of at least 4096 bytes, such as 32MiB")
      }
      outputBudgetBytes = size
    case "listen-backlog":
      guard let count = ConfigValues.count(value), (1...65535).contains(count) else {
        throw bad("a number from 1 to 65535")
      }
      listenBacklog = count
    case "scene-hosts":
      guard let count = ConfigValues.count(value), (1...256).contains(count) else {
        throw bad("a number of hosts from 1 to 256")
      }
      sceneHosts = count
    case "scene-host-isolation":
      guard let isolation = SceneHostIsolation(rawValue: value) else {
        throw bad("shared or plugin")
      }
      sceneHostIsolation = isolation
    case "host-hang-timeout":
      guard let seconds = ConfigValues.seconds(value), seconds > 0, seconds <= 3600 else {
        throw bad("seconds, more than 0 and at most 3600")
      }
      hostHangTimeout = seconds
    case "host-ping-interval":
      guard let seconds = ConfigValues.seconds(value), seconds > 0, seconds <= 3600 else {
        throw bad("seconds, more than 0 and at most 3600")
      }
      hostPingInterval = seconds
    case "component-crash-limit":
      guard let count = ConfigValues.count(value), count >= 1 else {
        throw bad("a positive integer")
      }
      componentCrashLimit = count
    case "component-crash-window":
      guard let seconds = ConfigValues.seconds(value), seconds > 0 else {
        throw bad("a positive number of seconds")
      }
      componentCrashWindow = seconds
    case "host-memory-limit":
      guard let size = ConfigValues.byteSize(value) else {
        throw bad("a size in bytes such as 512M, or 0 for no limit")
      }
      hostMemoryLimit = size
    case "verify-diffs":
      guard let value = ConfigValues.boolean(value) else { throw bad("true or false") }
      verifyDiffs = value
    default:
      return false
    }
    return true
  }

  /// Writes the settings this file gives over `config`.
  public func apply(to config: inout DaemonConfig) {
    if let socketPath { config.socketPath = socketPath }
    if let pluginDirectories { config.pluginDirectories = pluginDirectories }
    if let stateDirectory { config.stateDirectory = stateDirectory }
    if let logLevel { config.logLevel = logLevel }
    if let socketMode { config.socketMode = socketMode }
    if let maxConnections { config.maxConnections = maxConnections }
    if let maxLineBytes { config.maxLineBytes = maxLineBytes }
    if let maxOutputBytes { config.maxOutputBytes = maxOutputBytes }
    if let shutdownGraceSeconds { config.shutdownGraceSeconds = shutdownGraceSeconds }
    if let ioThreads { config.ioThreads = ioThreads }
    if let sceneGraceSeconds { config.sceneGraceSeconds = sceneGraceSeconds }
    if let maxScenesPerClient { config.maxScenesPerClient = maxScenesPerClient }
    if let sceneTombstones { config.sceneTombstones = sceneTombstones }
    if let persistScenes { config.persistScenes = persistScenes }
    if let sceneSaveDelay { config.sceneSaveDelay = sceneSaveDelay }
    access.apply(to: &config.access)
    if let pluginTrust { config.pluginTrust = pluginTrust }
    if let maxBatch { config.maxBatch = maxBatch }
    if let outputBudgetBytes { config.outputBudgetBytes = outputBudgetBytes }
    if let listenBacklog { config.listenBacklog = listenBacklog }
    if let sceneHosts { config.sceneHosts = sceneHosts }
    if let sceneHostIsolation { config.sceneHostIsolation = sceneHostIsolation }
    if let hostHangTimeout { config.hostHangTimeout = hostHangTimeout }
    if let hostPingInterval { config.hostPingInterval = hostPingInterval }
    if let componentCrashLimit { config.componentCrashLimit = componentCrashLimit }
    if let componentCrashWindow { config.componentCrashWindow = componentCrashWindow }
    if let hostMemoryLimit { config.hostMemoryLimit = hostMemoryLimit }
    if let verifyDiffs { config.verifyDiffs = verifyDiffs }
  }
}
