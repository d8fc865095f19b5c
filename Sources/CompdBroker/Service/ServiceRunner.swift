import CompdProtocol
import Dispatch
import Logging
import ServiceLifecycle

#if canImport(Glibc)
  import Glibc
#endif

/// The service-manager side of the daemon as a lifecycle service: the watchdog and the
/// status line on the main actor, SIGHUP reloads, and `STOPPING=1` when a graceful
/// shutdown begins. List it after the socket server in the service group, so that it is
/// told about the shutdown first.
struct ServiceRunner: Service {
  let runtime: ServiceRuntime
  /// The counts for the status line, read on the main actor once a second.
  let counts: @Sendable () -> ServiceStatus.Counts

  func run() async throws {
    let hangup = Self.trapHangup { [runtime] in
      Task { @MainActor in
        runtime.logger.notice("SIGHUP: reloading")
        _ = await runtime.reload()
      }
    }
    defer { hangup.cancel() }
    // Pings and status lines start once READY=1 is out (startup has TimeoutStartSec=).
    while !runtime.isReady {
      try await Task.sleep(for: .milliseconds(20))  // throws when the group is cancelled
    }
    let (watchdog, refresher) = await MainActor.run { [runtime, counts] in
      var watchdog: Watchdog?
      if let notifier = runtime.notifier, let settings = runtime.watchdogSettings {
        let pinger = Watchdog(notifier: notifier, settings: settings)
        pinger.start { error in
          runtime.logger.warning("watchdog ping failed", metadata: ["error": "\(error)"])
        }
        watchdog = pinger
      }
      let refresher = Task { @MainActor in
        while !Task.isCancelled {
          let current = counts()
          runtime.status.update { $0 = current }
          try? await Task.sleep(for: .seconds(1))
        }
      }
      return (watchdog, refresher)
    }
    // Returns when the group starts a graceful shutdown (or throws when cancelled).
    try? await gracefulShutdown()
    runtime.stopping()
    refresher.cancel()
    await MainActor.run { watchdog?.stop() }
  }

  /// Handles SIGHUP with `body` instead of dying of it.
  static func trapHangup(_ body: @escaping @Sendable () -> Void) -> any DispatchSourceSignal {
    signal(SIGHUP, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
    source.setEventHandler(handler: body)
    source.resume()
    return source
  }
}
