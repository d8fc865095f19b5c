import CompdProtocol
import Logging

#if canImport(Glibc)
  import Glibc
#endif

/// The settings a config file gives, in the file's order; a setting the file does not
/// give keeps its value.
///
/// Format: one `key = value` per line; `#` starts a comment line; blank lines are ignored;
/// a list (`plugin-dir`) takes repeated keys or comma-separated values. The keys are
/// `ConfigKey.all`'s (`plugin_dirs` is also `plugin-dir`) and the access-control keys
/// (`AccessSettingsOverlay`). Unknown keys and bad values are errors that name
/// `file:line`.
package struct ConfigFile: Sendable, Equatable {
  /// One `key = value` of the file, its value already checked.
  struct Setting: Sendable, Equatable {
    var key: String
    var value: String
  }

  /// The settings, in order.
  private(set) var settings: [Setting] = []
  /// The access-control keys (docs/operations.md).
  package var access = AccessSettingsOverlay()

  /// `socket`, when the file gives it.
  package var socketPath: String? { settings.last { $0.key == "socket" }?.value }

  /// Every key the file format knows, for `--help` and error messages.
  package static let keys =
    ConfigKey.all.map(\.name) + ConfigKey.aliases.keys.sorted() + AccessSettingsOverlay.keys

  /// An empty file.
  package init() {}

  /// Reads and parses the file at `path`.
  package static func load(path: String) throws(ConfigError) -> ConfigFile {
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
  package static func parse(_ text: String, fileName: String) throws(ConfigError) -> ConfigFile {
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
  package mutating func set(_ key: String, _ value: String, bad: (String) -> ConfigError)
    throws(ConfigError) -> Bool
  {
    guard let setting = ConfigKey.named(key) else { return false }
    var scratch = DaemonConfig(socketPath: "")
    guard setting.read(value, &scratch) else { throw bad(setting.expected) }
    settings.append(Setting(key: setting.name, value: value))
    return true
  }

  /// Writes the settings this file gives over `config`.
  package func apply(to config: inout DaemonConfig) {
    // A file's `plugin-dir` keys replace the directories, and add up among themselves.
    if settings.contains(where: { $0.key == "plugin-dir" }) { config.pluginDirectories = [] }
    for setting in settings {
      _ = ConfigKey.named(setting.key)?.read(setting.value, &config)
    }
    access.apply(to: &config.access)
  }
}
