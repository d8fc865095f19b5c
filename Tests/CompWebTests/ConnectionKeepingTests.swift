import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import CompWeb

/// What the gateway does about connections that stay without doing anything, and about too
/// many of them, on `EmbeddedChannel`s. `IdleStateHandler` reads the wall clock, which an
/// embedded loop does not move, so its read-idle events are fired here by hand; the Python
/// browser tests (`test_gateway_bounds_connections_and_drops_silent_peers`) run the whole
/// gateway with one-second timeouts.
@Suite struct ConnectionKeepingTests {
  static let idle = IdleStateHandler.IdleStateEvent.read

  static func connected(_ handlers: [any ChannelHandler]) throws -> EmbeddedChannel {
    let channel = EmbeddedChannel()
    try channel.pipeline.syncOperations.addHandlers(handlers)
    try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    return channel
  }

  @Test func aSilentPageIsPingedThenClosed() throws {
    let channel = try Self.connected([WebSocketKeepalive()])
    channel.pipeline.fireUserInboundEventTriggered(Self.idle)
    let ping = try #require(try channel.readOutbound(as: WebSocketFrame.self))
    #expect(ping.opcode == .ping && ping.fin)
    #expect(channel.isActive)
    channel.pipeline.fireUserInboundEventTriggered(Self.idle)
    #expect(!channel.isActive)
  }

  @Test func anyFrameFromThePageKeepsItOpen() throws {
    let channel = try Self.connected([WebSocketKeepalive()])
    for round in 0..<100 {
      channel.pipeline.fireUserInboundEventTriggered(Self.idle)
      #expect(try channel.readOutbound(as: WebSocketFrame.self)?.opcode == .ping)
      // The page answers within the interval, with a pong or with a message.
      let opcode: WebSocketOpcode = round % 2 == 0 ? .pong : .text
      try channel.writeInbound(
        WebSocketFrame(fin: true, opcode: opcode, data: ByteBuffer(string: "x")))
      // The frame goes on to the bridge.
      #expect(try channel.readInbound(as: WebSocketFrame.self)?.opcode == opcode)
    }
    #expect(channel.isActive)
    // Other events pass through.
    channel.pipeline.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.write)
    #expect(channel.isActive)
    _ = try channel.finish()
  }

  @Test func aSilentHTTPConnectionIsClosed() throws {
    let channel = try Self.connected([IdleConnectionCloser()])
    channel.pipeline.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.write)
    #expect(channel.isActive)
    channel.pipeline.fireUserInboundEventTriggered(Self.idle)
    #expect(!channel.isActive)
  }

  @Test func connectionsOverTheLimitAreAnswered503AndClosed() throws {
    let limit = ConnectionLimit(maximum: 2)
    let first = EmbeddedChannel()
    let second = EmbeddedChannel()
    #expect(limit.admit(first) && limit.admit(second))
    let third = EmbeddedChannel()
    #expect(!limit.admit(third))
    #expect(limit.count == 2)
    try third.pipeline.syncOperations.addHandler(OverLimitResponse(maximum: 2))
    try third.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    let answer = try #require(try third.readOutbound(as: ByteBuffer.self))
    let text = String(buffer: answer)
    #expect(text.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
    #expect(
      text.contains("Connection: close")
        && text.hasSuffix("its --max-connections; try again later\n"))
    third.embeddedEventLoop.run()
    #expect(!third.isActive)
    // A closed connection makes room.
    try first.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    try first.close().wait()
    first.embeddedEventLoop.run()
    #expect(limit.count == 1)
    let fourth = EmbeddedChannel()
    #expect(limit.admit(fourth))
    _ = try? second.finish()
    _ = try? fourth.finish()
  }
}
