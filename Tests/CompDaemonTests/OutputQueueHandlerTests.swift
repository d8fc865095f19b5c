import Logging
import NIOCore
import NIOEmbedded
import Testing

@testable import CompdBroker

/// The output queue on an `EmbeddedChannel`: gathered writes, the output budget, a client
/// that does not read, and closing once everything is written.
@Suite struct OutputQueueHandlerTests {
  /// A socket that takes nothing once the first buffer is in it: later writes stay queued
  /// (`bufferedWritableBytes` counts them), the channel is no longer writable, and closing
  /// fails them, as a socket's close fails the writes it still holds.
  final class StalledSocket: ChannelOutboundHandler {
    typealias OutboundIn = ByteBuffer
    var flushes = 0
    var held: [EventLoopPromise<Void>] = []
    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
      guard flushes > 0 else { return context.write(data, promise: promise) }
      context.write(data, promise: nil)
      if let promise { held.append(promise) }
    }
    func flush(context: ChannelHandlerContext) {
      flushes += 1
      if flushes == 1 { context.flush() }
      (context.channel as? EmbeddedChannel)?.isWritable = false
    }
    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
      for write in held { write.fail(ChannelError.ioOnClosedChannel) }
      held = []
      context.close(mode: mode, promise: promise)
    }
  }

  /// An output queue on its own channel.
  struct Queue {
    let channel = EmbeddedChannel()
    let budget: OutputBudget
    let connection: Connection

    init(maxOutputBytes: Int = 1 << 20, watermark: Int = 100, stalled: Bool = false) throws {
      var logger = Logger(label: "test")
      logger.logLevel = .critical
      let table = ConnectionTable(limit: 10)
      budget = OutputBudget(limit: 1 << 30, connections: table, logger: logger)
      let pipeline = ConnectionPipeline(
        dispatcher: .init(registry: .init()), maxLineBytes: 1 << 10,
        outputLimits: .init(maxOutputBytes: maxOutputBytes, writeHighWatermark: watermark),
        budget: budget,
        inputBudget: InputBudget(limit: 1 << 30, connections: table, logger: logger),
        logger: logger)
      connection = pipeline.makeConnection(id: 1, peer: nil, channel: channel) { _ in }
      _ = table.insert(connection)
      if stalled { try channel.pipeline.syncOperations.addHandler(StalledSocket()) }
      try channel.pipeline.syncOperations.addHandler(
        OutputQueueHandler(
          limits: pipeline.outputLimits, budget: budget, connection: connection, logger: logger))
    }

    /// Writes `text` as one line, in a buffer allocated as `RPCHandler` allocates it.
    func write(_ text: String, promise: EventLoopPromise<Void>? = nil) {
      channel.write(channel.allocator.jsonLine(Array(text.utf8)), promise: promise)
    }

    /// Each buffer the socket was given, as text.
    func written() throws -> [String] {
      var buffers: [String] = []
      while let buffer = try channel.readOutbound(as: ByteBuffer.self) {
        buffers.append(String(buffer: buffer))
      }
      return buffers
    }
  }

  @Test func linesOfOneBurstGoOutAsOneBufferAtTheFlush() throws {
    let queue = try Queue()
    queue.write("{}")
    queue.write(#"{"a":1}"#)
    #expect(try queue.written().isEmpty, "nothing before the flush")
    queue.channel.flush()
    #expect(try queue.written() == ["{}\n{\"a\":1}\n"])
    queue.channel.flush()
    #expect(try queue.written().isEmpty)
  }

  @Test func reachingTheHighWatermarkFlushesWithoutWaitingForTheBurstToEnd() throws {
    let queue = try Queue()
    let line = String(repeating: "x", count: 60)
    queue.write(line)
    #expect(try queue.written().isEmpty)
    queue.write(line)
    #expect(try queue.written() == [line + "\n" + line + "\n"])
  }

  @Test func promisesCompleteWhenTheirBufferIsWritten() throws {
    let queue = try Queue()
    let first = queue.channel.eventLoop.makePromise(of: Void.self)
    let second = queue.channel.eventLoop.makePromise(of: Void.self)
    var done = 0
    first.futureResult.assumeIsolated().whenSuccess { done += 1 }
    second.futureResult.assumeIsolated().whenSuccess { done += 1 }
    queue.write("1", promise: first)
    queue.write("2", promise: second)
    #expect(done == 0)
    queue.channel.flush()
    #expect(done == 2)
  }

  @Test func queuedBytesCountAgainstTheBudgetUntilWritten() throws {
    let queue = try Queue(stalled: true)
    queue.write("{}")
    queue.channel.flush()
    #expect(queue.budget.total == 0, "the first buffer was written")
    queue.write("[1]")
    queue.channel.flush()
    #expect(queue.budget.total == 4, "the second waits in the socket")
    #expect(queue.connection.queuedBytes.load(ordering: .relaxed) == 4)
    // A buffer counts by the memory it holds: 6 bytes in NIO's 8.
    queue.write("[1,2]")
    queue.channel.flush()
    #expect(queue.budget.total == 4 + 8)
    _ = try queue.channel.close().wait()
    #expect(queue.budget.total == 0, "dropped at the close")
  }

  @Test func aClientWhoseQueuedOutputPassesTheLimitIsDisconnected() throws {
    let queue = try Queue(maxOutputBytes: 200, watermark: 1000, stalled: true)
    try queue.channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    queue.write("first")
    queue.channel.flush()
    let line = String(repeating: "x", count: 99)
    queue.write(line)
    queue.channel.flush()
    #expect(queue.channel.isActive, "100 bytes queued are within the limit")
    queue.write(line)
    queue.write(line)
    queue.channel.flush()
    #expect(!queue.channel.isActive, "300 bytes are not")
    #expect(queue.budget.total == 0)
  }

  @Test func closeWhenWrittenWritesWhatIsGatheredThenClosesAndDropsLaterLines() throws {
    let queue = try Queue()
    try queue.channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    queue.write("last reply")
    queue.channel.triggerUserOutboundEvent(OutputQueueHandler.CloseWhenWritten(), promise: nil)
    let late = queue.channel.eventLoop.makePromise(of: Void.self)
    queue.write("late notification", promise: late)
    queue.channel.flush()
    #expect(try queue.written().joined() == "last reply\n")
    #expect(!queue.channel.isActive)
    var lateFailed = false
    late.futureResult.assumeIsolated().whenFailure { _ in lateFailed = true }
    #expect(lateFailed, "written after the close began: dropped")
  }
}
