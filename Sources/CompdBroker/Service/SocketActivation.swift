import CompdProtocol
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A listening socket passed in by systemd (or `systemd-socket-activate`).
package struct ActivatedSocket: Sendable, Equatable {
  /// The descriptor (3 and up), close-on-exec.
  package var descriptor: Int32
  /// Its name from `$LISTEN_FDNAMES` (`FileDescriptorName=`), if given.
  package var name: String?
  /// The path it is bound to, or `@name` for an abstract address; nil if unnamed.
  package var path: String?
}

/// The socket-activation protocol of `sd_listen_fds(3)`: `$LISTEN_PID` names this process,
/// `$LISTEN_FDS` counts descriptors starting at 3, `$LISTEN_FDNAMES` names them.
///
/// compd serves one socket. Taking it checks that it is a listening `AF_UNIX` stream
/// socket, marks it close-on-exec and removes the variables so children do not inherit
/// them. The daemon never unlinks an activated socket's file: it belongs to the socket unit.
package enum SocketActivation {
  /// The first descriptor passed (`SD_LISTEN_FDS_START`).
  package static let firstDescriptor: Int32 = 3

  /// The socket passed by systemd, or nil when the process was not socket-activated.
  /// Throws when descriptors were passed but are not exactly one usable socket.
  package static func takeSocket() throws(ServiceProtocolError) -> ActivatedSocket? {
    let count = getenv("LISTEN_FDS").map { String(cString: $0) }
    let pid = getenv("LISTEN_PID").map { String(cString: $0) }
    let names = getenv("LISTEN_FDNAMES").map { String(cString: $0) }
    unsetenv("LISTEN_FDS")
    unsetenv("LISTEN_PID")
    unsetenv("LISTEN_FDNAMES")
    let socket = try takeSocket(
      listenFDs: count, listenPID: pid, listenFDNames: names, pid: getpid())
    takenSocketPath.withLock { $0 = socket?.path }
    return socket
  }

  /// The path of the socket `takeSocket()` took, for re-reading the configuration later.
  private static let takenSocketPath = Mutex<String?>(nil)

  /// The path of the socket passed to this process, without taking it (the variables
  /// stay for `takeSocket()`), or of the one taken; nil when none was passed or it has
  /// no path.
  package static func passedSocketPath() -> String? {
    if let taken = takenSocketPath.withLock({ $0 }) { return taken }
    guard let count = getenv("LISTEN_FDS").map({ String(cString: $0) }), Int32(count) == 1,
      let pid = getenv("LISTEN_PID").map({ String(cString: $0) }), Int32(pid) == getpid()
    else { return nil }
    return boundPath(firstDescriptor)
  }

  /// The socket described by the given values (exposed for tests).
  package static func takeSocket(
    listenFDs: String?, listenPID: String?, listenFDNames: String?, pid: Int32,
    firstDescriptor: Int32 = SocketActivation.firstDescriptor
  ) throws(ServiceProtocolError) -> ActivatedSocket? {
    guard let listenFDs, !listenFDs.isEmpty else { return nil }
    // Descriptors meant for another process (an ancestor that did not unset them).
    guard let listenPID, Int32(listenPID) == pid else { return nil }
    guard let count = Int32(listenFDs), count >= 0 else {
      throw ServiceProtocolError("LISTEN_FDS=\(listenFDs) is not a count")
    }
    if count == 0 { return nil }
    guard count == 1 else {
      throw ServiceProtocolError(
        "systemd passed \(count) sockets; compd serves exactly one (one ListenStream= in compd.socket)"
      )
    }
    let descriptor = firstDescriptor
    let name = listenFDNames.flatMap { $0.split(separator: ":").first.map(String.init) }
    try checkListeningUnixStream(descriptor)
    let flags = fcntl(descriptor, F_GETFD)
    guard flags >= 0, fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) == 0 else {
      throw .system("fcntl(\(descriptor), F_SETFD)")
    }
    return ActivatedSocket(descriptor: descriptor, name: name, path: boundPath(descriptor))
  }

  /// Throws unless `descriptor` is a listening `AF_UNIX` `SOCK_STREAM` socket.
  package static func checkListeningUnixStream(_ descriptor: Int32) throws(ServiceProtocolError) {
    func option(_ name: Int32) throws(ServiceProtocolError) -> Int32 {
      var value: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      guard getsockopt(descriptor, SOL_SOCKET, name, &value, &length) == 0 else {
        throw ServiceProtocolError(
          "descriptor \(descriptor) from systemd is not a socket: \(String(cString: strerror(errno)))"
        )
      }
      return value
    }
    guard try option(SO_DOMAIN) == AF_UNIX else {
      throw ServiceProtocolError("the socket from systemd is not AF_UNIX (use ListenStream=/path)")
    }
    guard try option(SO_TYPE) == Int32(SOCK_STREAM.rawValue) else {
      throw ServiceProtocolError(
        "the socket from systemd is not a stream socket (use ListenStream=)")
    }
    guard try option(SO_ACCEPTCONN) != 0 else {
      throw ServiceProtocolError("the socket from systemd is not listening (Accept=no is required)")
    }
  }

  /// The address the socket is bound to, as a path or `@abstract` name.
  static func boundPath(_ descriptor: Int32) -> String? {
    var address = sockaddr_un()
    var length = socklen_t(MemoryLayout<sockaddr_un>.size)
    let result = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)!
    guard result == 0, Int(length) > pathOffset else { return nil }
    let count = Int(length) - pathOffset
    var bytes = withUnsafeBytes(of: &address.sun_path) { Array($0.prefix(count)) }
    if bytes.first == 0 {
      bytes[0] = UInt8(ascii: "@")
    } else if let end = bytes.firstIndex(of: 0) {
      bytes.removeSubrange(end...)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
