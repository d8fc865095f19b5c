import NIOCore
import NIOEmbedded
import Testing

@testable import CompdBroker

/// The back-pressure handler on an `EmbeddedChannel`, between a probe on the socket's side
/// (counting reads, seeing close requests) and one in the request handler's place (recording
/// the requests it is given, starting and answering pending ones).
@Suite struct RequestBackPressureHandlerTests {
  /// Stands for the socket: counts `read()` calls that reach it and close requests.
  final class SocketProbe: ChannelOutboundHandler {
    typealias OutboundIn = Any
    var reads = 0
    var closeRequests = 0
    func read(context: ChannelHandlerContext) { reads += 1 }
    func triggerUserOutboundEvent(
      context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?
    ) {
      if event is OutputQueueHandler.CloseWhenWritten { closeRequests += 1 }
      promise?.succeed()
    }
  }

  /// Stands for the request handler: records the lines it is given and the read bursts.
  final class RequestProbe: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    var lines: [String] = []
    var readCompletes = 0
    var context: ChannelHandlerContext!
    /// After this many lines, the replies fill the socket.
    var fillsSocketAt: Int?
    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      lines.append(String(buffer: unwrapInboundIn(data)))
      if lines.count == fillsSocketAt { (context.channel as? EmbeddedChannel)?.isWritable = false }
    }
    func channelReadComplete(context: ChannelHandlerContext) { readCompletes += 1 }
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
      if let oversized = event as? JSONLineFrameHandler.OversizedLine {
        lines.append("oversized \(oversized.byteCount)")
      }
    }
    func send(_ event: RequestBackPressureHandler.PendingRequests) {
      context.triggerUserOutboundEvent(event, promise: nil)
    }
  }

  let socket = SocketProbe()
  let requests = RequestProbe()
  let channel: EmbeddedChannel

  init() throws {
    channel = EmbeddedChannel()
    try channel.pipeline.syncOperations.addHandlers([
      socket, RequestBackPressureHandler(maxPendingRequests: 2), requests,
    ])
  }

  func receive(_ lines: String...) {
    for line in lines {
      if line.hasPrefix("oversized ") {
        channel.pipeline.fireUserInboundEventTriggered(
          JSONLineFrameHandler.OversizedLine(byteCount: Int(line.dropFirst(10))!))
      } else {
        channel.pipeline.fireChannelRead(ByteBuffer(string: line))
      }
    }
    channel.pipeline.fireChannelReadComplete()
  }

  func setWritable(_ writable: Bool) {
    channel.isWritable = writable
    channel.pipeline.fireChannelWritabilityChanged()
  }

  @Test func whileTheClientDoesNotReadRequestsWaitAndReadsAreHeld() {
    receive("a")
    channel.read()
    #expect(requests.lines == ["a"] && socket.reads == 1)
    setWritable(false)
    receive("b", "c")
    channel.read()
    #expect(requests.lines == ["a"], "requests read wait")
    #expect(socket.reads == 1, "nothing more is read")
    setWritable(true)
    #expect(requests.lines == ["a", "b", "c"], "in order, once the replies are read")
    #expect(requests.readCompletes == 3, "their replies go out together")
    #expect(socket.reads == 2, "the held read goes on")
  }

  @Test func anOversizedLineWaitsInItsPlaceAmongTheRequests() {
    setWritable(false)
    receive("a", "oversized 2000", "b")
    #expect(requests.lines.isEmpty)
    setWritable(true)
    #expect(requests.lines == ["a", "oversized 2000", "b"])
  }

  @Test func stopsAgainWhenTheRepliesToWaitingRequestsFillTheSocket() {
    setWritable(false)
    receive("a", "b", "c")
    channel.read()
    // The reply to the first waiting request fills the socket again.
    requests.fillsSocketAt = 1
    setWritable(true)
    #expect(requests.lines == ["a"])
    #expect(socket.reads == 0)
    setWritable(true)
    #expect(requests.lines == ["a", "b", "c"])
    #expect(socket.reads == 1)
  }

  @Test func tooManyPendingRequestsHoldTheNextOneUntilOneIsAnswered() {
    receive("a")
    requests.send(.started)
    receive("b")
    requests.send(.started)
    receive("c", "d")
    channel.read()
    #expect(requests.lines == ["a", "b"], "two may run at once")
    #expect(socket.reads == 0)
    requests.send(.answered(1))
    #expect(requests.lines == ["a", "b", "c", "d"])
    #expect(socket.reads == 1)
  }

  @Test func quiescingDropsWaitingRequestsAndClosesOnceTheLastPendingOneIsAnswered() {
    receive("a")
    requests.send(.started)
    setWritable(false)
    receive("b")
    channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
    setWritable(true)
    receive("c")
    channel.read()
    #expect(requests.lines == ["a"], "nothing is taken after the shutdown began")
    #expect(socket.reads == 0)
    #expect(socket.closeRequests == 0, "a request is still running")
    requests.send(.answered(1))
    #expect(socket.closeRequests == 1)
    channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
    #expect(socket.closeRequests == 1)
  }

  @Test func quiescingWithNothingPendingClosesAtOnce() {
    receive("a")
    channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
    #expect(socket.closeRequests == 1)
  }

  @Test func nothingIsHandedOnAfterTheChannelWentInactive() {
    setWritable(false)
    receive("a")
    channel.pipeline.fireChannelInactive()
    setWritable(true)
    receive("b")
    #expect(requests.lines.isEmpty)
  }
}
