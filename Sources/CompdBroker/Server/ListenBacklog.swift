import CompdProtocol

#if canImport(Glibc)
  import Glibc
#endif

/// The length of the queue of clients connected but not yet accepted.
enum ListenBacklog {
  /// The kernel's ceiling, `net.core.somaxconn`: `listen()` silently caps any larger
  /// backlog to it. 4096 (the default since Linux 5.4) when it cannot be read.
  static var systemMaximum: Int {
    guard let file = fopen("/proc/sys/net/core/somaxconn", "r") else { return 4096 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 32)
    guard fgets(&line, Int32(line.count), file) != nil else { return 4096 }
    let text = String(
      decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let value = Int(text.filter { $0.isNumber }), value > 0 else { return 4096 }
    return min(value, 65535)
  }
}
