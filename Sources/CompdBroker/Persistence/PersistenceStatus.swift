import CompdProtocol
import JSONRPC
import Logging
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Whether scenes are being saved, as `daemon.info`'s `persistence` reports it; safe to
/// read from any thread.
///
/// A change of state is logged once (failing with the error, then recovered), not each
/// failed write, so a full disk does not flood the log.
final class PersistenceStatus: Sendable {
  private struct State {
    var enabled = false
    var path: String?
    var error: String?
    var lastSaved: Double?
    var warning: String?
  }
  private let state = Mutex(State())
  private let logger: Logger

  init(logger: Logger) { self.logger = logger }

  /// Saving is on, into `path`.
  func enable(path: String) {
    state.withLock {
      $0.enabled = true
      $0.path = path
    }
  }

  /// A write succeeded.
  func saved() {
    let now = Self.unixTime()
    let recovered = state.withLock { state -> String? in
      defer {
        state.error = nil
        state.lastSaved = now
      }
      return state.error
    }
    if let recovered {
      logger.notice(
        "saving scenes works again", metadata: ["previousError": "\(recovered)"])
    }
  }

  /// A write failed with `error`; it will be tried again.
  func failed(_ error: String) {
    let isNew = state.withLock { state -> Bool in
      defer { state.error = error }
      return state.error == nil
    }
    if isNew {
      logger.error(
        "cannot save scenes; serving on and retrying (scenes changed from now on are lost if compd stops before it recovers)",
        metadata: ["error": "\(error)"])
    }
  }

  /// Whether the last write failed.
  var isFailing: Bool { state.withLock { $0.error != nil } }

  /// The error of the last write, while writes fail.
  var lastError: String? { state.withLock { $0.error } }

  /// The database was found holding less than was saved into it (at start): reported as
  /// `warning` until compd restarts, so that a monitor sees it after the log has rotated.
  func missingChanges(_ message: String) {
    state.withLock { $0.warning = message }
  }

  /// `{state: "off" | "ok" | "failing", path?, error?, lastSaved?, warning?}`; `lastSaved`
  /// is an RFC 3339 UTC time; `warning` says the database was found missing changes at start.
  var json: JSON {
    let state = state.withLock { $0 }
    guard state.enabled else { return ["state": "off"] }
    var result: JSONObject = ["state": .string(state.error == nil ? "ok" : "failing")]
    if let path = state.path { result["path"] = .string(path) }
    if let error = state.error { result["error"] = .string(error) }
    if let lastSaved = state.lastSaved { result["lastSaved"] = .string(Self.rfc3339(lastSaved)) }
    if let warning = state.warning { result["warning"] = .string(warning) }
    return .object(result)
  }

  private static func unixTime() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  private static func rfc3339(_ time: Double) -> String {
    var seconds = time_t(time)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    var buffer = [CChar](repeating: 0, count: 32)
    let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S", &parts)
    let milliseconds = Int((time - Double(seconds)) * 1000)
    let fraction = String(milliseconds + 1000).dropFirst()
    let text = String(
      decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return "\(text).\(fraction)Z"
  }
}
