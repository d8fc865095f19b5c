import JSONRPC

/// The code a scene host loads: the plugin libraries the broker vetted (with the identity
/// of the file vetted, which the host checks before loading it) and the declarative
/// screens, as `host.load` carries them.
struct HostLoadSet: Sendable, Equatable {
  /// One vetted plugin library.
  struct Plugin: Sendable, Equatable {
    var identity: PluginFileIdentity
    var manifest: PluginManifest
  }

  var plugins: [Plugin] = []
  /// The JSON text of each declarative screen.
  var screens: [String] = []

  /// The params of `host.load`.
  var json: JSON {
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
      "screens": .array(screens.map(JSON.string)),
    ]
  }

  /// What `newer` has that this set lacks (plugins by identity, screens by text).
  func additions(in newer: HostLoadSet) -> HostLoadSet {
    HostLoadSet(
      plugins: newer.plugins.filter { !plugins.contains($0) },
      screens: newer.screens.filter { !screens.contains($0) })
  }
}
