import CompdProtocol
import Logging

/// One setting of compd: its key in the config file, which is also its command-line flag,
/// how its text is read, which values it takes, where it goes in `DaemonConfig`, and
/// whether a reload applies a new value.
///
/// Every setting is one entry of `ConfigKey.all`; the file parser, the flags,
/// `DaemonConfig.validate()` and a reload's list of settings needing a restart all read
/// it, so a new setting is written once here (and as a `DaemonConfig` property, a flag of
/// `CompdCommand` and its documentation). The access-control keys are parsed by
/// `AccessSettingsOverlay`.
struct ConfigKey: Sendable {
  /// The key in the file and the flag's name.
  let name: String
  /// What a value must be, for error messages (`a positive integer`).
  let expected: String
  /// Whether a reload applies a new value; otherwise the running daemon keeps the old
  /// one and `daemon.reload` lists the key in `restartNeeded`.
  let reloadable: Bool
  /// Reads a value's text into a configuration; `false` when the text is not a value
  /// the setting takes.
  let read: @Sendable (String, inout DaemonConfig) -> Bool
  /// Whether a configuration's value is one the setting takes (a configuration built in
  /// code need not come from text).
  let holdsValidValue: @Sendable (DaemonConfig) -> Bool
  /// Whether two configurations hold different values.
  let differs: @Sendable (DaemonConfig, DaemonConfig) -> Bool

  /// A setting stored at `path`, read from text by `parse`, taking the values `isValid`
  /// accepts.
  static func value<Value: Equatable & Sendable>(
    _ name: String, _ path: WritableKeyPath<DaemonConfig, Value> & Sendable, expected: String,
    reloadable: Bool = false, parse: @escaping @Sendable (String) -> Value?,
    isValid: @escaping @Sendable (Value) -> Bool = { _ in true }
  ) -> ConfigKey {
    ConfigKey(
      name: name, expected: expected, reloadable: reloadable,
      read: { text, config in
        guard let value = parse(text), isValid(value) else { return false }
        config[keyPath: path] = value
        return true
      },
      holdsValidValue: { isValid($0[keyPath: path]) },
      differs: { $0[keyPath: path] != $1[keyPath: path] })
  }

  /// A count in `range`.
  static func count(
    _ name: String, _ path: WritableKeyPath<DaemonConfig, Int> & Sendable,
    _ range: ClosedRange<Int>, expected: String
  ) -> ConfigKey {
    value(name, path, expected: expected, parse: ConfigValues.count) { range.contains($0) }
  }

  /// A count in `range` for a setting whose default (nil) leaves the choice to the system.
  static func count(
    _ name: String, _ path: WritableKeyPath<DaemonConfig, Int?> & Sendable,
    _ range: ClosedRange<Int>, expected: String
  ) -> ConfigKey {
    value(
      name, path, expected: expected, parse: { ConfigValues.count($0).map(Optional.some) },
      isValid: { $0.map { range.contains($0) } ?? true })
  }

  /// A number of seconds in `range`; `positive` excludes 0.
  static func seconds(
    _ name: String, _ path: WritableKeyPath<DaemonConfig, Double> & Sendable,
    _ range: ClosedRange<Double>, positive: Bool = false, expected: String,
    reloadable: Bool = false
  ) -> ConfigKey {
    value(
      name, path, expected: expected, reloadable: reloadable, parse: ConfigValues.seconds
    ) { range.contains($0) && (!positive || $0 > 0) }
  }

  /// A size in bytes of at least `minimum`.
  static func bytes(
    _ name: String, _ path: WritableKeyPath<DaemonConfig, Int> & Sendable, minimum: Int,
    expected: String
  ) -> ConfigKey {
    value(name, path, expected: expected, parse: ConfigValues.byteSize) { $0 >= minimum }
  }

  /// `true` or `false`.
  static func boolean(
    _ name: String, _ path: WritableKeyPath<DaemonConfig, Bool> & Sendable
  ) -> ConfigKey {
    value(name, path, expected: "true or false", parse: ConfigValues.boolean)
  }

  private static let unlimited = Int.max

  /// Every setting, in the order `--help` lists them.
  static let all: [ConfigKey] = [
    // Its length is checked by `DaemonConfig.validate()`, which says by how much.
    value("socket", \.socketPath, expected: "a path", parse: { $0 }),
    ConfigKey(
      name: "plugin-dir", expected: "comma-separated directories", reloadable: true,
      read: { text, config in
        let directories = text.split(separator: ",", omittingEmptySubsequences: false).map {
          $0.trimmingSpaces
        }
        if directories.contains(where: \.isEmpty) { return false }
        // Repeated keys add up.
        config.pluginDirectories += directories
        return true
      },
      holdsValidValue: { _ in true },
      differs: { $0.pluginDirectories != $1.pluginDirectories }),
    value(
      "state-dir", \.stateDirectory, expected: "a directory", parse: { text -> String?? in text }),
    value(
      "log-level", \.logLevel,
      expected: "one of trace, debug, info, notice, warning, error, critical",
      parse: ConfigValues.logLevel),
    value(
      "socket-mode", \.socketMode, expected: "an octal mode such as 0660",
      parse: ConfigValues.mode, isValid: { $0 & ~0o777 == 0 }),
    count("max-connections", \.maxConnections, 1...unlimited, expected: "a positive integer"),
    bytes(
      "max-line-bytes", \.maxLineBytes, minimum: 16,
      expected: "a size of at least 16 bytes, such as 16MiB"),
    bytes(
      "max-output-bytes", \.maxOutputBytes, minimum: 4096,
      expected: "a size of at least 4096 bytes, such as 32MiB"),
    seconds(
      "shutdown-grace", \.shutdownGraceSeconds, 0...Double.greatestFiniteMagnitude,
      expected: "a non-negative number of seconds"),
    count("io-threads", \.ioThreads, 1...256, expected: "a number of threads from 1 to 256"),
    seconds("scene-grace", \.sceneGraceSeconds, 0...86_400, expected: "seconds from 0 to 86400"),
    count(
      "max-scenes-per-client", \.maxScenesPerClient, 1...unlimited,
      expected: "a positive integer"),
    count(
      "scene-tombstones", \.sceneTombstones, 0...10_000_000,
      expected: "a number of scenes from 0 to 10000000"),
    boolean("persist-scenes", \.persistScenes),
    seconds("scene-save-delay", \.sceneSaveDelay, 0...60, expected: "seconds from 0 to 60"),
    value(
      "plugin-trust", \.pluginTrust, expected: "strict or relaxed", reloadable: true,
      parse: PluginTrust.init(rawValue:)),
    count("max-batch", \.maxBatch, 1...unlimited, expected: "a positive integer"),
    bytes(
      "output-budget", \.outputBudgetBytes, minimum: 4096,
      expected: "a size of at least 4096 bytes, such as 32MiB"),
    bytes(
      "max-input-buffer", \.maxInputBufferBytes, minimum: 4096,
      expected: "a size of at least 4096 bytes, such as 64MiB"),
    count("listen-backlog", \.listenBacklog, 1...65535, expected: "a number from 1 to 65535"),
    count("scene-hosts", \.sceneHosts, 1...256, expected: "a number of hosts from 1 to 256"),
    value(
      "scene-host-isolation", \.sceneHostIsolation, expected: "shared or plugin",
      parse: SceneHostIsolation.init(rawValue:)),
    seconds(
      "host-hang-timeout", \.hostHangTimeout, 0...3600, positive: true,
      expected: "seconds, more than 0 and at most 3600"),
    seconds(
      "host-ping-interval", \.hostPingInterval, 0...3600, positive: true,
      expected: "seconds, more than 0 and at most 3600"),
    count(
      "component-crash-limit", \.componentCrashLimit, 1...unlimited,
      expected: "a positive integer"),
    seconds(
      "component-crash-window", \.componentCrashWindow, 0...Double.greatestFiniteMagnitude,
      positive: true, expected: "a positive number of seconds"),
    bytes(
      "host-memory-limit", \.hostMemoryLimit, minimum: 0,
      expected: "a size in bytes such as 512M, or 0 for no limit"),
    count(
      "host-process-limit", \.hostProcessLimit, 1...65536,
      expected: "a number of processes from 1 to 65536"),
    count(
      "max-scene-nodes", \.maxSceneNodes, SceneNodeLimit.allowed,
      expected:
        "a number of nodes from \(SceneNodeLimit.allowed.lowerBound) to \(SceneNodeLimit.allowed.upperBound)"
    ),
    boolean("verify-diffs", \.verifyDiffs),
  ]

  /// Other spellings of keys.
  static let aliases = ["plugin_dirs": "plugin-dir"]

  /// The setting named `name` (or an alias of it), or `nil`.
  static func named(_ name: String) -> ConfigKey? {
    let canonical = aliases[name] ?? name
    return all.first { $0.name == canonical }
  }
}
