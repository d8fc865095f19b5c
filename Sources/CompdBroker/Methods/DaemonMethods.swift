import CompdProtocol
import JSONRPC

#if canImport(Glibc)
  import Glibc
#endif

extension Daemon {
  /// `rpc.discover`, `daemon.info`, `daemon.ping`.
  func registerDaemonMethods(into registry: inout MethodRegistry) {
    registry.register(
      RPCMethod(
        name: "rpc.discover",
        summary: "The OpenRPC document describing every method of this daemon.",
        params: .object([]),
        result: .object(
          additionalProperties: true, description: "An OpenRPC 1.x document, generated."),
        handler: .immediate { [self] _ in openRPCDocument }))

    registry.register(
      RPCMethod(
        name: "daemon.info",
        summary: "Version, process and load of the daemon.",
        params: .object([]),
        result: .object([
          .init("version", .string(description: "compd's version."), required: true),
          .init("protocol", .integer(description: "Wire protocol version (2)."), required: true),
          .init("pid", .integer(description: "Process id."), required: true),
          .init("uptimeSeconds", .number(description: "Seconds since start."), required: true),
          .init("plugins", .integer(description: "Loaded plugins."), required: true),
          .init("components", .integer(description: "Components they provide."), required: true),
          .init("scenes", .integer(description: "Open scenes."), required: true),
          .init("clients", .integer(description: "Connected clients."), required: true),
          .init(
            "persistence",
            .object(
              [
                .init("state", .string(enum: ["off", "ok", "failing"]), required: true),
                .init("path", .string(description: "The scene database.")),
                .init("error", .string(description: "Why the last save failed, while failing.")),
                .init("lastSaved", .string(description: "RFC 3339 UTC time of the last save.")),
                .init(
                  "warning",
                  .string(
                    description:
                      "Set when the database was found at start holding less than compd had saved into it (scenes lost); ids continue above the high-water mark."
                  )),
              ], description: "Whether scenes are being saved."), required: true),
          .init("socket", .string(description: "The socket path it serves."), required: true),
          .init(
            "pluginDirectories",
            .array(.string(), description: "Where it looks for plugins, in order."),
            required: true),
          .init(
            "stateDirectory", .string(description: "Its state directory, when it has one.")),
          .init(
            "pluginTrust",
            .string(
              description:
                "`strict`, or `relaxed` when plugins are loaded without the ownership and mode checks (development only)."
            ), required: true),
          .init(
            "verifyDiffs",
            .boolean(
              description:
                "Whether scene hosts check every incremental update against a full walk of the view tree (`verify-diffs`; a diagnostic)."
            ), required: true),
          .init(
            "hosts",
            .array(
              .object([
                .init("pid", .integer(), required: true),
                .init("scenes", .integer(description: "Scenes it holds."), required: true),
                .init(
                  "isolation", .string(description: "`shared`, or the plugin it alone serves."),
                  required: true),
                .init(
                  "plugins",
                  .array(
                    .string(),
                    description:
                      "The plugins and declarative screens whose code it loaded: every one for a shared host; its plugin and the plugins whose components that one composes for an isolated host."
                  ), required: true),
                .init(
                  "lastAnswerMs",
                  .integer(description: "Milliseconds since it last answered the broker's ping."),
                  required: true),
                .init(
                  "restarts", .integer(description: "Hosts replaced in a row before it."),
                  required: true),
                .init("state", .string(enum: ["starting", "running", "retiring"]), required: true),
                .init(
                  "withdrawn",
                  .array(
                    .string(),
                    description:
                      "The plugins whose old code a shared host withdrew after their files changed: it keeps the scenes that do not use it, takes no new ones, and retires once it holds none."
                  ), required: true),
              ]), description: "The scene host processes that run component code."),
            required: true),
        ]),
        handler: .async { [self] _ in
          let hosts = await MainActor.run { sceneHosts.json }
          return info(hosts: hosts)
        }))

    registry.register(
      RPCMethod(
        name: "daemon.ping",
        summary: "The cheapest round trip; answers `{}`.",
        params: .object([]),
        result: .object(description: "Always `{}`."),
        handler: .immediate { _ in .object([:]) }))
  }

  /// The result of `daemon.info`.
  func info(hosts: JSON) -> JSON {
    let uptime = (ContinuousClock.now - startTime) / .seconds(1)
    let current = service.config
    var result: JSONObject = [
      "version": .string(Self.version),
      "protocol": .int(Int64(Self.protocolVersion)),
      "pid": .int(Int64(getpid())),
      "uptimeSeconds": .double((uptime * 1000).rounded() / 1000),
      "plugins": .int(Int64(counters.plugins)),
      "components": .int(Int64(counters.components)),
      "scenes": .int(Int64(counters.scenes)),
      "clients": .int(Int64(clientCount)),
      "persistence": persistence.json,
      "pluginTrust": .string(service.config.pluginTrust.rawValue),
      "verifyDiffs": .bool(current.verifyDiffs),
      "socket": .string(current.socketPath),
      "pluginDirectories": .array(current.pluginDirectories.map(JSON.string)),
      "hosts": hosts,
    ]
    if let state = current.stateDirectory { result["stateDirectory"] = .string(state) }
    return .object(result)
  }
}
