import Foundation
import NIOCore

/// The files the gateway serves, read into memory at start: the web client's directory at
/// `/` and the Inter font files at `/fonts/`. A request path is looked up by exact name, so
/// `..`, encoded slashes or symlinks out of the directory can never reach another file.
public struct StaticSite: Sendable {
  /// One file: its bytes, its `Content-Type` and its entity tag.
  public struct File: Sendable {
    /// The body.
    public let bytes: ByteBuffer
    /// The media type sent as `Content-Type`.
    public let contentType: String
    /// The `ETag`: a hash of the bytes, so that a browser revalidating its copy gets `304`
    /// without the body, and a gateway restarted with other files serves them at once.
    public let etag: String

    /// A file of `bytes` served as `contentType`.
    public init(bytes: ByteBuffer, contentType: String) {
      self.bytes = bytes
      self.contentType = contentType
      // FNV-1a (64 bits) and the length: not a defence against forgery, only a fingerprint.
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in bytes.readableBytesView {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
      let hex = String(hash, radix: 16)
      version = "\(String(repeating: "0", count: 16 - hex.count))\(hex)-\(bytes.readableBytes)"
      etag = "\"\(version)\""
    }

    /// The fingerprint in the `ETag` and in versioned URLs (`/style.css?v=…`).
    public let version: String
  }

  private var files: [String: File]

  /// A site made of `files` keyed by absolute URL path (`/index.html`).
  public init(files: [String: File] = [:]) { self.files = files }

  /// The file for a request target (query stripped, `/` meaning `/index.html`), or nil.
  public func file(forTarget target: String) -> File? {
    var path = String(target.prefix { $0 != "?" && $0 != "#" })
    if path.hasSuffix("/") { path += "index.html" }
    return files[path]
  }

  /// The served paths, sorted.
  public var paths: [String] { files.keys.sorted() }

  /// Whether `target` names a file at its current version (`?v=` its fingerprint): such a
  /// URL always gets the same bytes, so a browser may keep them without asking again.
  public func isCurrentVersion(_ target: String) -> Bool {
    guard let file = file(forTarget: target),
      let query = target.split(separator: "?", maxSplits: 1).dropFirst().first
    else { return false }
    return query.split(separator: "&").contains { $0 == "v=\(file.version)" }
  }

  /// Makes the pages' references to the site's own files versioned, so that a page load
  /// takes the stylesheet, modules and fonts from the browser's cache without a request:
  /// in each stylesheet and HTML page every `"/path"` and `(/path)` naming a served file
  /// gets `?v=` and the file's fingerprint, and each HTML page gets an import map that
  /// sends every module (`/js/app.js`, and what `./connection.js` resolves to) to its
  /// versioned URL. Stylesheets go first, so a page names their rewritten version. A page
  /// itself is never versioned: its address is what users open.
  public mutating func versionReferences() {
    for kind in ["text/css", "text/html"] {
      let versions = files.filter { !$0.value.contentType.hasPrefix("text/html") }
        .mapValues(\.version)
      for (path, file) in files where file.contentType.hasPrefix(kind) {
        var text = String(buffer: file.bytes)
        for (target, version) in versions.sorted(by: { $0.key > $1.key }) where target != path {
          for (open, close) in [("\"", "\""), ("(", ")")] {
            text = text.replacingOccurrences(
              of: open + target + close, with: "\(open)\(target)?v=\(version)\(close)")
          }
        }
        if kind == "text/html", let head = text.range(of: "<head>") {
          let modules = versions.filter { $0.key.hasSuffix(".js") }.sorted { $0.key < $1.key }
            .map { "\"\($0.key)\":\"\($0.key)?v=\($0.value)\"" }
          text.insert(
            contentsOf:
              "\n<script type=\"importmap\">{\"imports\":{\(modules.joined(separator: ","))}}</script>",
            at: head.upperBound)
        }
        files[path] = File(bytes: ByteBuffer(string: text), contentType: file.contentType)
      }
    }
  }

  /// Adds the regular files under `directory` (recursively, hidden files skipped) at `prefix`.
  public mutating func add(directory: String, at prefix: String) throws {
    let root = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
    guard
      let walker = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isRegularFileKey],
        options: [.skipsHiddenFiles])
    else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: directory]) }
    for case let url as URL in walker {
      guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else {
        continue
      }
      let relative = url.standardizedFileURL.path.dropFirst(root.path.count)
      try add(file: url.path, at: prefix + relative.drop { $0 == "/" })
    }
  }

  /// Adds the file at `path` as `urlPath`.
  public mutating func add(file path: String, at urlPath: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    files[urlPath] = File(
      bytes: ByteBuffer(bytes: data), contentType: Self.contentType(of: urlPath))
  }

  /// The media type for a file name's extension.
  static func contentType(of path: String) -> String {
    switch path.split(separator: ".").last.map({ $0.lowercased() }) {
    case "html": "text/html; charset=utf-8"
    case "js", "mjs": "text/javascript; charset=utf-8"
    case "css": "text/css; charset=utf-8"
    case "json": "application/json"
    case "svg": "image/svg+xml"
    case "png": "image/png"
    case "otf": "font/otf"
    case "ttf": "font/ttf"
    case "woff2": "font/woff2"
    case "ico": "image/x-icon"
    default: "application/octet-stream"
    }
  }
}
