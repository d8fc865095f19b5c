/// Turns one framed line into at most one reply line, with full JSON-RPC 2.0 semantics.
///
/// * A request gets a response; a notification (a valid request without `id`) never does,
///   even when it fails. An object that is not a valid request gets `-32600` with `id: null`.
/// * `id` must be a string, `null`, or an integer within ±2^53; anything else is `-32600`
///   with `id: null`, so a client never gets back a different id than it sent.
/// * `params` must be an object or absent (params are by name); an array is `-32602`.
/// * A batch gets an array of the responses of its requests; an empty batch is one `-32600`;
///   a batch of notifications gets no reply.
/// * A handler's thrown `RPCError` reaches the client unchanged; any other error becomes
///   `-32603` with a generic message.
public struct Dispatcher: Sendable {
  /// What to write back for a line.
  public enum Outcome: Sendable {
    /// Write these bytes (compact JSON, no trailing newline).
    case reply([UInt8])
    /// Write nothing.
    case noReply
    /// Run this (in a task) and write what it returns, if anything.
    case pending(@Sendable () async -> [UInt8]?)
  }

  /// The methods served.
  public let registry: MethodRegistry
  /// The parse limits applied to each line.
  public let limits: JSONParser.Limits

  /// A dispatcher over `registry`.
  public init(registry: MethodRegistry, limits: JSONParser.Limits = .init()) {
    self.registry = registry
    self.limits = limits
  }

  /// Handles one line (without its newline).
  public func handle(line: [UInt8], connection: any RPCConnection) -> Outcome {
    line.withUnsafeBytes { handle(line: $0, connection: connection) }
  }

  /// Handles one line (without its newline).
  public func handle(line: UnsafeRawBufferPointer, connection: any RPCConnection) -> Outcome {
    let message: JSON
    do {
      message = try JSONParser.parse(line, limits: limits)
    } catch {
      return .reply(Self.encode(RPCMessage.response(id: .null, error: .parseError(error.message))))
    }
    guard case .array(let entries) = message else {
      switch handle(entry: message, connection: connection) {
      case .none: return .noReply
      case .done(let response): return .reply(Self.encode(response))
      case .later(let work):
        return .pending { await work().map(Self.encode) }
      }
    }
    guard !entries.isEmpty else {
      return .reply(
        Self.encode(RPCMessage.response(id: .null, error: .invalidRequest("empty batch"))))
    }
    let outcomes = entries.map { handle(entry: $0, connection: connection) }
    let hasPending = outcomes.contains {
      if case .later = $0 { return true }
      return false
    }
    if !hasPending {
      let responses = outcomes.compactMap { outcome -> JSON? in
        if case .done(let response) = outcome { return response }
        return nil
      }
      return responses.isEmpty ? .noReply : .reply(Self.encode(.array(responses)))
    }
    return .pending {
      var responses: [JSON] = []
      for outcome in outcomes {
        switch outcome {
        case .none: break
        case .done(let response): responses.append(response)
        case .later(let work): if let response = await work() { responses.append(response) }
        }
      }
      return responses.isEmpty ? nil : Self.encode(.array(responses))
    }
  }

  /// The result of one request object: nothing, a response now, or a response later.
  private enum EntryOutcome: Sendable {
    case none
    case done(JSON)
    case later(@Sendable () async -> JSON?)
  }

  static let maxExactInteger: Int64 = 1 << 53

  private func handle(entry: JSON, connection: any RPCConnection) -> EntryOutcome {
    guard case .object(let request) = entry else {
      return .done(
        RPCMessage.response(id: .null, error: .invalidRequest("expected a request object")))
    }
    var id: JSON?
    if let rawID = request["id"] {
      switch rawID {
      case .string, .null: id = rawID
      case .int(let value) where value >= -Self.maxExactInteger && value <= Self.maxExactInteger:
        id = rawID
      case .int, .double:
        return .done(
          RPCMessage.response(
            id: .null, error: .invalidRequest("\"id\" must be a string or an integer within ±2^53"))
        )
      default:
        return .done(
          RPCMessage.response(
            id: .null, error: .invalidRequest("\"id\" must be a string or an integer")))
      }
    }
    guard request["jsonrpc"] == "2.0" else {
      return .done(
        RPCMessage.response(id: id ?? .null, error: .invalidRequest("\"jsonrpc\" must be \"2.0\"")))
    }
    guard case .string(let name) = request["method"] else {
      return .done(
        RPCMessage.response(id: id ?? .null, error: .invalidRequest("\"method\" must be a string")))
    }
    let params: JSONObject
    switch request["params"] {
    case nil: params = [:]
    case .object(let object): params = object
    case .array:
      return respond(
        id,
        error: .invalidParams(
          "params must be an object (by-name); positional params are not supported"))
    default:
      return .done(
        RPCMessage.response(id: id ?? .null, error: .invalidRequest("\"params\" must be an object"))
      )
    }
    guard let method = registry.method(named: name) else {
      return respond(id, error: .methodNotFound(name))
    }
    let validated: JSONObject
    do {
      guard case .object(let object) = try method.params.validate(.object(params)) else {
        return respond(id, error: .internalError("params schema of \(name) is not an object"))
      }
      validated = object
    } catch {
      return respond(id, error: error)
    }
    let call = RPCCall(
      method: name, params: validated, connection: connection, isNotification: id == nil)
    switch method.handler {
    case .immediate(let body):
      do {
        let result = try body(call)
        return id.map { .done(RPCMessage.response(id: $0, result: result)) } ?? .none
      } catch {
        return respond(id, error: Self.rpcError(from: error))
      }
    case .async(let body):
      let id = id
      return .later {
        do {
          let result = try await body(call)
          return id.map { RPCMessage.response(id: $0, result: result) }
        } catch {
          return id.map { RPCMessage.response(id: $0, error: Self.rpcError(from: error)) }
        }
      }
    }
  }

  /// A response for a request, nothing for a notification.
  private func respond(_ id: JSON?, error: RPCError) -> EntryOutcome {
    id.map { .done(RPCMessage.response(id: $0, error: error)) } ?? .none
  }

  private static func rpcError(from error: any Error) -> RPCError {
    (error as? RPCError) ?? RPCError(code: -32603, message: "Internal error")
  }

  private static func encode(_ value: JSON) -> [UInt8] {
    value.serializedBytes()
  }
}
