import NIOCore
import NIOHTTP1

/// Gives a client a fixed time to send a whole request: from the connection's start, and
/// again from the end of each response, until the request's end has arrived. A client that
/// trickles a byte every few seconds keeps an idle timer alive forever (slowloris); this
/// deadline does not move with activity, as nginx's `client_header_timeout` and
/// `client_body_timeout` bound a request whatever arrives meanwhile.
///
/// A completed request marks the connection served in the `ConnectionLimit`, so that it
/// keeps its slot when the slots run out. After a WebSocket upgrade the handler is removed
/// (the WebSocket's keepalive takes over).
final class RequestDeadline: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  private let timeout: TimeAmount
  private let limit: ConnectionLimit
  private var deadline: Scheduled<Void>?

  /// A deadline of `timeout` per request, marking served connections in `limit`.
  init(timeout: TimeAmount, limit: ConnectionLimit) {
    self.timeout = timeout
    self.limit = limit
  }

  func handlerAdded(context: ChannelHandlerContext) { start(context: context) }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if case .end = unwrapInboundIn(data) {
      deadline?.cancel()
      deadline = nil
      limit.markServed(context.channel)
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    if case .end = unwrapOutboundIn(data) { start(context: context) }
    context.write(data, promise: promise)
  }

  private func start(context: ChannelHandlerContext) {
    deadline?.cancel()
    let channel = context.channel
    deadline = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
  }
}

/// Closes a connection whose bytes are not HTTP: NIO answers a parse error with a 400 and
/// stops reading, and without this the socket would stay open until a timeout. Other errors
/// (a declined WebSocket upgrade reports one, and is answered by the file handler) pass on.
final class ProtocolErrorCloser: ChannelInboundHandler {
  typealias InboundIn = NIOAny

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    if error is HTTPParserError {
      context.close(promise: nil)
    } else {
      context.fireErrorCaught(error)
    }
  }
}
