import CompdProtocol
import ScreenKit

/// Loading a vetted plugin's code into this process (a scene host's).
enum PluginLoading {
  /// Opens the library, checks its ABI stamp, lets it register and registers its
  /// components into `catalog`, all or none; they must be the ones vetting saw.
  @MainActor
  static func load(_ path: String, manifest: PluginManifest, into catalog: ComponentCatalog)
    throws(PluginLoadError) -> [String]
  {
    for entry in manifest.components where catalog.component(named: entry.name) != nil {
      throw PluginLoadError("component \"\(entry.name)\" is already registered")
    }
    let library = try PluginLibrary(path: path)
    _ = try library.checkStamp()
    let registrar = library.register()
    let names = registrar.components.map(\.name)
    guard names == manifest.components.map(\.name) else {
      throw PluginLoadError(
        "the plugin registered \(names) when loaded but \(manifest.components.map(\.name)) when vetted"
      )
    }
    for component in registrar.components {
      guard ComponentCatalog.isValidName(component.name),
        catalog.component(named: component.name) == nil
      else {
        throw PluginLoadError("component \"\(component.name)\" cannot be registered twice")
      }
    }
    for component in registrar.components {
      do {
        try catalog.register(component)
      } catch {
        throw PluginLoadError(error.description)
      }
    }
    return names
  }
}
