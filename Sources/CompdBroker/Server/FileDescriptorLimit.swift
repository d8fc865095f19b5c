import CompdProtocol
import Logging

#if canImport(Glibc)
  import Glibc
#endif

/// The process's open-file limit, raised at start-up so that `max-connections` clients fit.
enum FileDescriptorLimit {
  /// Descriptors kept for everything that is not a client (listener, event loops, plugins,
  /// logs).
  static let reserve = 128

  /// Raises the soft limit (up to the hard limit) to fit `connections` clients; logs a
  /// warning when even the hard limit is too low.
  static func raise(toFit connections: Int, logger: Logger) {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
    let wanted = rlim_t(connections + reserve)
    if limit.rlim_cur < wanted {
      var raised = limit
      raised.rlim_cur = min(wanted, limit.rlim_max)
      if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
    }
    if limit.rlim_cur < wanted {
      logger.warning(
        "the open-file limit is too low for max-connections; clients beyond it will fail to connect",
        metadata: [
          "limit": "\(limit.rlim_cur)", "maxConnections": "\(connections)",
          "needed": "\(wanted)",
        ])
    }
  }
}
