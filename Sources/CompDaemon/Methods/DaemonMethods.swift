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
        result: .object([]),
        handler: .immediate { [self] _ in openRPCDocument }))

    registry.register(
      RPCMethod(
        name: "daemon.info",
        summary: "Version, process and load of the daemon.",
        params: .object([]),
        result: .object([]),
        handler: .immediate { [self] _ in info() }))

    registry.register(
      RPCMethod(
        name: "daemon.ping",
        summary: "The cheapest round trip; answers `{}`.",
        params: .object([]),
        result: .object([]),
        handler: .immediate { _ in .object([:]) }))
  }

  /// The result of `daemon.info`.
  func info() -> JSON {
    let uptime = (ContinuousClock.now - startTime) / .seconds(1)
    return .object([
      "version": .string(Self.version),
      "protocol": .int(Int64(Self.protocolVersion)),
      "pid": .int(Int64(getpid())),
      "uptimeSeconds": .double((uptime * 1000).rounded() / 1000),
      "plugins": .int(Int64(counters.plugins)),
      "components": .int(Int64(counters.components)),
      "scenes": .int(Int64(counters.scenes)),
      "clients": .int(Int64(clientCount)),
    ])
  }
}
