import CompdProtocol
import JSONRPC
import ScreenKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The vetting child, `compd --scan-plugin PATH`: loads one plugin, checks its ABI stamp,
/// lets it register, opens every component that needs no params (loading its view), and
/// prints the manifest as one line of JSON.
///
/// Exit status 0 with the manifest on stdout: accepted. Exit status 2 with
/// `{"error": reason}` on stdout: rejected. Anything else (a crash, a hang the parent ends,
/// other output) the parent treats as quarantine. Progress goes to stderr as `stage: …`
/// lines, so that the parent can say where a crash happened. The plugin's own stdout is
/// sent to stderr so that it cannot corrupt the manifest.
package enum PluginScanCommand {
  static let rejectedStatus = PluginScanStatus.rejected

  @MainActor
  package static func run(path: String, trust: PluginTrust) -> Int32 {
    // A crashing plugin is expected here; its core dump is not wanted.
    var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
    setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
    let manifestFD = dup(STDOUT_FILENO)
    guard manifestFD >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else { return 1 }
    func answer(_ json: JSON, status: Int32) -> Int32 {
      let line = json.serializedBytes() + [0x0A]
      var offset = 0
      while offset < line.count {
        let written = line[offset...].withUnsafeBytes {
          write(manifestFD, $0.baseAddress, $0.count)
        }
        if written < 0 {
          if errno == EINTR { continue }
          return 1
        }
        offset += written
      }
      return status
    }
    do throws(PluginLoadError) {
      // The child runs as the daemon's user: a file that fails the trust rule is never
      // loaded here either, so its constructors do not run with those rights.
      stage("trust")
      if let reason = trust.refusal(forPluginAt: path) { throw PluginLoadError(reason) }
      stage("load")
      let library = try PluginLibrary(path: path)
      stage("stamp")
      let stamp = try library.checkStamp()
      stage("register")
      let registrar = library.register()
      let manifest = PluginManifest(stamp: stamp, registrar: registrar)
      do {
        _ = try PluginManifest(json: manifest.json)
      } catch {
        throw PluginLoadError("bad manifest: \(error)")
      }
      try smokeTest(registrar)
      return answer(manifest.json, status: 0)
    } catch {
      return answer(.object(["error": .string(error.description)]), status: rejectedStatus)
    }
  }

  /// Opens each component whose params all have defaults and loads its view, so that a
  /// factory that throws or a `loadView`/`viewDidLoad` that traps is caught here, in the
  /// child, rather than in the daemon. Components that compose components of other plugins
  /// are opened only when those are in this plugin too.
  @MainActor
  private static func smokeTest(_ registrar: PluginRegistrar) throws(PluginLoadError) {
    let catalog = ComponentCatalog()
    for component in registrar.components {
      do {
        try catalog.register(component)
      } catch {
        throw PluginLoadError("bad manifest: \(error)")
      }
    }
    for component in registrar.components {
      guard (try? component.params.validateParams(nil)) != nil,
        component.requires.allSatisfy({ catalog.component(named: $0) != nil })
      else { continue }
      stage("open \(component.name)")
      do {
        let controller = try catalog.instantiate(component.name, params: nil) { _ in }
        _ = controller.view
      } catch ComponentError.noSuchComponent(let missing) {
        // Composes a component of another plugin: only the daemon can open it.
        _ = missing
      } catch {
        throw PluginLoadError("opening \(component.name) with default params failed: \(error)")
      }
    }
  }

  private static func stage(_ name: String) {
    let line = Array("stage: \(name)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
  }
}
