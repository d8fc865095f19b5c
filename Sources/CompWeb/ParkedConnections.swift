import NIOConcurrencyHelpers
import NIOCore
import NIOWebSocket

/// compd connections that the gateway opened for a page while serving it (the page's scene is
/// opened on them, docs/web.md "Page load"), each waiting for that page's WebSocket to adopt
/// it by a one-time token. A connection not adopted within `timeout` is closed, so compd
/// treats its scene as that of any client that went away; at most `limit` wait at once.
public final class ParkedConnections: Sendable {
  /// How many connections may wait at once.
  public let limit: Int
  /// How long a connection waits for its page's WebSocket.
  public let timeout: TimeAmount
  private let waiting = NIOLockedValueBox<[String: any Channel]>([:])

  /// A registry holding at most `limit` connections, each for at most `timeout`.
  public init(limit: Int = 64, timeout: TimeAmount = .seconds(5)) {
    self.limit = limit
    self.timeout = timeout
  }

  /// The number of connections waiting.
  public var count: Int { waiting.withLockedValue { $0.count } }

  /// Parks `daemon`, whose pipeline ends in a `ParkedLines` handler, under a new token, or
  /// returns nil when `limit` connections wait already.
  public func park(_ daemon: any Channel) -> String? {
    let token = Self.newToken()
    return park(daemon, as: token) ? token : nil
  }

  /// Parks `daemon` under `token` (from `newToken()`), unless `limit` connections wait
  /// already. The connection is closed after `timeout` unless adopted by then; one that
  /// closes meanwhile is forgotten.
  public func park(_ daemon: any Channel, as token: String) -> Bool {
    let admitted = waiting.withLockedValue { entries in
      guard entries.count < limit else { return false }
      entries[token] = daemon
      return true
    }
    guard admitted else { return false }
    daemon.closeFuture.whenComplete { [self] _ in _ = take(token) }
    daemon.eventLoop.scheduleTask(in: timeout) { [self] in
      // Adopted connections are no longer here; one whose adoption failed half way is
      // closed all the same by its handler's own state.
      _ = take(token)
      daemon.pipeline.syncOperations.closeIfNotAdopted(daemon)
    }
    return true
  }

  /// The connection parked under `token`, taken out for good (a token is usable once), or
  /// nil when the token is unknown, used or expired.
  public func take(_ token: String) -> (any Channel)? {
    waiting.withLockedValue { $0.removeValue(forKey: token) }
  }

  /// 128 random bits from the system's generator, in hex.
  public static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let hex = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }
}

extension ChannelPipeline.SynchronousOperations {
  /// Closes `daemon` if its `ParkedLines` has not been given a page.
  fileprivate func closeIfNotAdopted(_ daemon: any Channel) {
    guard let lines = try? handler(type: ParkedLines.self), !lines.isAdopted else { return }
    daemon.close(promise: nil)
  }
}

/// The daemon side of a connection opened for a page load: compd's reply to the request sent
/// on it (`requestID`) goes to `reply`, to be written into the page; every other line is kept,
/// in order, until a WebSocket adopts the connection, then written to it before anything
/// newer, and from then on relayed as `DaemonLineRelay` does. More than `maxBufferedBytes`
/// kept closes the connection.
public final class ParkedLines: ChannelInboundHandler, RemovableChannelHandler {
  public typealias InboundIn = ByteBuffer

  private let requestID: String
  private var reply: EventLoopPromise<ByteBuffer>?
  private let maxBufferedBytes: Int
  private var kept: [ByteBuffer] = []
  private var keptBytes = 0
  private var browser: (any Channel)?

  /// Whether a WebSocket has adopted the connection.
  public var isAdopted: Bool { browser != nil }

  /// A handler that fulfils `reply` with compd's answer to the request with id `requestID`.
  public init(requestID: String, reply: EventLoopPromise<ByteBuffer>, maxBufferedBytes: Int) {
    self.requestID = requestID
    self.reply = reply
    self.maxBufferedBytes = maxBufferedBytes
  }

  public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let line = unwrapInboundIn(data)
    if let reply, Self.answers(line, id: requestID) {
      self.reply = nil
      reply.succeed(line)
      return relayIfReady(context: context)
    }
    kept.append(line)
    keptBytes += line.readableBytes
    if keptBytes > maxBufferedBytes { return context.close(promise: nil) }
    relayIfReady(context: context)
  }

  /// Hands the connection to the page's upgraded `browser` channel: the kept lines are sent
  /// to it first, then everything compd writes.
  public func adopt(_ browser: any Channel, context: ChannelHandlerContext) {
    self.browser = browser
    relayIfReady(context: context)
  }

  /// Once adopted and past the reply: the kept lines go out and a `DaemonLineRelay` takes
  /// this handler's place. Both happen on this loop, so no line can pass the kept ones.
  private func relayIfReady(context: ChannelHandlerContext) {
    guard let browser, reply == nil else { return }
    for line in kept {
      browser.write(WebSocketFrame(fin: true, opcode: .text, data: line), promise: nil)
    }
    browser.flush()
    kept = []
    let pipeline = context.pipeline.syncOperations
    try? pipeline.addHandler(DaemonLineRelay(browser: browser), position: .after(self))
    pipeline.removeHandler(context: context, promise: nil)
  }

  public func channelInactive(context: ChannelHandlerContext) {
    reply?.fail(ChannelError.ioOnClosedChannel)
    reply = nil
    if let browser { DaemonLineRelay.closeForRestart(browser) }
    context.fireChannelInactive()
  }

  public func errorCaught(context: ChannelHandlerContext, error: any Error) {
    reply?.fail(error)
    reply = nil
    context.close(promise: nil)
  }

  /// Whether `line` is a reply with the id `id` (a string), by its `"id"` member; compd
  /// writes replies as `{"jsonrpc":"2.0","id":…` (docs/protocol.md).
  static func answers(_ line: ByteBuffer, id: String) -> Bool {
    String(buffer: line).hasPrefix(#"{"jsonrpc":"2.0","id":"\#(id)","#)
  }
}
