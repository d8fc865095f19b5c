import NIOCore
import NIOEmbedded
import NIOHTTP1
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
    limit.markServed(first)
    limit.markServed(second)
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

  @Test func aNewConnectionEvictsTheOldestThatCompletedNoRequest() throws {
    let limit = ConnectionLimit(maximum: 3)
    let channels = (0..<3).map { _ in EmbeddedChannel() }
    for channel in channels {
      try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
      #expect(limit.admit(channel))
    }
    limit.markServed(channels[0])
    let newcomer = EmbeddedChannel()
    #expect(limit.admit(newcomer))
    #expect(channels[0].isActive, "a served connection keeps its slot")
    #expect(!channels[1].isActive, "the oldest unserved connection gives way")
    #expect(channels[2].isActive)
    #expect(limit.count == 3)
    // Its close does not free the newcomer's slot twice.
    channels[1].embeddedEventLoop.run()
    #expect(limit.count == 3)
    limit.markServed(channels[2])
    limit.markServed(newcomer)
    #expect(!limit.admit(EmbeddedChannel()), "every slot served: refused")
    for channel in [channels[0], channels[2], newcomer] { _ = try? channel.finish() }
  }

  @Test func aRequestMustArriveWithinTheDeadlineHoweverItTrickles() throws {
    let limit = ConnectionLimit(maximum: 4)
    let channel = EmbeddedChannel()
    #expect(limit.admit(channel))
    try channel.pipeline.syncOperations.addHandler(
      RequestDeadline(timeout: .seconds(10), limit: limit))
    try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/")
    // A whole request in time: the deadline stops, and the connection counts as served.
    channel.embeddedEventLoop.advanceTime(by: .seconds(9))
    try channel.writeInbound(HTTPServerRequestPart.head(head))
    try channel.writeInbound(HTTPServerRequestPart.end(nil))
    channel.embeddedEventLoop.advanceTime(by: .seconds(30))
    #expect(channel.isActive)
    // The response's end starts the next request's deadline; parts trickling in do not
    // move it.
    try channel.writeOutbound(HTTPServerResponsePart.end(nil))
    for _ in 0..<9 {
      channel.embeddedEventLoop.advanceTime(by: .seconds(1))
      try channel.writeInbound(HTTPServerRequestPart.body(ByteBuffer(string: "x")))
    }
    #expect(channel.isActive)
    channel.embeddedEventLoop.advanceTime(by: .seconds(1))
    #expect(!channel.isActive)
  }
}

/// Without a token, only this machine's names are served: DNS rebinding cannot reach compd.
@Suite struct HostCheckTests {
  static func head(_ headers: [(String, String)]) -> HTTPRequestHead {
    HTTPRequestHead(
      version: .http1_1, method: .GET, uri: "/rpc", headers: HTTPHeaders(headers))
  }

  @Test func loopbackNamesAreServedAndOthersAre421() {
    let check = RequestCheck(token: nil, allowedHosts: ["Kiosk.Lan"])
    for host in [
      "127.0.0.1:8080", "localhost:8080", "LOCALHOST", "[::1]:8080", "app.localhost:1",
      "127.1.2.3", "kiosk.lan:8080",
    ] {
      #expect(
        check.verdict(for: Self.head([("Host", host)]), upgrade: false)
          == .admitted(setCookie: false), "\(host)")
    }
    for host in [
      "evil.example:8080", "127.0.0.1.evil.example", "localhost.evil", "[::2]", "10.0.0.1",
    ] {
      let rebound = Self.head([("Host", host), ("Origin", "http://\(host)")])
      #expect(check.verdict(for: rebound, upgrade: true) == .foreignHost, "\(host)")
      #expect(check.verdict(for: rebound, upgrade: false) == .foreignHost, "\(host)")
    }
  }

  @Test func aTokenServesAnyHostName() throws {
    let token = try AccessToken("0123456789abcdef0123")
    let check = RequestCheck(token: token)
    let head = Self.head([
      ("Host", "panel.example:8080"), ("Authorization", "Bearer 0123456789abcdef0123"),
    ])
    #expect(check.verdict(for: head, upgrade: false) == .admitted(setCookie: true))
  }
}
