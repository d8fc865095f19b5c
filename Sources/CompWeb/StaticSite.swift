import Foundation
import NIOCore

/// The files the gateway serves, read into memory at start: the web client's directory at
/// `/` and the Inter font files at `/fonts/`. A request path is looked up by exact name, so
/// `..`, encoded slashes or symlinks out of the directory can never reach another file.
public struct StaticSite: Sendable {
  /// One file: its bytes and its `Content-Type`.
  public struct File: Sendable {
    /// The body.
    public let bytes: ByteBuffer
    /// The media type sent as `Content-Type`.
    public let contentType: String
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
