import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Where the image files of a shared object (a plugin's library, ScreenKit, a program)
/// are: the SwiftPM resource bundles (`<Package>_<Target>.resources` directories) next to
/// its file, and next to the file a symbolic link to it points at.
///
/// SwiftPM's own `Bundle.module` looks next to the *program* (compd) and in the build
/// directory, so a plugin installed into a plugin directory would not find its bundle
/// there; ScreenKit finds it next to the plugin's library instead, which is where the
/// bundle is installed with it (docs/plugins.md, "Images").
enum ResourceBundles {
  /// The resource bundle directories of the shared object holding `dsoHandle`: those next
  /// to its file whose name ends in `_<library>.resources` (`libGallery.so` → `…_Gallery`)
  /// first, then the others, each group sorted by name.
  static func directories(of dsoHandle: UnsafeRawPointer) -> [String] {
    guard let file = sharedObjectPath(of: dsoHandle) else { return [] }
    var candidates = [file]
    if let resolved = realpath(file, nil) {
      candidates.append(String(cString: resolved))
      free(resolved)
    }
    var result: [String] = []
    for path in candidates {
      for directory in bundles(nextTo: path) where !result.contains(directory) {
        result.append(directory)
      }
    }
    return result
  }

  /// `dladdr`'s file name of the shared object holding `address`. Glibc's module map
  /// leaves `dladdr` out (it is a GNU extension), so it is looked up once by name.
  static func sharedObjectPath(of address: UnsafeRawPointer) -> String? {
    guard let dladdr = lookUpDladdr else { return nil }
    // Dl_info: dli_fname, dli_fbase, dli_sname, dli_saddr.
    var info: (UnsafePointer<CChar>?, UnsafeRawPointer?, UnsafePointer<CChar>?, UnsafeRawPointer?) =
      (nil, nil, nil, nil)
    let found = withUnsafeMutablePointer(to: &info) { dladdr(address, UnsafeMutableRawPointer($0)) }
    guard found != 0, let name = info.0 else { return nil }
    return String(cString: name)
  }

  private typealias Dladdr = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32
  private static let lookUpDladdr: Dladdr? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "dladdr") else { return nil }
    return unsafeBitCast(symbol, to: Dladdr.self)
  }()

  private static func bundles(nextTo file: String) -> [String] {
    let folder = (file as NSString).deletingLastPathComponent
    let library = (file as NSString).lastPathComponent
    var stem = library
    if stem.hasPrefix("lib") { stem.removeFirst(3) }
    if let dot = stem.firstIndex(of: ".") { stem = String(stem[..<dot]) }
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      return []
    }
    let bundles = names.filter { $0.hasSuffix(".resources") }.sorted()
    let own = bundles.filter { $0.hasSuffix("_\(stem).resources") }
    let others = bundles.filter { !$0.hasSuffix("_\(stem).resources") }
    return (own + others).map { folder + "/" + $0 }
  }

  /// The files below `directory` (three levels deep at most, as `.process` and `.copy`
  /// resources lie), by file name; the shallowest wins a name found twice. Kept until the
  /// directory's modification time changes (a plugin installed again with new images).
  static func index(of directory: String) -> [String: String] {
    let stamp = modificationTime(of: directory)
    if let cached = indexes.withLock({ $0[directory] }), cached.stamp == stamp {
      return cached.files
    }
    var index: [String: String] = [:]
    var level = [directory]
    for _ in 0..<3 {
      var next: [String] = []
      for folder in level {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
          continue
        }
        for name in names.sorted() {
          let path = folder + "/" + name
          var isDirectory: ObjCBool = false
          guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            continue
          }
          if isDirectory.boolValue {
            next.append(path)
          } else if index[name] == nil {
            index[name] = path
          }
        }
      }
      level = next
    }
    indexes.withLock { $0[directory] = (stamp, index) }
    return index
  }

  private static func modificationTime(of path: String) -> Int64 {
    var status = stat()
    guard stat(path, &status) == 0 else { return -1 }
    return Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
  }

  private static let indexes = Mutex<[String: (stamp: Int64, files: [String: String])]>([:])
}

/// ScreenKit's own resources (the symbol images), in `ScreenKit_ScreenKit.resources` next
/// to libScreenKit.so.
enum ScreenKitResources {
  /// The bytes of the resource at `path` (relative to the bundle), read once.
  static func content(at path: String) -> ImageContent? {
    if let cached = contents.withLock({ $0[path] }) { return cached }
    for directory in ResourceBundles.directories(of: #dsohandle)
    where directory.hasSuffix("/ScreenKit_ScreenKit.resources") {
      guard let data = FileManager.default.contents(atPath: directory + "/" + path),
        let content = ImageContent(bytes: Array(data))
      else { continue }
      contents.withLock { $0[path] = content }
      return content
    }
    return nil
  }

  private static let contents = Mutex<[String: ImageContent]>([:])
}
