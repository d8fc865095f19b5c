import CompdProtocol
import Dispatch
import Logging

#if canImport(Glibc)
  import Glibc
#endif

/// Relays what a scene host writes on its stdout and stderr — a component's `print()`,
/// ScreenKit's layout warnings, the runtime's last words before a crash — and its own log
/// into the broker's log, one entry per line, naming the host, the stream and, from the
/// host's marks (`HostOutputMark`), the scene and component whose code wrote it.
///
/// Component code is not trusted with the log, and it runs in the host, where it can write
/// on any of the three. Each entry's message is the line prefixed with its stream
/// (`stdout| …`, `stderr| …`, and `host| …` for the host's own log, whose level the line's
/// syslog priority gives), which no message of the broker's own starts with, and with its
/// control characters escaped (`\u{1B}`), so a line cannot pass for one of the broker's,
/// nor rewrite the terminal it is shown on. A line is cut at `maxLineBytes` (the
/// entry says how long it was), and a host's output as a whole is bounded by a
/// `HostOutputBudget`: what goes over it is dropped, and one entry says how much.
///
/// The broker holds the pipes' read ends, so what a host wrote before it died is still read
/// and logged. A thread of its own reads both until every writer has closed them (the host
/// and anything it started). Empty lines are not logged.
enum HostOutputRelay {
  /// Longest part of a line logged; the rest of a longer line is dropped and counted.
  static let maxLineBytes = 4096

  /// Starts relaying `stdout`, `stderr` and `log` (read ends, which it owns and closes) of
  /// the host `pid`. Lines from stdout are logged at info level, lines from stderr at
  /// warning, lines of the host's log at the level they carry.
  static func start(stdout: Int32, stderr: Int32, log: Int32, pid: pid_t, logger: Logger) {
    DispatchQueue(label: "compd.host.\(pid).output").async {
      var output = Output(pid: pid, logger: logger)
      var streams = [
        Stream(fd: stdout, name: "stdout", level: .info),
        Stream(fd: stderr, name: "stderr", level: .warning),
        Stream(fd: log, name: "host", level: nil),
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
            streams[index].finish(&output)
            continue
          }
          streams[index].take(buffer[..<count], &output)
        }
      }
      for index in streams.indices where streams[index].fd >= 0 {
        streams[index].finish(&output)
      }
      output.finish()
    }
  }

  /// The host's side of the log: its pid, the logger and the budget both streams share.
  private struct Output {
    let pid: pid_t
    let logger: Logger
    var budget = HostOutputBudget()

    /// Logs `text` (a line of `bytes` bytes as written) unless it goes over the budget.
    mutating func log(
      _ text: String, bytes: Int, level: Logger.Level, metadata: Logger.Metadata
    ) {
      switch budget.admit(bytes) {
      case .drop: return
      case .log: break
      case .logAfterDropping(let lines, let dropped, let seconds):
        reportDropped(lines: lines, bytes: dropped, seconds: seconds)
      }
      logger.log(level: level, "\(text)", metadata: metadata)
    }

    /// The host's output ended: lines still being dropped are reported.
    mutating func finish() {
      guard let since = budget.droppingSince else { return }
      reportDropped(
        lines: budget.droppedLines, bytes: budget.droppedBytes,
        seconds: Double((ContinuousClock.now - since) / .milliseconds(1)) / 1000)
    }

    private func reportDropped(lines: Int, bytes: Int, seconds: Double) {
      logger.warning(
        "scene host output over its budget: \(lines) lines (\(bytes) bytes) dropped in \(formatSeconds((seconds * 10).rounded() / 10)) s",
        metadata: [
          "host": "\(pid)", "droppedLines": "\(lines)", "droppedBytes": "\(bytes)",
          "budget":
            "\(HostOutputBudget.bytesPerSecond) bytes/s, bursts of \(HostOutputBudget.burstBytes)",
        ])
    }
  }

  /// One stream: its descriptor (-1 once closed), the part of a line read so far (at most
  /// `maxLineBytes`, and how many bytes of the line were cut after it), and the scene and
  /// component its last mark named.
  private struct Stream {
    var fd: Int32
    let name: String
    /// The level of its entries; `nil` for the host's log, whose lines carry theirs.
    let level: Logger.Level?
    var pending: [UInt8] = []
    var cut = 0
    var component: String?
    var scene: String?

    init(fd: Int32, name: String, level: Logger.Level?) {
      self.fd = fd
      self.name = name
      self.level = level
    }

    mutating func take(_ bytes: ArraySlice<UInt8>, _ output: inout Output) {
      var start = bytes.startIndex
      while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
        append(bytes[start..<newline])
        line(&output)
        start = newline + 1
      }
      append(bytes[start...])
    }

    private mutating func append(_ bytes: ArraySlice<UInt8>) {
      let room = HostOutputRelay.maxLineBytes - pending.count
      pending += bytes.prefix(max(0, room))
      cut += max(0, bytes.count - max(0, room))
    }

    /// The stream ended: what is left of a line is logged, and the descriptor closed.
    mutating func finish(_ output: inout Output) {
      if !pending.isEmpty { line(&output) }
      close(fd)
      fd = -1
    }

    private mutating func line(_ output: inout Output) {
      if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
      // An empty line (one comes before every mark) and a mark are told from their bytes.
      if cut == 0, pending.isEmpty { return }
      if cut == 0, level != nil, let mark = HostOutputMark.parse(bytes: pending) {
        (component, scene) = mark
        pending.removeAll(keepingCapacity: true)
        return
      }
      let bytes = pending.count + cut
      var text = String(decoding: pending, as: UTF8.self)
      pending.removeAll(keepingCapacity: true)
      let wasCut = cut
      cut = 0
      var level = self.level ?? .warning
      if self.level == nil {
        if let entry = HostOutputRelay.hostLogEntry(text) { (level, text) = entry }
      }
      // An empty line says nothing in a log (and one comes before every mark).
      if text.allSatisfy(\.isWhitespace) { return }
      text = "\(name)| " + HostOutputRelay.escapingControls(text)
      if wasCut > 0 { text += " [cut: \(bytes) bytes in all]" }
      var metadata: Logger.Metadata = ["host": "\(output.pid)", "stream": "\(name)"]
      if let component { metadata["component"] = "\(component)" }
      if let scene { metadata["scene"] = "\(scene)" }
      // What the log would take counts, not what was cut off.
      output.log(
        text, bytes: min(bytes, HostOutputRelay.maxLineBytes), level: level, metadata: metadata)
    }
  }

  /// The level and message of a line of a host's own log, `<6>info compd: message k=v`
  /// (`DaemonLogging.bootstrap`, relayed); `nil` for a line not of that form.
  static func hostLogEntry(_ line: String) -> (Logger.Level, String)? {
    let levels: [Character: Logger.Level] = [
      "7": .debug, "6": .info, "5": .notice, "4": .warning, "3": .error, "2": .critical,
    ]
    guard line.hasPrefix("<"), line.count > 3, line.dropFirst(2).first == ">",
      let level = levels[line.dropFirst().first!]
    else { return nil }
    let rest = line.dropFirst(3)
    guard let label = rest.range(of: " compd: ") else { return (level, String(rest)) }
    return (level, String(rest[label.upperBound...]))
  }

  /// `text` with its control characters (C0 but tab, DEL, C1) written as `\u{XX}`: a
  /// component's escape sequences are shown, not run by the terminal that shows the log.
  static func escapingControls(_ text: String) -> String {
    func isControl(_ scalar: Unicode.Scalar) -> Bool {
      (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u{" + (hex.count < 2 ? "0" : "") + hex + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
