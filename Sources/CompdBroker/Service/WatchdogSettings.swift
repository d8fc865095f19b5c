import CompdProtocol

#if canImport(Glibc)
  import Glibc
#endif

/// systemd's watchdog request (`WatchdogSec=`): `$WATCHDOG_USEC`, and `$WATCHDOG_PID`
/// naming the process it is meant for (see `sd_watchdog_enabled(3)`).
package struct WatchdogSettings: Sendable, Equatable {
  /// How long systemd waits for a ping before it considers the service hung.
  package var timeoutMicroseconds: UInt64

  /// Pings go out at half the timeout, as `sd_watchdog_enabled(3)` recommends.
  package var pingInterval: Duration { .microseconds(Int64(timeoutMicroseconds / 2)) }

  /// Reads the request from the given values; nil when there is none or it is meant for
  /// another process (a `WATCHDOG_PID` other than `pid`). Malformed values are errors.
  package static func parse(
    watchdogMicroseconds: String?, watchdogPID: String?, pid: Int32
  ) throws(ServiceProtocolError) -> WatchdogSettings? {
    guard let watchdogMicroseconds, !watchdogMicroseconds.isEmpty else { return nil }
    guard let timeout = UInt64(watchdogMicroseconds), timeout > 0 else {
      throw ServiceProtocolError("WATCHDOG_USEC=\(watchdogMicroseconds) is not a positive integer")
    }
    if let watchdogPID, !watchdogPID.isEmpty {
      guard let target = Int32(watchdogPID), target > 0 else {
        throw ServiceProtocolError("WATCHDOG_PID=\(watchdogPID) is not a process id")
      }
      if target != pid { return nil }
    }
    return WatchdogSettings(timeoutMicroseconds: timeout)
  }

  /// The request in this process's environment, which it then removes so that children
  /// do not inherit it.
  package static func fromEnvironment() throws(ServiceProtocolError) -> WatchdogSettings? {
    let value = getenv("WATCHDOG_USEC").map { String(cString: $0) }
    let pid = getenv("WATCHDOG_PID").map { String(cString: $0) }
    unsetenv("WATCHDOG_USEC")
    unsetenv("WATCHDOG_PID")
    return try parse(watchdogMicroseconds: value, watchdogPID: pid, pid: getpid())
  }
}
