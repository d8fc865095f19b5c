/// Why a plugin library cannot be used.
package struct PluginLoadError: Error, Sendable, CustomStringConvertible {
  package var description: String
  package init(_ description: String) { self.description = description }
}
