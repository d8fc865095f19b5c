import CompdProtocol
import Logging
import NIOCore

/// A connection's output: the JSON lines written to it are gathered into one buffer and go
/// to the socket at the next flush (once per read burst, and whenever the buffer reaches the
/// channel's high watermark), so that pipelined replies and the notifications sent with
/// them cost one write and one flush.
///
/// Every buffer the socket does not take at once counts against the output budget of all
/// clients (`OutputBudget`) until it is written or dropped. A client whose queued output
/// passes `maxOutputBytes` does not read its replies: it is disconnected, and everyone else
/// goes on being served.
///
/// On `CloseWhenWritten` (a graceful shutdown) it writes what it holds and closes the
/// connection once all of it is out; lines written after that are dropped.
final class OutputQueueHandler: ChannelOutboundHandler {
  /// JSON lines, each with its newline.
  typealias OutboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  /// Outbound user event: close the connection once everything queued has been written.
  struct CloseWhenWritten {}

  /// The limits of one connection's output.
  struct Limits: Sendable {
    /// Queued output past which the client is disconnected.
    var maxOutputBytes: Int
    /// Gathered output that is flushed without waiting for the end of the read burst (the
    /// channel's high write watermark).
    var writeHighWatermark: Int
  }

  private let limits: Limits
  private let budget: OutputBudget
  private let connection: Connection
  private let logger: Logger
  private var gathered: ByteBuffer?
  /// Promises of writes in `gathered`, completed when it has been written.
  private var gatheredPromise: EventLoopPromise<Void>?
  private var closing = false
  /// The channel's options, asked after every write for what the socket did not take. Got
  /// once: getting them builds a view of the channel whose type NIO looks up at run time.
  private var options: (any NIOSynchronousChannelOptions)?

  init(limits: Limits, budget: OutputBudget, connection: Connection, logger: Logger) {
    self.limits = limits
    self.budget = budget
    self.connection = connection
    self.logger = logger
  }

  func handlerAdded(context: ChannelHandlerContext) {
    options = context.channel.syncOptions
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard !closing else {
      promise?.fail(ChannelError.ioOnClosedChannel)
      return
    }
    var lines = unwrapOutboundIn(data)
    // Queued buffers count by their capacity (NIO's next power of two): the first one is
    // taken as it is, and the ones after it added to it, which grows by doubling.
    let size: Int
    if var buffer = gathered.take() {
      buffer.writeBuffer(&lines)
      size = buffer.readableBytes
      gathered = buffer
    } else {
      size = lines.readableBytes
      gathered = lines
    }
    if let promise {
      if let gatheredPromise {
        gatheredPromise.futureResult.cascade(to: promise)
      } else {
        gatheredPromise = promise
      }
    }
    if size >= limits.writeHighWatermark {
      flushGathered(context: context)
    }
  }

  func flush(context: ChannelHandlerContext) {
    flushGathered(context: context)
  }

  func triggerUserOutboundEvent(
    context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?
  ) {
    guard event is CloseWhenWritten else {
      return context.triggerUserOutboundEvent(event, promise: promise)
    }
    promise?.succeed()
    guard !closing else { return }
    flushGathered(context: context)
    guard !closing else { return }
    closing = true
    let channel = context.channel
    // Writes complete in order, so this one completing means every line before it is out.
    context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(capacity: 0))).whenComplete {
      _ in
      channel.close(promise: nil)
    }
  }

  private func flushGathered(context: ChannelHandlerContext) {
    guard let buffer = gathered else { return }
    gathered = nil
    let promise = gatheredPromise
    gatheredPromise = nil
    // Counted against the budget of all clients until written or dropped, by the memory it
    // holds: NIO allocates buffers in powers of two, so an 8.4 KB notification holds 16 KiB,
    // and counting only its bytes would let queued output take twice the budget.
    let size = buffer.capacity
    context.writeAndFlush(wrapOutboundOut(buffer), promise: promise)
    // Most writes go out whole at once: those are not queued and cost no promise. What the
    // socket did not take is counted until a write queued behind it completes (writes
    // complete in order; an empty one only marks the place).
    let queued = (try? options?.getOption(.bufferedWritableBytes)) ?? 0
    guard queued > 0 else { return }
    let budget = self.budget
    let connection = self.connection
    budget.add(size, for: connection)
    let written = context.eventLoop.makePromise(of: Void.self)
    written.futureResult.whenComplete { _ in budget.release(size, for: connection) }
    context.writeAndFlush(
      wrapOutboundOut(context.channel.allocator.buffer(capacity: 0)), promise: written)
    guard queued > limits.maxOutputBytes, !closing else { return }
    closing = true
    logger.warning(
      "disconnecting client: it does not read its replies",
      metadata: [
        "client": "\(connection.id)", "queuedBytes": "\(queued)",
        "limit": "\(limits.maxOutputBytes)",
      ])
    context.close(promise: nil)
  }
}
