import NIOCore
import NIOWebSocket

/// Finds pages that went away without a word — a laptop put to sleep, a pulled cable, a
/// kiosk that lost its network — whose TCP connections would otherwise stay open for
/// hours, holding their compd connections and keeping their `connection` scenes from
/// closing. Sits after an `IdleStateHandler` with the keepalive interval as read timeout:
/// when nothing came from the page for one interval it sends a ping (browsers answer pings
/// by themselves); when nothing came for another interval after the ping it closes the
/// connection, and the bridge closes the page's compd connection with it, so that compd's
/// grace period for the page's scenes starts.
public final class WebSocketKeepalive: ChannelDuplexHandler {
  public typealias InboundIn = WebSocketFrame
  public typealias InboundOut = WebSocketFrame
  public typealias OutboundIn = WebSocketFrame
  public typealias OutboundOut = WebSocketFrame

  /// Whether a ping went out and nothing has come since.
  private var awaitingAnswer = false

  /// A keepalive for one page's WebSocket.
  public init() {}

  public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    // Any frame shows the page is there, a pong or a message alike.
    awaitingAnswer = false
    context.fireChannelRead(data)
  }

  public func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard case .read? = event as? IdleStateHandler.IdleStateEvent else {
      return context.fireUserInboundEventTriggered(event)
    }
    if awaitingAnswer {
      context.close(promise: nil)
      return
    }
    awaitingAnswer = true
    let ping = WebSocketFrame(
      fin: true, opcode: .ping, data: context.channel.allocator.buffer(string: "compd-web"))
    context.writeAndFlush(wrapOutboundOut(ping), promise: nil)
  }
}

/// Closes an HTTP connection on which the client sent nothing for the `IdleStateHandler`'s
/// read timeout before it: a request that never completes, or a kept-alive connection left
/// idle, does not hold one of the gateway's connections for ever.
public final class IdleConnectionCloser: ChannelInboundHandler {
  public typealias InboundIn = NIOAny

  /// A closer for one connection.
  public init() {}

  public func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard case .read? = event as? IdleStateHandler.IdleStateEvent else {
      return context.fireUserInboundEventTriggered(event)
    }
    context.close(promise: nil)
  }
}
