import CompdProtocol

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
package struct SystemdNotifier: Sendable {
  /// The address as given in `$NOTIFY_SOCKET`.
  package let address: String

  /// A notifier that sends to `address` (a filesystem path, or `@name` for an abstract socket).
  package init(address: String) throws(ServiceProtocolError) {
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
  package static func fromEnvironment() throws(ServiceProtocolError) -> SystemdNotifier? {
    guard let value = getenv("NOTIFY_SOCKET").map({ String(cString: $0) }), !value.isEmpty else {
      return nil
    }
    unsetenv("NOTIFY_SOCKET")
    return try SystemdNotifier(address: value)
  }

  /// Sends one message made of the given `KEY=value` fields; with `descriptor`, the
  /// descriptor goes along (`SCM_RIGHTS`), as `FDSTORE=1` needs.
  package func send(_ fields: [String], descriptor passed: Int32? = nil)
    throws(ServiceProtocolError)
  {
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
    guard let passed else {
      let sent = message.withUnsafeBytes { buffer in
        withUnsafePointer(to: &socketAddress) { pointer in
          pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            sendto(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL), $0, length)
          }
        }
      }
      guard sent == message.count else { throw .system("sendto(\(address))") }
      return
    }
    // One control message: a cmsghdr (len, level, type), then the descriptor, padded to
    // the header's alignment (CMSG_SPACE(sizeof(int)); the C macros are not imported).
    let headerSize = MemoryLayout<cmsghdr>.size
    let alignment = MemoryLayout<Int>.size
    let dataSize = MemoryLayout<Int32>.size
    var control = [UInt8](
      repeating: 0, count: headerSize + (dataSize + alignment - 1) / alignment * alignment)
    control.withUnsafeMutableBytes { raw in
      // cmsghdr is {size_t cmsg_len; int cmsg_level; int cmsg_type;} (its flexible data
      // member keeps Swift from importing an initializer).
      raw.storeBytes(of: headerSize + dataSize, toByteOffset: 0, as: Int.self)
      raw.storeBytes(of: SOL_SOCKET, toByteOffset: alignment, as: Int32.self)
      raw.storeBytes(of: Int32(SCM_RIGHTS), toByteOffset: alignment + 4, as: Int32.self)
      raw.storeBytes(of: passed, toByteOffset: headerSize, as: Int32.self)
    }
    var payload = message
    let sent = payload.withUnsafeMutableBytes { buffer in
      control.withUnsafeMutableBytes { controlBuffer in
        withUnsafeMutablePointer(to: &socketAddress) { addressPointer in
          var vector = iovec(iov_base: buffer.baseAddress, iov_len: buffer.count)
          return withUnsafeMutablePointer(to: &vector) { vectorPointer in
            var header = msghdr(
              msg_name: UnsafeMutableRawPointer(addressPointer), msg_namelen: length,
              msg_iov: vectorPointer, msg_iovlen: 1, msg_control: controlBuffer.baseAddress,
              msg_controllen: controlBuffer.count, msg_flags: 0)
            return sendmsg(descriptor, &header, Int32(MSG_NOSIGNAL))
          }
        }
      }
    }
    guard sent == message.count else { throw .system("sendmsg(\(address))") }
  }

  /// `FDSTORE=1` with `FDNAME=name`: systemd keeps `descriptor` across a restart of the
  /// service (with `FileDescriptorStoreMax=` at least 1) and passes it back in
  /// `LISTEN_FDS`/`LISTEN_FDNAMES`.
  package func store(descriptor: Int32, name: String) throws(ServiceProtocolError) {
    try send(["FDSTORE=1", "FDNAME=\(name)"], descriptor: descriptor)
  }

  /// `READY=1`, with a status line.
  package func ready(status: String? = nil) throws(ServiceProtocolError) {
    try send(["READY=1"] + (status.map { ["STATUS=\(Self.oneLine($0))"] } ?? []))
  }

  /// `STATUS=`: a one-line human-readable state shown by `systemctl status`.
  package func status(_ text: String) throws(ServiceProtocolError) {
    try send(["STATUS=\(Self.oneLine(text))"])
  }

  /// `RELOADING=1` with the `MONOTONIC_USEC=` timestamp systemd requires with it
  /// (`Type=notify-reload` semantics); follow it with `ready()` once reloaded.
  package func reloading(status: String? = nil) throws(ServiceProtocolError) {
    try send(
      ["RELOADING=1", "MONOTONIC_USEC=\(MonotonicClock.microseconds())"]
        + (status.map { ["STATUS=\(Self.oneLine($0))"] } ?? []))
  }

  /// `STOPPING=1`: a shutdown has begun.
  package func stopping(status: String? = nil) throws(ServiceProtocolError) {
    try send(["STOPPING=1"] + (status.map { ["STATUS=\(Self.oneLine($0))"] } ?? []))
  }

  /// `WATCHDOG=1`: the keep-alive ping.
  package func watchdog() throws(ServiceProtocolError) {
    try send(["WATCHDOG=1"])
  }

  /// A value may not contain a newline: it would start a new assignment.
  static func oneLine(_ text: String) -> String {
    String(text.map { $0.isNewline ? " " : $0 })
  }
}

/// The current `CLOCK_MONOTONIC` reading, the clock systemd's `MONOTONIC_USEC=` uses.
package enum MonotonicClock {
  /// Microseconds since an arbitrary point (boot, on Linux).
  package static func microseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
  }
}

/// A failure of the systemd service protocols (notification, socket activation).
package struct ServiceProtocolError: Error, CustomStringConvertible, Equatable {
  /// What went wrong.
  package var description: String
  /// An error with the given text.
  package init(_ description: String) { self.description = description }

  static func system(_ call: String) -> ServiceProtocolError {
    ServiceProtocolError("\(call) failed: \(String(cString: strerror(errno)))")
  }
}
