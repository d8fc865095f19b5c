import JSONRPC
import Testing

extension LineFramer {
  mutating func drain() -> [Frame] {
    var frames: [Frame] = []
    while let frame = nextFrame() { frames.append(frame) }
    return frames
  }
}

func line(_ text: String) -> LineFramer.Frame { .line(Array(text.utf8)) }

@Suite struct LineFramerTests {
  @Test func splitsManyMessagesInOneChunk() {
    var framer = LineFramer()
    framer.append(contentsOf: Array("{\"a\":1}\n{\"b\":2}\r\n\n[3]\npartial".utf8))
    #expect(framer.drain() == [line("{\"a\":1}"), line("{\"b\":2}"), line(""), line("[3]")])
    #expect(framer.bufferedByteCount == 7)
    framer.append(contentsOf: Array(" end\n".utf8))
    #expect(framer.drain() == [line("partial end")])
    #expect(framer.bufferedByteCount == 0)
  }

  /// A line lent in place reads as the copied one does, and a body's own `nil` is its
  /// answer for that frame, not "no complete line yet".
  @Test func aLentLineIsTheCopiedOne() {
    var framer = LineFramer(maxLineBytes: 4)
    framer.append(contentsOf: Array("ab\n\ntoolong\ncd".utf8))
    var seen: [String?] = []
    while let text = framer.nextFrame({ frame -> String? in
      guard case .line(let bytes) = frame, !bytes.isEmpty else { return nil }
      return String(decoding: bytes, as: UTF8.self)
    }) {
      seen.append(text)
    }
    #expect(seen == ["ab", nil, nil])
    #expect(framer.bufferedByteCount == 2)
  }

  @Test func stripsOnlyOneCarriageReturn() {
    var framer = LineFramer()
    framer.append(contentsOf: Array("a\r\r\n\rb\n".utf8))
    #expect(framer.drain() == [line("a\r"), line("\rb")])
  }

  @Test func reassemblesAMessageSplitAtEveryBoundary() {
    let stream = Array(
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"daemon.ping\"}\r\n[1,\"é😀\"]\n\n{}\n".utf8)
    let expected = [
      line("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"daemon.ping\"}"), line("[1,\"é😀\"]"),
      line(""), line("{}"),
    ]
    for first in 0...stream.count {
      for second in first...stream.count {
        var framer = LineFramer()
        var frames: [LineFramer.Frame] = []
        for range in [0..<first, first..<second, second..<stream.count] {
          framer.append(contentsOf: Array(stream[range]))
          frames += framer.drain()
        }
        #expect(frames == expected, "split at \(first), \(second)")
        if frames != expected { return }
      }
    }
  }

  @Test func bytewiseFeedingYieldsTheSameFrames() {
    let stream = Array("x\nyy\r\nzzzzzzzzzz\nw\n".utf8)
    var framer = LineFramer(maxLineBytes: 4)
    var frames: [LineFramer.Frame] = []
    for byte in stream {
      framer.append(contentsOf: [byte])
      frames += framer.drain()
      #expect(framer.bufferedByteCount <= 5)
    }
    #expect(frames == [line("x"), line("yy"), .oversized(byteCount: 10), line("w")])
  }

  @Test func oversizeLineIsSkippedAndReportedOnce() {
    var framer = LineFramer(maxLineBytes: 8)
    framer.append(contentsOf: Array("12345678\n123456789\nok\n".utf8))
    #expect(framer.drain() == [line("12345678"), .oversized(byteCount: 9), line("ok")])
    // Arriving over several chunks, the long line is never held whole.
    framer.append(contentsOf: Array(repeating: UInt8(ascii: "x"), count: 100))
    #expect(framer.drain() == [])
    #expect(framer.bufferedByteCount == 0)
    framer.append(contentsOf: Array(repeating: UInt8(ascii: "y"), count: 50))
    #expect(framer.drain() == [])
    framer.append(contentsOf: Array("zz\nnext\n".utf8))
    #expect(framer.drain() == [.oversized(byteCount: 152), line("next")])
  }

  @Test func carriageReturnDoesNotCountTowardsTheLimit() {
    var framer = LineFramer(maxLineBytes: 3)
    framer.append(contentsOf: Array("abc\r\nabcd\r\n".utf8))
    #expect(framer.drain() == [line("abc"), .oversized(byteCount: 5)])
  }

  @Test func largeStreamsCompact() {
    var framer = LineFramer()
    let message = Array("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"daemon.ping\"}\n".utf8)
    var count = 0
    for _ in 0..<2000 {
      framer.append(contentsOf: message + message.prefix(10))
      count += framer.drain().count
      framer.append(contentsOf: Array(message.dropFirst(10)))
      count += framer.drain().count
      #expect(framer.bufferedByteCount < message.count)
    }
    #expect(count == 4000)
  }
}
