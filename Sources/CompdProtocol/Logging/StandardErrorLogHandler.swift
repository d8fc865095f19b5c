import Logging
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A swift-log handler that writes one line per event to stderr (or another descriptor).
///
/// Under systemd (`JOURNAL_STREAM` set) it leaves out the timestamp, which journald adds,
/// and prefixes the syslog priority (`<6>`) so that journald records the level. When the
/// descriptor is the journal's stream itself, each event goes to the journal as an entry of
/// its own instead, its metadata as fields (`COMPD_SCENE`, `COMPD_COMPONENT`…), and the line
/// as its message.
package struct StandardErrorLogHandler: LogHandler {
  package var logLevel: Logger.Level
  package var metadata: Logger.Metadata = [:]
  package let label: String
  package let forJournal: Bool
  /// Where the lines go.
  package let descriptor: Int32
  /// The journal's socket, when events go there.
  package let journal: JournalSocket?

  private static let lock = Mutex(())

  package init(
    label: String, level: Logger.Level, forJournal: Bool, descriptor: Int32 = STDERR_FILENO,
    journal: JournalSocket? = nil
  ) {
    self.label = label
    self.logLevel = level
    self.forJournal = forJournal
    self.descriptor = descriptor
    self.journal = journal
  }

  package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  package func log(event: LogEvent) {
    var line = ""
    if forJournal {
      line += "<\(Self.syslogPriority(event.level))>"
    } else {
      line += Self.timestamp() + " "
    }
    line += "\(event.level) \(label): \(event.message)"
    var merged = metadata
    if let extra = event.metadata { merged.merge(extra) { $1 } }
    for key in merged.keys.sorted() {
      line += " \(key)=\(merged[key]!)"
    }
    if let journal {
      var fields = [
        ("MESSAGE", String(line.drop { $0 != ">" }.dropFirst())),
        ("PRIORITY", "\(Self.syslogPriority(event.level))"), ("SYSLOG_IDENTIFIER", label),
      ]
      for key in merged.keys.sorted() {
        fields.append((JournalSocket.fieldName(key), "\(merged[key]!)"))
      }
      if journal.send(fields) { return }
    }
    line = line.replacingNewlines()
    line += "\n"
    Self.lock.withLock { _ in writeAll(line, to: descriptor) }
  }

  private static func syslogPriority(_ level: Logger.Level) -> Int {
    switch level {
    case .trace, .debug: 7
    case .info: 6
    case .notice: 5
    case .warning: 4
    case .error: 3
    case .critical: 2
    }
  }

  private static func timestamp() -> String {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    var seconds = now.tv_sec
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func pad(_ value: Int32, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    let millis = Int32(now.tv_nsec / 1_000_000)
    return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
      + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(millis, 3))Z"
  }
}

extension String {
  /// The text with newlines escaped, so that one event stays one line.
  fileprivate func replacingNewlines() -> String {
    guard contains(where: { $0 == "\n" || $0 == "\r" }) else { return self }
    var result = ""
    for character in self {
      switch character {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      default: result.append(character)
      }
    }
    return result
  }
}

/// Sets up swift-log for the daemon.
package enum DaemonLogging {
  /// Bootstraps the logging system once per process and returns the daemon's logger,
  /// which writes to `descriptor`. A scene host's log is `relayed`: its descriptor is a pipe
  /// the broker reads (`HostOutputRelay`), and each line starts with its syslog priority
  /// (`<6>`), which the broker reads the level from, rather than a timestamp.
  package static func bootstrap(
    level: Logger.Level, descriptor: Int32 = STDERR_FILENO, relayed: Bool = false
  ) -> Logger {
    let forJournal = relayed || getenv("JOURNAL_STREAM") != nil
    let journal = relayed ? nil : JournalSocket.connected(to: descriptor)
    bootstrapOnce.withLock { done in
      guard !done else { return }
      done = true
      LoggingSystem.bootstrap { label in
        StandardErrorLogHandler(
          label: label, level: .trace, forJournal: forJournal, descriptor: descriptor,
          journal: journal)
      }
    }
    var logger = Logger(label: "compd")
    logger.logLevel = level
    return logger
  }

  private static let bootstrapOnce = Mutex(false)
}
