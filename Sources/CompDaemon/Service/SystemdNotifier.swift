#if canImport(Glibc)
  import Glibc
#endif

/// A client of systemd's service notification protocol (`sd_notify(3)`), written against
/// the protocol rather than libsystemd: each message is one datagram of newline-separated
/// `KEY=value` assignments sent to the `AF_UNIX` socket named by `$NOTIFY_SOCKET`.
///
/// A path starting with `@` names a socket in the abstract namespace. When compd is not
/// started by systemd there is no `$NOTIFY_SOCKET` and `fromEnvironment()` returns nil,
/// so callers hold an optional and notifying is a no-op.
public struct SystemdNotifier: Sendable {
  /// The address as given in `$NOTIFY_SOCKET`.
  public let address: String

  /// A notifier that sends to `address` (a filesystem path, or `@name` for an abstract socket).
  public init(address: String) throws(ServiceProtocolError) {
    guard address.hasPrefix("/") || address.hasPrefix("@") else {
      throw ServiceProtocolError("NOTIFY_SOCKET=\(address) is neither a path nor an @abstract name")
    }
    guard address.utf8.count <= 107 else {
      throw ServiceProtocolError("NOTIFY_SOCKET is longer than a Unix socket address allows")
    }
    self.address = address
  }

  /// The notifier systemd asked for, or nil outside systemd. Unsets `$NOTIFY_SOCKET` so
  /// that child processes (the plugin-vetting child) cannot speak for the daemon.
  public static func fromEnvironment() throws(ServiceProtocolError) -> SystemdNotifier? {
    guard let value = getenv("NOTIFY_SOCKET").map({ String(cString: $0) }), !value.isEmpty else {
      return nil
    }
    unsetenv("NOTIFY_SOCKET")
    return try SystemdNotifier(address: value)
  }

  /// Sends one message made of the given `KEY=value` fields.
  public func send(_ fields: [String]) throws(ServiceProtocolError) {
    let message = Array(fields.joined(separator: "\n").utf8)
    let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw .system("socket(AF_UNIX, SOCK_DGRAM)") }
    defer { close(descriptor) }
    var socketAddress = sockaddr_un()
    socketAddress.sun_family = sa_family_t(AF_UNIX)
    var pathBytes = Array(address.utf8)
    let isAbstract = pathBytes.first == UInt8(ascii: "@")
    if isAbstract { pathBytes[0] = 0 }  // the abstract namespace starts with a NUL byte
    withUnsafeMutableBytes(of: &socketAddress.sun_path) { $0.copyBytes(from: pathBytes) }
    let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)!
    // Abstract names are exactly their bytes long; paths carry their terminating NUL.
    let length = socklen_t(pathOffset + pathBytes.count + (isAbstract ? 0 : 1))
    let sent = message.withUnsafeBytes { buffer in
      withUnsafePointer(to: &socketAddress) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          sendto(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL), $0, length)
        }
      }
    }
    guard sent == message.count else { throw .system("sendto(\(address))") }
  }

  /// `READY=1`, with a status line.
  public func ready(status: String? = nil) throws(ServiceProtocolError) {
    try send(["READY=1"] + (status.map { ["STATUS=\(Self.oneLine($0))"] } ?? []))
  }

  /// `STATUS=`: a one-line human-readable state shown by `systemctl status`.
  public func status(_ text: String) throws(ServiceProtocolError) {
    try send(["STATUS=\(Self.oneLine(text))"])
  }

  /// `RELOADING=1` with the `MONOTONIC_USEC=` timestamp systemd requires with it
  /// (`Type=notify-reload` semantics); follow it with `ready()` once reloaded.
  public func reloading(status: String? = nil) throws(ServiceProtocolError) {
    try send(
      ["RELOADING=1", "MONOTONIC_USEC=\(MonotonicClock.microseconds())"]
        + (status.map { ["STATUS=\(Self.oneLine($0))"] } ?? []))
  }

  /// `STOPPING=1`: a shutdown has begun.
  public func stopping(status: String? = nil) throws(ServiceProtocolError) {
    try send(["STOPPING=1"] + (status.map { ["STATUS=\(Self.oneLine($0))"] } ?? []))
  }

  /// `WATCHDOG=1`: the keep-alive ping.
  public func watchdog() throws(ServiceProtocolError) {
    try send(["WATCHDOG=1"])
  }

  /// A value may not contain a newline: it would start a new assignment.
  static func oneLine(_ text: String) -> String {
    String(text.map { $0.isNewline ? " " : $0 })
  }
}

/// The current `CLOCK_MONOTONIC` reading, the clock systemd's `MONOTONIC_USEC=` uses.
public enum MonotonicClock {
  /// Microseconds since an arbitrary point (boot, on Linux).
  public static func microseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
  }
}

/// A failure of the systemd service protocols (notification, socket activation).
public struct ServiceProtocolError: Error, CustomStringConvertible, Equatable {
  /// What went wrong.
  public var description: String
  /// An error with the given text.
  public init(_ description: String) { self.description = description }

  static func system(_ call: String) -> ServiceProtocolError {
    ServiceProtocolError("\(call) failed: \(String(cString: strerror(errno)))")
  }
}
