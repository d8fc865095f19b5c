import CompdProtocol

/// Sends `WATCHDOG=1` at the requested interval from a task isolated to the main actor.
///
/// All component code runs on the main actor, so that is what must stay responsive: if a
/// component wedges it, the pings stop and systemd restarts the daemon.
@MainActor
package final class Watchdog {
  private let notifier: SystemdNotifier
  private let settings: WatchdogSettings
  private var task: Task<Void, Never>?

  /// A watchdog that pings `notifier` as `settings` asks; `start()` begins.
  package init(notifier: SystemdNotifier, settings: WatchdogSettings) {
    self.notifier = notifier
    self.settings = settings
  }

  /// Starts pinging (immediately, then every `settings.pingInterval`).
  package func start(onError: @escaping @MainActor (ServiceProtocolError) -> Void = { _ in }) {
    guard task == nil else { return }
    let notifier = notifier
    let interval = settings.pingInterval
    task = Task { @MainActor in
      while !Task.isCancelled {
        do throws(ServiceProtocolError) { try notifier.watchdog() } catch { onError(error) }
        try? await Task.sleep(for: interval)
      }
    }
  }

  /// Stops pinging.
  package func stop() {
    task?.cancel()
    task = nil
  }
}
