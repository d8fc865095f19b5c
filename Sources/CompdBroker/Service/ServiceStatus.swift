import CompdProtocol
import Synchronization

/// The one-line summary systemd shows in `systemctl status` (`STATUS=`), kept current:
/// `update` sends a new line only when it differs from the last one sent.
package final class ServiceStatus: Sendable {
  /// The counts the line reports.
  package struct Counts: Sendable, Equatable {
    /// Plugins loaded.
    package var plugins: Int
    /// Scenes open.
    package var scenes: Int
    /// Clients connected.
    package var clients: Int
    /// Counts from values.
    package init(plugins: Int = 0, scenes: Int = 0, clients: Int = 0) {
      self.plugins = plugins
      self.scenes = scenes
      self.clients = clients
    }

    /// `Serving: 3 plugins, 2 scenes, 1 client`.
    package var line: String {
      func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
      return
        "Serving: \(count(plugins, "plugin")), \(count(scenes, "scene")), \(count(clients, "client"))"
    }
  }

  private let notifier: SystemdNotifier?
  private let state = Mutex<(counts: Counts, sent: String?)>((Counts(), nil))

  /// A status reporter sending through `notifier` (nil: only keeps the counts).
  package init(notifier: SystemdNotifier?) {
    self.notifier = notifier
  }

  /// The current counts.
  package var counts: Counts { state.withLock { $0.counts } }

  /// Sets the counts and treats their line as sent (it went out with `READY=1`).
  package func record(_ counts: Counts) {
    state.withLock { $0 = (counts, counts.line) }
  }

  /// Changes the counts and sends the new line if it changed.
  package func update(_ change: (inout Counts) -> Void) {
    let line: String? = state.withLock { state in
      change(&state.counts)
      let line = state.counts.line
      guard line != state.sent else { return nil }
      state.sent = line
      return line
    }
    if let line { try? notifier?.status(line) }
  }
}
