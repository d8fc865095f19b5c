import CompdProtocol
import NIOCore

/// Holds a client back while it is not reading its replies or has too many requests running:
/// requests already read wait here, in order, and no more is read from its socket until the
/// replies queued drop below the channel's low watermark and requests still running have
/// been answered.
///
/// It also stops a connection gracefully: on `ChannelShouldQuiesceEvent` it takes no more
/// requests and, once every request still running has been answered, asks the output
/// queue (`CloseWhenWritten`, which the queue, nearer the head, takes) to close the
/// connection when everything is written.
///
/// Request lines waiting here count against the input budget of all clients
/// (`InputBudget`) until they are handed on or dropped.
///
/// The handler after it says when a request goes on running after its line was handled, and
/// when such requests have been answered, with `PendingRequests` outbound events.
final class RequestBackPressureHandler: ChannelDuplexHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundIn = ByteBuffer

  /// Outbound user events about requests answered after their line was handled.
  enum PendingRequests {
    /// One request goes on running (in a task) after its line was handled.
    case started
    /// This many of the requests running have been answered (their replies written).
    case answered(Int)
  }

  /// Requests of one client that may run at once; the next one waits, so that a client
  /// pipelining slow requests cannot pile up tasks and their replies.
  static let maxPendingRequests = 64

  private let maxPending: Int
  private var pending = 0
  /// Request lines (and reports of oversized ones) read while the client was held back,
  /// oldest first.
  private var waiting = CircularBuffer<JSONLineFrame>()
  /// The bytes of the lines in `waiting`, as `input` counts them.
  private var waitingBytes = 0
  private let input: InputBudget.Account?
  private var readHeldBack = false
  private var quiescing = false
  private var closeRequested = false
  private var closed = false

  init(
    maxPendingRequests: Int = RequestBackPressureHandler.maxPendingRequests,
    input: InputBudget.Account? = nil
  ) {
    self.maxPending = maxPendingRequests
    self.input = input
  }

  /// Whether another request may be handled now: the replies queued are below the high
  /// watermark and not too many requests are running.
  private func mayHandleMore(context: ChannelHandlerContext) -> Bool {
    context.channel.isWritable && pending < maxPending && !closed
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    // Lines of a connection that is going or gone are not requests any more.
    guard !quiescing, !closed else { return }
    if waiting.isEmpty && mayHandleMore(context: context) {
      context.fireChannelRead(data)
    } else {
      let line = unwrapInboundIn(data)
      waiting.append(.line(line))
      waitingBytes += line.readableBytes
      input?.add(line.readableBytes)
    }
  }

  // While the output queue is above its high watermark, or too many requests are running,
  // or requests already read wait, nothing more is read from this client.
  func read(context: ChannelHandlerContext) {
    if waiting.isEmpty && !quiescing && mayHandleMore(context: context) {
      context.read()
    } else {
      readHeldBack = true
    }
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    resume(context: context)
    context.fireChannelWritabilityChanged()
  }

  func triggerUserOutboundEvent(
    context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?
  ) {
    guard let event = event as? PendingRequests else {
      return context.triggerUserOutboundEvent(event, promise: promise)
    }
    switch event {
    case .started:
      pending += 1
    case .answered(let count):
      pending -= count
      resume(context: context)
      if quiescing && pending == 0 { requestClose(context: context) }
    }
    promise?.succeed()
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    switch event {
    case let oversized as JSONLineFrameHandler.OversizedLine:
      // Answered in its place among the requests.
      guard !quiescing, !closed else { return }
      if waiting.isEmpty && mayHandleMore(context: context) {
        context.fireUserInboundEventTriggered(oversized)
      } else {
        waiting.append(.oversized(byteCount: oversized.byteCount))
      }
    case is ChannelShouldQuiesceEvent:
      if !quiescing {
        quiescing = true
        dropWaiting()
        if pending == 0 { requestClose(context: context) }
      }
      context.fireUserInboundEventTriggered(event)
    default:
      context.fireUserInboundEventTriggered(event)
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    closed = true
    dropWaiting()
    context.fireChannelInactive()
  }

  /// Hands on the requests held back, then reads again, once the client has read its
  /// replies or running requests have been answered.
  private func resume(context: ChannelHandlerContext) {
    guard !quiescing, mayHandleMore(context: context) else { return }
    if !waiting.isEmpty {
      while !quiescing, mayHandleMore(context: context), let frame = waiting.popFirst() {
        switch frame {
        case .line(let line):
          waitingBytes -= line.readableBytes
          input?.release(line.readableBytes)
          context.fireChannelRead(wrapInboundOut(line))
        case .oversized(let byteCount):
          context.fireUserInboundEventTriggered(
            JSONLineFrameHandler.OversizedLine(byteCount: byteCount))
        }
      }
      // Their replies go out together, as those of one read do.
      context.fireChannelReadComplete()
    }
    if waiting.isEmpty && readHeldBack && !quiescing && mayHandleMore(context: context) {
      readHeldBack = false
      context.read()
    }
  }

  private func dropWaiting() {
    waiting.removeAll()
    let released = waitingBytes
    waitingBytes = 0
    input?.release(released)
  }

  private func requestClose(context: ChannelHandlerContext) {
    guard !closeRequested else { return }
    closeRequested = true
    context.triggerUserOutboundEvent(OutputQueueHandler.CloseWhenWritten(), promise: nil)
  }
}
