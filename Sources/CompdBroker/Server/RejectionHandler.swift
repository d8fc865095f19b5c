import CompdProtocol
import NIOCore

/// Answers a client over the connection limit with one error line, then closes it.
final class RejectionHandler: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  private let line: [UInt8]

  init(line: [UInt8]) {
    self.line = line
  }

  func channelActive(context: ChannelHandlerContext) {
    let channel = context.channel
    context.writeAndFlush(wrapOutboundOut(channel.allocator.jsonLine(line))).whenComplete { _ in
      channel.close(promise: nil)
    }
    context.fireChannelActive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
}
