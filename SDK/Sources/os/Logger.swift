/// A log to write to with string interpolation, as `Logger` (iOS 14).
///
/// Interpolated values are redacted as `<private>` unless marked `privacy: .public`, except
/// numbers and Booleans, which are shown unless marked `privacy: .private` — the platform's
/// default (`.auto`). Literal text is always shown.
public struct Logger: Sendable {
  /// The log entries go to.
  public let log: OSLog

  /// A logger for `category` of `subsystem`.
  public init(subsystem: String, category: String) {
    log = OSLog(subsystem: subsystem, category: category)
  }

  /// A logger writing to `log`.
  public init(_ log: OSLog) { self.log = log }

  /// A logger writing to the default log.
  public init() { log = .default }

  /// Logs `message` at `level`.
  public func log(level: OSLogType, _ message: OSLogMessage) {
    writeEntry(message.text, log: log, type: level)
  }

  /// Logs `message` at the default level.
  public func log(_ message: OSLogMessage) { log(level: .default, message) }
  /// Logs `message` at the default level, as `Logger.notice(_:)`.
  public func notice(_ message: OSLogMessage) { log(level: .default, message) }
  /// Logs `message` at the info level.
  public func info(_ message: OSLogMessage) { log(level: .info, message) }
  /// Logs `message` at the debug level.
  public func debug(_ message: OSLogMessage) { log(level: .debug, message) }
  /// Logs `message` at the debug level, as `Logger.trace(_:)`.
  public func trace(_ message: OSLogMessage) { log(level: .debug, message) }
  /// Logs `message` at the error level.
  public func error(_ message: OSLogMessage) { log(level: .error, message) }
  /// Logs `message` at the error level, as `Logger.warning(_:)`.
  public func warning(_ message: OSLogMessage) { log(level: .error, message) }
  /// Logs `message` at the fault level.
  public func fault(_ message: OSLogMessage) { log(level: .fault, message) }
  /// Logs `message` at the fault level, as `Logger.critical(_:)`.
  public func critical(_ message: OSLogMessage) { log(level: .fault, message) }
}

/// Whether an interpolated value is shown, as `OSLogPrivacy`.
public struct OSLogPrivacy: Sendable, Equatable {
  enum Kind: Sendable, Equatable { case auto, `public`, `private` }
  let kind: Kind

  /// Redacted unless the value is a number or a Boolean: the default.
  public static let auto = OSLogPrivacy(kind: .auto)
  /// Shown.
  public static let `public` = OSLogPrivacy(kind: .public)
  /// Redacted as `<private>`.
  public static let `private` = OSLogPrivacy(kind: .private)
  /// Redacted as `<private>` (sensitive values are never shown).
  public static let sensitive = OSLogPrivacy(kind: .private)

  /// How a private value is masked; compd redacts it whole.
  public struct Mask: Sendable, Equatable {
    /// A hash of the value, which compd does not show either.
    public static let hash = Mask()
    /// No mask.
    public static let none = Mask()
  }

  /// Redacted as `<private>`, as `.private(mask:)`.
  public static func `private`(mask: Mask) -> OSLogPrivacy { .private }
  /// Redacted as `<private>`, as `.sensitive(mask:)`.
  public static func sensitive(mask: Mask) -> OSLogPrivacy { .private }

  func shows(scalar: Bool) -> Bool {
    switch kind {
    case .public: return true
    case .private: return false
    case .auto: return scalar
    }
  }
}

/// A log message built by string interpolation, as `OSLogMessage`.
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral,
  Sendable
{
  /// The message as an entry shows it, private values redacted.
  public let text: String

  /// A message of literal text.
  public init(stringLiteral value: String) { text = value }

  /// A message built by interpolation.
  public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

  /// The pieces of an interpolated message, as `OSLogInterpolation`.
  public struct StringInterpolation: StringInterpolationProtocol, Sendable {
    var text = ""

    /// An interpolation with room for the literal text.
    public init(literalCapacity: Int, interpolationCount: Int) {
      text.reserveCapacity(literalCapacity)
    }

    /// Literal text, always shown.
    public mutating func appendLiteral(_ literal: String) { text += literal }

    private mutating func append(_ value: String, scalar: Bool, privacy: OSLogPrivacy) {
      text += privacy.shows(scalar: scalar) ? value : "<private>"
    }

    /// An integer: shown unless private.
    public mutating func appendInterpolation<T: BinaryInteger>(
      _ value: @autoclosure () -> T, privacy: OSLogPrivacy = .auto
    ) {
      append("\(value())", scalar: true, privacy: privacy)
    }

    /// A floating-point number: shown unless private.
    public mutating func appendInterpolation<T: BinaryFloatingPoint>(
      _ value: @autoclosure () -> T, privacy: OSLogPrivacy = .auto
    ) {
      append("\(value())", scalar: true, privacy: privacy)
    }

    /// A Boolean: shown unless private.
    public mutating func appendInterpolation(
      _ value: @autoclosure () -> Bool, privacy: OSLogPrivacy = .auto
    ) {
      append(value() ? "true" : "false", scalar: true, privacy: privacy)
    }

    /// Any other value (a string, an object, an error): redacted unless public.
    public mutating func appendInterpolation<T>(
      _ value: @autoclosure () -> T, privacy: OSLogPrivacy = .auto
    ) {
      append(String(describing: value()), scalar: false, privacy: privacy)
    }
  }
}
