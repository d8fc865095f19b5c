#if canImport(Glibc)
  import Glibc
#endif

/// The members of a request object that JSON-RPC 2.0 gives a meaning to, as they were sent:
/// `jsonrpc`, `id`, `method` and `params`, each `nil` when absent. Other members are not
/// kept: a request has no use for them. The `Dispatcher` judges the values.
///
/// A line holding one request is read straight into this, without building the request
/// object (`JSONParser.parseMessage`); a batch's entries are read as objects first.
public struct RequestEnvelope: Sendable, Equatable {
  /// The protocol version, which must be `"2.0"`.
  public var jsonrpc: JSON?
  /// The request's id; absent for a notification.
  public var id: JSON?
  /// The method's name.
  public var method: JSON?
  /// The params, by name; without `payloads`.
  public var params: JSON?
  /// The members of an object `params` that were read as their text (the names a line is
  /// read with, `JSONParser.parseMessage`), by name.
  public var payloads: RawJSONMembers

  /// An envelope with the given members.
  public init(
    jsonrpc: JSON? = nil, id: JSON? = nil, method: JSON? = nil, params: JSON? = nil,
    payloads: RawJSONMembers = [:]
  ) {
    self.jsonrpc = jsonrpc
    self.id = id
    self.method = method
    self.params = params
    self.payloads = payloads
  }

  /// The envelope of `object`, a request read as an object.
  public init(_ object: JSONObject) {
    self.init(
      jsonrpc: object["jsonrpc"], id: object["id"], method: object["method"],
      params: object["params"])
  }

  /// A member of a request object, by its name.
  enum Member {
    case jsonrpc, id, method, params
    /// Any other member, which an envelope does not keep.
    case unknown

    /// The member named by the UTF-8 bytes `name` (without escapes).
    init(_ name: UnsafeRawBufferPointer) {
      // Called with a name of the literal's length: one `memcmp`, not an iteration.
      func matches(_ text: StaticString) -> Bool {
        memcmp(name.baseAddress!, text.utf8Start, name.count) == 0
      }
      switch name.count {
      case 2 where matches("id"): self = .id
      case 6 where matches("method"): self = .method
      case 6 where matches("params"): self = .params
      case 7 where matches("jsonrpc"): self = .jsonrpc
      default: self = .unknown
      }
    }

    /// The member named `name`.
    init(_ name: String) {
      var name = name
      self = name.withUTF8 { Member(UnsafeRawBufferPointer($0)) }
    }
  }

  /// Sets `member` to `value`; a member sent twice keeps its last value, as in an object.
  mutating func set(_ member: Member, _ value: JSON) {
    switch member {
    case .jsonrpc: jsonrpc = value
    case .id: id = value
    case .method: method = value
    case .params: params = value
    case .unknown: break
    }
  }
}

/// What `JSONParser.parseMessage` read from a line: one request object's envelope, or any
/// other value (a batch, or something that is not a request at all).
public enum JSONMessage: Sendable, Equatable {
  /// A JSON object, read as a request.
  case request(RequestEnvelope)
  /// Any other JSON value.
  case other(JSON)
}
