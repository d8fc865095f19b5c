import Dispatch
import Foundation
import JSONRPC
import Synchronization

/// A client on its own thread and connection that asks for one scene's `scene.layout` over
/// and over (every 2 ms), timing each round trip, until stopped: it shows whether compd keeps
/// answering a scene while something else goes wrong.
final class LayoutWitness: Sendable {
  /// What the witness saw: every round trip's time, and every failed call.
  struct Record: Sendable {
    var milliseconds: [Double] = []
    var failures: [String] = []

    /// The round trip at `fraction` (0.99 for the p99) of the sorted times, in milliseconds.
    func percentile(_ fraction: Double) -> Double {
      let sorted = milliseconds.sorted()
      guard !sorted.isEmpty else { return .infinity }
      let rank = Int((Double(sorted.count) * fraction).rounded(.up)) - 1
      return sorted[min(sorted.count - 1, max(0, rank))]
    }

    var summary: String {
      "\(milliseconds.count) scene.layout round trips, p50 \(format(percentile(0.5))) ms, "
        + "p99 \(format(percentile(0.99))) ms, max \(format(milliseconds.max() ?? 0)) ms, "
        + "\(failures.count) failed"
    }

    private func format(_ value: Double) -> String { String(format: "%.1f", value) }
  }

  private let stopped = Atomic<Bool>(false)
  private let record = Mutex(Record())
  private let finished = DispatchSemaphore(value: 0)

  /// Connects to `socketPath` and starts timing `scene`'s layout.
  init(socketPath: String, scene: JSON) throws {
    // Connect here, so that a daemon that refuses is reported by the test that started it.
    let started = DispatchSemaphore(value: 0)
    let connectFailure = Mutex<String?>(nil)
    let thread = Thread { [self] in
      defer { finished.signal() }
      let client: RPCTestClient
      do {
        client = try RPCTestClient(path: socketPath)
      } catch {
        connectFailure.withLock { $0 = "\(error)" }
        started.signal()
        return
      }
      started.signal()
      while !stopped.load(ordering: .relaxed) {
        let start = DispatchTime.now().uptimeNanoseconds
        do {
          let reply = try client.reply("scene.layout", ["scene": scene], timeout: 10)
          let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
          record.withLock {
            $0.milliseconds.append(elapsed)
            if reply["result"] == nil { $0.failures.append(reply.serialized()) }
          }
        } catch {
          record.withLock { $0.failures.append("\(error)") }
          return
        }
        usleep(2000)
      }
    }
    thread.start()
    started.wait()
    if let failure = connectFailure.withLock({ $0 }) { throw TestFailure(failure) }
  }

  /// Stops the client and returns what it saw.
  func stop() -> Record {
    stopped.store(true, ordering: .relaxed)
    finished.wait()
    return record.withLock { $0 }
  }
}
