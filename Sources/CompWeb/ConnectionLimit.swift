import NIOConcurrencyHelpers
import NIOCore

/// How many browser connections the gateway holds at once. A connection over the limit is
/// answered `503 Service Unavailable` (`OverLimitResponse`) and closed without being read,
/// so that one client opening connections without end cannot take the gateway's file
/// descriptors, or, through its WebSockets, every compd connection the gateway's user may
/// have.
public final class ConnectionLimit: Sendable {
  /// The most connections held at once.
  public let maximum: Int
  private let open = NIOLockedValueBox(0)

  /// A limit of `maximum` connections.
  public init(maximum: Int) { self.maximum = maximum }

  /// The connections held now.
  public var count: Int { open.withLockedValue { $0 } }

  /// Counts `channel` until it closes; `false`, counting nothing, at the limit.
  public func admit(_ channel: any Channel) -> Bool {
    let admitted = open.withLockedValue { count in
      guard count < maximum else { return false }
      count += 1
      return true
    }
    if admitted {
      channel.closeFuture.whenComplete { [open] _ in open.withLockedValue { $0 -= 1 } }
    }
    return admitted
  }
}

/// The whole pipeline of a connection over the `ConnectionLimit`: a `503` saying why, then
/// the close.
public final class OverLimitResponse: ChannelInboundHandler {
  public typealias InboundIn = ByteBuffer
  public typealias OutboundOut = ByteBuffer

  private let maximum: Int

  /// The answer for a gateway holding `maximum` connections.
  public init(maximum: Int) { self.maximum = maximum }

  public func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { respond(context: context) }
  }

  public func channelActive(context: ChannelHandlerContext) {
    respond(context: context)
    context.fireChannelActive()
  }

  public func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

  private func respond(context: ChannelHandlerContext) {
    let body = "compd-web holds \(maximum) connections, its --max-connections; try again later\n"
    let response =
      "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
      + "Content-Length: \(body.utf8.count)\r\nRetry-After: 1\r\nConnection: close\r\n\r\n" + body
    let channel = context.channel
    context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(string: response)))
      .whenComplete { _ in channel.close(promise: nil) }
  }
}
