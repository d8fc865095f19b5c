import Foundation
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOWebSocket
import Testing

@testable import CompWeb

/// A scene opened while its page is served (docs/web.md, "Page load"): the `scene.open` a
/// page request makes, the page around compd's reply, and the parked connection that the
/// page's WebSocket adopts, on `EmbeddedChannel`s.
@Suite struct ScenePageLoadTests {
  /// A page request as Chromium sends it once the gateway asked for the client hints and the
  /// page kept its inset.
  static func pageRequest(
    _ uri: String = "/?component=demo.Login", width: String = "420", height: String = "757",
    ratio: String = "1", scheme: String = "light", inset: String? = "0x28"
  ) -> HTTPRequestHead {
    var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: uri)
    head.headers.add(name: "Sec-CH-Viewport-Width", value: width)
    head.headers.add(name: "Sec-CH-Viewport-Height", value: height)
    head.headers.add(name: "Sec-CH-DPR", value: ratio)
    head.headers.add(name: "Sec-CH-Prefers-Color-Scheme", value: scheme)
    if let inset { head.headers.add(name: "Cookie", value: "a=b; compd-web-scene-inset=\(inset)") }
    return head
  }

  static func request(_ head: HTTPRequestHead) throws -> [String: Any]? {
    guard let line = ScenePageLoad.request(for: head) else { return nil }
    #expect(String(buffer: line).hasSuffix("\n"))
    return try JSONSerialization.jsonObject(with: Data(String(buffer: line).utf8)) as? [String: Any]
  }

  /// The environment is the one web/js/app.js sends (`sceneEnvironment`): the scene area
  /// (viewport less inset), the colour scheme, the pixel ratio rounded into 1…4, no safe area.
  @Test func sceneOpenCarriesThePagesEnvironment() throws {
    let request = try #require(try Self.request(Self.pageRequest()))
    #expect(request["method"] as? String == "scene.open")
    #expect(request["id"] as? String == "page-load")
    let params = try #require(request["params"] as? [String: Any])
    #expect(params["component"] as? String == "demo.Login")
    #expect(params["params"] == nil)
    let environment = try #require(params["environment"] as? [String: Any])
    #expect(environment["width"] as? Int == 420)
    #expect(environment["height"] as? Int == 729)
    #expect(environment["style"] as? String == "light")
    #expect(environment["scale"] as? Int == 1)
    #expect(
      environment["safeArea"] as? [String: Int] == ["top": 0, "left": 0, "bottom": 0, "right": 0])

    for (ratio, scale) in [("2.5", 3), ("1.25", 1), ("0.5", 1), ("6", 4)] {
      let request = try #require(try Self.request(Self.pageRequest(ratio: ratio)))
      let environment = (request["params"] as? [String: Any])?["environment"] as? [String: Any]
      #expect(environment?["scale"] as? Int == scale, "\(ratio)")
    }
    let dark = try #require(try Self.request(Self.pageRequest(scheme: "\"dark\"")))
    #expect(
      ((dark["params"] as? [String: Any])?["environment"] as? [String: Any])?["style"] as? String
        == "dark")
  }

  /// Query values are decoded as `URLSearchParams` does; params are re-encoded JSON, so
  /// nothing in the URL can add members to the request.
  @Test func paramsAndComponentComeDecodedFromTheQuery() throws {
    let uri = "/?component=demo%2ELogin&params=%7B%22username%22%3A%22a+b%22%7D&x=1"
    let request = try #require(try Self.request(Self.pageRequest(uri)))
    let params = try #require(request["params"] as? [String: Any])
    #expect(params["component"] as? String == "demo.Login")
    #expect(params["params"] as? [String: String] == ["username": "a b"])
    let injected = "/?component=demo.Login&params=1},\"lifetime\":\"daemon\""
    #expect(try Self.request(Self.pageRequest(injected)) == nil)
    #expect(try Self.request(Self.pageRequest("/?component=demo.Login&params=[1]")) == nil)
  }

  /// A page of an open scene subscribes to it (a snapshot), hints or not.
  @Test func aScenePageSubscribes() throws {
    for head in [
      Self.pageRequest("/?scene=s%31&component=demo.Login"),
      Self.pageRequest("/?scene=s1", inset: nil),
    ] {
      let request = try #require(try Self.request(head))
      #expect(request["method"] as? String == "scene.subscribe")
      #expect(request["params"] as? [String: String] == ["scene": "s1"])
    }
  }

  /// Without a component or a scene, or without any of the hints or the inset, the page
  /// opens its scene itself.
  @Test func otherRequestsOpenNothing() throws {
    let cases: [HTTPRequestHead] = [
      Self.pageRequest("/"),
      Self.pageRequest(inset: nil),
      Self.pageRequest(inset: "0x"),
      Self.pageRequest(inset: "0x800"),
      Self.pageRequest(width: "wide"),
      Self.pageRequest(ratio: "nan"),
      Self.pageRequest(scheme: "blue"),
    ]
    for head in cases { #expect(try Self.request(head) == nil, "\(head)") }
    var post = Self.pageRequest()
    post.method = .POST
    #expect(try Self.request(post) == nil)
  }

  /// The token goes into the head, before the script that opens the socket; compd's reply
  /// goes before `</body>` with every `<` escaped, so it cannot close its element.
  @Test func thePageCarriesTokenAndReply() throws {
    let html = ByteBuffer(
      string: "<html><head><script>s</script></head><body><p>x</p></body></html>")
    let page = ScenePageLoad.page(html, token: "abc")
    #expect(
      String(buffer: page.head)
        == "<html><head>\n<meta name=\"compd-adopt\" content=\"abc\"><script>s</script></head><body><p>x</p>"
    )
    #expect(String(buffer: page.tail) == "</body></html>")
    let reply = ScenePageLoad.replyElement(
      ByteBuffer(string: #"{"jsonrpc":"2.0","id":"page-load","result":{"t":"</script><!--"}}"#))
    let text = String(buffer: reply)
    #expect(!text.dropFirst().dropLast(10).contains("<"))
    let json = text.split(separator: ">", maxSplits: 1)[1].split(separator: "<")[0]
    let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect((decoded?["result"] as? [String: String])?["t"] == "</script><!--")
  }

  /// The page gets `Accept-CH` (so that its next load carries the hints); a WebSocket request
  /// with an adoption token that no connection waits for is refused with 404.
  @Test func pagesAskForHintsAndUnknownAdoptionsAre404() throws {
    let (page, _) = try StaticFileHandlerTests.respond("/?component=demo.Login")
    #expect(page.headers["Accept-CH"] == [ScenePageLoad.clientHints])
    let (file, _) = try StaticFileHandlerTests.respond("/app/client.js")
    #expect(file.headers["Accept-CH"].isEmpty)
    let (refused, body) = try StaticFileHandlerTests.respond("/rpc?adopt=0123")
    #expect(refused.status == .notFound)
    #expect(body.contains("adopt token"))
  }
}

/// Connections waiting for their pages: one-time tokens, the bound, the timeout, and the
/// lines compd writes before and after the adoption.
@Suite struct ParkedConnectionsTests {
  let loop = EmbeddedEventLoop()

  /// A daemon connection as `ScenePageLoad` makes it, with the reply promise.
  func daemon(maxBufferedBytes: Int = 1024) throws -> (EmbeddedChannel, EventLoopFuture<ByteBuffer>)
  {
    let channel = EmbeddedChannel(loop: loop)
    let reply = loop.makePromise(of: ByteBuffer.self)
    try channel.pipeline.syncOperations.addHandler(
      ByteToMessageHandler(DaemonLineDecoder(maxLineBytes: 1 << 16)))
    try channel.pipeline.syncOperations.addHandler(
      ParkedLines(requestID: "page-load", reply: reply, maxBufferedBytes: maxBufferedBytes))
    try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    return (channel, reply.futureResult)
  }

  @Test func aTokenIsRandomAndUsableOnce() throws {
    let parked = ParkedConnections()
    let (first, _) = try daemon()
    let (second, _) = try daemon()
    let token = try #require(parked.park(first))
    let other = try #require(parked.park(second))
    #expect(token.count == 32 && token.allSatisfy(\.isHexDigit))
    #expect(token != other)
    #expect(parked.take(token) === first)
    #expect(parked.take(token) == nil)
    #expect(parked.take("0123456789abcdef0123456789abcdef") == nil)
    #expect(parked.count == 1)
  }

  @Test func atMostLimitWait() throws {
    let parked = ParkedConnections(limit: 2)
    #expect(parked.park(try daemon().0) != nil)
    #expect(parked.park(try daemon().0) != nil)
    #expect(parked.park(try daemon().0) == nil)
  }

  /// Not adopted in time: closed (compd then treats the scene as a lost client's) and its
  /// token no longer works. A connection that closes by itself is forgotten at once.
  @Test func anUnadoptedConnectionClosesAfterTheTimeout() throws {
    let parked = ParkedConnections(timeout: .seconds(5))
    let (channel, _) = try daemon()
    let token = try #require(parked.park(channel))
    loop.advanceTime(by: .seconds(4))
    #expect(channel.isActive)
    loop.advanceTime(by: .seconds(2))
    #expect(!channel.isActive)
    #expect(parked.take(token) == nil)

    let (closing, _) = try daemon()
    _ = try #require(parked.park(closing))
    #expect(parked.count == 1)
    try closing.close().wait()
    loop.run()
    #expect(parked.count == 0)
  }

  /// compd's reply goes to the page; lines written before the adoption reach the WebSocket
  /// first, in order, then the newer ones, through a `DaemonLineRelay`.
  @Test func keptLinesReachTheAdoptingSocketFirstInOrder() throws {
    let parked = ParkedConnections(timeout: .seconds(5))
    let (channel, reply) = try daemon()
    let token = try #require(parked.park(channel))
    try channel.writeInbound(
      ByteBuffer(
        string:
          "{\"jsonrpc\":\"2.0\",\"id\":\"page-load\",\"result\":{\"scene\":\"s1\"}}\n{\"n\":1}\n"))
    #expect(try String(buffer: reply.wait()).contains("\"scene\":\"s1\""))
    try channel.writeInbound(ByteBuffer(string: "{\"n\":2}\n"))

    let browser = EmbeddedChannel(loop: loop)
    try browser.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 2)).wait()
    #expect(parked.take(token) === channel)
    let context = try channel.pipeline.syncOperations.context(handlerType: ParkedLines.self)
    try channel.pipeline.syncOperations.handler(type: ParkedLines.self).adopt(
      browser, context: context)
    try channel.writeInbound(ByteBuffer(string: "{\"n\":3}\n"))
    var lines: [String] = []
    while let frame = try browser.readOutbound(as: WebSocketFrame.self) {
      #expect(frame.opcode == .text)
      lines.append(String(buffer: frame.data))
    }
    #expect(lines == [#"{"n":1}"#, #"{"n":2}"#, #"{"n":3}"#])
    #expect(throws: (any Error).self) {
      try channel.pipeline.syncOperations.handler(type: ParkedLines.self)
    }
    // Adopted, the connection outlives the timeout.
    loop.advanceTime(by: .seconds(10))
    #expect(channel.isActive)
  }

  /// Adopted before compd has answered: the reply still goes to the page, not the socket.
  @Test func anEarlyAdoptionLeavesTheReplyToThePage() throws {
    let (channel, reply) = try daemon()
    let browser = EmbeddedChannel(loop: loop)
    let context = try channel.pipeline.syncOperations.context(handlerType: ParkedLines.self)
    try channel.pipeline.syncOperations.handler(type: ParkedLines.self).adopt(
      browser, context: context)
    try channel.writeInbound(
      ByteBuffer(string: "{\"jsonrpc\":\"2.0\",\"id\":\"page-load\",\"result\":{}}\n{\"n\":1}\n"))
    #expect(try String(buffer: reply.wait()).contains("page-load"))
    let frames = try [browser.readOutbound(as: WebSocketFrame.self)].compactMap { $0 }
    #expect(frames.map { String(buffer: $0.data) } == [#"{"n":1}"#])
  }

  /// More kept than the bound: the connection is closed, and the page, if it still loads,
  /// gets no reply.
  @Test func tooMuchKeptClosesTheConnection() throws {
    let (channel, reply) = try daemon(maxBufferedBytes: 16)
    try channel.writeInbound(ByteBuffer(string: "{\"n\":\"0123456789abcdef\"}\n"))
    #expect(!channel.isActive)
    #expect(throws: (any Error).self) { try reply.wait() }
  }
}
