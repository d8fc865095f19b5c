/// One invocation of a method, as its handler receives it.
public struct RPCCall: Sendable {
  /// The method name.
  public let method: String
  /// The params, validated against the method's schema, with defaults filled in.
  public let params: JSONObject
  /// The connection the call arrived on.
  public let connection: any RPCConnection
  /// Whether the caller sent no `id` (its result is discarded).
  public let isNotification: Bool
  /// The params the method passes on unread (`RPCMethod.payloadParams`), as their text, by
  /// name; not in `params`.
  public let payloads: RawJSONMembers
  /// Where `afterReply` collects work; set for `.mainActor` handlers only.
  let followUp: ReplyFollowUp?

  /// A call with the given parts.
  public init(
    method: String, params: JSONObject, payloads: RawJSONMembers = [:],
    connection: any RPCConnection, isNotification: Bool
  ) {
    self.method = method
    self.params = params
    self.payloads = payloads
    self.connection = connection
    self.isNotification = isNotification
    self.followUp = nil
  }

  private init(_ call: RPCCall, followUp: ReplyFollowUp) {
    self.method = call.method
    self.params = call.params
    self.payloads = call.payloads
    self.connection = call.connection
    self.isNotification = call.isNotification
    self.followUp = followUp
  }

  func withFollowUp(_ followUp: ReplyFollowUp) -> RPCCall { RPCCall(self, followUp: followUp) }

  /// Runs `work` on the main actor right after this call's reply has been handed to the
  /// connection, so that notifications it sends reach the client after the reply (a
  /// subscription's replayed changes, say). Only `.mainActor` handlers have a reply to
  /// follow; elsewhere `work` runs at once.
  @MainActor
  public func afterReply(_ work: @escaping @MainActor () -> Void) {
    if let followUp { followUp.append(work) } else { work() }
  }
}

/// The answer of a `.mainActorDeferred` method, given once from the main actor.
///
/// The dispatcher hands the connection a reply whose bytes arrive through `whenAnswered`;
/// the handler calls `succeed` or `fail` when its work is done. Only the first answer
/// counts.
@MainActor
public final class DeferredReply: Sendable {
  private let id: JSON?
  private var bytes: [UInt8]?
  private var answered = false
  private var waiter: (@MainActor ([UInt8]?) -> Void)?

  nonisolated init(id: JSON?) { self.id = id }

  // The replies are written without a closure (`id.map { … }`): a closure made on the main
  // actor and handed to code that is not isolated checks at run time that it runs there,
  // which costs more than a small reply.

  /// Answers with `result`.
  public func succeed(_ result: JSON) {
    guard let id else { return finish(nil) }
    finish(Dispatcher.response(id: id, result: result))
  }

  /// Answers with `result`'s text as it is (a relay's reply that carries another
  /// process's text).
  public func succeed(_ result: RawJSON) {
    guard let id else { return finish(nil) }
    finish(Dispatcher.response(id: id, result: result))
  }

  /// Answers with the object `writeResult` writes member by member straight into the
  /// reply's text (room made for `capacity` bytes of it), so that the result is not written
  /// into bytes of its own first and copied.
  public func succeed(resultCapacity capacity: Int, _ writeResult: (inout JSONObjectWriter) -> Void)
  {
    guard let id else { return finish(nil) }
    finish(Dispatcher.response(id: id, resultCapacity: capacity, writeResult))
  }

  /// Answers with `error` (an `RPCError`; any other error becomes a generic `-32603`).
  public func fail(_ error: any Error) {
    let rpcError = (error as? RPCError) ?? RPCError(code: -32603, message: "Internal error")
    guard let id else { return finish(nil) }
    finish(Dispatcher.response(id: id, error: rpcError))
  }

  /// Whether `succeed` or `fail` was called.
  public var isAnswered: Bool { answered }

  private func finish(_ reply: [UInt8]?) {
    guard !answered else { return }
    answered = true
    if let waiter {
      self.waiter = nil
      waiter(reply)
    } else {
      bytes = reply
    }
  }

  /// Calls `body` with the reply bytes (`nil` for a notification) once the handler has
  /// answered: at once when it already has.
  public func whenAnswered(_ body: @escaping @MainActor ([UInt8]?) -> Void) {
    if answered {
      body(bytes)
      bytes = nil
    } else {
      waiter = body
    }
  }
}

/// Work to run once a main-actor method's reply has been handed to its connection.
@MainActor
public final class ReplyFollowUp: Sendable {
  private var work: [@MainActor () -> Void] = []

  nonisolated init() {}

  func append(_ item: @escaping @MainActor () -> Void) { work.append(item) }

  /// Runs the registered work, once.
  public func run() {
    let items = work
    work = []
    for item in items { item() }
  }
}

/// A method the daemon serves: its name, documentation, schemas and handler.
public final class RPCMethod: Sendable {
  /// How a method runs.
  public enum Handler: Sendable {
    /// Answered inline on the I/O thread; keep it short and non-blocking (`daemon.ping`).
    case immediate(@Sendable (RPCCall) throws -> JSON)
    /// Run in a task; hop to the main actor inside if needed.
    case async(@Sendable (RPCCall) async throws -> JSON)
    /// Run on the main actor (component state lives there); the reply is handed to the
    /// connection from the main actor, so it precedes every notification sent after it.
    case mainActor(@MainActor @Sendable (RPCCall) throws -> JSON)
    /// Started on the main actor like `.mainActor`, answered later through the
    /// `DeferredReply` (from the main actor too) without holding the main actor meanwhile:
    /// for work done elsewhere, such as in another process. The reply is handed to the
    /// connection when the handler answers, so notifications sent before that precede it.
    /// A handler that throws before it defers is answered with the error at once.
    case mainActorDeferred(@MainActor @Sendable (RPCCall, DeferredReply) throws -> Void)
  }

  /// The method name, e.g. `daemon.ping`.
  public let name: String
  /// A one-line summary for `rpc.discover`.
  public let summary: String
  /// A longer description for `rpc.discover`.
  public let description: String?
  /// The params schema; it must be an object schema (params are by name).
  public let params: Schema
  /// Members of the params that the method passes on as the text the client sent
  /// (`RPCCall.payloads`), for the process that decodes them to validate, once: their
  /// schemas in `params` document them, and the dispatcher checks only that a required one
  /// is there and that one whose schema is an object's is an object.
  public let payloadParams: Set<String>
  /// `params` without the payload members: what the dispatcher validates.
  let paramsWithoutPayloads: Schema
  /// The result schema.
  public let result: Schema
  /// The handler.
  public let handler: Handler

  /// A method; `params` is validated before `handler` runs, but for its `payloadParams`.
  public init(
    name: String, summary: String, description: String? = nil, params: Schema,
    payloadParams: Set<String> = [], result: Schema, handler: Handler
  ) {
    self.name = name
    self.summary = summary
    self.description = description
    self.params = params
    self.payloadParams = payloadParams
    self.paramsWithoutPayloads = params.removingProperties(payloadParams)
    self.result = result
    self.handler = handler
  }
}

/// The methods a dispatcher serves, by name.
public struct MethodRegistry: Sendable {
  private var byName: [String: RPCMethod] = [:]

  /// An empty registry.
  public init() {}

  /// Adds `method`; registering a name twice is a programming error.
  public mutating func register(_ method: RPCMethod) {
    precondition(byName[method.name] == nil, "method \(method.name) registered twice")
    byName[method.name] = method
    payloadParams.formUnion(method.payloadParams)
  }

  /// The payload params of every method (`RPCMethod.payloadParams`): a request's params
  /// members of these names are read as text, before its method is known.
  public private(set) var payloadParams: Set<String> = []

  /// The method called `name`, if registered.
  public func method(named name: String) -> RPCMethod? {
    byName[name]
  }

  /// Every registered method, sorted by name.
  public var methods: [RPCMethod] {
    byName.values.sorted { $0.name < $1.name }
  }

  /// An OpenRPC 1.2.6 document describing every registered method, generated from the
  /// registry so that it cannot drift from what the server does.
  public func openRPCDocument(title: String, version: String) -> JSON {
    let methods: [JSON] = methods.map { method in
      var entry: JSONObject = ["name": .string(method.name), "summary": .string(method.summary)]
      if let description = method.description { entry["description"] = .string(description) }
      var params: [JSON] = []
      if case .object(let properties, _) = method.params.kind {
        for property in properties {
          var param: JSONObject = [
            "name": .string(property.name), "required": .bool(property.required),
            "schema": property.schema.jsonSchema,
          ]
          if let description = property.schema.description {
            param["description"] = .string(description)
          }
          params.append(.object(param))
        }
      }
      entry["params"] = .array(params)
      entry["paramStructure"] = "by-name"
      entry["result"] = ["name": .string("result"), "schema": method.result.jsonSchema]
      return .object(entry)
    }
    return [
      "openrpc": "1.2.6",
      "info": ["title": .string(title), "version": .string(version)],
      "methods": .array(methods),
    ]
  }
}
