import NIOCore
import NIOWebSocket

/// The browser side of one bridged connection: each text message from the page is written to
/// compd's socket as one line, unchanged. Pings are answered, a close is echoed, and when the
/// page goes the daemon connection is closed with it. Binary messages and messages holding a
/// raw newline (which would become two lines) close the WebSocket with a policy error.
/// Sits after `NIOWebSocketFrameAggregator`, so each frame it sees is a whole message.
public final class WebSocketLineBridge: ChannelInboundHandler {
  public typealias InboundIn = WebSocketFrame
  public typealias OutboundOut = WebSocketFrame

  private let daemon: any Channel
  private var closing = false

  /// A bridge writing the page's messages to `daemon`.
  public init(daemon: any Channel) { self.daemon = daemon }

  public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    // Once this side has sent its close frame nothing more reaches compd.
    guard !closing else { return }
    let frame = unwrapInboundIn(data)
    switch frame.opcode {
    case .text:
      var line = frame.unmaskedData
      if line.readableBytesView.contains(UInt8(ascii: "\n")) {
        return close(context: context, code: .policyViolation, reason: "a message holds a newline")
      }
      line.writeInteger(UInt8(ascii: "\n"))
      daemon.writeAndFlush(line, promise: nil)
    case .binary:
      close(context: context, code: .unacceptableData, reason: "send JSON-RPC as text messages")
    case .ping:
      let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
      context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
    case .connectionClose:
      close(context: context, code: .normalClosure, reason: "")
    default:
      break
    }
  }

  /// Stops reading compd while the page is not keeping up, so a slow page holds back its
  /// own connection (compd drops it past its output limit) instead of the gateway's memory.
  public func channelWritabilityChanged(context: ChannelHandlerContext) {
    daemon.setOption(ChannelOptions.autoRead, value: context.channel.isWritable).whenFailure { _ in
    }
    context.fireChannelWritabilityChanged()
  }

  public func channelInactive(context: ChannelHandlerContext) {
    daemon.close(promise: nil)
    context.fireChannelInactive()
  }

  /// A message over the limit arrives in fragments that the aggregator refuses: `1009`.
  public func errorCaught(context: ChannelHandlerContext, error: any Error) {
    switch error as? NIOWebSocketFrameAggregator.Error {
    case .accumulatedFrameSizeIsTooLarge, .tooManyFragments:
      close(context: context, code: .messageTooLarge, reason: "message too large")
    default:
      close(context: context, code: .protocolError, reason: "")
    }
  }

  private func close(context: ChannelHandlerContext, code: WebSocketErrorCode, reason: String) {
    guard !closing else { return }
    closing = true
    let frame = WebSocketFrame.close(
      code: code, reason: reason, allocator: context.channel.allocator)
    let channel = context.channel
    context.writeAndFlush(wrapOutboundOut(frame)).whenComplete { _ in channel.close(promise: nil) }
  }
}

/// The daemon side of one bridged connection: each line compd writes becomes one text
/// message to the page. When compd closes the connection (a restart, a refusal) the page's
/// WebSocket is closed with `1012 service restart`, which tells the page to reconnect.
public final class DaemonLineRelay: ChannelInboundHandler {
  public typealias InboundIn = ByteBuffer

  private let browser: any Channel

  /// A relay writing compd's lines to `browser`.
  public init(browser: any Channel) { self.browser = browser }

  public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let line = unwrapInboundIn(data)
    browser.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, data: line), promise: nil)
  }

  public func channelWritabilityChanged(context: ChannelHandlerContext) {
    browser.setOption(ChannelOptions.autoRead, value: context.channel.isWritable).whenFailure { _ in
    }
    context.fireChannelWritabilityChanged()
  }

  public func channelInactive(context: ChannelHandlerContext) {
    Self.closeForRestart(browser)
    context.fireChannelInactive()
  }

  /// Closes the page's WebSocket with `1012`, unless the page went first.
  static func closeForRestart(_ browser: any Channel) {
    guard browser.isActive else { return }
    let frame = WebSocketFrame.close(
      code: .unknown(1012), reason: "compd closed the connection", allocator: browser.allocator)
    browser.writeAndFlush(frame).whenComplete { _ in browser.close(promise: nil) }
  }

  /// A line over the limit (or a read error) ends this connection; the page reconnects.
  public func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.close(promise: nil)
  }
}

/// Splits compd's output into lines (the `\n` and a `\r` before it dropped), failing on a
/// line longer than `maxLineBytes`.
public struct DaemonLineDecoder: ByteToMessageDecoder {
  public typealias InboundOut = ByteBuffer
  private let maxLineBytes: Int

  /// A decoder refusing lines over `maxLineBytes`.
  public init(maxLineBytes: Int) { self.maxLineBytes = maxLineBytes }

  public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws
    -> DecodingState
  {
    guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
      if buffer.readableBytes > maxLineBytes { throw LineTooLong(limit: maxLineBytes) }
      return .needMoreData
    }
    let length = newline - buffer.readerIndex
    guard length <= maxLineBytes else { throw LineTooLong(limit: maxLineBytes) }
    var line = buffer.readSlice(length: length)!
    buffer.moveReaderIndex(forwardBy: 1)
    if line.readableBytesView.last == UInt8(ascii: "\r") {
      line.moveWriterIndex(to: line.writerIndex - 1)
    }
    context.fireChannelRead(wrapInboundOut(line))
    return .continue
  }

  /// compd wrote a line longer than the gateway relays.
  public struct LineTooLong: Error, CustomStringConvertible {
    /// The limit in bytes.
    public let limit: Int
    public var description: String { "compd sent a line over \(limit) bytes" }
  }
}

extension WebSocketFrame {
  /// A close frame with `code` and a UTF-8 `reason`.
  static func close(code: WebSocketErrorCode, reason: String, allocator: ByteBufferAllocator)
    -> WebSocketFrame
  {
    var data = allocator.buffer(capacity: 2 + reason.utf8.count)
    data.write(webSocketErrorCode: code)
    data.writeString(reason)
    return WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
  }
}
