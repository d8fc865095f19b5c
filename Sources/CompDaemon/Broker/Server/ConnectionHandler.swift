import JSONRPC
import Logging
import NIOCore

/// The per-connection pipeline handler: framing, dispatch, pipelined replies, the bounded
/// output queue and read back-pressure.
///
/// Everything here runs on the channel's event loop. Immediate replies are written inline
/// and flushed once per read burst; pending ones run in a Task and are written back on the
/// event loop.
final class ConnectionHandler: ChannelDuplexHandler {
  typealias InboundIn = ByteBuffer
  typealias OutboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  struct Settings: Sendable {
    var maxLineBytes: Int
    var maxOutputBytes: Int
    /// Queued output above which no more requests are read or handled (the channel's
    /// high write watermark).
    var writeHighWatermark: Int
  }

  private let settings: Settings
  private let dispatcher: Dispatcher
  private let budget: OutputBudget
  private let logger: Logger
  private let onClose: @Sendable (UInt64) -> Void
  private var framer: LineFramer
  private var connection: Connection?
  private var context: ChannelHandlerContext?
  private var inFlight = 0
  private var outgoing: ByteBuffer?
  private var readHeldBack = false
  /// Requests already read wait in the framer until the client reads its replies.
  private var framesHeldBack = false
  private var shuttingDown = false
  private var closing = false

  init(
    settings: Settings, dispatcher: Dispatcher, budget: OutputBudget, logger: Logger,
    onClose: @escaping @Sendable (UInt64) -> Void
  ) {
    self.settings = settings
    self.dispatcher = dispatcher
    self.budget = budget
    self.logger = logger
    self.onClose = onClose
    self.framer = LineFramer(maxLineBytes: settings.maxLineBytes)
  }

  /// Attaches the `RPCConnection` this handler serves (before the channel is active).
  func attach(_ connection: Connection) {
    self.connection = connection
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    self.context = nil
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

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !shuttingDown, !closing, connection != nil else { return }
    let buffer = unwrapInboundIn(data)
    buffer.withUnsafeReadableBytes { framer.append($0) }
    handleFrames(context: context)
  }

  /// Handles the requests the framer holds, until their replies fill the socket's queue:
  /// a burst of pipelined requests then waits, read but unanswered, until the client reads.
  private func handleFrames(context: ChannelHandlerContext) {
    guard let connection else { return }
    while !closing, !shuttingDown {
      guard mayHandleMore(context: context) else {
        framesHeldBack = true
        return
      }
      guard let frame = framer.nextFrame() else { return }
      switch frame {
      case .line(let line):
        handle(line: line, connection: connection, context: context)
      case .oversized(let byteCount):
        logger.notice(
          "request line too long",
          metadata: [
            "client": "\(connection.id)", "bytes": "\(byteCount)",
            "limit": "\(settings.maxLineBytes)",
          ])
        write(
          ErrorReply.bytes(
            for: .lineTooLong(byteCount: byteCount, limit: settings.maxLineBytes)),
          context: context)
      }
      if let outgoing, outgoing.readableBytes >= settings.writeHighWatermark {
        flushAndCheck(context: context)
      }
    }
  }

  /// Requests of one client that may be answered off the event loop at once; the next
  /// one waits, so that a client pipelining slow requests cannot pile up tasks and their
  /// replies.
  static let maxPendingRequests = 64

  /// Whether another request may be handled now: the replies queued are below the high
  /// watermark and not too many requests are pending.
  private func mayHandleMore(context: ChannelHandlerContext) -> Bool {
    context.channel.isWritable && inFlight < Self.maxPendingRequests
  }

  /// Handles the requests held back, then reads again, once the client has read its
  /// replies or pending requests have been answered.
  private func resume(context: ChannelHandlerContext) {
    guard !shuttingDown, !closing, mayHandleMore(context: context) else { return }
    if framesHeldBack {
      framesHeldBack = false
      handleFrames(context: context)
      flushAndCheck(context: context)
    }
    if !framesHeldBack && readHeldBack {
      readHeldBack = false
      context.read()
    }
  }

  private func handle(line: [UInt8], connection: Connection, context: ChannelHandlerContext) {
    // What a large request's tree took is freed once it has been answered.
    let large = line.count >= HeapTrim.largeLineBytes
    switch dispatcher.handle(line: line, connection: connection) {
    case .reply(let bytes):
      write(bytes, context: context)
      if large { HeapTrim.request() }
    case .noReply:
      if large { HeapTrim.request() }
    case .pending(let work):
      inFlight += 1
      Task {
        let reply = await work()
        connection.send(.reply(reply))
        if large { HeapTrim.request() }
      }
    case .pendingOnMainActor(let work):
      inFlight += 1
      Task { @MainActor in
        // Behind the notifications the request sent; the ones sent later queue behind it.
        work().deliver { bytes in connection.send(.reply(bytes)) }
      }
    }
  }

  /// Writes what the connection's outbox held, in order, with one flush: notifications,
  /// and the replies of requests answered off the event loop.
  func send(_ messages: [Connection.Outgoing]) {
    guard let context else { return }
    for message in messages {
      switch message {
      case .notification(let bytes):
        if !closing { write(bytes, context: context) }
      case .reply(let bytes):
        inFlight -= 1
        if let bytes, !closing { write(bytes, context: context) }
      }
    }
    flushAndCheck(context: context)
    resume(context: context)
    if shuttingDown && inFlight == 0 { closeAfterFlush(context: context) }
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    flushAndCheck(context: context)
    context.fireChannelReadComplete()
  }

  private func write(_ bytes: [UInt8], context: ChannelHandlerContext) {
    // Replies of one read burst are gathered into one buffer: one write and one flush.
    if outgoing == nil {
      outgoing = context.channel.allocator.buffer(capacity: max(bytes.count + 1, 1024))
    }
    outgoing!.writeBytes(bytes)
    outgoing!.writeInteger(UInt8(ascii: "\n"))
  }

  private func flushAndCheck(context: ChannelHandlerContext) {
    guard let buffer = outgoing else { return }
    outgoing = nil
    if let connection {
      // Counted against the budget of all clients until written or dropped.
      let size = buffer.readableBytes
      let budget = self.budget
      // Added before writing: a write that completes at once releases it inside
      // writeAndFlush.
      budget.add(size, for: connection)
      let written = context.eventLoop.makePromise(of: Void.self)
      written.futureResult.whenComplete { _ in budget.release(size, for: connection) }
      context.writeAndFlush(wrapOutboundOut(buffer), promise: written)
    } else {
      context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
    }
    // Below the high watermark nothing can be over the limit; only then ask for the count.
    guard !context.channel.isWritable, !closing else { return }
    let queued = (try? context.channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
    if queued > settings.maxOutputBytes {
      closing = true
      logger.warning(
        "disconnecting client: it does not read its replies",
        metadata: [
          "client": "\(connection?.id ?? 0)", "queuedBytes": "\(queued)",
          "limit": "\(settings.maxOutputBytes)",
        ])
      context.close(promise: nil)
    }
  }

  // Back-pressure: while the output queue is above its high watermark, or too many
  // requests are pending, or requests already read wait, read no more from this client.
  func read(context: ChannelHandlerContext) {
    if mayHandleMore(context: context) && !framesHeldBack && !shuttingDown {
      context.read()
    } else {
      readHeldBack = true
    }
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    resume(context: context)
    context.fireChannelWritabilityChanged()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    logger.debug(
      "connection error", metadata: ["client": "\(connection?.id ?? 0)", "error": "\(error)"])
    context.close(promise: nil)
  }

  /// Stops taking requests; closes once in-flight requests have been answered.
  func beginShutdown() {
    guard !shuttingDown, let context else { return }
    shuttingDown = true
    if inFlight == 0 { closeAfterFlush(context: context) }
  }

  private func closeAfterFlush(context: ChannelHandlerContext) {
    guard !closing else { return }
    flushAndCheck(context: context)
    closing = true
    let channel = context.channel
    // Writes complete in order, so this one completing means every reply before it is out.
    context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(capacity: 0))).whenComplete {
      _ in
      channel.close(promise: nil)
    }
  }
}
