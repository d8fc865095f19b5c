import JSONRPC
import NIOCore
import NIOEmbedded
import Testing

@testable import CompdBroker

/// The request line decoder in its handler on an `EmbeddedChannel`: lines across split
/// reads, the line limit, and the same frames as `LineFramer` on random input (and in NIO's
/// `ByteToMessageHandler` too).
@Suite struct JSONLineFrameDecoderTests {
  /// A channel decoding lines of up to `maxLineBytes`.
  static func channel(maxLineBytes: Int) -> EmbeddedChannel {
    EmbeddedChannel(handlers: [JSONLineFrameHandler(maxLineBytes: maxLineBytes), FrameRecorder()])
  }

  /// Turns what the handler hands on (lines, and oversize reports as user events) back
  /// into the decoder's frames, in order, for `readInbound`.
  final class FrameRecorder: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = JSONLineFrame
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      context.fireChannelRead(wrapInboundOut(.line(unwrapInboundIn(data))))
    }
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
      if let oversized = event as? JSONLineFrameHandler.OversizedLine {
        context.fireChannelRead(wrapInboundOut(.oversized(byteCount: oversized.byteCount)))
      }
    }
  }

  /// The frames decoded so far, as `LineFramer` reports them.
  static func frames(_ channel: EmbeddedChannel) throws -> [LineFramer.Frame] {
    var frames: [LineFramer.Frame] = []
    while let frame = try channel.readInbound(as: JSONLineFrame.self) {
      switch frame {
      case .line(let line): frames.append(.line(Array(line.readableBytesView)))
      case .oversized(let byteCount): frames.append(.oversized(byteCount: byteCount))
      }
    }
    return frames
  }

  static func line(_ text: String) -> LineFramer.Frame { .line(Array(text.utf8)) }

  @Test func linesSplitAcrossReadsAreReassembled() throws {
    let stream = Array(
      (#"{"jsonrpc":"2.0","id":1,"method":"daemon.ping"}"# + "\r\n[1,\"é😀\"]\n\n{}\n").utf8)
    let expected = [
      Self.line(#"{"jsonrpc":"2.0","id":1,"method":"daemon.ping"}"#), Self.line("[1,\"é😀\"]"),
      Self.line(""), Self.line("{}"),
    ]
    for first in 0...stream.count {
      for second in stride(from: first, through: stream.count, by: 3) {
        let channel = Self.channel(maxLineBytes: 1 << 20)
        var frames: [LineFramer.Frame] = []
        for range in [0..<first, first..<second, second..<stream.count] {
          try channel.writeInbound(ByteBuffer(bytes: stream[range]))
          frames += try Self.frames(channel)
        }
        #expect(frames == expected, "split at \(first), \(second)")
        if frames != expected { return }
      }
    }
  }

  @Test func anOversizedLineIsReportedOnceAndTheNextOneIsRead() throws {
    let channel = Self.channel(maxLineBytes: 8)
    try channel.writeInbound(ByteBuffer(string: "12345678\n123456789\nok\nabc\r\n"))
    #expect(
      try Self.frames(channel) == [
        Self.line("12345678"), .oversized(byteCount: 9), Self.line("ok"), Self.line("abc"),
      ])
    // Arriving over several reads, the long line is reported once its newline comes.
    try channel.writeInbound(ByteBuffer(repeating: UInt8(ascii: "x"), count: 100))
    try channel.writeInbound(ByteBuffer(repeating: UInt8(ascii: "y"), count: 50))
    #expect(try Self.frames(channel).isEmpty)
    try channel.writeInbound(ByteBuffer(string: "zz\nnext\n"))
    #expect(try Self.frames(channel) == [.oversized(byteCount: 152), Self.line("next")])
    #expect(try channel.finish().isClean)
  }

  @Test func anOversizedLineIsNeverHeldWhole() {
    var decoder = JSONLineFrameDecoder(maxLineBytes: 8)
    var buffer = ByteBuffer(repeating: UInt8(ascii: "x"), count: 9)
    #expect(decoder.nextFrame(from: &buffer) == nil)
    #expect(buffer.readableBytes == 0, "the bytes past the limit were thrown away")
    buffer.writeString("1234567")
    #expect(decoder.nextFrame(from: &buffer) == nil)
    #expect(buffer.readableBytes == 7, "within the limit the rest waits for the newline")
    buffer.writeString("\n")
    guard case .oversized(let byteCount) = decoder.nextFrame(from: &buffer) else {
      Issue.record("expected an oversize report")
      return
    }
    #expect(byteCount == 16)
  }

  @Test func aPartialLineIsDroppedWhenTheClientGoes() throws {
    let channel = Self.channel(maxLineBytes: 64)
    try channel.writeInbound(ByteBuffer(string: "{}\n{\"jsonrpc\""))
    #expect(try Self.frames(channel) == [Self.line("{}")])
    #expect(try channel.finish().isClean)
  }

  /// Random streams of lines around the limit, with carriage returns, split at random:
  /// the decoder's frames are `LineFramer`'s (the framer clients use, written before it).
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func framesMatchLineFramerOnRandomInput(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
    let limit = 16
    var stream: [UInt8] = []
    for _ in 0..<300 {
      let length =
        below(8) == 0 ? below(5 * limit) : below(limit + 4)
      for _ in 0..<length {
        stream.append(below(6) == 0 ? 0x0D : UInt8(ascii: "a") + UInt8(below(26)))
      }
      if below(3) == 0 { stream.append(0x0D) }
      stream.append(0x0A)
    }
    stream += Array("tail".utf8)
    var framer = LineFramer(maxLineBytes: limit)
    var expected: [LineFramer.Frame] = []
    let channel = Self.channel(maxLineBytes: limit)
    var frames: [LineFramer.Frame] = []
    let generic = EmbeddedChannel(
      handler: ByteToMessageHandler(JSONLineFrameDecoder(maxLineBytes: limit)))
    var genericFrames: [LineFramer.Frame] = []
    var offset = 0
    while offset < stream.count {
      let end = min(stream.count, offset + 1 + below(3 * limit))
      framer.append(contentsOf: Array(stream[offset..<end]))
      while let frame = framer.nextFrame() { expected.append(frame) }
      try channel.writeInbound(ByteBuffer(bytes: stream[offset..<end]))
      frames += try Self.frames(channel)
      try generic.writeInbound(ByteBuffer(bytes: stream[offset..<end]))
      genericFrames += try Self.frames(generic)
      offset = end
    }
    #expect(frames.count == 300)
    #expect(frames == expected)
    #expect(genericFrames == expected)
    _ = try channel.finish()
    _ = try generic.finish()
  }
}
