import CompdProtocol

/// How much of a scene host's stdout and stderr reaches the log: a token bucket of bytes per
/// host, so that a component that prints in a loop cannot fill the disk or drown the
/// daemon's own entries.
///
/// Each line costs its bytes plus `entryCost` (what a log entry adds: timestamp, level,
/// metadata), so a flood of empty-ish lines is bounded too. The bucket holds `burstBytes`
/// and refills at `bytesPerSecond`. A line that finds it short is dropped, and from then on
/// every line is dropped until the bucket refilled to half: one episode of dropping, which
/// the relay reports in one log entry saying how many lines and bytes it dropped, rather
/// than an entry per dropped line or a notice between every admitted line.
struct HostOutputBudget {
  /// Bytes a host may write at once before lines are dropped.
  static let burstBytes = 1 << 20
  /// Bytes per second a host may write in the long run.
  static let bytesPerSecond = 64 << 10
  /// What a log entry costs besides the line's own bytes.
  static let entryCost = 128

  /// What the relay does with a line.
  enum Admission: Equatable {
    /// Log it.
    case log
    /// Drop it (counted).
    case drop
    /// Log it, after one entry saying that `lines` lines of `bytes` bytes were dropped
    /// over `seconds` before it.
    case logAfterDropping(lines: Int, bytes: Int, seconds: Double)
  }

  private var available: Double
  private var refilledAt: ContinuousClock.Instant
  /// Whether lines are being dropped, since when, and how many so far.
  private(set) var droppingSince: ContinuousClock.Instant?
  private(set) var droppedLines = 0
  private(set) var droppedBytes = 0

  init(now: ContinuousClock.Instant = .now) {
    available = Double(Self.burstBytes)
    refilledAt = now
  }

  /// Whether a line of `bytes` bytes is logged, read at `now`.
  mutating func admit(_ bytes: Int, now: ContinuousClock.Instant = .now) -> Admission {
    let elapsed = Double((now - refilledAt) / .milliseconds(1)) / 1000
    refilledAt = now
    available = min(Double(Self.burstBytes), available + elapsed * Double(Self.bytesPerSecond))
    let cost = Double(bytes + Self.entryCost)
    if let since = droppingSince {
      guard available >= Double(Self.burstBytes) / 2 else {
        droppedLines += 1
        droppedBytes += bytes
        return .drop
      }
      let summary = Admission.logAfterDropping(
        lines: droppedLines, bytes: droppedBytes,
        seconds: Double((now - since) / .milliseconds(1)) / 1000)
      droppingSince = nil
      droppedLines = 0
      droppedBytes = 0
      available -= cost
      return summary
    }
    guard available >= cost else {
      droppingSince = now
      droppedLines = 1
      droppedBytes = bytes
      return .drop
    }
    available -= cost
    return .log
  }
}
