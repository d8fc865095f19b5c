import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import CompWeb

/// The frame↔line bridge on two `EmbeddedChannel`s sharing a loop: the page's side with
/// `WebSocketLineBridge`, compd's side with `DaemonLineDecoder` and `DaemonLineRelay`.
@Suite struct WebSocketLineBridgeTests {
  let loop = EmbeddedEventLoop()
  let browser: EmbeddedChannel
  let daemon: EmbeddedChannel

  init() throws {
    browser = EmbeddedChannel(loop: loop)
    daemon = EmbeddedChannel(loop: loop)
    try browser.pipeline.syncOperations.addHandler(WebSocketLineBridge(daemon: daemon))
    try daemon.pipeline.syncOperations.addHandler(
      ByteToMessageHandler(DaemonLineDecoder(maxLineBytes: 64)))
    try daemon.pipeline.syncOperations.addHandler(DaemonLineRelay(browser: browser))
    try browser.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    try daemon.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 2)).wait()
  }

  func text(_ string: String) -> WebSocketFrame {
    WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: string))
  }

  func sentToDaemon() throws -> String {
    var out = ""
    while let buffer = try daemon.readOutbound(as: ByteBuffer.self) {
      out += String(buffer: buffer)
    }
    return out
  }

  func sentToBrowser() throws -> [WebSocketFrame] {
    var frames: [WebSocketFrame] = []
    while let frame = try browser.readOutbound(as: WebSocketFrame.self) { frames.append(frame) }
    return frames
  }

  @Test func eachTextMessageBecomesOneLine() throws {
    try browser.writeInbound(text(#"{"jsonrpc":"2.0","method":"daemon.ping","id":1}"#))
    try browser.writeInbound(text("é{}"))
    #expect(
      try sentToDaemon() == "{\"jsonrpc\":\"2.0\",\"method\":\"daemon.ping\",\"id\":1}\né{}\n")
  }

  @Test func eachLineBecomesOneTextMessageWhateverTheWrites() throws {
    try daemon.writeInbound(ByteBuffer(string: "{\"id\":1}\n{\"i"))
    try daemon.writeInbound(ByteBuffer(string: "d\":2}\r\n\n"))
    let frames = try sentToBrowser()
    #expect(frames.map(\.opcode) == [.text, .text, .text])
    #expect(frames.map { String(buffer: $0.data) } == [#"{"id":1}"#, #"{"id":2}"#, ""])
  }

  @Test func messageWithNewlineClosesWithPolicyViolation() throws {
    try browser.writeInbound(text("{}\n{}"))
    #expect(try sentToDaemon().isEmpty)
    let frames = try sentToBrowser()
    #expect(frames.count == 1 && frames[0].opcode == .connectionClose)
    var data = frames[0].data
    #expect(data.readWebSocketErrorCode() == .policyViolation)
    #expect(!browser.isActive)
    #expect(!daemon.isActive, "the daemon connection goes with the page")
  }

  @Test func nothingIsRelayedAfterTheCloseFrame() throws {
    try browser.writeInbound(
      WebSocketFrame(fin: true, opcode: .binary, data: ByteBuffer(string: "{}")))
    try browser.writeInbound(text("{}"))
    #expect(try sentToDaemon().isEmpty)
  }

  @Test func binaryMessagesAreRefused() throws {
    try browser.writeInbound(
      WebSocketFrame(fin: true, opcode: .binary, data: ByteBuffer(string: "{}")))
    var data = try #require(try sentToBrowser().first).data
    #expect(data.readWebSocketErrorCode() == .unacceptableData)
    #expect(try sentToDaemon().isEmpty)
  }

  @Test func pingIsAnsweredWithPong() throws {
    try browser.writeInbound(
      WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer(string: "hi")))
    let frames = try sentToBrowser()
    #expect(frames.map(\.opcode) == [.pong])
    #expect(String(buffer: frames[0].data) == "hi")
  }

  @Test func daemonGoingAwayClosesThePageWith1012() throws {
    try daemon.close().wait()
    let frames = try sentToBrowser()
    #expect(frames.map(\.opcode) == [.connectionClose])
    var data = frames[0].data
    #expect(data.readWebSocketErrorCode() == .unknown(1012))
    #expect(!browser.isActive)
  }

  @Test func overlongDaemonLineEndsTheConnection() throws {
    try daemon.writeInbound(ByteBuffer(string: String(repeating: "x", count: 40)))
    #expect(daemon.isActive, "a partial line within the limit waits for its end")
    try daemon.writeInbound(ByteBuffer(string: String(repeating: "x", count: 25)))
    #expect(!daemon.isActive)
    let frames = try sentToBrowser()
    #expect(frames.map(\.opcode) == [.connectionClose], "no part of the line is relayed")
    #expect(!browser.isActive)
  }
}
