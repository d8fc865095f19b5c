import CompdProtocol
import JSONRPC
import Logging
import NIOCore

/// The tail of a connection's pipeline: hands each request line to the `Dispatcher` and
/// writes what it answers, answers an `OversizedLine` with the line-too-long error, and
/// writes what the connection's outbox brings from other threads (notifications, and
/// replies of requests answered in a task).
///
/// Immediate replies are gathered as lines into one buffer, written down the pipeline and
/// flushed at the end of the read burst: pipelined requests cost one pass through the
/// pipeline, not one per reply. A request answered later runs in a task and is counted as
/// pending (`PendingRequests`) until its reply comes back through the outbox.
final class RPCHandler: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer
  /// JSON lines, each with its newline.
  typealias OutboundOut = ByteBuffer

  private let dispatcher: Dispatcher
  private let maxLineBytes: Int
  private let mainActor: MainActorBatch
  private let logger: Logger
  private let onClose: @Sendable (UInt64) -> Void
  private var connection: Connection?
  private var context: ChannelHandlerContext?
  /// The lines answered since the last write down the pipeline.
  private var lines: ByteBuffer?
  /// Gathered lines this large go down the pipeline without waiting for the burst's end: the
  /// output queue's high watermark, at which it flushes, so that a client that does not read
  /// is held back after as many replies as before (`RequestBackPressureHandler`).
  private let linesWrittenAtBytes: Int

  init(
    dispatcher: Dispatcher, maxLineBytes: Int, linesWrittenAtBytes: Int,
    mainActor: MainActorBatch, logger: Logger, onClose: @escaping @Sendable (UInt64) -> Void
  ) {
    self.dispatcher = dispatcher
    self.maxLineBytes = maxLineBytes
    self.linesWrittenAtBytes = linesWrittenAtBytes
    self.mainActor = mainActor
    self.logger = logger
    self.onClose = onClose
  }

  /// Attaches the `RPCConnection` this handler serves (before the channel is active).
  func attach(_ connection: Connection) {
    self.connection = connection
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    onMainThread = MainRunLoop.eventLoop.map { $0 === context.eventLoop } ?? false
  }

  /// Whether this connection is served by the main run loop, whose thread runs the main
  /// actor: its requests' main-actor work then runs at once, without a hand-over.
  private var onMainThread = false

  func handlerRemoved(context: ChannelHandlerContext) {
    self.context = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard let connection else { return }
    let line = unwrapInboundIn(data)
    // What a large request's tree took is freed once it has been answered.
    let large = line.readableBytes >= HeapTrim.largeLineBytes
    let outcome = line.withUnsafeReadableBytes {
      dispatcher.handle(line: $0, connection: connection)
    }
    handle(outcome, large: large, connection: connection, context: context)
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard let oversized = event as? JSONLineFrameHandler.OversizedLine, let connection else {
      return context.fireUserInboundEventTriggered(event)
    }
    logger.notice(
      "request line too long",
      metadata: [
        "client": "\(connection.id)", "bytes": "\(oversized.byteCount)",
        "limit": "\(maxLineBytes)",
      ])
    // Down the pipeline at once, behind the replies before it: a connection told this is
    // often closed next (its input is over the budget), and the output queue writes what it
    // holds before it closes.
    gather(
      ErrorReply.bytes(for: .lineTooLong(byteCount: oversized.byteCount, limit: maxLineBytes)),
      context: context)
    if let buffer = lines.take() { context.write(wrapOutboundOut(buffer), promise: nil) }
  }

  /// Adds `line` (a JSON text without its newline) to the lines to write.
  private func gather(_ line: [UInt8], context: ChannelHandlerContext) {
    if let full = Self.append(line, to: &lines, context: context, writtenAt: linesWrittenAtBytes) {
      context.write(wrapOutboundOut(full), promise: nil)
    }
  }

  /// Appends `line` to `lines` (one access to the handler's buffer for all of it); returns
  /// the buffer, taken out, once it holds `writtenAt` bytes or more. The first line's size
  /// to start with; a burst's lines grow it by doubling. Appended in place: a second
  /// binding of the buffer would make each line copy all before it.
  private static func append(
    _ line: [UInt8], to lines: inout ByteBuffer?, context: ChannelHandlerContext, writtenAt: Int
  ) -> ByteBuffer? {
    if lines == nil {
      lines = context.channel.allocator.jsonLine(line)
    } else {
      lines!.writeJSONLine(line)
    }
    return lines!.readableBytes >= writtenAt ? lines.take() : nil
  }

  /// Writes the gathered lines down the pipeline and flushes.
  private func writeLines(context: ChannelHandlerContext) {
    if let buffer = lines.take() { context.write(wrapOutboundOut(buffer), promise: nil) }
    context.flush()
  }

  /// Carries out what the dispatcher answered for one line.
  private func handle(
    _ outcome: Dispatcher.Outcome, large: Bool, connection: Connection,
    context: ChannelHandlerContext
  ) {
    switch outcome {
    case .reply(let bytes):
      gather(bytes, context: context)
      if large { HeapTrim.request() }
    case .noReply:
      if large { HeapTrim.request() }
    case .pending(let work):
      context.triggerUserOutboundEvent(
        RequestBackPressureHandler.PendingRequests.started, promise: nil)
      Task {
        let reply = await work()
        connection.send(.reply(reply))
        if large { HeapTrim.request() }
      }
    case .pendingOnMainActor(let work):
      context.triggerUserOutboundEvent(
        RequestBackPressureHandler.PendingRequests.started, promise: nil)
      // The reply goes through the outbox behind the notifications the request sent; the
      // ones sent later queue behind it.
      let answer: @MainActor @Sendable () -> Void = {
        work().deliver { bytes in connection.send(.reply(bytes)) }
      }
      if onMainThread {
        MainActor.assumeIsolated(answer)
      } else {
        mainActor.run(answer)
      }
    }
  }

  // The end of a read burst: its replies go out together. (Nothing after this handler
  // wants the event.)
  func channelReadComplete(context: ChannelHandlerContext) {
    writeLines(context: context)
  }

  /// Writes what the connection's outbox held, in order, with one flush: notifications,
  /// and the replies of requests answered off the event loop.
  func send(_ messages: [Connection.Outgoing]) {
    guard let context else { return }
    var answered = 0
    for message in messages {
      switch message {
      case .notification(let bytes):
        gather(bytes, context: context)
      case .reply(let bytes):
        answered += 1
        if let bytes { gather(bytes, context: context) }
      }
    }
    writeLines(context: context)
    if answered > 0 {
      context.triggerUserOutboundEvent(
        RequestBackPressureHandler.PendingRequests.answered(answered), promise: nil)
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    if let connection {
      connection.detach()
      onClose(connection.id)
      logger.debug("client disconnected", metadata: ["client": "\(connection.id)"])
    }
    connection = nil
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    logger.debug(
      "connection error", metadata: ["client": "\(connection?.id ?? 0)", "error": "\(error)"])
    context.close(promise: nil)
  }
}
