import Foundation

/// A listening Unix socket for tests that play compd's side of the protocol themselves:
/// each accepted connection is a `SocketClient` to read requests from and write replies
/// and notifications to.
final class ScriptedServerSocket {
  let path: String
  private let descriptor: Int32

  /// Listens on a fresh socket in a temporary directory.
  init() throws {
    path = TestPaths.temporaryDirectory() + "/compd.sock"
    descriptor = try unixSocket(path, "bind") { bind($0, $1, $2) }
    guard listen(descriptor, 8) == 0 else {
      let code = errno
      close(descriptor)
      throw TestFailure("listen \(path): \(String(cString: strerror(code)))")
    }
  }

  deinit { close(descriptor) }

  /// The next connection; fails when none comes within `timeout` seconds.
  func accept(timeout: Double = 10) throws -> SocketClient {
    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, Int32(timeout * 1000)) == 1 else {
      throw TestFailure("no connection on \(path) within \(timeout) s")
    }
    let connection = Glibc.accept(descriptor, nil, nil)
    guard connection >= 0 else { throw TestFailure("accept: \(String(cString: strerror(errno)))") }
    _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
    return SocketClient(descriptor: connection)
  }
}
