import CompdProtocol
import JSONRPC

#if canImport(Glibc)
  import Glibc
#endif

/// Who is at the other end of a Unix-socket connection, as the kernel recorded it when the
/// peer connected: `SO_PEERCRED` (pid, uid, primary gid) and `SO_PEERGROUPS` (its
/// supplementary groups). Group membership is judged by these kernel credentials, as file
/// permissions are, not by looking the user up in `/etc/group` afterwards.
package struct PeerIdentity: Sendable, Hashable, CustomStringConvertible {
  /// The peer's process id at connect time.
  package var pid: Int32
  /// The peer's effective user id.
  package var uid: UInt32
  /// The peer's effective group id.
  package var gid: UInt32
  /// The peer's supplementary group ids.
  package var supplementaryGroups: [UInt32]

  /// An identity from known values.
  package init(pid: Int32, uid: UInt32, gid: UInt32, supplementaryGroups: [UInt32] = []) {
    self.pid = pid
    self.uid = uid
    self.gid = gid
    self.supplementaryGroups = supplementaryGroups
  }

  /// The identity `credentials` give, without supplementary groups (a transport that knows
  /// only `SO_PEERCRED`'s three ids).
  package init(_ credentials: PeerCredentials) {
    self.init(pid: credentials.pid, uid: credentials.uid, gid: credentials.gid)
  }

  /// Whether the peer belongs to `group`, as primary or supplementary group.
  package func isMember(of group: UInt32) -> Bool {
    gid == group || supplementaryGroups.contains(group)
  }

  /// `uid=… pid=…`, for logs.
  package var description: String { "uid=\(uid) pid=\(pid)" }

  /// Reads the credentials of the peer of the connected socket `descriptor`.
  package static func read(fromSocket descriptor: Int32) throws(ServiceProtocolError)
    -> PeerIdentity
  {
    // Linux's `struct ucred`; Glibc only declares it under _GNU_SOURCE.
    struct Credentials {
      var pid: Int32 = 0
      var uid: UInt32 = 0
      var gid: UInt32 = 0
    }
    var credentials = Credentials()
    var length = socklen_t(MemoryLayout<Credentials>.size)
    guard getsockopt(descriptor, SOL_SOCKET, peerCredentialsOption, &credentials, &length) == 0
    else { throw .system("getsockopt(SO_PEERCRED)") }
    var identity = PeerIdentity(pid: credentials.pid, uid: credentials.uid, gid: credentials.gid)
    identity.supplementaryGroups = peerGroups(descriptor) ?? []
    return identity
  }

  static let peerCredentialsOption: Int32 = 17  // SO_PEERCRED
  static let peerGroupsOption: Int32 = 59  // SO_PEERGROUPS (Linux 4.13)

  /// The supplementary groups of the peer; nil when the kernel cannot say.
  private static func peerGroups(_ descriptor: Int32) -> [UInt32]? {
    var groups = [UInt32](repeating: 0, count: 64)
    while true {
      var length = socklen_t(groups.count * MemoryLayout<UInt32>.size)
      let result = groups.withUnsafeMutableBytes {
        getsockopt(descriptor, SOL_SOCKET, peerGroupsOption, $0.baseAddress, &length)
      }
      if result == 0 {
        return Array(groups.prefix(Int(length) / MemoryLayout<UInt32>.size))
      }
      // ERANGE reports the length needed in `length`.
      guard errno == ERANGE, Int(length) > groups.count * MemoryLayout<UInt32>.size else {
        return nil
      }
      groups = [UInt32](repeating: 0, count: Int(length) / MemoryLayout<UInt32>.size)
    }
  }
}
