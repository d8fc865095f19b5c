import JSONRPC

/// The stable names of compd's own errors, sent as `error.data.name`; each has a fixed code.
package enum ServerErrorName: String, ServerErrorKind, CaseIterable {
  /// No scene has the given id.
  case noSuchScene = "compd.NoSuchScene"
  /// No loaded plugin provides the named component.
  case noSuchComponent = "compd.NoSuchComponent"
  /// No node in the scene has the given id.
  case noSuchNode = "compd.NoSuchNode"
  /// A plugin failed to load or was rejected.
  case pluginError = "compd.PluginError"
  /// A component trapped or failed while being built or updated.
  case componentFailed = "compd.ComponentFailed"
  /// The peer is not allowed to call the method.
  case permissionDenied = "compd.PermissionDenied"
  /// A size or count limit was exceeded (an oversize line uses -32600 with this name).
  case limitExceeded = "compd.LimitExceeded"
  /// The daemon is shutting down and takes no new work.
  case shuttingDown = "compd.ShuttingDown"
  /// `daemon.reload` found the configuration file bad (the running configuration stays).
  case configError = "compd.ConfigError"
  /// The scene database could not do what was asked (a backup it could not write, or
  /// scenes not being saved at all).
  case persistenceError = "compd.PersistenceError"
  /// No scene host has an image with the given hash (`image.get`).
  case noSuchImage = "compd.NoSuchImage"

  /// The JSON-RPC error code of this error.
  package var code: Int {
    switch self {
    case .noSuchScene: -32001
    case .noSuchComponent: -32002
    case .noSuchNode: -32003
    case .pluginError: -32004
    case .componentFailed: -32005
    case .permissionDenied: -32006
    case .limitExceeded: -32007
    case .shuttingDown: -32008
    case .configError: -32009
    case .persistenceError: -32010
    case .noSuchImage: -32011
    }
  }

  /// The name as clients see it (`error.data.name`).
  package var name: String { rawValue }
}

extension RPCError {
  /// One of compd's own errors: the code of `name`, and `data` of `{name, ...details}`.
  package static func server(_ name: ServerErrorName, _ message: String, details: JSONObject = [:])
    -> RPCError
  {
    // As an existential, so that the call reaches JSONRPC's `server(_:_:details:)`.
    let kind: any ServerErrorKind = name
    return .server(kind, message, details: details)
  }

  /// `-32600` for a line longer than the limit, with `data.name` `compd.LimitExceeded`.
  package static func lineTooLong(byteCount: Int, limit: Int) -> RPCError {
    RPCError(
      code: -32600,
      message: "Invalid request: line of \(byteCount) bytes exceeds the limit of \(limit) bytes",
      data: [
        "name": .string(ServerErrorName.limitExceeded.rawValue), "limit": .int(Int64(limit)),
        "size": .int(Int64(byteCount)),
      ])
  }
}
