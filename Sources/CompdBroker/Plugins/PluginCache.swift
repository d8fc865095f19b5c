import CompdProtocol
import JSONRPC

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The vetting results remembered across restarts, in `plugin-cache.json` in the state
/// directory: an unchanged file (same path, size, modification time and inode) is not
/// vetted again, and a quarantined or rejected one stays so until its file changes. So do
/// components (of a plugin or a declarative screen) quarantined for crashing their scene
/// hosts: a restarted compd still refuses them, and a new version of the file lifts it.
///
/// The whole cache is tied to the ABI stamp of the ScreenKit the vetting children and scene
/// hosts run (`stamp`, which the composition root gives the registry): after an upgrade
/// every plugin is vetted again. The file is written to a temporary file and renamed over
/// the old one, so a crash never leaves half a cache; a cache that cannot be read is
/// ignored (everything is vetted again) with a warning.
struct PluginCache: Sendable, Equatable {
  static let fileName = "plugin-cache.json"
  static let formatVersion: Int64 = 1

  /// The ABI stamp the results are for.
  let stamp: String

  private(set) var entries: [String: Entry] = [:]
  /// Components quarantined after crashing their scene hosts, by the path of the file
  /// (plugin library or declarative screen) that provides them, for one version of it.
  private(set) var quarantines: [String: Quarantine] = [:]

  struct Entry: Sendable, Equatable {
    var identity: PluginFileIdentity
    var outcome: VetOutcome
  }

  /// The components of one file version quarantined, with why.
  struct Quarantine: Sendable, Equatable {
    var identity: PluginFileIdentity
    var components: [String: String]
  }

  /// The remembered outcome for this exact file version, if any.
  func outcome(for identity: PluginFileIdentity) -> VetOutcome? {
    guard let entry = entries[identity.path], entry.identity == identity else { return nil }
    return entry.outcome
  }

  /// The components of this exact file version quarantined after crashing their hosts.
  func quarantinedComponents(of identity: PluginFileIdentity) -> [String: String] {
    guard let quarantine = quarantines[identity.path], quarantine.identity == identity else {
      return [:]
    }
    return quarantine.components
  }

  /// Remembers that `component` of the file version `identity` is quarantined (a
  /// quarantine of another version of the file is forgotten).
  mutating func quarantine(
    _ component: String, reason: String, of identity: PluginFileIdentity
  ) {
    if quarantines[identity.path]?.identity != identity {
      quarantines[identity.path] = Quarantine(identity: identity, components: [:])
    }
    quarantines[identity.path]?.components[component] = reason
  }

  /// Remembers `outcome` for `identity` (outcomes that are not the plugin's doing are not).
  mutating func remember(_ outcome: VetOutcome, for identity: PluginFileIdentity) {
    if case .unavailable = outcome {
      entries[identity.path] = nil
    } else {
      entries[identity.path] = Entry(identity: identity, outcome: outcome)
    }
  }

  /// Forgets every file not among `files`, and the quarantines of file versions that are
  /// not (the file changed: a new version starts afresh).
  mutating func keepOnly(_ files: [PluginFileIdentity]) {
    let paths = Set(files.map(\.path))
    let versions = Set(files)
    entries = entries.filter { paths.contains($0.key) }
    quarantines = quarantines.filter { versions.contains($0.value.identity) }
  }

  /// Reads the cache at `path`. A missing file is an empty cache; an unreadable one is an
  /// empty cache plus a warning.
  static func load(from path: String, stamp: String) -> (cache: PluginCache, warning: String?) {
    let empty = PluginCache(stamp: stamp)
    guard let bytes = readFile(path) else { return (empty, nil) }
    do {
      return (try PluginCache(json: JSONParser.parse(bytes), stamp: stamp), nil)
    } catch let error as JSONParseError {
      return (empty, "ignoring the plugin cache \(path): not JSON (\(error.message))")
    } catch {
      return (empty, "ignoring the plugin cache \(path): \(error)")
    }
  }

  /// Writes the cache to `path` atomically (temporary file, fsync, rename).
  func write(to path: String) throws(CacheWriteError) {
    let temporary = "\(path).tmp.\(getpid())"
    let bytes = json.serializedBytes() + [0x0A]
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw CacheWriteError(path: temporary, errno: errno) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        let failure = errno
        close(fd)
        unlink(temporary)
        throw CacheWriteError(path: temporary, errno: failure)
      }
      offset += written
    }
    fsync(fd)
    close(fd)
    guard rename(temporary, path) == 0 else {
      let failure = errno
      unlink(temporary)
      throw CacheWriteError(path: path, errno: failure)
    }
  }

  var json: JSON {
    .object([
      "version": .int(Self.formatVersion),
      "stamp": .string(stamp),
      "plugins": .array(
        entries.keys.sorted().map { key in
          let entry = entries[key]!
          var object = Self.json(of: entry.identity)
          switch entry.outcome {
          case .accepted(let manifest):
            object["state"] = "accepted"
            object["manifest"] = manifest.json
          case .rejected(let reason):
            object["state"] = "rejected"
            object["reason"] = .string(reason)
          case .quarantined(let reason), .unavailable(let reason):
            object["state"] = "quarantined"
            object["reason"] = .string(reason)
          }
          return .object(object)
        }),
      "quarantines": .array(
        quarantines.keys.sorted().map { key in
          let quarantine = quarantines[key]!
          var object = Self.json(of: quarantine.identity)
          object["components"] = .object(
            JSONObject(
              quarantine.components.sorted { $0.key < $1.key }.map { ($0, .string($1)) }))
          return .object(object)
        }),
    ])
  }

  private static func json(of identity: PluginFileIdentity) -> JSONObject {
    [
      "path": .string(identity.path), "size": .int(identity.size),
      "mtimeNs": .int(identity.modificationNanoseconds),
      "inode": .int(Int64(bitPattern: identity.inode)),
    ]
  }

  private static func identity(of element: JSON) throws(ManifestError) -> PluginFileIdentity {
    guard let path = element["path"]?.stringValue, let size = element["size"]?.intValue,
      let mtime = element["mtimeNs"]?.intValue, let inode = element["inode"]?.intValue
    else { throw ManifestError("an entry lacks path, size, mtimeNs or inode") }
    return PluginFileIdentity(
      path: path, size: size, modificationNanoseconds: mtime, inode: UInt64(bitPattern: inode))
  }

  /// An empty cache for results of the ScreenKit with this ABI stamp.
  init(stamp: String) { self.stamp = stamp }

  private init(json: JSON, stamp: String) throws(ManifestError) {
    self.stamp = stamp
    guard json["version"]?.intValue == Self.formatVersion else {
      throw ManifestError("unknown format version")
    }
    // Results for another ScreenKit or toolchain say nothing about this one.
    guard json["stamp"]?.stringValue == stamp else { return }
    guard let list = json["plugins"]?.arrayValue else { throw ManifestError("no plugin list") }
    for element in list {
      let identity = try Self.identity(of: element)
      guard let state = element["state"]?.stringValue else {
        throw ManifestError("an entry lacks its state")
      }
      let outcome: VetOutcome
      switch state {
      case "accepted":
        guard let manifest = element["manifest"] else {
          throw ManifestError("an accepted entry has no manifest")
        }
        outcome = .accepted(try PluginManifest(json: manifest))
      case "rejected", "quarantined":
        guard let reason = element["reason"]?.stringValue else {
          throw ManifestError("a \(state) entry has no reason")
        }
        outcome = state == "rejected" ? .rejected(reason) : .quarantined(reason)
      default:
        throw ManifestError("unknown state \"\(state)\"")
      }
      entries[identity.path] = Entry(identity: identity, outcome: outcome)
    }
    for element in json["quarantines"]?.arrayValue ?? [] {
      let identity = try Self.identity(of: element)
      var components: [String: String] = [:]
      for (component, reason) in element["components"]?.objectValue ?? [:] {
        guard let reason = reason.stringValue else {
          throw ManifestError("the quarantine of \(component) has no reason")
        }
        components[component] = reason
      }
      quarantines[identity.path] = Quarantine(identity: identity, components: components)
    }
  }

  static func readFile(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      bytes.append(contentsOf: buffer[..<count])
      if bytes.count > 64 << 20 { return [] }
    }
    return bytes
  }
}

/// The plugin cache could not be written.
struct CacheWriteError: Error, CustomStringConvertible {
  var path: String
  var errno: Int32
  var description: String { "cannot write \(path): \(String(cString: strerror(errno)))" }
}
