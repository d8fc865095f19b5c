import CompdProtocol

/// Runs accepted plugins' code in the process that vetted them: what a `PluginRegistry`
/// asks of one to load a plugin or register a declarative screen after vetting accepted it.
///
/// The daemon has none: its broker never runs plugin code, its scene hosts do
/// (`SceneHostCommand`). Tests that use plugins in-process give one.
@MainActor
protocol PluginCodeLoader: AnyObject, Sendable {
  /// Loads the vetted plugin at `path` and registers its components; their names.
  func load(_ path: String, manifest: PluginManifest) throws(PluginLoadError) -> [String]
  /// Registers a vetted declarative screen's component.
  func register(_ screen: DeclarativeScreen) throws(PluginLoadError)
}
