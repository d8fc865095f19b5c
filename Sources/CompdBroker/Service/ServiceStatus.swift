import CompdProtocol
import Synchronization

/// The one-line summary systemd shows in `systemctl status` (`STATUS=`), kept current:
/// `update` sends a new line only when it differs from the last one sent.
public final class ServiceStatus: Sendable {
  /// The counts the line reports.
  public struct Counts: Sendable, Equatable {
    /// Plugins loaded.
    public var plugins: Int
    /// Scenes open.
    public var scenes: Int
    /// Clients connected.
    public var clients: Int
    /// Counts from values.
    public init(plugins: Int = 0, scenes: Int = 0, clients: Int = 0) {
      self.plugins = plugins
      self.scenes = scenes
      self.clients = clients
    }

    /// `Serving: 3 plugins, 2 scenes, 1 client`.
    public var line: String {
      func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
      return
        "Serving: \(count(plugins, "plugin")), \(count(scenes, "scene")), \(count(clients, "client"))"
    }
  }

  private let notifier: SystemdNotifier?
  private let state = Mutex<(counts: Counts, sent: String?)>((Counts(), nil))

  /// A status reporter sending through `notifier` (nil: only keeps the counts).
  public init(notifier: SystemdNotifier?) {
    self.notifier = notifier
  }

  /// The current counts.
  public var counts: Counts { state.withLock { $0.counts } }

  /// Sets the counts and treats their line as sent (it went out with `READY=1`).
  public func record(_ counts: Counts) {
    state.withLock { $0 = (counts, counts.line) }
  }

  /// Changes the counts and sends the new line if it changed.
  public func update(_ change: (inout Counts) -> Void) {
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
