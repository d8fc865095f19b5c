// `import os` on compd: the platform's unified-logging API (`os_log`, `OSLog`, `Logger`),
// writing to compd's log.
//
// A plugin's code runs in a scene host whose standard output and error compd relays into its
// own log, one entry per line, naming the scene and the component that wrote it
// (`HostOutputRelay`). So an entry here is one line on the host's stdout (debug, info, notice
// and default levels, which compd logs at info) or stderr (error and fault, logged as
// warnings), written with one `write(2)` so that lines of different threads never interleave.
import Glibc

/// A log's identity, as `OSLog`: a subsystem (reverse-DNS, as `com.example.app`) and a
/// category within it, both shown on every entry.
public final class OSLog: Sendable {
  /// The subsystem.
  public let subsystem: String
  /// The category.
  public let category: String

  /// A log for `category` of `subsystem`.
  public init(subsystem: String, category: String) {
    self.subsystem = subsystem
    self.category = category
  }

  /// The log with no subsystem and no category, as `OSLog.default`.
  public static let `default` = OSLog(subsystem: "", category: "")
  /// A log that drops every entry, as `OSLog.disabled`.
  public static let disabled = OSLog(subsystem: "", category: "disabled")

  /// How an entry names its log: `[subsystem:category]`, or nothing for the default log.
  var label: String {
    switch (subsystem.isEmpty, category.isEmpty) {
    case (true, true): return ""
    case (false, true): return "[\(subsystem)] "
    case (true, false): return "[\(category)] "
    case (false, false): return "[\(subsystem):\(category)] "
    }
  }
}

/// The level of an entry, as `OSLogType`.
public struct OSLogType: Sendable, Equatable, RawRepresentable {
  /// The raw value (the platform's values).
  public let rawValue: UInt8
  /// A type from its raw value.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The default level.
  public static let `default` = OSLogType(rawValue: 0x00)
  /// Informational.
  public static let info = OSLogType(rawValue: 0x01)
  /// Debugging.
  public static let debug = OSLogType(rawValue: 0x02)
  /// An error.
  public static let error = OSLogType(rawValue: 0x10)
  /// A fault: a bug.
  public static let fault = OSLogType(rawValue: 0x11)

  /// The name an entry shows.
  var name: String {
    switch self {
    case .info: return "info"
    case .debug: return "debug"
    case .error: return "error"
    case .fault: return "fault"
    default: return "default"
    }
  }

  /// Errors and faults go to standard error, which compd logs as warnings.
  var isProblem: Bool { self == .error || self == .fault }
}

/// Writes one entry of `log` as one line.
func writeEntry(_ message: String, log: OSLog, type: OSLogType) {
  guard log !== OSLog.disabled else { return }
  let line =
    "\(log.label)\(type.name): \(message)"
    .replacingNewlines() + "\n"
  let bytes = Array(line.utf8)
  bytes.withUnsafeBufferPointer { buffer in
    _ = Glibc.write(type.isProblem ? 2 : 1, buffer.baseAddress, buffer.count)
  }
}

extension String {
  /// One entry is one line of compd's log: line breaks inside it are shown as `\n`.
  func replacingNewlines() -> String {
    var result = ""
    for character in self {
      if character == "\n" { result += "\\n" } else { result.append(character) }
    }
    return result
  }
}

/// Logs `message`, a printf-style format, as `os_log(_:log:type:_:)`.
///
/// As the platform does, an argument is redacted as `<private>` when its placeholder says
/// `%{private}`, or when it is a string or object (`%@`, `%s`) whose placeholder does not say
/// `%{public}`; scalars (`%d`, `%f`, …) are shown unless marked private.
public func os_log(
  _ message: StaticString, log: OSLog = .default, type: OSLogType = .default,
  _ arguments: any CVarArg...
) {
  writeEntry(OSLogFormat.render("\(message)", arguments), log: log, type: type)
}

/// Logs `message` at level `type`, as `os_log(_:_:_:_:)` (the type-first spelling).
public func os_log(
  _ type: OSLogType, log: OSLog = .default, _ message: StaticString, _ arguments: any CVarArg...
) {
  writeEntry(OSLogFormat.render("\(message)", arguments), log: log, type: type)
}
