import CompdProtocol
import ScreenKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A plugin's shared library opened into this process, and its C entry point.
///
/// Opened with `RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE` and never closed: unloading Swift
/// code leaves dangling metadata and conformance records behind, which crash the process on
/// a later lookup.
struct PluginLibrary {
  /// `const char *compd_plugin_entry(int32_t request, void *registrar)`.
  typealias Entry = @convention(c) (Int32, UnsafeMutableRawPointer?) -> UnsafePointer<CChar>?

  /// The longest stamp accepted; a longer one is not a stamp.
  static let maximumStampBytes = 512

  let path: String
  private let entry: Entry

  /// Opens the library at `path` and finds its entry point.
  ///
  /// - Throws: `PluginLoadError` when the library cannot be loaded or has no entry point.
  init(path: String) throws(PluginLoadError) {
    self.path = path
    _ = dlerror()
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
      throw PluginLoadError("cannot load: \(Self.lastError())")
    }
    guard let symbol = dlsym(handle, PluginEntry.symbolName) else {
      throw PluginLoadError("no entry point: the library does not export \(PluginEntry.symbolName)")
    }
    entry = unsafeBitCast(symbol, to: Entry.self)
  }

  /// Asks for the plugin's ABI stamp and checks it against the running libScreenKit.so,
  /// before any Swift code of the plugin runs.
  ///
  /// - Returns: the stamp.
  /// - Throws: `PluginLoadError` when there is no stamp or it does not match.
  func checkStamp() throws(PluginLoadError) -> String {
    guard let raw = entry(PluginEntry.stampRequest, nil) else {
      throw PluginLoadError("the entry point returned no ABI stamp")
    }
    let length = strnlen(raw, Self.maximumStampBytes)
    guard length < Self.maximumStampBytes else {
      throw PluginLoadError("the entry point's ABI stamp is not a short C string")
    }
    let stamp = String(
      decoding: UnsafeRawBufferPointer(start: raw, count: length), as: UTF8.self)
    guard ABIStamp.accepts(stamp) else {
      throw PluginLoadError(
        "ABI mismatch: the plugin was built for \"\(stamp)\", this compd runs \"\(ABIStamp.library)\"; rebuild the plugin against this ScreenKit with this toolchain"
      )
    }
    return stamp
  }

  /// Lets the plugin register its components. Call only after `checkStamp()` succeeded.
  func register() -> PluginRegistrar {
    let registrar = PluginRegistrar()
    withExtendedLifetime(registrar) {
      _ = entry(PluginEntry.registerRequest, Unmanaged.passUnretained(registrar).toOpaque())
    }
    return registrar
  }

  private static func lastError() -> String {
    guard let message = dlerror() else { return "unknown dlopen error" }
    return String(cString: message)
  }
}
