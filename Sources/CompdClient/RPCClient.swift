import JSONRPC

#if canImport(Glibc)
  import Glibc
#endif

/// A blocking JSON-RPC client over a Unix socket, for compctl and tests.
///
/// One request at a time; server notifications that arrive meanwhile are kept in
/// `notifications`, and `nextNotification()` hands them out in order before reading more.
public final class RPCClient {
  /// How deep and large a reply may be: a scene's layout nests two levels per view, and
  /// compd is trusted, so the limits are far above a request's.
  static let replyLimits = JSONParser.Limits(maxDepth: 4096, maxBytes: 1 << 30)

  /// Why a call did not get a reply.
  public enum Failure: Error, CustomStringConvertible {
    /// The socket could not be connected (`errno`).
    case cannotConnect(path: String, code: Int32)
    /// The connection failed or closed before the reply.
    case connectionLost(String)
    /// The server sent something that is not JSON-RPC.
    case badReply(String)

    public var description: String {
      switch self {
      case .cannotConnect(let path, let code):
        let reason = String(cString: strerror(code))
        switch code {
        case ENOENT, ECONNREFUSED:
          return "cannot connect to \(path): compd is not running there (\(reason))"
        case EACCES, EPERM:
          return "cannot connect to \(path): permission denied (is your user in compd's group?)"
        default:
          return "cannot connect to \(path): \(reason)"
        }
      case .connectionLost(let detail): return "connection to compd lost: \(detail)"
      case .badReply(let detail): return "compd sent a reply compctl cannot read: \(detail)"
      }
    }
  }

  /// The socket path.
  public let path: String
  /// Notifications received while waiting for replies.
  public private(set) var notifications: [(method: String, params: JSON)] = []
  private let descriptor: Int32
  private var framer = LineFramer(maxLineBytes: 256 << 20)
  private var nextID: Int64 = 1

  /// Connects to the socket at `path`; `timeoutSeconds` bounds every read and write.
  public init(path: String, timeoutSeconds: Double = 30) throws(Failure) {
    self.path = path
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw .cannotConnect(path: path, code: errno) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      close(descriptor)
      throw .cannotConnect(path: path, code: ENAMETOOLONG)
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    if result != 0 {
      let code = errno
      close(descriptor)
      throw .cannotConnect(path: path, code: code)
    }
    var timeout = timeval(
      tv_sec: Int(timeoutSeconds),
      tv_usec: Int((timeoutSeconds - timeoutSeconds.rounded(.down)) * 1e6))
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// Sends a request and waits for its reply.
  public func call(method: String, params: JSONObject? = nil) throws(Failure) -> Result<
    JSON, RPCError
  > {
    let id = nextID
    nextID += 1
    let request = RPCMessage.request(id: .int(id), method: method, params: params)
    try send(request.serializedBytes() + [UInt8(ascii: "\n")])
    while true {
      let incoming = try readMessage()
      switch incoming {
      case .notification(let method, let params):
        notifications.append((method, params))
      case .response(let replyID, let result):
        if replyID == .int(id) { return result }
        if replyID.isNull, case .failure = result { return result }
      }
    }
  }

  /// The next message from compd, parsed.
  private func readMessage() throws(Failure) -> RPCIncoming {
    let line = try readLine()
    do {
      return try RPCIncoming(parsing: line, limits: Self.replyLimits)
    } catch {
      throw .badReply("\(error)")
    }
  }

  /// Returns the next server notification: first those that arrived while `call` waited
  /// for a reply, then the next one read from the socket. Responses that match no pending
  /// request are skipped.
  public func nextNotification() throws(Failure) -> (method: String, params: JSON) {
    if !notifications.isEmpty { return notifications.removeFirst() }
    while true {
      let incoming = try readMessage()
      if case .notification(let method, let params) = incoming { return (method, params) }
    }
  }

  /// Sets how long each read waits for the server; `nil` waits for ever (for streaming
  /// notifications).
  public func setReadTimeout(seconds: Double?) {
    let seconds = seconds ?? 0
    var timeout = timeval(
      tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1e6))
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Writes raw bytes to the socket.
  public func send(_ bytes: [UInt8]) throws(Failure) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw .connectionLost(String(cString: strerror(errno)))
      }
      offset += written
    }
  }

  /// Reads the next line the server sends (without its newline).
  public func readLine() throws(Failure) -> [UInt8] {
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      if let frame = framer.nextFrame() {
        switch frame {
        case .line(let line): return line
        case .oversized(let count): throw .badReply("a reply line of \(count) bytes")
        }
      }
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK {
          throw .connectionLost("timed out waiting for a reply")
        }
        throw .connectionLost(String(cString: strerror(errno)))
      }
      if count == 0 { throw .connectionLost("compd closed the connection") }
      chunk.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }
  }
}
