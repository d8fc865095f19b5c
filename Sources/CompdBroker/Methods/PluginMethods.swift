import CompdProtocol
import JSONRPC

extension Daemon {
  /// Scans the plugin directories (vetting new files, loading accepted ones) and updates
  /// the counters `daemon.info` reports. Runs before the socket is served, and again on
  /// `plugins.rescan`.
  func loadPlugins() async {
    let host = pluginRegistry
    await host.scan()
    await MainActor.run {
      counters.plugins = host.loadedPluginCount
      counters.components = host.componentCount
      updateSceneHosts()
    }
  }

  /// `plugins.list`, `plugins.rescan`, `components.list`, `components.describe`.
  func registerPluginMethods(into registry: inout MethodRegistry) {
    let host = pluginRegistry
    let pluginEntry = Schema.object([
      .init("name", .string(), required: true),
      .init("version", .string(), required: true),
      .init("path", .string(), required: true),
      .init("state", .string(enum: ["loaded", "rejected", "quarantined"]), required: true),
      .init("components", .array(.string()), required: true),
      .init("error", .string(description: "why the plugin is not loaded")),
      .init(
        "quarantined",
        .array(
          .object([
            .init("component", .string(), required: true),
            .init("reason", .string(), required: true),
          ]),
          description:
            "components quarantined after crashing their scene host, until the file changes")),
    ])
    let pluginList = Schema.object([.init("plugins", .array(pluginEntry), required: true)])

    registry.register(
      RPCMethod(
        name: "plugins.list",
        summary: "Every plugin file found, with its state and, unless loaded, why.",
        params: .object([]),
        result: pluginList,
        handler: .async { _ in await host.pluginsListResult() }))

    registry.register(
      RPCMethod(
        name: "plugins.rescan",
        summary: "Scans the plugin directories again and loads new plugin files.",
        description:
          "New files are vetted and loaded; changed files are vetted again. When a loaded plugin's file changed and the new version is accepted, fresh scene hosts replace the ones that loaded the old version and their scenes move to them with their state: subscribers get scene.reset with reason upgraded and stay connected. Hosts that did not load that plugin (with scene-host-isolation = plugin, other plugins' hosts) and their scenes are not touched.",
        params: .object([]),
        result: pluginList,
        handler: .async { [self] _ in
          await loadPlugins()
          return await host.pluginsListResult()
        }))

    registry.register(
      RPCMethod(
        name: "components.list",
        summary: "The components of every loaded plugin, or of one plugin.",
        params: .object([
          .init("plugin", .string(minLength: 1, description: "a plugin name from plugins.list"))
        ]),
        result: .object([
          .init(
            "components",
            .array(
              .object([
                .init("name", .string(), required: true),
                .init("plugin", .string(), required: true),
                .init("version", .string(), required: true),
                .init(
                  "kind",
                  .string(enum: PluginManifest.ComponentEntry.Kind.allCases.map(\.rawValue)),
                  required: true),
                .init("summary", .string(), required: true),
                .init(
                  "quarantined",
                  .string(
                    description:
                      "why the component is quarantined (it crashed its scene host too often); scene.open of it fails until its plugin file changes"
                  )),
              ])), required: true)
        ]),
        handler: .async { call in
          let plugin = call.params["plugin"]?.stringValue
          guard let result = await host.componentsListResult(plugin: plugin) else {
            throw RPCError.server(
              .pluginError, "no loaded plugin is named \"\(plugin ?? "")\"",
              details: ["plugin": .string(plugin ?? "")])
          }
          return result
        }))

    registry.register(
      RPCMethod(
        name: "components.describe",
        summary: "A component's kind, summary, params (as JSON Schema) and events.",
        params: .object([.init("name", .string(minLength: 1), required: true)]),
        result: .object([
          .init("name", .string(), required: true),
          .init("plugin", .string(), required: true),
          .init("version", .string(), required: true),
          .init(
            "kind", .string(enum: PluginManifest.ComponentEntry.Kind.allCases.map(\.rawValue)),
            required: true),
          .init("summary", .string(), required: true),
          .init("params", .object(additionalProperties: true), required: true),
          .init("events", .array(.string()), required: true),
          .init(
            "quarantined",
            .string(description: "why the component is quarantined, when it is")),
        ]),
        handler: .async { call in
          let name = call.params["name"]?.stringValue ?? ""
          guard let result = await host.describeComponentResult(name: name) else {
            throw await host.noSuchComponentError(name)
          }
          return result
        }))
  }
}
