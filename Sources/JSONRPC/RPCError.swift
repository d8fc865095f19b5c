/// A JSON-RPC 2.0 error object, as thrown by handlers and sent to clients.
///
/// Handlers throw it to answer with a specific error; the dispatcher passes it to the client
/// unchanged. Any other error a handler throws becomes a generic `-32603`.
public struct RPCError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The error code (-32700…-32600 for protocol errors, -32099…-32000 for the server's own).
  public var code: Int
  /// A one-line explanation for people.
  public var message: String
  /// Structured details; server-defined errors carry `name` (and `field` for invalid
  /// params).
  public var data: JSON?

  /// An error with the given code, message and data.
  public init(code: Int, message: String, data: JSON? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  /// `-32700`: the text was not valid JSON.
  public static func parseError(_ detail: String) -> RPCError {
    RPCError(code: -32700, message: "Parse error: \(detail)")
  }

  /// `-32600`: the JSON was not a valid request object.
  public static func invalidRequest(_ detail: String) -> RPCError {
    RPCError(code: -32600, message: "Invalid request: \(detail)")
  }

  /// `-32601`: no method has that name.
  public static func methodNotFound(_ method: String) -> RPCError {
    RPCError(
      code: -32601, message: "Method not found: \(method)", data: ["method": .string(method)])
  }

  /// `-32602`: the params do not match the method's schema; `field` is the path of the
  /// offending member (e.g. `environment.width`), also given as `data.field`.
  public static func invalidParams(_ detail: String, field: String? = nil) -> RPCError {
    RPCError(
      code: -32602, message: "Invalid params: \(detail)",
      data: field.map { ["field": .string($0)] })
  }

  /// The same error with "did you mean …?" for a mistyped name: `suggestion` is appended
  /// to the message and given as `data.suggestion`. Unchanged when `suggestion` is nil.
  public func suggesting(_ suggestion: String?) -> RPCError {
    guard let suggestion else { return self }
    var copy = self
    copy.message += "; did you mean \"\(suggestion)\"?"
    var details = data?.objectValue ?? [:]
    details["suggestion"] = .string(suggestion)
    copy.data = .object(details)
    return copy
  }

  /// `-32603`: the server failed while handling the request.
  public static func internalError(_ detail: String) -> RPCError {
    RPCError(code: -32603, message: "Internal error: \(detail)")
  }

  /// A server-defined error (JSON-RPC leaves the codes -32099…-32000 to servers): the code
  /// of `kind`, and `data` of `{name, ...details}` with its stable name.
  public static func server(
    _ kind: some ServerErrorKind, _ message: String, details: JSONObject = [:]
  )
    -> RPCError
  {
    var data: JSONObject = ["name": .string(kind.name)]
    for (key, value) in details where key != "name" { data[key] = value }
    return RPCError(code: kind.code, message: message, data: .object(data))
  }

  /// The longest string of an error that goes to a client unshortened, in bytes. Messages
  /// and data echo what the client sent (a method or component name, a value); a client
  /// must not get its own megabytes back in an error.
  public static let maxEchoedBytes = 1024

  /// The error with every string of its message and data cut to `maxEchoedBytes`, each
  /// cut one ending in `…(N bytes, truncated)` with the string's full size.
  public var boundedForReply: RPCError {
    func bounded(_ text: String) -> String {
      let count = text.utf8.count
      guard count > Self.maxEchoedBytes else { return text }
      // Cut before a character the limit would split.
      var kept = Array(text.utf8.prefix(Self.maxEchoedBytes))
      if let start = kept.lastIndex(where: { $0 & 0xC0 != 0x80 }) {
        let lead = kept[start]
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        if kept.count - start < length { kept.removeSubrange(start...) }
      }
      return String(decoding: kept, as: UTF8.self) + "…(\(count) bytes, truncated)"
    }
    func bounded(_ value: JSON) -> JSON {
      switch value {
      case .string(let text): return .string(bounded(text))
      case .array(let items): return .array(items.map(bounded))
      case .object(let object):
        var result: JSONObject = [:]
        for (key, member) in object { result[bounded(key)] = bounded(member) }
        return .object(result)
      default: return value
      }
    }
    return RPCError(code: code, message: bounded(message), data: data.map(bounded))
  }

  /// The error as a JSON-RPC `error` member: `{code, message, data?}`.
  public var json: JSON {
    var object: JSONObject = ["code": .int(Int64(code)), "message": .string(message)]
    if let data { object["data"] = data }
    return .object(object)
  }

  /// Reads an `error` member; `nil` unless it has an integer `code` and a string `message`.
  public init?(json: JSON) {
    guard let code = json["code"]?.intValue, let message = json["message"]?.stringValue else {
      return nil
    }
    self.init(code: Int(code), message: message, data: json["data"])
  }

  /// `code: message`.
  public var description: String { "\(code): \(message)" }
}

/// A kind of server-defined error: its code (in -32099…-32000) and the stable name clients
/// match on, sent as `error.data.name`. A server lists its own (compd: `ServerErrorName`).
public protocol ServerErrorKind: Sendable {
  /// The JSON-RPC error code.
  var code: Int { get }
  /// The stable name, such as `compd.LimitExceeded`.
  var name: String { get }
}
