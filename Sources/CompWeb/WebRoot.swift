import Foundation

/// Finds the web client's files: `--web-root`, else the first directory above the program
/// that holds `share/compd/web/index.html` (installed: `bin/../share/compd/web`) or
/// `web/index.html` (a build in the source tree: `.build/<triple>/debug/../../../web`).
enum WebRoot {
  /// The site to serve: the web client at `/`, the Inter weights the client uses at `/fonts/`.
  static func site(webRoot: String?, fontDirectory: String, warn: (String) -> Void) throws
    -> StaticSite
  {
    guard let directory = webRoot ?? locate() else {
      throw WebRootMissing(
        description:
          "cannot find the web client (share/compd/web or web/ above the program); pass --web-root")
    }
    guard FileManager.default.fileExists(atPath: directory + "/index.html") else {
      throw WebRootMissing(description: "\(directory) has no index.html")
    }
    var site = StaticSite()
    try site.add(directory: directory, at: "/")
    for weight in ["Regular", "Medium", "SemiBold", "Bold"] {
      let path = "\(fontDirectory)/Inter-\(weight).otf"
      do { try site.add(file: path, at: "/fonts/Inter-\(weight).otf") } catch {
        warn("no \(path) (install fonts-inter); text falls back to another face")
      }
    }
    site.versionReferences()
    return site
  }

  private static func locate() -> String? {
    let program = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = program.deletingLastPathComponent()
    for _ in 0..<5 {
      for candidate in ["share/compd/web", "web"] {
        let url = directory.appendingPathComponent(candidate)
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("index.html").path) {
          return url.path
        }
      }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }

  struct WebRootMissing: Error, CustomStringConvertible {
    let description: String
  }
}
