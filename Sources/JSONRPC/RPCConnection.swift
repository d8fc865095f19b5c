/// Who is on the other end of a Unix-socket connection (from `SO_PEERCRED`).
public struct PeerCredentials: Sendable, Hashable {
  /// The peer's process id.
  public var pid: Int32
  /// The peer's user id.
  public var uid: UInt32
  /// The peer's group id.
  public var gid: UInt32

  /// Credentials with the given ids.
  public init(pid: Int32, uid: UInt32, gid: UInt32) {
    self.pid = pid
    self.uid = uid
    self.gid = gid
  }
}

/// One client connection as handlers see it; the server implements it per socket.
public protocol RPCConnection: AnyObject, Sendable {
  /// A number unique among the daemon's connections.
  var id: UInt64 { get }
  /// The peer's credentials, when the transport knows them.
  var peer: PeerCredentials? { get }
  /// Queues a server-to-client notification; callable from any thread.
  func notify(method: String, params: JSON)
  /// Queues a notification serialized already (the same bytes for every connection it
  /// goes to); callable from any thread.
  func notify(_ notification: SerializedNotification)
}

/// A JSON-RPC notification serialized once, to be sent as the same bytes to many
/// connections (a scene's subscribers).
public struct SerializedNotification: Sendable {
  /// The notification's method.
  public let method: String
  /// `{"jsonrpc":"2.0","method":…,"params":…}`, without a line end.
  public let bytes: [UInt8]
  /// Where the text of its params is in `bytes`.
  private let paramsRange: Range<Int>

  /// Serializes the notification `method` with `params`.
  public init(method: String, params: JSON) {
    self.init(method: method, params: RawJSON(params))
  }

  /// The notification `method` whose params are `params`' text, spliced in as it is.
  public init(method: String, params: RawJSON) {
    self.method = method
    var bytes: [UInt8] = []
    bytes.reserveCapacity(method.utf8.count + params.bytes.count + 48)
    RPCMessage.appendRequest(method: method, params: params, id: nil, to: &bytes)
    // The params are followed by the envelope's closing brace only.
    paramsRange = (bytes.count - 1 - params.bytes.count)..<(bytes.count - 1)
    self.bytes = bytes
  }

  /// The notification `method` whose params object `writeParams` writes member by member
  /// straight into the notification's text (room made for `capacity` bytes of params), so
  /// that the params are not written into bytes of their own first and copied.
  public init(
    method: String, paramsCapacity capacity: Int,
    params writeParams: (inout JSONObjectWriter) -> Void
  ) {
    self.method = method
    var bytes: [UInt8] = []
    bytes.reserveCapacity(method.utf8.count + capacity + 48)
    RPCMessage.appendEnvelopeStart(method: method, to: &bytes)
    let start = bytes.count
    JSONObjectWriter.appendObject(to: &bytes, writeParams)
    paramsRange = start..<bytes.count
    bytes.append(UInt8(ascii: "}"))
    self.bytes = bytes
  }

  /// Its params as a tree (read from their text: a connection that does not write bytes
  /// gets them this way).
  public var params: JSON {
    (try? RawJSON(checked: Array(bytes[paramsRange])).parsed()) ?? .null
  }
}

extension RPCConnection {
  /// Queues `notification`; a connection that writes bytes sends its `bytes` as they are,
  /// this default sends its method and params through `notify(method:params:)`.
  public func notify(_ notification: SerializedNotification) {
    notify(method: notification.method, params: notification.params)
  }
}
