import Foundation
import JSONRPC

/// A raw Unix-socket client for tests: writes bytes as given, reads lines with a timeout.
final class SocketClient {
  let descriptor: Int32
  private var framer = LineFramer(maxLineBytes: 1 << 30)

  /// A client over an already connected socket, which it owns.
  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  init(path: String) throws {
    descriptor = try unixSocket(path, "connect") { connect($0, $1, $2) }
  }

  deinit { close(descriptor) }

  /// Makes writes give up after `seconds` instead of blocking for ever.
  func setSendTimeout(seconds: Int) {
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Writes all the bytes (one or more `write` calls).
  func write(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw TestFailure("write: \(String(cString: strerror(errno)))")
      }
      offset += written
    }
  }

  func write(line: String) throws { try write(Array(line.utf8) + [10]) }

  /// The next line, or `nil` when none arrives within `timeout` seconds or the peer closed.
  func readLine(timeout: Double = 10) throws -> [UInt8]? {
    let deadline = Date().addingTimeInterval(timeout)
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      if case .line(let line)? = framer.nextFrame() { return line }
      let remaining = deadline.timeIntervalSinceNow
      if remaining <= 0 { return nil }
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Int32(remaining * 1000) + 1)
      if ready < 0 && errno == EINTR { continue }
      if ready <= 0 { return nil }
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return nil }
      chunk.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }
  }

  /// The next line parsed as JSON; fails the test when there is none.
  func readJSON(timeout: Double = 10) throws -> JSON {
    guard let line = try readLine(timeout: timeout) else {
      throw TestFailure("no reply within \(timeout) s")
    }
    return try JSONParser.parse(line)
  }

  /// Whether the server closed the connection (reads EOF) within `timeout` seconds.
  func isClosedByPeer(timeout: Double = 10) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    var chunk = [UInt8](repeating: 0, count: 65536)
    while deadline.timeIntervalSinceNow > 0 {
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Int32(deadline.timeIntervalSinceNow * 1000) + 1)
      if ready <= 0 { continue }
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count == 0 { return true }
      if count < 0 { return errno == ECONNRESET }
    }
    return false
  }
}

/// A new Unix stream socket (close-on-exec) on which `operation` (`connect` or `bind`)
/// succeeded for `path`; throws naming `operation` when it failed.
func unixSocket(
  _ path: String, _ operation: String,
  _ perform: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32
) throws -> Int32 {
  let descriptor = socket(
    AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
  guard descriptor >= 0 else { throw TestFailure("socket: \(String(cString: strerror(errno)))") }
  var address = sockaddr_un()
  address.sun_family = sa_family_t(AF_UNIX)
  let bytes = Array(path.utf8)
  withUnsafeMutableBytes(of: &address.sun_path) { raw in
    raw.copyBytes(from: bytes)
    raw[bytes.count] = 0
  }
  let result = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      perform(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
    }
  }
  if result != 0 {
    let code = errno
    close(descriptor)
    throw TestFailure("\(operation) \(path): \(String(cString: strerror(code)))")
  }
  return descriptor
}
