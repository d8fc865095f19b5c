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

  @usableFromInline var framing: LineFraming
  @usableFromInline var buffer: [UInt8] = []
  /// Where the unconsumed bytes of `buffer` start.
  @usableFromInline var start = 0

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

  /// A frame as `nextFrame(_:)` lends it: the line in place, in the framer's buffer.
  public enum BorrowedFrame {
    /// A complete line without its terminator, valid only during the call it is lent to.
    case line(UnsafeRawBufferPointer)
    /// A line that exceeded the limit; `byteCount` is its length before the `"\n"`.
    case oversized(byteCount: Int)
  }

  /// The next complete line or oversize report, or `nil` when more bytes are needed.
  public mutating func nextFrame() -> Frame? {
    nextFrame { frame in
      switch frame {
      case .line(let bytes): .line(Array(bytes))
      case .oversized(let byteCount): .oversized(byteCount: byteCount)
      }
    }
  }

  /// What `body` makes of the next complete line or oversize report, or `nil` when more
  /// bytes are needed. The line is lent in place, so a reader that parses it and keeps only
  /// what it made copies nothing. Inlinable, so that it is specialized for each reader's
  /// `Result`: called once per message, it would otherwise look up `Result?`'s type
  /// metadata at run time on every call.
  @inlinable
  public mutating func nextFrame<Result>(_ body: (BorrowedFrame) -> Result) -> Result? {
    let start = self.start
    var consumed = 0
    var discardAll = false
    let result = buffer.withUnsafeBytes { bytes -> Result? in
      let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
      switch framing.step(rest) {
      case .needMore(let discard):
        discardAll = discard
        return nil
      case .oversized(let byteCount, let count):
        consumed = count
        return body(.oversized(byteCount: byteCount))
      case .line(let length, let count):
        consumed = count
        return body(.line(UnsafeRawBufferPointer(rebasing: rest[..<length])))
      }
    }
    guard let result else {
      if discardAll {
        buffer.removeAll(keepingCapacity: false)
        self.start = 0
      } else {
        compact()
      }
      return nil
    }
    consume(consumed)
    return result
  }

  @usableFromInline mutating func consume(_ count: Int) {
    start += count
    if start == buffer.count {
      buffer.removeAll(keepingCapacity: buffer.capacity <= 64 << 10)
      start = 0
    }
  }

  /// Drops consumed bytes once they dominate the buffer.
  @usableFromInline mutating func compact() {
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
