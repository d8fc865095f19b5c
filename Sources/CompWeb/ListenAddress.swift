import NIOCore

/// Where the gateway listens: an IP address and a TCP port, written `HOST:PORT` or
/// `[IPv6]:PORT`; `localhost` stands for 127.0.0.1. Port 0 asks the system for a free port.
public struct ListenAddress: Equatable, Sendable, CustomStringConvertible {
  /// The IP address as written (`localhost` already replaced).
  public let host: String
  /// The TCP port, 0…65535.
  public let port: Int

  /// Reads `text`; throws `ListenAddress.Invalid` naming what is wrong.
  public init(parsing text: String) throws(Invalid) {
    let hostPart: Substring
    let portPart: Substring
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]"),
        text[text.index(after: close)...].hasPrefix(":")
      else { throw Invalid(text, "write an IPv6 address as [ADDRESS]:PORT") }
      hostPart = text[text.index(after: text.startIndex)..<close]
      portPart = text[text.index(close, offsetBy: 2)...]
    } else {
      guard let colon = text.lastIndex(of: ":") else {
        throw Invalid(text, "expected HOST:PORT, e.g. 127.0.0.1:8080")
      }
      hostPart = text[..<colon]
      portPart = text[text.index(after: colon)...]
      if hostPart.contains(":") { throw Invalid(text, "write an IPv6 address as [ADDRESS]:PORT") }
    }
    guard let port = Int(portPart), (0...65535).contains(port), portPart.allSatisfy(\.isNumber)
    else { throw Invalid(text, "the port must be a number from 0 to 65535") }
    let host = hostPart == "localhost" ? "127.0.0.1" : String(hostPart)
    guard (try? SocketAddress(ipAddress: host, port: port)) != nil else {
      throw Invalid(
        text, "\"\(hostPart)\" is not an IP address (names other than localhost are not resolved)")
    }
    self.host = host
    self.port = port
  }

  /// The socket address to bind.
  public var socketAddress: SocketAddress {
    // Checked in init.
    try! SocketAddress(ipAddress: host, port: port)
  }

  /// Whether only this machine can connect: 127.0.0.0/8 or ::1.
  public var isLoopback: Bool {
    switch socketAddress {
    case .v4(let address):
      return UInt32(bigEndian: address.address.sin_addr.s_addr) >> 24 == 127
    case .v6(let address):
      return withUnsafeBytes(of: address.address.sin6_addr) { bytes in
        bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1
      }
    default:
      return false
    }
  }

  public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

  /// A listen address that cannot be used, with the reason.
  public struct Invalid: Error, CustomStringConvertible {
    /// The text given and why it was refused.
    public let description: String
    init(_ text: String, _ reason: String) {
      description = "bad listen address \"\(text)\": \(reason)"
    }
  }
}
