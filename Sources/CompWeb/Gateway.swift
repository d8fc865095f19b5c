import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The HTTP server: static files for every request, and on `/rpc` a WebSocket upgrade whose
/// connection is bridged to its own connection on compd's Unix socket, or, with
/// `?adopt=TOKEN`, to the connection on which its page's scene was opened while the page was
/// served (`ScenePageLoad`).
public struct Gateway: Sendable {
  /// What the gateway serves and where it connects.
  public struct Settings: Sendable {
    /// Where to listen.
    public var listen: ListenAddress
    /// compd's socket.
    public var daemonSocket: String
    /// The files to serve.
    public var site: StaticSite
    /// The token check.
    public var check: RequestCheck
    /// The largest message a page may send, and the largest line relayed back, in bytes.
    public var maxMessageBytes: Int
    /// How many compd connections opened for page loads may wait for their pages at once.
    public var maxParkedConnections: Int
    /// How long such a connection waits for its page's WebSocket.
    public var adoptTimeout: TimeAmount
    /// The most browser connections held at once (`ConnectionLimit`).
    public var maxConnections: Int
    /// How long an HTTP connection may send nothing before it is closed.
    public var idleTimeout: TimeAmount
    /// How long a page's WebSocket may send nothing before it is pinged, and then before
    /// it is closed (`WebSocketKeepalive`).
    public var keepaliveInterval: TimeAmount
    /// How long a client has to send a whole request (`RequestDeadline`).
    public var requestTimeout: TimeAmount
    /// The most bytes of unfinished (fragmented) messages held for all pages together
    /// (`PendingMessageBudget`).
    public var maxPendingMessageBytes: Int

    /// Settings with every member given.
    public init(
      listen: ListenAddress, daemonSocket: String, site: StaticSite, check: RequestCheck,
      maxMessageBytes: Int, maxParkedConnections: Int = 64, adoptTimeout: TimeAmount = .seconds(5),
      maxConnections: Int = 256, idleTimeout: TimeAmount = .seconds(30),
      keepaliveInterval: TimeAmount = .seconds(20), requestTimeout: TimeAmount = .seconds(10),
      maxPendingMessageBytes: Int = PendingMessageBudget.defaultLimit
    ) {
      self.listen = listen
      self.daemonSocket = daemonSocket
      self.site = site
      self.check = check
      self.maxMessageBytes = maxMessageBytes
      self.maxParkedConnections = maxParkedConnections
      self.adoptTimeout = adoptTimeout
      self.maxConnections = maxConnections
      self.idleTimeout = idleTimeout
      self.keepaliveInterval = keepaliveInterval
      self.requestTimeout = requestTimeout
      self.maxPendingMessageBytes = maxPendingMessageBytes
    }
  }

  /// The largest line compd writes (its default line limit) plus its newline.
  static let maxDaemonLineBytes = 16 << 20

  /// Binds and starts serving; the returned channel is the listener (its `localAddress` has
  /// the port when port 0 was asked for).
  public static func start(
    _ settings: Settings, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
  ) async throws -> any Channel {
    let pageLoad = ScenePageLoad(
      daemonSocket: settings.daemonSocket,
      parked: ParkedConnections(
        limit: settings.maxParkedConnections, timeout: settings.adoptTimeout))
    let limit = ConnectionLimit(maximum: settings.maxConnections)
    let images = ImageRequests(daemonSocket: settings.daemonSocket)
    let pending = PendingMessageBudget(limit: settings.maxPendingMessageBytes)
    return try await ServerBootstrap(group: group)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          guard limit.admit(channel) else {
            return try channel.pipeline.syncOperations.addHandler(
              OverLimitResponse(maximum: limit.maximum))
          }
          try configure(
            channel, settings: settings, pageLoad: pageLoad, limit: limit, images: images,
            pending: pending)
        }
      }
      .bind(to: settings.listen.socketAddress).get()
  }

  private static let staticFilesName = "static-files"
  private static let httpIdleName = "http-idle"
  private static let httpIdleCloserName = "http-idle-closer"
  private static let requestDeadlineName = "request-deadline"

  private static func configure(
    _ channel: any Channel, settings: Settings, pageLoad: ScenePageLoad, limit: ConnectionLimit,
    images: ImageRequests, pending: PendingMessageBudget
  ) throws {
    let check = settings.check
    // The parked connection an upgrade with `?adopt=` took, from its check to its bridge.
    let adopted = NIOLockedValueBox<(any Channel)?>(nil)
    let upgrader = NIOWebSocketServerUpgrader(
      maxFrameSize: settings.maxMessageBytes,
      shouldUpgrade: { channel, head in
        let path = head.uri.prefix { $0 != "?" }
        guard path == StaticFileHandler.socketPath,
          case .admitted = check.verdict(for: head, upgrade: true)
        else { return channel.eventLoop.makeSucceededFuture(nil) }
        if let token = head.queryValue("adopt") {
          // Unknown, used or expired: not upgraded (404 from the file handler).
          guard let daemon = pageLoad.parked.take(token) else {
            return channel.eventLoop.makeSucceededFuture(nil)
          }
          adopted.withLockedValue { $0 = daemon }
        }
        return channel.eventLoop.makeSucceededFuture(HTTPHeaders())
      },
      upgradePipelineHandler: { channel, _ in
        // From here the page's silence is the keepalive's business (`addLineBridge`), and
        // the WebSocket keeps its slot.
        limit.markServed(channel)
        for name in [httpIdleName, httpIdleCloserName, requestDeadlineName] {
          channel.pipeline.removeHandler(name: name).whenFailure { _ in }
        }
        if let daemon = adopted.withLockedValue({ $0 }) {
          return adopt(daemon, by: channel, settings: settings, pending: pending)
        }
        return bridge(channel, settings: settings, pending: pending)
      })
    let files = StaticFileHandler(
      site: settings.site, check: check, pageLoad: pageLoad, images: images)
    // After an upgrade the channel carries WebSocket frames: the file handler must go.
    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
      withServerUpgrade: (
        upgraders: [upgrader],
        completionHandler: { context in
          context.pipeline.removeHandler(name: staticFilesName).whenFailure { _ in }
        }
      ))
    try channel.pipeline.syncOperations.addHandler(
      RequestDeadline(timeout: settings.requestTimeout, limit: limit), name: requestDeadlineName)
    try channel.pipeline.syncOperations.addHandler(files, name: staticFilesName)
    try channel.pipeline.syncOperations.addHandler(ProtocolErrorCloser())
    // First, so that every byte the client sends counts as activity.
    try channel.pipeline.syncOperations.addHandler(
      IdleConnectionCloser(), name: httpIdleCloserName, position: .first)
    try channel.pipeline.syncOperations.addHandler(
      IdleStateHandler(readTimeout: settings.idleTimeout), name: httpIdleName, position: .first)
  }

  /// A new connection to compd's socket at `path` on `loop`: compd's lines, split by a
  /// `DaemonLineDecoder`, go to the handler `lineHandler` makes.
  static func connectToDaemon(
    _ path: String, on loop: any EventLoop,
    lineHandler: @escaping @Sendable () -> any ChannelHandler
  ) -> EventLoopFuture<any Channel> {
    ClientBootstrap(group: loop)
      .channelInitializer { daemon in
        daemon.eventLoop.makeCompletedFuture {
          try daemon.pipeline.syncOperations.addHandler(
            ByteToMessageHandler(DaemonLineDecoder(maxLineBytes: maxDaemonLineBytes)))
          try daemon.pipeline.syncOperations.addHandler(lineHandler())
        }
      }
      .connect(unixDomainSocketPath: path)
  }

  /// Connects the upgraded `browser` channel to compd; if compd is not there, closes the
  /// WebSocket with `1011` and the reason, which the page shows while it retries.
  private static func bridge(
    _ browser: any Channel, settings: Settings, pending: PendingMessageBudget
  ) -> EventLoopFuture<Void> {
    connectToDaemon(settings.daemonSocket, on: browser.eventLoop) {
      DaemonLineRelay(browser: browser)
    }
    .flatMapThrowing { daemon in
      try addLineBridge(to: browser, daemon: daemon, settings: settings, pending: pending)
    }
    .flatMapError { error in
      let frame = WebSocketFrame.close(
        code: .unexpectedServerError, reason: "compd is not reachable",
        allocator: browser.allocator)
      return browser.writeAndFlush(frame).flatMap { browser.close() }
    }
  }

  /// Connects the upgraded `browser` channel to the parked `daemon` connection: what compd
  /// wrote meanwhile reaches the page first (`ParkedLines`).
  private static func adopt(
    _ daemon: any Channel, by browser: any Channel, settings: Settings,
    pending: PendingMessageBudget
  ) -> EventLoopFuture<Void> {
    do {
      try addLineBridge(to: browser, daemon: daemon, settings: settings, pending: pending)
    } catch {
      daemon.close(promise: nil)
      return browser.eventLoop.makeFailedFuture(error)
    }
    daemon.eventLoop.execute {
      // Closed since its token was taken (by compd, or its timeout): the page reconnects.
      guard daemon.isActive,
        let lines = try? daemon.pipeline.syncOperations.handler(type: ParkedLines.self),
        let context = try? daemon.pipeline.syncOperations.context(handlerType: ParkedLines.self)
      else { return DaemonLineRelay.closeForRestart(browser) }
      lines.adopt(browser, context: context)
    }
    return browser.eventLoop.makeSucceededVoidFuture()
  }

  private static func addLineBridge(
    to browser: any Channel, daemon: any Channel, settings: Settings,
    pending: PendingMessageBudget
  ) throws {
    try browser.pipeline.syncOperations.addHandler(
      IdleStateHandler(readTimeout: settings.keepaliveInterval))
    try browser.pipeline.syncOperations.addHandler(WebSocketKeepalive())
    // Browsers send a message as one frame; a flood of tiny fragments would only cost memory,
    // and many pages' unfinished messages together are held to the gateway's budget.
    try browser.pipeline.syncOperations.addHandler(FragmentBudgetHandler(budget: pending))
    try browser.pipeline.syncOperations.addHandler(
      NIOWebSocketFrameAggregator(
        minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 256,
        maxAccumulatedFrameSize: settings.maxMessageBytes))
    try browser.pipeline.syncOperations.addHandler(WebSocketLineBridge(daemon: daemon))
  }
}
