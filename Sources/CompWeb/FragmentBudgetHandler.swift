import NIOCore
import NIOWebSocket

/// Counts the fragments of a page's unfinished message against the gateway's
/// `PendingMessageBudget`, before `NIOWebSocketFrameAggregator` keeps them: a fragment that
/// would pass the budget closes this WebSocket with `1013` (try again later) and is not
/// kept; the message's fragments are released when its last one arrives or the connection
/// closes. Whole messages (one final frame, as browsers send them) and control frames pass
/// uncounted.
///
/// A fragment goes on in a buffer of its own: the decoder's frame is a slice of the buffer
/// the socket was read into, and a kept slice would keep that whole buffer (up to 64 KiB
/// and more, whatever the fragment's size) alive. It counts by that buffer's capacity,
/// the memory it holds.
final class FragmentBudgetHandler: ChannelInboundHandler {
  typealias InboundIn = WebSocketFrame
  typealias InboundOut = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  private let budget: PendingMessageBudget
  /// The bytes of this connection's unfinished message counted against the budget.
  private var held = 0
  private var refused = false

  init(budget: PendingMessageBudget) { self.budget = budget }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !refused else { return }
    var frame = unwrapInboundIn(data)
    let fragment: Bool
    switch frame.opcode {
    case .text, .binary: fragment = !frame.fin
    case .continuation: fragment = true
    default: fragment = false
    }
    guard fragment else { return context.fireChannelRead(data) }
    var own = context.channel.allocator.buffer(capacity: frame.data.readableBytes)
    own.writeImmutableBuffer(frame.data)
    guard budget.reserve(own.capacity) else { return refuse(context: context) }
    held += own.capacity
    frame.data = own
    // The aggregator has the message whole after a final continuation, or forgets it.
    let ends = frame.opcode == .continuation && frame.fin
    context.fireChannelRead(wrapInboundOut(frame))
    if ends { releaseHeld() }
  }

  func channelInactive(context: ChannelHandlerContext) {
    releaseHeld()
    context.fireChannelInactive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    releaseHeld()
  }

  private func releaseHeld() {
    budget.release(held)
    held = 0
  }

  /// Closes the WebSocket with `1013`, releasing what this connection held.
  private func refuse(context: ChannelHandlerContext) {
    refused = true
    releaseHeld()
    let frame = WebSocketFrame.close(
      code: .unknown(1013), reason: "the gateway holds too many unfinished messages",
      allocator: context.channel.allocator)
    let channel = context.channel
    context.writeAndFlush(wrapOutboundOut(frame)).whenComplete { _ in channel.close(promise: nil) }
  }
}
