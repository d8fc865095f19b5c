import CompdProtocol

#if canImport(Glibc)
  import Glibc
#endif

/// What a scene host was doing when it died, written for the broker to blame the right
/// component: `serving N` (the broker's request `N` was running) or `idle` (no request was:
/// code of some scene ran on its own, from a timer or a dispatched block).
///
/// The host keeps the line current in a fixed buffer as it starts and finishes each request;
/// a handler of the fatal signals (a trap, a fault, an abort, or the `SIGABRT` the broker
/// sends a hung host) writes it to a pipe of its own, which component code has no reason to
/// touch, then lets the signal end the process as before. The broker reads it after the
/// host's end (`ProcessEnd.activity`).
enum CrashReport {
  /// The pipe to the broker, or -1 before `install`.
  nonisolated(unsafe) private static var descriptor: Int32 = -1
  nonisolated(unsafe) private static let line = UnsafeMutablePointer<UInt8>.allocate(capacity: 32)
  nonisolated(unsafe) private static var length = 0

  /// The signals whose default action ends the process abnormally and that a crash raises.
  static let fatalSignals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGSYS]

  /// Reports to `descriptor` from now on.
  static func install(descriptor: Int32) {
    self.descriptor = descriptor
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    idle()
    for signal in fatalSignals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        // What the failing code wrote last (the runtime's message) first, under its mark.
        HostOutputCapture.drainForCrash()
        CrashReport.write()
        // Then what the signal would have done: a fault or trap ends the process here.
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = Int32(truncatingIfNeeded: UInt32(SA_RESETHAND))
      sigaction(signal, &action, nil)
    }
    // exit() called by component code while it serves a request says so too.
    atexit {
      HostOutputCapture.drainForCrash()
      CrashReport.write()
    }
  }

  /// The broker's request `id` starts running.
  static func serving(_ id: Int64) {
    guard descriptor >= 0 else { return }
    length = 0  // a signal meanwhile writes nothing rather than half a line
    var count = 0
    for byte in "serving ".utf8 {
      line[count] = byte
      count += 1
    }
    var digits = 1
    var rest = UInt64(max(id, 0))
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    var value = UInt64(max(id, 0))
    for index in stride(from: count + digits - 1, through: count, by: -1) {
      line[index] = UInt8(ascii: "0") + UInt8(value % 10)
      value /= 10
    }
    count += digits
    line[count] = 0x0A
    length = count + 1
  }

  /// No request is running.
  static func idle() {
    guard descriptor >= 0 else { return }
    length = 0
    var count = 0
    for byte in "idle\n".utf8 {
      line[count] = byte
      count += 1
    }
    length = count
  }

  /// Writes the line (async-signal-safe: one `write` of a fixed buffer).
  private static func write() {
    guard descriptor >= 0, length > 0 else { return }
    _ = Glibc.write(descriptor, line, length)
    descriptor = -1
  }
}
