import Dispatch
import NIOConcurrencyHelpers

#if canImport(Glibc)
  import Glibc
#endif

/// Gives free heap memory back to the system after a large release: glibc keeps what it
/// freed in its arenas (one per event-loop thread here), so a gateway that once held many
/// pages' fragments would otherwise stay at its peak size. The broker does the same for
/// its replies (compd's `HeapTrim`).
enum GatewayHeapTrim {
  /// The shortest time between two trims: a trim holds each arena's lock while it walks
  /// its free memory.
  static let minimumInterval: Double = 0.5

  private struct State {
    var running = false
    var last: DispatchTime?
  }
  private static let state = NIOLockedValueBox(State())

  /// Trims the heap on a background thread: at once, unless a trim is already pending, or
  /// `minimumInterval` after the last one.
  static func request() {
    guard let trim = mallocTrim else { return }
    let delay: Double? = state.withLockedValue { state in
      guard !state.running else { return nil }
      state.running = true
      guard let last = state.last else { return 0 }
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - last.uptimeNanoseconds) / 1e9
      return max(0, minimumInterval - elapsed)
    }
    guard let delay else { return }
    DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + delay) {
      _ = trim(0)
      state.withLockedValue { state in
        state.running = false
        state.last = .now()
      }
    }
  }

  /// glibc's `malloc_trim`, looked up at run time: its header is not in the Glibc module,
  /// and other C libraries may not have it.
  private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
    guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
  }()
}
