import JSONRPC
import Logging
import NIOCore
import NIOEmbedded
import Testing

@testable import CompDaemon

/// The connection handler on an `EmbeddedChannel`: back-pressure on requests already read.
@Suite struct ConnectionHandlerTests {
  /// A handler answering `test.echo` at once, on an embedded channel.
  static func makeChannel(watermark: Int) throws -> (EmbeddedChannel, OutputBudget) {
    var registry = MethodRegistry()
    registry.register(
      RPCMethod(
        name: "test.echo", summary: "Answers its params.",
        params: .object(additionalProperties: true), result: .object(additionalProperties: true),
        handler: .immediate { call in .object(call.params) }))
    var logger = Logger(label: "test")
    logger.logLevel = .critical
    let table = ConnectionTable(limit: 10)
    let budget = OutputBudget(limit: 1 << 30, connections: table, logger: logger)
    let handler = ConnectionHandler(
      settings: .init(
        maxLineBytes: 1 << 20, maxOutputBytes: 1 << 30, writeHighWatermark: watermark),
      dispatcher: Dispatcher(registry: registry), budget: budget, logger: logger, onClose: { _ in })
    let channel = EmbeddedChannel(handler: SocketFillsUp())
    let connection = Connection(id: 1, peer: nil, channel: channel, handler: handler)
    handler.attach(connection)
    _ = table.insert(connection)
    try channel.pipeline.syncOperations.addHandler(handler)
    return (channel, budget)
  }

  /// A client that stops reading: its socket is full after the first flush.
  final class SocketFillsUp: ChannelOutboundHandler {
    typealias OutboundIn = ByteBuffer
    func flush(context: ChannelHandlerContext) {
      context.flush()
      (context.channel as? EmbeddedChannel)?.isWritable = false
    }
  }

  /// The reply lines written so far.
  static func replies(_ channel: EmbeddedChannel) throws -> [JSON] {
    var lines: [JSON] = []
    while let buffer = try channel.readOutbound(as: ByteBuffer.self) {
      for line in buffer.readableBytesView.split(separator: UInt8(ascii: "\n")) {
        lines.append(try JSONParser.parse(Array(line)))
      }
    }
    return lines
  }

  @Test func requestsReadWaitWhileTheClientDoesNotReadAndResumeInOrder() throws {
    let (channel, budget) = try Self.makeChannel(watermark: 200)
    let padding = String(repeating: "x", count: 100)
    var requests = ""
    for id in 0..<50 {
      requests +=
        #"{"jsonrpc":"2.0","method":"test.echo","params":{"p":"\#(padding)"},"id":\#(id)}"# + "\n"
    }
    try channel.writeInbound(ByteBuffer(string: requests))
    let first = try Self.replies(channel)
    // Replies stop at the first flush past the watermark: two of about 130 bytes each.
    #expect(first.count == 2)
    // Nothing more while it stays full, even when more requests arrive.
    try channel.writeInbound(ByteBuffer(string: requests))
    #expect(try Self.replies(channel).isEmpty)
    // The client reads again, one socketful at a time: everything is answered, in order.
    var all = first
    for _ in 0..<100 where all.count < 100 {
      channel.isWritable = true
      channel.pipeline.fireChannelWritabilityChanged()
      all += try Self.replies(channel)
    }
    #expect(all.map { $0["id"]?.intValue ?? -1 } == Array(0..<50) + Array(0..<50))
    // Every byte counted against the budget was released when written.
    #expect(budget.total == 0)
    _ = try channel.finish()
  }
}
