import Logging
import NIOCore
import NIOEmbedded
import Testing

@testable import CompdBroker

/// The input budget of all clients (`InputBudget`) and the handlers that count against it,
/// on `EmbeddedChannel`s: partial lines, lines held back, disconnecting the biggest holder
/// with an error, and giving everything back when a connection goes.
@Suite struct InputBudgetTests {
  /// Clients on embedded channels sharing one budget.
  struct Clients {
    let table = ConnectionTable(limit: 100)
    let budget: InputBudget
    let pipeline: ConnectionPipeline

    init(limit: Int) {
      var logger = Logger(label: "test")
      logger.logLevel = .critical
      budget = InputBudget(limit: limit, connections: table, logger: logger)
      pipeline = ConnectionPipeline(
        dispatcher: .init(registry: .init()), maxLineBytes: 1 << 20,
        outputLimits: .init(maxOutputBytes: 1 << 20, writeHighWatermark: 1 << 16),
        budget: OutputBudget(limit: 1 << 30, connections: table, logger: logger),
        inputBudget: budget, logger: logger)
    }

    /// A connection whose pipeline is the line decoder alone (lines come out of the
    /// channel's inbound end, writes out of its outbound end).
    func connect(id: UInt64) throws -> (channel: EmbeddedChannel, connection: Connection) {
      let channel = EmbeddedChannel()
      let connection = pipeline.makeConnection(id: id, peer: nil, channel: channel) { _ in }
      #expect(table.insert(connection))
      try channel.pipeline.syncOperations.addHandler(
        JSONLineFrameHandler(maxLineBytes: 1 << 20, input: budget.account(for: connection)))
      try channel.connect(to: SocketAddress(unixDomainSocketPath: "/c\(id)")).wait()
      return (channel, connection)
    }
  }

  static func bytes(_ count: Int, _ byte: UInt8 = UInt8(ascii: "a")) -> ByteBuffer {
    ByteBuffer(repeating: byte, count: count)
  }

  @Test func aBufferCountsByTheMemoryNIOGivesIt() {
    #expect(InputBudget.footprint(of: 0) == 0)
    #expect(InputBudget.footprint(of: 1) == 1)
    #expect(InputBudget.footprint(of: 3) == 4)
    #expect(InputBudget.footprint(of: 4096) == 4096)
    #expect(InputBudget.footprint(of: 4097) == 8192)
    #expect(InputBudget.footprint(of: 12 << 20) == 16 << 20)
    #expect(InputBudget.footprint(of: Int.max) == Int.max)
  }

  @Test func aPartialLineCountsUntilItsNewlineComes() throws {
    let clients = Clients(limit: 1 << 20)
    let (channel, connection) = try clients.connect(id: 1)
    try channel.writeInbound(Self.bytes(3000))
    #expect(clients.budget.total == 4096)
    #expect(connection.bufferedInputBytes.load(ordering: .relaxed) == 4096)
    try channel.writeInbound(Self.bytes(2000))
    #expect(clients.budget.total == 8192)
    var rest = Self.bytes(10)
    rest.writeString("\n")
    try channel.writeInbound(rest)
    let line = try #require(try channel.readInbound(as: ByteBuffer.self))
    #expect(line.readableBytes == 5010)
    #expect(clients.budget.total == 0)
    #expect(connection.bufferedInputBytes.load(ordering: .relaxed) == 0)
  }

  @Test func aCompleteLineInOneReadIsNeverCounted() throws {
    let clients = Clients(limit: 4096)
    let (channel, _) = try clients.connect(id: 1)
    var line = Self.bytes(3000)
    line.writeString("\n{}")
    try channel.writeInbound(line)
    #expect(try channel.readInbound(as: ByteBuffer.self)?.readableBytes == 3000)
    // Only the two bytes after the newline wait.
    #expect(clients.budget.total == 2)
  }

  @Test func aClosedConnectionGivesBackItsPartialLine() throws {
    let clients = Clients(limit: 1 << 20)
    let (channel, _) = try clients.connect(id: 1)
    try channel.writeInbound(Self.bytes(100_000))
    #expect(clients.budget.total == 131_072)
    _ = try channel.finish()
    #expect(clients.budget.total == 0)
  }

  @Test func overTheBudgetTheBiggestHolderIsToldAndClosedAndTheOthersStay() throws {
    let clients = Clients(limit: 64 << 10)
    let (small, _) = try clients.connect(id: 1)
    let (big, bigConnection) = try clients.connect(id: 2)
    let (other, _) = try clients.connect(id: 3)
    try small.writeInbound(Self.bytes(1000))
    try other.writeInbound(Self.bytes(8000))
    try big.writeInbound(Self.bytes(30_000))
    #expect(clients.budget.total == 1024 + 8192 + 32_768)
    #expect(big.isActive)
    // 40,000 bytes hold 64 KiB: with the others, over the budget.
    try big.writeInbound(Self.bytes(10_000))
    #expect(!big.isActive)
    let chosen = bigConnection.overInputBudget.load(ordering: .relaxed)
    #expect(chosen)
    #expect(small.isActive && other.isActive)
    #expect(clients.budget.total == 1024 + 8192)
    let reply = try #require(try big.readOutbound(as: ByteBuffer.self))
    let text = String(buffer: reply)
    #expect(text.hasSuffix("}\n"), "one line: \(text)")
    #expect(text.contains(#""name":"compd.LimitExceeded""#), "\(text)")
    #expect(text.contains(#""setting":"max-input-buffer""#), "\(text)")
    #expect(text.contains(#""limit":65536"#), "\(text)")
    #expect(text.contains(#""size":65536"#), "\(text)")
    #expect(text.contains(#""id":null"#), "\(text)")
    // The others go on: their lines complete and come out.
    var end = ByteBuffer()
    end.writeString("\n")
    try small.writeInbound(end)
    #expect(try small.readInbound(as: ByteBuffer.self)?.readableBytes == 1000)
    #expect(clients.budget.total == 8192)
  }

  @Test func theBiggestHolderGoesEvenWhenAnotherReadPassesTheBudget() throws {
    let clients = Clients(limit: 64 << 10)
    let (big, _) = try clients.connect(id: 1)
    let (small, _) = try clients.connect(id: 2)
    try big.writeInbound(Self.bytes(60_000))
    try small.writeInbound(Self.bytes(1000))
    #expect(small.isActive)
    #expect(!big.isActive, "the 64 KiB holder goes, not the client whose read passed the budget")
    #expect(clients.budget.total == 1024)
  }

  @Test func onlyAsManyGoAsItTakes() throws {
    let clients = Clients(limit: 64 << 10)
    let channels = try (1...4).map { try clients.connect(id: $0).channel }
    for channel in channels { try channel.writeInbound(Self.bytes(16_000)) }
    // 4 × 16 KiB fit exactly; one more byte anywhere is over, and one holder covers it.
    #expect(channels.filter(\.isActive).count == 4)
    try channels[3].writeInbound(Self.bytes(1000))
    #expect(channels.filter(\.isActive).count == 3)
    #expect(!channels[3].isActive, "it held the most (32 KiB)")
    #expect(clients.budget.total == 3 * 16_384)
  }

  @Test func linesHeldBackCountUntilTheyAreHandedOn() throws {
    var logger = Logger(label: "test")
    logger.logLevel = .critical
    let table = ConnectionTable(limit: 10)
    let budget = InputBudget(limit: 1 << 20, connections: table, logger: logger)
    let channel = EmbeddedChannel()
    let pipeline = Clients(limit: 1 << 20).pipeline
    let connection = pipeline.makeConnection(id: 1, peer: nil, channel: channel) { _ in }
    _ = table.insert(connection)
    try channel.pipeline.syncOperations.addHandler(
      RequestBackPressureHandler(input: budget.account(for: connection)))
    try channel.connect(to: SocketAddress(unixDomainSocketPath: "/c")).wait()
    // The client does not read its replies: lines wait.
    channel.isWritable = false
    try channel.writeInbound(Self.bytes(500))
    try channel.writeInbound(Self.bytes(700))
    #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
    #expect(budget.total == 1200)
    channel.isWritable = true
    channel.pipeline.fireChannelWritabilityChanged()
    #expect(try channel.readInbound(as: ByteBuffer.self)?.readableBytes == 500)
    #expect(try channel.readInbound(as: ByteBuffer.self)?.readableBytes == 700)
    #expect(budget.total == 0)
    // Lines still waiting when the connection goes are given back.
    channel.isWritable = false
    try channel.writeInbound(Self.bytes(300))
    #expect(budget.total == 300)
    _ = try channel.finish()
    #expect(budget.total == 0)
  }
}
