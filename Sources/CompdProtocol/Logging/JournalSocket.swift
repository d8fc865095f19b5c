#if canImport(Glibc)
  import Glibc
#endif

/// journald's native protocol: one datagram per entry on its socket, a field per line
/// (`NAME=value`, or for a value holding a newline `NAME`, a newline, its length as 64-bit
/// little-endian and the value), so that an entry carries fields of its own (`COMPD_SCENE`,
/// `COMPD_COMPONENT`…) that `journalctl -o verbose` shows and `journalctl COMPD_SCENE=s3`
/// selects.
package struct JournalSocket: Sendable {
  /// Where journald listens.
  package static let defaultPath = "/run/systemd/journal/socket"

  package let path: String

  /// The journal's socket when systemd connected `descriptor` to the journal (as
  /// `JOURNAL_STREAM`, `DEVICE:INODE`, says of it: the check systemd documents, which a
  /// child that inherited the variable with other descriptors fails), else `nil`.
  package static func connected(to descriptor: Int32, path: String = defaultPath) -> JournalSocket?
  {
    guard let stream = getenv("JOURNAL_STREAM").map({ String(cString: $0) }) else { return nil }
    var info = stat()
    guard fstat(descriptor, &info) == 0, stream == "\(info.st_dev):\(info.st_ino)",
      access(path, W_OK) == 0
    else { return nil }
    return JournalSocket(path: path)
  }

  /// The datagram of an entry with `fields` (names of uppercase letters, digits and `_`).
  package static func datagram(_ fields: [(String, String)]) -> [UInt8] {
    var bytes: [UInt8] = []
    for (name, value) in fields {
      bytes += Array(name.utf8)
      if value.contains(where: { $0 == "\n" }) {
        bytes.append(UInt8(ascii: "\n"))
        let utf8 = Array(value.utf8)
        withUnsafeBytes(of: UInt64(utf8.count).littleEndian) { bytes += $0 }
        bytes += utf8
      } else {
        bytes.append(UInt8(ascii: "="))
        bytes += Array(value.utf8)
      }
      bytes.append(UInt8(ascii: "\n"))
    }
    return bytes
  }

  /// A journal field name for a metadata key: `COMPD_` and the key in uppercase, anything
  /// but letters and digits as `_`.
  package static func fieldName(_ key: String) -> String {
    "COMPD_"
      + String(
        key.uppercased().unicodeScalars.map {
          ("A"..."Z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "_"
        })
  }

  /// Sends one entry; `false` when the journal did not take it (the caller writes the line
  /// instead).
  package func send(_ fields: [(String, String)]) -> Bool {
    let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard path.utf8.count < capacity else { return false }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: path.utf8)
      raw[path.utf8.count] = 0
    }
    let datagram = Self.datagram(fields)
    let sent = datagram.withUnsafeBytes { bytes in
      withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          sendto(
            fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), $0,
            socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
    }
    return sent == datagram.count
  }
}
