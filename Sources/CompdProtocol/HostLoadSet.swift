import JSONRPC

/// The code a scene host loads: the plugin libraries the broker vetted (with the identity
/// of the file vetted, which the host checks before loading it) and the declarative
/// screens, as `host.load` carries them.
package struct HostLoadSet: Sendable, Equatable {
  /// One vetted plugin library.
  package struct Plugin: Sendable, Equatable {
    package var identity: PluginFileIdentity
    package var manifest: PluginManifest
  }

  /// One declarative screen.
  package struct Screen: Sendable, Equatable {
    /// The file it was read from.
    package var path: String
    /// The component it registers (the plugin name it counts as).
    package var name: String
    /// The components it composes.
    package var requires: [String]
    /// The file's JSON text, which the host registers.
    package var text: String
  }

  package var plugins: [Plugin] = []
  package var screens: [Screen] = []

  /// No plugins and no screens.
  package static let empty = HostLoadSet()

  /// Adds the plugin library `identity`, as vetting described it.
  package mutating func addPlugin(_ identity: PluginFileIdentity, manifest: PluginManifest) {
    plugins.append(Plugin(identity: identity, manifest: manifest))
  }

  /// Adds the declarative screen `name` read from `path`, which composes `requires`.
  package mutating func addScreen(name: String, path: String, requires: [String], text: String) {
    screens.append(Screen(path: path, name: name, requires: requires, text: text))
  }

  /// Whether it holds nothing.
  package var isEmpty: Bool { plugins.isEmpty && screens.isEmpty }

  /// The params of `host.load`.
  package var json: JSON {
    [
      "plugins": .array(
        plugins.map { plugin in
          [
            "path": .string(plugin.identity.path), "size": .int(plugin.identity.size),
            "modified": .int(plugin.identity.modificationNanoseconds),
            "inode": .int(Int64(bitPattern: plugin.identity.inode)),
            "manifest": plugin.manifest.json,
          ]
        }),
      "screens": .array(screens.map { .string($0.text) }),
    ]
  }

  /// What `newer` has that this set lacks (plugins by file identity and manifest, screens by
  /// path, name, requires and text).
  package func additions(in newer: HostLoadSet) -> HostLoadSet {
    HostLoadSet(
      plugins: newer.plugins.filter { !plugins.contains($0) },
      screens: newer.screens.filter { !screens.contains($0) })
  }

  /// What a host serving only the plugin (or screen) named `name` loads: that plugin, and
  /// the plugins providing every component it composes (`requires`), transitively, in this
  /// set's order. Empty when there is no such plugin.
  package func serving(_ name: String) -> HostLoadSet {
    var names: Set<String> = [name]
    var pending = [name]
    while let next = pending.popLast() {
      var requires: [String] = []
      for plugin in plugins where plugin.manifest.name == next {
        requires += plugin.manifest.components.flatMap(\.requires)
      }
      for screen in screens where screen.name == next { requires += screen.requires }
      for component in requires {
        guard let owner = provider(of: component), names.insert(owner).inserted else { continue }
        pending.append(owner)
      }
    }
    return HostLoadSet(
      plugins: plugins.filter { names.contains($0.manifest.name) },
      screens: screens.filter { names.contains($0.name) })
  }

  /// The name of the plugin or screen that provides `component`.
  private func provider(of component: String) -> String? {
    if let plugin = plugins.first(where: {
      $0.manifest.components.contains { $0.name == component }
    }) {
      return plugin.manifest.name
    }
    return screens.first { $0.name == component }?.name
  }

  /// Whether something loaded from this set is not in `current` (the file at its path
  /// changed, or is no longer accepted): a host that loaded it runs stale code.
  package func isStale(comparedTo current: HostLoadSet) -> Bool {
    !current.additions(in: self).isEmpty
  }

  /// The names of the plugins and screens of this set whose code is not in `current` (the
  /// file changed, or is no longer accepted), in this set's order: what a host that loaded
  /// this set runs stale code of.
  package func outdatedNames(comparedTo current: HostLoadSet) -> [String] {
    current.additions(in: self).names
  }

  /// The paths of the plugin libraries whose file was replaced on disk since it was
  /// vetted (a file that is gone is not: there is nothing new to vet).
  package var changedOnDisk: [String] {
    plugins.compactMap { plugin in
      guard let now = PluginFileIdentity(path: plugin.identity.path), now != plugin.identity
      else { return nil }
      return plugin.identity.path
    }
  }

  /// The names of the plugins and screens in the set, in its order.
  package var names: [String] { plugins.map(\.manifest.name) + screens.map(\.name) }
}
