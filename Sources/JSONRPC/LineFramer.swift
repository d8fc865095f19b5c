#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Splits a byte stream into newline-terminated lines, held in an array (`LineFraming` is the
/// rule).
///
/// Feed it whatever the transport delivers (`append`), then call `nextFrame()` until it
/// returns `nil`. A line over `maxLineBytes` is never buffered whole; once its newline is
/// seen, it is reported once as `.oversized`. Bytes after the last newline wait for the next
/// `append`.
public struct LineFramer: Sendable {
  /// One unit that the framer yields.
  public enum Frame: Sendable, Equatable {
    /// A complete line without its terminator.
    case line([UInt8])
    /// A line that exceeded the limit; `byteCount` is its length before the `"\n"`.
    case oversized(byteCount: Int)
  }

  private var framing: LineFraming
  private var buffer: [UInt8] = []
  /// Where the unconsumed bytes of `buffer` start.
  private var start = 0

  /// A framer that accepts lines of up to `maxLineBytes` bytes (default 16 MiB).
  public init(maxLineBytes: Int = 16 << 20) {
    framing = LineFraming(maxLineBytes: maxLineBytes)
  }

  /// The longest line, without its terminator, that is delivered as `.line`.
  public var maxLineBytes: Int { framing.maxLineBytes }

  /// Adds received bytes.
  public mutating func append(_ bytes: UnsafeRawBufferPointer) {
    buffer.append(contentsOf: bytes)
  }

  /// Adds received bytes.
  public mutating func append(contentsOf bytes: [UInt8]) {
    buffer.append(contentsOf: bytes)
  }

  /// The number of bytes held while waiting for a newline.
  public var bufferedByteCount: Int { buffer.count - start }

  /// Whether the line being received is already over `maxLineBytes` (its bytes are being
  /// discarded until its newline): a peer that must not send such lines can be stopped now
  /// rather than after it sent all of it.
  public var isSkippingOversizedLine: Bool { framing.isSkippingOversizedLine }

  /// The next complete line or oversize report, or `nil` when more bytes are needed.
  public mutating func nextFrame() -> Frame? {
    let start = self.start
    let step = buffer.withUnsafeBytes {
      framing.step(UnsafeRawBufferPointer(rebasing: $0[start...]))
    }
    switch step {
    case .needMore(let discardAll):
      if discardAll {
        buffer.removeAll(keepingCapacity: false)
        self.start = 0
      } else {
        compact()
      }
      return nil
    case .oversized(let byteCount, let consumed):
      consume(consumed)
      return .oversized(byteCount: byteCount)
    case .line(let length, let consumed):
      let line = Array(buffer[start..<start + length])
      consume(consumed)
      return .line(line)
    }
  }

  private mutating func consume(_ count: Int) {
    start += count
    if start == buffer.count {
      buffer.removeAll(keepingCapacity: buffer.capacity <= 64 << 10)
      start = 0
    }
  }

  /// Drops consumed bytes once they dominate the buffer.
  private mutating func compact() {
    guard start > 0 else { return }
    if start == buffer.count {
      buffer.removeAll(keepingCapacity: buffer.capacity <= 64 << 10)
    } else if start >= 4096 && start * 2 >= buffer.count {
      buffer.removeFirst(start)
    } else {
      return
    }
    start = 0
  }
}
