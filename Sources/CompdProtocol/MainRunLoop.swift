import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// The main thread's run loop: one `poll(2)` that serves both the main actor's jobs and the
/// descriptors the process watches, on the main thread.
///
/// Without it, `dispatchMain()` retires the main thread (on Linux) and pool threads take
/// turns at the main queue, so a message from another process costs two wake-ups and a
/// thread switch: a reading thread wakes, then hands the message to whichever pool thread
/// serves the main queue next. When messages come one at a time (a finger's moves, each
/// answered before the next), those wake-ups are most of a process's work and, on a busy
/// machine, most of the waiting. Under this loop, a watched descriptor's messages are read,
/// decoded and handled by the thread that runs the main actor, woken once.
///
/// The main queue tells the loop that it has work through its wake-up descriptor (the one
/// the CoreFoundation run loop waits on, `_dispatch_get_main_queue_handle_4CF`), and the
/// loop drains it as that run loop does (`_dispatch_main_queue_callback_4CF`).
///
/// In a process whose main thread does not run this loop (a test runner), `watch` falls
/// back to a dispatch read source on the main queue: the same handler, on the main actor,
/// one wake-up later.
package enum MainRunLoop {
  /// Runs `body` in a task and the loop on the calling thread, which must be the main
  /// thread; exits with status 0 when `body` returns (as an `async` main would).
  package static func run(_ body: @escaping @Sendable () async -> Void) -> Never {
    MainActor.assumeIsolated { isRunning = true }
    Task {
      await body()
      exit(0)
    }
    let queue = dispatchMainQueueHandle()
    var descriptors: [pollfd] = []
    var watchedVersion = -1
    while true {
      let version = MainActor.assumeIsolated { watchers.version }
      if version != watchedVersion {
        watchedVersion = version
        descriptors = [pollfd(fd: queue, events: Int16(POLLIN), revents: 0)]
        descriptors += MainActor.assumeIsolated { Array(watchers.handlers.keys) }.map {
          pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
        }
      }
      let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
      if ready < 0 {
        if errno == EINTR { continue }
        fatalError("the main run loop's poll failed: errno \(errno)")
      }
      if descriptors[0].revents != 0 {
        var count: UInt64 = 0
        _ = read(queue, &count, MemoryLayout<UInt64>.size)
        dispatchMainQueueCallback(nil)
      }
      for index in descriptors.indices.dropFirst() where descriptors[index].revents != 0 {
        let fd = descriptors[index].fd
        MainActor.assumeIsolated { serve(fd) }
      }
    }
  }

  /// Calls `onReadable` on the main actor whenever `fd` has something to read (or its peer
  /// closed it), until it returns `false`. Whoever watches `fd` reads it without blocking:
  /// the readiness it is called for may be stale.
  @MainActor package static func watch(_ fd: Int32, onReadable: @escaping @MainActor () -> Bool) {
    guard isRunning else {
      let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
      source.setEventHandler {
        MainActor.assumeIsolated {
          if !onReadable() { source.cancel() }
        }
      }
      source.resume()
      return
    }
    watchers.handlers[fd] = onReadable
    watchers.version += 1
  }

  /// Whether the main thread runs this loop.
  @MainActor private static var isRunning = false

  @MainActor private static var watchers = Watchers()

  private struct Watchers {
    var handlers: [Int32: @MainActor () -> Bool] = [:]
    /// Changes whenever `handlers` does, so the loop rebuilds its descriptor list only then.
    var version = 0
  }

  @MainActor private static func serve(_ fd: Int32) {
    // The handler of a descriptor closed and reused since the poll may be a new one: it
    // reads without blocking, so a stale readiness costs it one empty read.
    guard let handler = watchers.handlers[fd] else { return }
    if !handler() {
      watchers.handlers[fd] = nil
      watchers.version += 1
    }
  }
}

/// The descriptor that becomes readable when the main queue has work (an eventfd on Linux).
@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func dispatchMainQueueHandle() -> Int32

/// Runs the main queue's work on the calling (main) thread.
@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)
