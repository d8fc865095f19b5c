import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import CompWeb

/// The budget for unfinished messages of all pages together, on `EmbeddedChannel`s with the
/// aggregator behind it as the gateway has it; `GatewayFloodTests` floods the real gateway.
@Suite struct FragmentBudgetHandlerTests {
  static func page(_ budget: PendingMessageBudget) throws -> EmbeddedChannel {
    let channel = EmbeddedChannel()
    try channel.pipeline.syncOperations.addHandlers([
      FragmentBudgetHandler(budget: budget),
      NIOWebSocketFrameAggregator(
        minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 256,
        maxAccumulatedFrameSize: 1 << 20),
    ])
    try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    return channel
  }

  static func frame(_ opcode: WebSocketOpcode, _ bytes: Int, fin: Bool) -> WebSocketFrame {
    WebSocketFrame(
      fin: fin, opcode: opcode, data: ByteBuffer(repeating: UInt8(ascii: "x"), count: bytes))
  }

  @Test func fragmentsCountByTheirBuffersUntilTheMessageEnds() throws {
    let budget = PendingMessageBudget(limit: 1 << 20)
    let page = try Self.page(budget)
    try page.writeInbound(Self.frame(.text, 4000, fin: false))
    // A buffer of its own, counted by its capacity (NIO's next power of two).
    #expect(budget.held == 4096)
    try page.writeInbound(Self.frame(.continuation, 4000, fin: false))
    #expect(budget.held == 8192)
    #expect(try page.readInbound(as: WebSocketFrame.self) == nil)
    try page.writeInbound(Self.frame(.continuation, 100, fin: true))
    let message = try #require(try page.readInbound(as: WebSocketFrame.self))
    #expect(message.opcode == .text && message.fin && message.length == 8100)
    #expect(budget.held == 0, "released when the message is whole")
    // A whole message in one frame, as browsers send, is not counted at all.
    try page.writeInbound(Self.frame(.text, 5000, fin: true))
    #expect(try page.readInbound(as: WebSocketFrame.self)?.length == 5000)
    #expect(budget.held == 0)
    _ = try page.finish()
  }

  @Test func aFragmentOverTheBudgetClosesItsPageWith1013AndOthersGoOn() throws {
    let budget = PendingMessageBudget(limit: 10_000)
    let first = try Self.page(budget)
    let second = try Self.page(budget)
    try first.writeInbound(Self.frame(.text, 4000, fin: false))
    try second.writeInbound(Self.frame(.text, 4000, fin: false))
    #expect(budget.held == 8192)
    // The second's next fragment would pass 10,000 bytes: it is closed, and what it held
    // is released.
    try second.writeInbound(Self.frame(.continuation, 4000, fin: false))
    let close = try #require(try second.readOutbound(as: WebSocketFrame.self))
    #expect(close.opcode == .connectionClose)
    var data = close.unmaskedData
    #expect(data.readInteger(as: UInt16.self) == 1013)
    second.embeddedEventLoop.run()
    #expect(!second.isActive)
    #expect(budget.held == 4096)
    // The first finishes its message within the budget.
    try first.writeInbound(Self.frame(.continuation, 4000, fin: true))
    #expect(try first.readInbound(as: WebSocketFrame.self)?.length == 8000)
    #expect(budget.held == 0)
    // A page that goes away mid-message gives its share back.
    try first.writeInbound(Self.frame(.text, 4000, fin: false))
    #expect(budget.held == 4096)
    _ = try first.close().wait()
    first.embeddedEventLoop.run()
    #expect(budget.held == 0)
  }
}
