import CompdProtocol
import ScreenKit

extension PluginManifest {
  /// The manifest of a registered plugin.
  init(stamp: String, registrar: PluginRegistrar) {
    self.init(
      stamp: stamp, name: registrar.name, version: registrar.version,
      components: registrar.components.map { component in
        ComponentEntry(
          name: component.name, version: component.version,
          kind: ComponentEntry.Kind(component.kind),
          summary: component.summary, params: component.params.jsonSchema,
          events: component.events, requires: component.requires)
      })
  }
}

extension PluginManifest.ComponentEntry.Kind {
  /// The manifest's name for a ScreenKit component kind.
  init(_ kind: ComponentKind) {
    switch kind {
    case .viewController: self = .viewController
    case .view: self = .view
    case .controller: self = .controller
    }
  }
}
