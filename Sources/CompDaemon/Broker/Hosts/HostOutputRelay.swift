import Dispatch
import Logging

#if canImport(Glibc)
  import Glibc
#endif

/// Relays what a scene host writes on its stdout and stderr — a component's `print()`,
/// ScreenKit's layout warnings, the runtime's last words before a crash — into the broker's
/// log, one entry per line, naming the host, the stream and, from the host's marks
/// (`HostOutputMark`), the scene and component whose code wrote it.
///
/// The broker holds the pipes' read ends, so what a host wrote before it died is still read
/// and logged. A thread of its own reads both until every writer has closed them (the host
/// and anything it started). Empty lines are not logged.
enum HostOutputRelay {
  /// Longest line logged as one entry; a longer one is logged in pieces of this size.
  static let maxLineBytes = 16 << 10

  /// Starts relaying `stdout` and `stderr` (read ends, which it owns and closes) of the
  /// host `pid`. Lines from stdout are logged at info level, lines from stderr at warning.
  static func start(stdout: Int32, stderr: Int32, pid: pid_t, logger: Logger) {
    DispatchQueue(label: "compd.host.\(pid).output").async {
      var streams = [
        Stream(fd: stdout, name: "stdout", level: .info),
        Stream(fd: stderr, name: "stderr", level: .warning),
      ]
      var buffer = [UInt8](repeating: 0, count: 1 << 14)
      while streams.contains(where: { $0.fd >= 0 }) {
        var polled = streams.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&polled, nfds_t(polled.count), -1)
        if ready < 0 {
          if errno == EINTR { continue }
          break
        }
        for index in streams.indices where polled[index].revents != 0 {
          let count = buffer.withUnsafeMutableBytes {
            read(streams[index].fd, $0.baseAddress, $0.count)
          }
          if count < 0 && errno == EINTR { continue }
          if count <= 0 {
            streams[index].finish(pid: pid, logger: logger)
            continue
          }
          streams[index].take(buffer[..<count], pid: pid, logger: logger)
        }
      }
      for index in streams.indices where streams[index].fd >= 0 {
        streams[index].finish(pid: pid, logger: logger)
      }
    }
  }

  /// One stream: its descriptor (-1 once closed), the part of a line read so far, and the
  /// scene and component its last mark named.
  private struct Stream {
    var fd: Int32
    let name: String
    let level: Logger.Level
    var pending: [UInt8] = []
    var component: String?
    var scene: String?

    init(fd: Int32, name: String, level: Logger.Level) {
      self.fd = fd
      self.name = name
      self.level = level
    }

    mutating func take(_ bytes: ArraySlice<UInt8>, pid: pid_t, logger: Logger) {
      var start = bytes.startIndex
      while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
        pending += bytes[start..<newline]
        line(pid: pid, logger: logger)
        start = newline + 1
      }
      pending += bytes[start...]
      while pending.count >= HostOutputRelay.maxLineBytes {
        let rest = Array(pending[HostOutputRelay.maxLineBytes...])
        pending.removeSubrange(HostOutputRelay.maxLineBytes...)
        line(pid: pid, logger: logger)
        pending = rest
      }
    }

    /// The stream ended: what is left of a line is logged, and the descriptor closed.
    mutating func finish(pid: pid_t, logger: Logger) {
      if !pending.isEmpty { line(pid: pid, logger: logger) }
      close(fd)
      fd = -1
    }

    private mutating func line(pid: pid_t, logger: Logger) {
      if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
      let text = String(decoding: pending, as: UTF8.self)
      pending.removeAll(keepingCapacity: true)
      if let mark = HostOutputMark.parse(text) {
        (component, scene) = mark
        return
      }
      // An empty line says nothing in a log (and one comes before every mark).
      if text.allSatisfy(\.isWhitespace) { return }
      var metadata: Logger.Metadata = ["host": "\(pid)", "stream": "\(name)"]
      if let component { metadata["component"] = "\(component)" }
      if let scene { metadata["scene"] = "\(scene)" }
      logger.log(level: level, "\(text)", metadata: metadata)
    }
  }
}
