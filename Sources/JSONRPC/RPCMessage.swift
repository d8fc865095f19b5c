/// Builders for the messages a client sends.
public enum RPCMessage {
  /// A request: `{"jsonrpc":"2.0","id":…,"method":…,"params":…}` (params omitted when nil).
  public static func request(id: JSON, method: String, params: JSONObject?) -> JSON {
    var object: JSONObject = ["jsonrpc": "2.0", "id": id, "method": .string(method)]
    if let params { object["params"] = .object(params) }
    return .object(object)
  }

  /// A notification: a request without `id`; the server never answers it.
  public static func notification(method: String, params: JSONObject?) -> JSON {
    var object: JSONObject = ["jsonrpc": "2.0", "method": .string(method)]
    if let params { object["params"] = .object(params) }
    return .object(object)
  }

  /// Appends the text of a request whose params are `params`' text, or of a notification
  /// when `id` is nil: `{"jsonrpc":"2.0","method":…,"params":…,"id":…}`.
  public static func appendRequest(
    method: String, params: RawJSON, id: JSON?, to bytes: inout [UInt8]
  ) {
    appendEnvelopeStart(method: method, to: &bytes)
    bytes.append(contentsOf: params.bytes)
    if let id {
      bytes.append(contentsOf: #","id":"# as StaticString)
      id.serialize(into: &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
  }

  /// Appends a request's or notification's text up to its params:
  /// `{"jsonrpc":"2.0","method":…,"params":`.
  static func appendEnvelopeStart(method: String, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: #"{"jsonrpc":"2.0","method":"# as StaticString)
    JSON.string(method).serialize(into: &bytes)
    bytes.append(contentsOf: #","params":"# as StaticString)
  }

  /// A response carrying `result`.
  public static func response(id: JSON, result: JSON) -> JSON {
    .object(["jsonrpc": "2.0", "id": id, "result": result])
  }

  /// A response carrying `error`.
  public static func response(id: JSON, error: RPCError) -> JSON {
    .object(["jsonrpc": "2.0", "id": id, "error": error.json])
  }
}

/// A message a client reads from the server.
public enum RPCIncoming: Sendable {
  /// The answer to a request, matched by `id` (`null` when the server could not read the id).
  case response(id: JSON, result: Result<JSON, RPCError>)
  /// A server-to-client notification.
  case notification(method: String, params: JSON)

  /// Reads one line; throws `RPCError.parseError` for bad JSON and
  /// `RPCError.invalidRequest` for JSON that is neither a response nor a notification.
  public init(parsing line: [UInt8], limits: JSONParser.Limits = .init()) throws {
    let value: JSON
    do {
      value = try JSONParser.parse(line, limits: limits)
    } catch {
      throw RPCError.parseError(error.message)
    }
    try self.init(value)
  }

  /// Interprets one parsed message.
  public init(_ value: JSON) throws {
    guard case .object(let object) = value else {
      throw RPCError.invalidRequest("expected a JSON object")
    }
    guard object["jsonrpc"] == "2.0" else {
      throw RPCError.invalidRequest("\"jsonrpc\" must be \"2.0\"")
    }
    if let method = object["method"] {
      guard case .string(let name) = method, object["id"] == nil else {
        throw RPCError.invalidRequest("a notification needs a string \"method\" and no \"id\"")
      }
      self = .notification(method: name, params: object["params"] ?? .null)
      return
    }
    guard let id = object["id"] else { throw RPCError.invalidRequest("a response needs an \"id\"") }
    if let result = object["result"], object["error"] == nil {
      self = .response(id: id, result: .success(result))
    } else if let error = object["error"], object["result"] == nil,
      let rpcError = RPCError(json: error)
    {
      self = .response(id: id, result: .failure(rpcError))
    } else {
      throw RPCError.invalidRequest(
        "a response needs exactly one of \"result\" and a valid \"error\"")
    }
  }
}
