#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Splits a byte stream into newline-terminated lines.
///
/// Feed it whatever the transport delivers (`append`), then call `nextFrame()` until it
/// returns `nil`. A line ends at `"\n"`; one `"\r"` before it is dropped. A line longer than
/// `maxLineBytes` is never buffered whole: its bytes are discarded as they arrive and, once
/// its newline is seen, it is reported once as `.oversized`. Bytes after the last newline wait
/// for the next `append`.
public struct LineFramer: Sendable {
  /// One unit that the framer yields.
  public enum Frame: Sendable, Equatable {
    /// A complete line without its terminator.
    case line([UInt8])
    /// A line that exceeded the limit; `byteCount` is its length before the `"\n"`.
    case oversized(byteCount: Int)
  }

  /// The longest line, without its terminator, that is delivered as `.line`.
  public let maxLineBytes: Int
  private var buffer: [UInt8] = []
  /// Where the unconsumed bytes of `buffer` start.
  private var start = 0
  /// Bytes from `start` up to here are known to contain no newline.
  private var scanned = 0
  /// Bytes of the current oversize line already thrown away, when one is being skipped.
  private var discarded: Int?

  /// A framer that accepts lines of up to `maxLineBytes` bytes (default 16 MiB).
  public init(maxLineBytes: Int = 16 << 20) {
    self.maxLineBytes = max(0, maxLineBytes)
  }

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
  public var isSkippingOversizedLine: Bool { discarded != nil }

  /// The next complete line or oversize report, or `nil` when more bytes are needed.
  public mutating func nextFrame() -> Frame? {
    let newline = buffer.withUnsafeBytes { bytes -> Int? in
      guard scanned < bytes.count, let base = bytes.baseAddress else { return nil }
      guard let hit = memchr(base + scanned, 0x0A, bytes.count - scanned) else { return nil }
      return base.distance(to: UnsafeRawPointer(hit))
    }
    guard let newline else {
      scanned = buffer.count
      if buffer.count - start > maxLineBytes {
        // Too long already: drop what we have and keep skipping until the newline.
        discarded = (discarded ?? 0) + (buffer.count - start)
        buffer.removeAll(keepingCapacity: false)
        start = 0
        scanned = 0
      } else {
        compact()
      }
      return nil
    }
    let lineStart = start
    start = newline + 1
    scanned = start
    if let skipped = discarded {
      discarded = nil
      return .oversized(byteCount: skipped + (newline - lineStart))
    }
    var end = newline
    if end > lineStart && buffer[end - 1] == 0x0D { end -= 1 }
    if end - lineStart > maxLineBytes {
      return .oversized(byteCount: newline - lineStart)
    }
    let line = Array(buffer[lineStart..<end])
    if start == buffer.count {
      buffer.removeAll(keepingCapacity: buffer.capacity <= 64 << 10)
      start = 0
      scanned = 0
    }
    return .line(line)
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
    scanned -= start
    start = 0
  }
}
