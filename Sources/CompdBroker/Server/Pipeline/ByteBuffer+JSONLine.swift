import NIOCore

/// What a connection's output queue takes (`OutputQueueHandler`): JSON texts, each followed
/// by its newline.
extension ByteBuffer {
  /// Writes `text`, one JSON text without its newline, as a line.
  mutating func writeJSONLine(_ text: [UInt8]) {
    // One capacity check and a copy: a reply's line is written once per request, and each
    // of ByteBuffer's write operations checks its storage on its own.
    let count = text.count + 1
    writeWithUnsafeMutableBytes(minimumWritableBytes: count) { target in
      text.withUnsafeBytes { target.copyMemory(from: $0) }
      target[text.count] = UInt8(ascii: "\n")
      return count
    }
  }
}

extension ByteBufferAllocator {
  /// A buffer holding `text`, one JSON text without its newline, as a line: no larger than
  /// the line, since queued output counts by the capacity it holds.
  func jsonLine(_ text: [UInt8]) -> ByteBuffer {
    var line = buffer(capacity: text.count + 1)
    line.writeJSONLine(text)
    return line
  }
}
