import CompdProtocol
import JSONRPC

extension Daemon {
  /// `daemon.reload`: what SIGHUP does, for `compctl reload` (needs control access).
  func registerServiceMethods(into registry: inout MethodRegistry) {
    registry.register(
      RPCMethod(
        name: "daemon.reload",
        summary: "Re-read the configuration file and rescan plugins, as SIGHUP does.",
        description: """
          A bad configuration file keeps the running configuration and fails with \
          compd.ConfigError (-32009) naming file:line. The result lists settings that \
          changed but take effect only after a restart, and errors of the rescan.
          """,
        params: .object([]),
        result: .object([
          .init("reloaded", .boolean(), required: true),
          .init(
            "restartNeeded", .array(.string(description: "a setting name such as socket")),
            required: true),
          .init("errors", .array(.string(description: "a failure of the rescan")), required: true),
        ]),
        handler: .async { [service] _ in try await service.reload().get() }))
  }
}
