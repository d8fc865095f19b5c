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
}
