import JSONRPC
import Logging
import NIOCore
import NIOEmbedded
import Testing

@testable import CompdBroker

/// A connection's whole pipeline on an embedded channel: requests across reads, oversized
/// lines, back-pressure on requests already read, and a shutdown with a request running.
@Suite struct ConnectionPipelineTests {
  /// The methods of these tests: `test.echo` answers at once, `test.wait` when `gate` says.
  static func registry(gate: AsyncStream<Void>? = nil) -> MethodRegistry {
    var registry = MethodRegistry()
    registry.register(
      RPCMethod(
        name: "test.echo", summary: "Answers its params.",
        params: .object(additionalProperties: true), result: .object(additionalProperties: true),
        handler: .immediate { call in .object(call.params) }))
    if let gate {
      registry.register(
        RPCMethod(
          name: "test.wait", summary: "Answers once the test lets it.", params: .object([]),
          result: .object([]),
          handler: .async { _ in
            for await _ in gate { break }
            return ["waited": true]
          }))
    }
    return registry
  }

  /// The pipeline of one connection with the methods of `registry`.
  static func pipeline(registry: MethodRegistry, watermark: Int) -> (
    ConnectionPipeline, ConnectionTable
  ) {
    var logger = Logger(label: "test")
    logger.logLevel = .critical
    let table = ConnectionTable(limit: 10)
    let budget = OutputBudget(limit: 1 << 30, connections: table, logger: logger)
    let pipeline = ConnectionPipeline(
      dispatcher: Dispatcher(registry: registry), maxLineBytes: 1 << 10,
      outputLimits: .init(maxOutputBytes: 1 << 30, writeHighWatermark: watermark),
      budget: budget,
      inputBudget: InputBudget(limit: 1 << 30, connections: table, logger: logger),
      logger: logger)
    return (pipeline, table)
  }

  /// The pipeline answering `test.echo` on an embedded channel.
  static func makeChannel(watermark: Int) throws -> (EmbeddedChannel, OutputBudget) {
    let (pipeline, table) = Self.pipeline(registry: Self.registry(), watermark: watermark)
    let channel = EmbeddedChannel(handler: SocketFillsUp())
    let connection = pipeline.makeConnection(id: 1, peer: nil, channel: channel) { _ in }
    _ = table.insert(connection)
    try pipeline.addHandlers(for: connection)
    return (channel, pipeline.budget)
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

  static func echo(_ id: Int, _ text: String = "") -> String {
    #"{"jsonrpc":"2.0","method":"test.echo","params":{"p":"\#(text)"},"id":\#(id)}"# + "\n"
  }

  @Test func requestsSplitAcrossReadsAreAnsweredTogetherInOrder() throws {
    let (channel, _) = try Self.makeChannel(watermark: 1 << 20)
    let stream = Array((Self.echo(1) + Self.echo(2, "é") + Self.echo(3)).utf8)
    try channel.writeInbound(ByteBuffer(bytes: stream[..<20]))
    #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
    try channel.writeInbound(ByteBuffer(bytes: stream[20...]))
    let buffer = try #require(try channel.readOutbound(as: ByteBuffer.self))
    #expect(try channel.readOutbound(as: ByteBuffer.self) == nil, "one write for the burst")
    #expect(
      String(buffer: buffer)
        == #"{"jsonrpc":"2.0","id":1,"result":{"p":""}}"# + "\n"
        + #"{"jsonrpc":"2.0","id":2,"result":{"p":"é"}}"# + "\n"
        + #"{"jsonrpc":"2.0","id":3,"result":{"p":""}}"# + "\n")
    _ = try channel.finish()
  }

  @Test func anOversizedLineIsAnsweredWithAnErrorAndTheNextRequestIsServed() throws {
    let (channel, _) = try Self.makeChannel(watermark: 1 << 20)
    try channel.writeInbound(
      ByteBuffer(string: Self.echo(1, String(repeating: "x", count: 2000)) + Self.echo(2)))
    let replies = try Self.replies(channel)
    #expect(replies.count == 2)
    #expect(replies.first?["id"] == .null)
    #expect(replies.first?["error"]?["code"] == -32600)
    #expect(replies.first?["error"]?["data"]?["limit"] == 1024)
    #expect(replies.last?["id"] == 2)
    _ = try channel.finish()
  }

  @Test func aShutdownAnswersTheRunningRequestThenClosesAndTakesNoMore() async throws {
    let gate = AsyncStream<Void>.makeStream()
    let (pipeline, table) = Self.pipeline(
      registry: Self.registry(gate: gate.stream), watermark: 1 << 20)
    let channel = NIOAsyncTestingChannel()
    // A connection is made and installed on its channel's event loop.
    let connection = try await channel.testingEventLoop.executeInContext {
      let connection = pipeline.makeConnection(id: 1, peer: nil, channel: channel) { _ in }
      try pipeline.addHandlers(for: connection)
      return connection
    }
    _ = table.insert(connection)
    try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1))
    try await channel.writeInbound(
      ByteBuffer(string: #"{"jsonrpc":"2.0","method":"test.wait","id":1}"# + "\n"))
    connection.beginShutdown()
    await channel.testingEventLoop.run()
    try await channel.writeInbound(ByteBuffer(string: Self.echo(2)))
    #expect(channel.isActive, "the running request is waited for")
    gate.continuation.yield()
    var written = ""
    for _ in 0..<500 where channel.isActive {
      await channel.testingEventLoop.run()
      while let buffer = try await channel.readOutbound(as: ByteBuffer.self) {
        written += String(buffer: buffer)
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    while let buffer = try await channel.readOutbound(as: ByteBuffer.self) {
      written += String(buffer: buffer)
    }
    #expect(written == #"{"jsonrpc":"2.0","id":1,"result":{"waited":true}}"# + "\n")
    #expect(!channel.isActive)
  }
}
