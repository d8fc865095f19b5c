#if canImport(Glibc)
  import Glibc
#endif

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
    /// Run this on the main actor and hand what it returns to the connection from there,
    /// before the main actor runs anything else: notifications the main actor sends later
    /// then follow the reply on the wire. The follow-up runs right after the hand-over
    /// (`RPCCall.afterReply`).
    case pendingOnMainActor(@MainActor @Sendable () -> MainActorReply)
  }

  /// The reply of a main-actor method and what to do once it is handed over.
  public struct MainActorReply: Sendable {
    /// The reply bytes, or `nil` for a notification or a deferred reply.
    public var bytes: [UInt8]?
    /// Work registered with `RPCCall.afterReply`, run after the reply is handed over.
    public var followUp: ReplyFollowUp
    /// Set for a `.mainActorDeferred` method: the reply comes through it, later.
    public var deferred: DeferredReply? = nil

    /// Hands the reply to `send` (now, or when a deferred one is answered), then runs
    /// the follow-up work. Call it on the main actor.
    @MainActor
    public func deliver(_ send: @escaping @MainActor ([UInt8]?) -> Void) {
      guard let deferred else {
        send(bytes)
        followUp.run()
        return
      }
      deferred.whenAnswered { [followUp] bytes in
        send(bytes)
        followUp.run()
      }
    }
  }

  /// Bounds on one batch request.
  public struct BatchLimits: Sendable {
    /// The most entries a batch may have; a longer one is answered with one error and
    /// none of its entries run.
    public var maxEntries: Int
    /// The most bytes the replies of one batch may add up to. Entries run in order until
    /// their replies pass it; then the batch is answered with one error instead of them,
    /// and its remaining entries do not run.
    public var maxReplyBytes: Int
    /// Called after the replies of a batch passed `maxReplyBytes` and were dropped: up to
    /// that many bytes were just freed (a server may give them back to the system).
    public var repliesDropped: (@Sendable () -> Void)?
    /// The error a batch over a limit is answered with (its server's name for a limit
    /// exceeded); `nil` answers `-32600` (Invalid Request), JSON-RPC's own code.
    public var exceeded: (any ServerErrorKind)?

    /// Limits with the given values; unbounded by default.
    public init(
      maxEntries: Int = .max, maxReplyBytes: Int = .max, exceeded: (any ServerErrorKind)? = nil,
      repliesDropped: (@Sendable () -> Void)? = nil
    ) {
      self.maxEntries = maxEntries
      self.maxReplyBytes = maxReplyBytes
      self.exceeded = exceeded
      self.repliesDropped = repliesDropped
    }

    /// The error for a batch over a limit: `message`, with `details` as the error's data.
    func exceededError(_ message: String, details: JSONObject) -> RPCError {
      guard let exceeded else {
        return RPCError(
          code: -32600, message: "Invalid request: \(message)", data: .object(details))
      }
      return .server(exceeded, message, details: details)
    }
  }

  /// The methods served.
  public let registry: MethodRegistry
  /// The parse limits applied to each line.
  public let limits: JSONParser.Limits
  /// The bounds on batches.
  public let batchLimits: BatchLimits
  /// Long batches run two at a time, whatever the number of clients sending them.
  private let longBatches = BatchGate(permits: 2)

  /// A dispatcher over `registry`.
  public init(
    registry: MethodRegistry, limits: JSONParser.Limits = .init(),
    batchLimits: BatchLimits = .init()
  ) {
    self.registry = registry
    self.limits = limits
    self.batchLimits = batchLimits
  }

  /// Handles one line (without its newline).
  public func handle(line: [UInt8], connection: any RPCConnection) -> Outcome {
    line.withUnsafeBytes { handle(line: $0, connection: connection) }
  }

  /// Handles one line (without its newline).
  public func handle(line: UnsafeRawBufferPointer, connection: any RPCConnection) -> Outcome {
    // A batch over the limit is refused before it is parsed: its tree would take many
    // times the line's size.
    if let count = Self.batchEntryCount(line, over: batchLimits.maxEntries) {
      return .reply(Self.response(id: .null, error: batchTooLong(count)))
    }
    let message: JSONMessage
    do {
      message = try JSONParser.parseMessage(
        line, limits: limits, payloadNames: registry.payloadParams)
    } catch {
      return .reply(Self.response(id: .null, error: .parseError(error.message)))
    }
    let entries: [JSON]
    switch consume message {
    case .request(let request): return outcome(of: handle(request, connection: connection))
    case .other(.array(let array)): entries = array
    case .other(let value): return outcome(of: handle(entry: value, connection: connection))
    }
    guard !entries.isEmpty else {
      return .reply(
        Self.response(id: .null, error: .invalidRequest("empty batch")))
    }
    if entries.count > batchLimits.maxEntries {
      return .reply(Self.response(id: .null, error: batchTooLong(entries.count)))
    }
    // A short batch runs here, in order, until its replies pass the limit or an entry
    // needs to wait; the rest goes on the same way in a task. A long one runs in a task
    // from the start, so that the other clients of this event loop are not kept waiting.
    var reply = BatchReply(limits: batchLimits, entries: entries.count)
    guard entries.count <= Self.maxInlineBatchEntries else {
      return .pending { [self, reply] in
        await longBatches.enter()
        defer { longBatches.leave() }
        return await finish(entries, from: 0, first: nil, reply: reply, connection: connection)
      }
    }
    for (index, entry) in entries.enumerated() {
      switch handle(entry: entry, connection: connection) {
      case .none: reply.answered += 1
      case .done(let response):
        reply.append(response)
        if reply.overLimit { return .reply(reply.drop()) }
      case let pending:
        return .pending { [self, reply] in
          await finish(entries, from: index, first: pending, reply: reply, connection: connection)
        }
      }
    }
    return reply.finish().map { .reply($0) } ?? .noReply
  }

  /// The outcome of a line holding one request (not a batch).
  private func outcome(of entry: EntryOutcome) -> Outcome {
    switch entry {
    case .none: .noReply
    case .done(let response): .reply(response)
    case .later(let work): .pending { await work() }
    case .onMainActor(let work): .pendingOnMainActor(work)
    }
  }

  /// Batches longer than this run in a task rather than on the caller's thread, and
  /// only two of them at once.
  static let maxInlineBatchEntries = 16

  /// Runs the entries of a batch from `start` on (the one there already handled as
  /// `first`, if given) and returns the batch's reply.
  private func finish(
    _ entries: [JSON], from start: Int, first: EntryOutcome?, reply: BatchReply,
    connection: any RPCConnection
  ) async -> [UInt8]? {
    var reply = reply
    for index in start..<entries.count {
      // Let other tasks run between entries of a long batch: it shares the threads with
      // every other client's requests and with the daemon's own work (shutdown included).
      if index > start && index % Self.maxInlineBatchEntries == 0 { await Task.yield() }
      let outcome =
        index == start && first != nil
        ? first! : handle(entry: entries[index], connection: connection)
      switch outcome {
      case .none: reply.answered += 1
      case .done(let response): reply.append(response)
      case .later(let work):
        if let response = await work() { reply.append(response) } else { reply.answered += 1 }
      case .onMainActor(let work):
        // Inside a batch the reply waits for the whole batch; follow-ups run first.
        let response = await withCheckedContinuation { continuation in
          Task { @MainActor in
            work().deliver { bytes in continuation.resume(returning: bytes) }
          }
        }
        if let response { reply.append(response) } else { reply.answered += 1 }
      }
      if reply.overLimit { return reply.drop() }
    }
    return reply.finish()
  }

  private func batchTooLong(_ count: Int) -> RPCError {
    batchLimits.exceededError(
      "batch of \(count) requests exceeds the limit of \(batchLimits.maxEntries); none were run",
      details: ["limit": .int(Int64(batchLimits.maxEntries)), "size": .int(Int64(count))])
  }

  /// The number of entries of `line` when it is a JSON array with more than `limit` of
  /// them (commas at the top level, outside strings, plus one), else `nil`. Well-formedness
  /// is not checked: a malformed batch that long is refused for its length.
  ///
  /// It runs on the event loop that read the line, before anything else of it, so it must
  /// be quick even for megabytes: strings, most of a request's bytes, are skipped with
  /// `memchr` to their closing quote, and the rest is read byte by byte from the pointer
  /// (a generic iteration took half a second for a 2.5 MB batch in a debug build, and every
  /// other client of that event loop waited meanwhile).
  static func batchEntryCount(_ line: UnsafeRawBufferPointer, over limit: Int) -> Int? {
    guard limit < line.count / 2, let base = line.baseAddress else { return nil }
    let end = line.count
    var index = 0
    while index < end {
      let byte = base.load(fromByteOffset: index, as: UInt8.self)
      guard JSONText.isWhitespace(byte) else { break }
      index += 1
    }
    guard index < end, base.load(fromByteOffset: index, as: UInt8.self) == 0x5B else {  // [
      return nil
    }
    var depth = 0
    var commas = 0
    while index < end {
      let byte = base.load(fromByteOffset: index, as: UInt8.self)
      index += 1
      switch byte {
      case 0x22:  // a string: to the quote that ends it, one not escaped by a backslash
        while true {
          guard let found = memchr(base + index, 0x22, end - index) else {
            index = end  // unterminated: what was counted stands
            break
          }
          let quote = base.distance(to: UnsafeRawPointer(found))
          var backslashes = 0
          while quote - backslashes - 1 >= index,
            base.load(fromByteOffset: quote - backslashes - 1, as: UInt8.self) == 0x5C
          {
            backslashes += 1
          }
          index = quote + 1
          if backslashes % 2 == 0 { break }
        }
      case 0x5B, 0x7B: depth += 1  // [ {
      case 0x5D, 0x7D: depth -= 1  // ] }
      case 0x2C where depth == 1: commas += 1  // ,
      default: break
      }
    }
    return commas + 1 > limit ? commas + 1 : nil
  }

  /// The replies of a batch, joined as they come, and their running size.
  private struct BatchReply: Sendable {
    let limits: BatchLimits
    let entries: Int
    /// Entries run so far.
    var answered = 0
    private var joined: [UInt8] = [UInt8(ascii: "[")]

    init(limits: BatchLimits, entries: Int) {
      self.limits = limits
      self.entries = entries
    }

    mutating func append(_ response: [UInt8]) {
      answered += 1
      if joined.count > 1 { joined.append(UInt8(ascii: ",")) }
      joined += response
    }

    var overLimit: Bool { joined.count > limits.maxReplyBytes }

    /// The array of replies; `nil` when every entry was a notification.
    consuming func finish() -> [UInt8]? {
      guard joined.count > 1 else { return nil }
      joined.append(UInt8(ascii: "]"))
      return joined
    }

    /// Frees the replies and returns the one error answering a batch whose replies passed
    /// the limit.
    consuming func drop() -> [UInt8] {
      let error = limitError
      joined = []
      limits.repliesDropped?()
      return error
    }

    private var limitError: [UInt8] {
      Dispatcher.response(
        id: .null,
        error: limits.exceededError(
          "the replies of this batch exceed the limit of \(limits.maxReplyBytes) bytes: \(answered) of its \(entries) requests ran, the rest did not; send smaller batches",
          details: [
            "limit": .int(Int64(limits.maxReplyBytes)), "size": .int(Int64(entries)),
            "ran": .int(Int64(answered)),
          ]))
    }
  }

  /// The result of one request object: nothing, a response now, or a response later.
  private enum EntryOutcome: Sendable {
    case none
    case done([UInt8])
    case later(@Sendable () async -> [UInt8]?)
    case onMainActor(@MainActor @Sendable () -> MainActorReply)
  }

  static let maxExactInteger: Int64 = 1 << 53

  /// The outcome of a batch entry, or of a line holding a value that is not an object.
  private func handle(entry: JSON, connection: any RPCConnection) -> EntryOutcome {
    guard case .object(let request) = entry else {
      return .done(
        Self.response(id: .null, error: .invalidRequest("expected a request object")))
    }
    return handle(RequestEnvelope(request), connection: connection)
  }

  /// The outcome of a request.
  private func handle(_ request: RequestEnvelope, connection: any RPCConnection) -> EntryOutcome {
    var id: JSON?
    if let rawID = request.id {
      switch rawID {
      case .string(let text) where text.utf8.count > RPCError.maxEchoedBytes:
        return .done(
          Self.response(
            id: .null,
            error: .invalidRequest(
              "\"id\" must be at most \(RPCError.maxEchoedBytes) bytes long (it is echoed in the reply)"
            )))
      case .string, .null: id = rawID
      case .int(let value) where value >= -Self.maxExactInteger && value <= Self.maxExactInteger:
        id = rawID
      case .int, .double:
        return .done(
          Self.response(
            id: .null, error: .invalidRequest("\"id\" must be a string or an integer within ±2^53"))
        )
      default:
        return .done(
          Self.response(
            id: .null, error: .invalidRequest("\"id\" must be a string or an integer")))
      }
    }
    guard request.jsonrpc == "2.0" else {
      return .done(
        Self.response(id: id ?? .null, error: .invalidRequest("\"jsonrpc\" must be \"2.0\"")))
    }
    guard case .string(let name) = request.method else {
      return .done(
        Self.response(id: id ?? .null, error: .invalidRequest("\"method\" must be a string")))
    }
    var params: JSONObject
    switch request.params {
    case nil: params = [:]
    case .object(let object): params = object
    case .array:
      return respond(
        id,
        error: .invalidParams(
          "params must be an object (by-name); positional params are not supported"))
    default:
      return .done(
        Self.response(id: id ?? .null, error: .invalidRequest("\"params\" must be an object"))
      )
    }
    guard let method = registry.method(named: name) else {
      let suggestion = NameSuggestion.closest(to: name, among: registry.methods.map(\.name))
      return respond(id, error: RPCError.methodNotFound(name).suggesting(suggestion))
    }
    var payloads = request.payloads
    if !payloads.isEmpty || !method.payloadParams.isEmpty {
      // Text kept for another method's sake goes back into the params (it was checked as a
      // value: its parse cannot fail); this method's payloads sent inside the tree (a batch
      // entry, a line read the slow way) come out of them as text.
      for (member, text) in payloads where !method.payloadParams.contains(member) {
        params[member] = try? text.parsed()
        payloads[member] = nil
      }
      for member in method.payloadParams where payloads[member] == nil {
        if let value = params[member] {
          payloads[member] = RawJSON(value)
          params[member] = nil
        }
      }
    }
    let validated: JSONObject
    do {
      guard case .object(let object) = try method.paramsWithoutPayloads.validate(.object(params))
      else {
        return respond(id, error: .internalError("params schema of \(name) is not an object"))
      }
      for member in method.payloadParams {
        try method.params.validatePayload(payloads[member], named: member)
      }
      validated = object
    } catch {
      return respond(id, error: error)
    }
    let call = RPCCall(
      method: name, params: validated, payloads: payloads, connection: connection,
      isNotification: id == nil)
    switch method.handler {
    case .mainActor(let body):
      let id = id
      return .onMainActor {
        let followUp = ReplyFollowUp()
        let call = call.withFollowUp(followUp)
        do {
          let result = try body(call)
          return MainActorReply(
            bytes: id.map { Self.response(id: $0, result: result) }, followUp: followUp)
        } catch {
          return MainActorReply(
            bytes: id.map { Self.response(id: $0, error: Self.rpcError(from: error)) },
            followUp: followUp)
        }
      }
    case .mainActorDeferred(let body):
      let id = id
      return .onMainActor {
        let followUp = ReplyFollowUp()
        let call = call.withFollowUp(followUp)
        let deferred = DeferredReply(id: id)
        do {
          try body(call, deferred)
        } catch {
          deferred.fail(error)
        }
        return MainActorReply(bytes: nil, followUp: followUp, deferred: deferred)
      }
    case .immediate(let body):
      do {
        let result = try body(call)
        return id.map { .done(Self.response(id: $0, result: result)) } ?? .none
      } catch {
        return respond(id, error: Self.rpcError(from: error))
      }
    case .async(let body):
      let id = id
      return .later {
        do {
          let result = try await body(call)
          return id.map { Self.response(id: $0, result: result) }
        } catch {
          return id.map { Self.response(id: $0, error: Self.rpcError(from: error)) }
        }
      }
    }
  }

  /// A response for a request, nothing for a notification.
  private func respond(_ id: JSON?, error: RPCError) -> EntryOutcome {
    id.map { .done(Self.response(id: $0, error: error)) } ?? .none
  }

  private static func rpcError(from error: any Error) -> RPCError {
    (error as? RPCError) ?? RPCError(code: -32603, message: "Internal error")
  }

  // Replies are written straight into one array, the envelope's fixed parts around `id` and
  // the result or error: this is the daemon.ping hot path, and the bytes are identical to
  // serializing `RPCMessage.response(...)`. The fixed parts are static strings: appending
  // one takes no reference count and no lazy initialization.
  private static var responsePrefix: StaticString { #"{"jsonrpc":"2.0","id":"# }
  private static var resultInfix: StaticString { #","result":"# }
  private static var errorInfix: StaticString { #","error":"# }

  /// The bytes of `RPCMessage.response(id:result:)`.
  static func response(id: JSON, result: JSON) -> [UInt8] {
    envelope(id: id, infix: resultInfix, bodyCapacity: 64) { result.serialize(into: &$0) }
  }

  /// The bytes of a response whose result is `result`'s text.
  static func response(id: JSON, result: RawJSON) -> [UInt8] {
    envelope(id: id, infix: resultInfix, bodyCapacity: result.bytes.count) {
      $0 += result.bytes
    }
  }

  /// The bytes of a response whose result object `writeResult` writes into them.
  static func response(
    id: JSON, resultCapacity: Int, _ writeResult: (inout JSONObjectWriter) -> Void
  ) -> [UInt8] {
    envelope(id: id, infix: resultInfix, bodyCapacity: resultCapacity) {
      JSONObjectWriter.appendObject(to: &$0, writeResult)
    }
  }

  /// The bytes of `RPCMessage.response(id:error:)`.
  static func response(id: JSON, error: RPCError) -> [UInt8] {
    envelope(id: id, infix: errorInfix, bodyCapacity: 128) {
      error.boundedForReply.json.serialize(into: &$0)
    }
  }

  private static func envelope(
    id: JSON, infix: StaticString, bodyCapacity: Int, body: (inout [UInt8]) -> Void
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(
      responsePrefix.utf8CodeUnitCount + 24 + infix.utf8CodeUnitCount + bodyCapacity + 1)
    bytes.append(contentsOf: responsePrefix)
    id.serialize(into: &bytes)
    bytes.append(contentsOf: infix)
    body(&bytes)
    bytes.append(UInt8(ascii: "}"))
    return bytes
  }

}
