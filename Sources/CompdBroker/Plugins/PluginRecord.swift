import CompdProtocol
import JSONRPC

/// One plugin file as `plugins.list` reports it.
struct PluginRecord: Sendable, Equatable {
  /// Whether the plugin's components are available.
  enum State: String, Sendable {
    /// Vetted, loaded into the daemon, its components registered.
    case loaded
    /// Cannot be used (ABI mismatch, no entry point, not ELF, bad manifest, name conflict).
    case rejected
    /// Misbehaved while vetted (crash, hang, garbage); stays so until its file changes.
    case quarantined
  }

  var identity: PluginFileIdentity
  var name: String
  var version: String
  var state: State
  var components: [String]
  var error: String?
  /// What vetting learned, for a loaded plugin library: scene hosts load it with this.
  var manifest: PluginManifest?
  /// The text of a loaded declarative screen, which scene hosts register.
  var screenText: String?
  /// Components of this plugin quarantined after crashing their scene hosts, with why.
  var quarantinedComponents: [String: String] = [:]
  /// Refused before any of its code ran: someone other than root or compd's user could
  /// have written it (`error` says which path); checked again on every scan.
  var untrusted = false

  var path: String { identity.path }

  /// The name shown for a plugin that never told its own: the file name without `lib`
  /// and `.so`.
  static func fallbackName(for path: String) -> String {
    var name = Substring(path.split(separator: "/").last ?? Substring(path))
    if name.hasSuffix(".so") { name = name.dropLast(3) }
    if name.hasPrefix("lib") && name.count > 3 { name = name.dropFirst(3) }
    return String(name)
  }

  var json: JSON {
    var object: JSONObject = [
      "name": .string(name), "version": .string(version), "path": .string(path),
      "state": .string(state.rawValue), "components": .array(components.map(JSON.string)),
    ]
    if let error { object["error"] = .string(error) }
    if !quarantinedComponents.isEmpty {
      object["quarantined"] = .array(
        quarantinedComponents.sorted { $0.key < $1.key }.map { name, reason in
          ["component": .string(name), "reason": .string(reason)]
        })
    }
    return .object(object)
  }
}
