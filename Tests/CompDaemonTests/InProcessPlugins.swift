import ScreenKit

@testable import CompdBroker
@testable import CompdProtocol
@testable import CompdSceneHost

/// Loads vetted plugins into the test process, as a scene host does, so that tests can
/// make their components in-process (the daemon's broker never runs plugin code).
@MainActor
final class InProcessPlugins: PluginCodeLoader {
  /// The components of every plugin and screen loaded.
  let catalog = ComponentCatalog()

  func load(_ path: String, manifest: PluginManifest) throws(PluginLoadError) -> [String] {
    try PluginLoading.load(path, manifest: manifest, into: catalog)
  }

  func register(_ screen: DeclarativeScreen) throws(PluginLoadError) {
    do {
      try catalog.register(screen.component)
    } catch {
      throw PluginLoadError(error.description)
    }
  }
}

extension PluginRegistry {
  /// The catalog its plugins were loaded into in-process (`InProcessPlugins`); empty for a
  /// registry that loads no code.
  var catalog: ComponentCatalog {
    (codeLoader as? InProcessPlugins)?.catalog ?? ComponentCatalog()
  }
}
