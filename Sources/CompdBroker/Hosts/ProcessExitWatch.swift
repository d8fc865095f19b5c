import CProcessWatch
import CompdProtocol
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// Notices that a child process exited, through its process file descriptor (pidfd), even
/// while something else still holds its sockets open.
///
/// A scene host's end is otherwise seen when its channel to the broker closes; but a process
/// forked by component code inherits that socket and keeps it open after the host died, and
/// the host's scenes would wait for it. The watch runs `exited` once, on a global queue, as
/// soon as the process exits. Where pidfds are not available (Linux before 5.3, or a seccomp
/// filter that refuses them) it watches nothing, and `isWatching` says so.
final class ProcessExitWatch: @unchecked Sendable {
  // A dispatch source is safe to use from any thread; it is only resumed and cancelled.
  private let source: (any DispatchSourceRead)?

  /// Whether the process is watched.
  var isWatching: Bool { source != nil }

  /// Watches `pid`, a child of this process that has not been reaped.
  init(pid: pid_t, exited: @escaping @Sendable () -> Void) {
    let descriptor = compd_pidfd_open(pid, 0)
    guard descriptor >= 0 else {
      source = nil
      return
    }
    let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .global())
    source.setEventHandler { [source] in
      exited()
      source.cancel()
    }
    source.setCancelHandler { close(descriptor) }
    source.resume()
    self.source = source
  }

  /// Stops watching (the end was handled another way).
  func cancel() { source?.cancel() }

  deinit { source?.cancel() }
}
