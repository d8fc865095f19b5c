import CompdProtocol
import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Gives free heap memory back to the system after a burst: glibc keeps memory it got with
/// `brk` or in its thread arenas after it is freed, so a daemon that once parsed a large
/// batch or queued large replies would otherwise stay at its peak size.
enum HeapTrim {
  /// A request line at least this long is followed by a trim once it has been answered.
  static let largeLineBytes = 1 << 20

  /// The shortest time between two trims: a trim holds each arena's lock while it walks
  /// its free memory, and a busy daemon frees large blocks all the time.
  static let minimumInterval: Duration = .milliseconds(500)

  private static let running = Atomic<Bool>(false)
  private static let lastTrim = Mutex<ContinuousClock.Instant?>(nil)

  /// Trims the heap on a background thread: at once, unless a trim is already running, or
  /// after `minimumInterval` from the last one.
  @Sendable static func request() {
    guard let trim = mallocTrim,
      running.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    else { return }
    let now = ContinuousClock.now
    let delay = lastTrim.withLock { last in
      last.map { max(.zero, minimumInterval - (now - $0)) } ?? .zero
    }
    let nanoseconds = Int(delay / .nanoseconds(1))
    DispatchQueue.global(qos: .utility).asyncAfter(
      deadline: .now() + .nanoseconds(nanoseconds)
    ) {
      _ = trim(0)
      lastTrim.withLock { $0 = .now }
      running.store(false, ordering: .releasing)
    }
  }

  /// glibc's `malloc_trim`, looked up at run time: its header is not in the Glibc module,
  /// and other C libraries may not have it.
  private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
    guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
  }()
}
