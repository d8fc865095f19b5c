#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The framing rule of compd's sockets, newline-delimited lines, applied step by step to the
/// bytes a reader holds: `LineFramer` applies it to an array, the broker's NIO line decoder
/// to a `ByteBuffer`, so that both split a stream the same way.
///
/// A line ends at `"\n"`; one `"\r"` before it is dropped. A line longer than `maxLineBytes`
/// is never held whole: once more than that many bytes wait without a newline, the holder
/// throws them away (and what follows as it arrives), and when the newline comes the line
/// is reported once as oversized, so that the peer can be told and its next line is read as
/// usual. Bytes already searched for a newline are not searched again when more arrive.
public struct LineFraming: Sendable {
  /// What to do with the bytes held after one step.
  public enum Step: Sendable, Equatable {
    /// No line is complete: keep the bytes and wait for more, or, with `discardAll`, throw
    /// all of them away (the line is over the limit and is being skipped).
    case needMore(discardAll: Bool)
    /// A line of `length` bytes (without its terminator) starts the bytes held; `consumed`
    /// bytes, the line with its terminator, are done with.
    case line(length: Int, consumed: Int)
    /// A line over the limit ended; it was `byteCount` bytes long before its `"\n"`, and
    /// `consumed` of the bytes held are done with.
    case oversized(byteCount: Int, consumed: Int)
  }

  /// The longest line, without its terminator, that is reported as a line.
  public let maxLineBytes: Int
  /// Bytes from the start of what is held that are known to hold no newline.
  private var scanned = 0
  /// Bytes of the current oversized line already thrown away, while one is being skipped.
  private var discarded: Int?

  /// The rule for lines of up to `maxLineBytes` bytes.
  public init(maxLineBytes: Int) {
    self.maxLineBytes = max(0, maxLineBytes)
  }

  /// Whether the line being received is already over the limit (its bytes are being thrown
  /// away until its newline).
  public var isSkippingOversizedLine: Bool { discarded != nil }

  /// The next step for `held`, the bytes not yet consumed, oldest first. The caller carries
  /// it out before the next step: consumes what it says, or throws everything away.
  public mutating func step(_ held: UnsafeRawBufferPointer) -> Step {
    let newline: Int? = {
      guard scanned < held.count, let base = held.baseAddress else { return nil }
      guard let hit = memchr(base + scanned, 0x0A, held.count - scanned) else { return nil }
      return base.distance(to: UnsafeRawPointer(hit))
    }()
    guard let newline else {
      if held.count > maxLineBytes {
        discarded = (discarded ?? 0) + held.count
        scanned = 0
        return .needMore(discardAll: true)
      }
      scanned = held.count
      return .needMore(discardAll: false)
    }
    scanned = 0
    if let skipped = discarded {
      discarded = nil
      return .oversized(byteCount: skipped + newline, consumed: newline + 1)
    }
    var end = newline
    if end > 0 && held.load(fromByteOffset: end - 1, as: UInt8.self) == 0x0D { end -= 1 }
    guard end <= maxLineBytes else {
      return .oversized(byteCount: newline, consumed: newline + 1)
    }
    return .line(length: end, consumed: newline + 1)
  }
}
