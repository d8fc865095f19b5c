import NIOConcurrencyHelpers

/// The bytes of unfinished WebSocket messages the gateway holds for all pages together.
///
/// A page's message may come in fragments (up to 256, `--max-message-bytes` in all), and
/// the gateway keeps every fragment until the last one arrives. Each connection alone is
/// bounded by those limits, but `--max-connections` of them at once were not: 250 pages
/// each holding a nearly whole message held 250 MiB, and the process grew from 29 to
/// 495 MiB. Browsers send every message as one frame, so fragments come from other
/// clients; past this budget the connection whose fragment would pass it is closed
/// (`1013`, try again later) and the others are served on (`FragmentBudgetHandler`).
/// When a large amount is released the heap is trimmed (`GatewayHeapTrim`), so that the
/// memory the fragments took goes back to the system rather than staying with the process.
public final class PendingMessageBudget: Sendable {
  /// 16 MiB: 16 pages in the middle of a whole 1 MiB message at once, far more than pages
  /// that send each message in one frame ever hold, and a fraction of the memory the
  /// gateway may otherwise grow by.
  public static let defaultLimit = 16 << 20

  /// The most bytes of unfinished messages held at once.
  public let limit: Int
  private let state = NIOLockedValueBox((held: 0, releasedSinceTrim: 0))

  /// Released bytes after which the heap is trimmed.
  static let trimThreshold = 4 << 20

  /// A budget of `limit` bytes.
  public init(limit: Int) { self.limit = limit }

  /// The bytes held now.
  public var held: Int { state.withLockedValue { $0.held } }

  /// Counts `bytes` more held; `false`, counting nothing, when that would pass the limit.
  func reserve(_ bytes: Int) -> Bool {
    state.withLockedValue { state in
      guard state.held + bytes <= limit else { return false }
      state.held += bytes
      return true
    }
  }

  /// Counts `bytes` no longer held (the message ended, or its connection closed).
  func release(_ bytes: Int) {
    guard bytes > 0 else { return }
    let trim = state.withLockedValue { state -> Bool in
      state.held -= bytes
      state.releasedSinceTrim += bytes
      guard state.releasedSinceTrim >= Self.trimThreshold else { return false }
      state.releasedSinceTrim = 0
      return true
    }
    if trim { GatewayHeapTrim.request() }
  }
}
