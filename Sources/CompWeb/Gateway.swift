import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The HTTP server: static files for every request, and on `/rpc` a WebSocket upgrade whose
/// connection is bridged to its own connection on compd's Unix socket.
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

    /// Settings with every member given.
    public init(
      listen: ListenAddress, daemonSocket: String, site: StaticSite, check: RequestCheck,
      maxMessageBytes: Int
    ) {
      self.listen = listen
      self.daemonSocket = daemonSocket
      self.site = site
      self.check = check
      self.maxMessageBytes = maxMessageBytes
    }
  }

  /// The largest line compd writes (its default line limit) plus its newline.
  static let maxDaemonLineBytes = 16 << 20

  /// Binds and starts serving; the returned channel is the listener (its `localAddress` has
  /// the port when port 0 was asked for).
  public static func start(
    _ settings: Settings, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
  ) async throws -> any Channel {
    try await ServerBootstrap(group: group)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try configure(channel, settings: settings)
        }
      }
      .bind(to: settings.listen.socketAddress).get()
  }

  private static let staticFilesName = "static-files"

  private static func configure(_ channel: any Channel, settings: Settings) throws {
    let check = settings.check
    let upgrader = NIOWebSocketServerUpgrader(
      maxFrameSize: settings.maxMessageBytes,
      shouldUpgrade: { channel, head in
        let path = head.uri.prefix { $0 != "?" }
        guard path == StaticFileHandler.socketPath,
          case .admitted = check.verdict(for: head, upgrade: true)
        else { return channel.eventLoop.makeSucceededFuture(nil) }
        return channel.eventLoop.makeSucceededFuture(HTTPHeaders())
      },
      upgradePipelineHandler: { channel, _ in
        bridge(channel, settings: settings)
      })
    let files = StaticFileHandler(site: settings.site, check: check)
    // After an upgrade the channel carries WebSocket frames: the file handler must go.
    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
      withServerUpgrade: (
        upgraders: [upgrader],
        completionHandler: { context in
          context.pipeline.removeHandler(name: staticFilesName).whenFailure { _ in }
        }
      ))
    try channel.pipeline.syncOperations.addHandler(files, name: staticFilesName)
  }

  /// Connects the upgraded `browser` channel to compd; if compd is not there, closes the
  /// WebSocket with `1011` and the reason, which the page shows while it retries.
  private static func bridge(_ browser: any Channel, settings: Settings) -> EventLoopFuture<Void> {
    ClientBootstrap(group: browser.eventLoop)
      .channelInitializer { daemon in
        daemon.eventLoop.makeCompletedFuture {
          try daemon.pipeline.syncOperations.addHandler(
            ByteToMessageHandler(DaemonLineDecoder(maxLineBytes: maxDaemonLineBytes)))
          try daemon.pipeline.syncOperations.addHandler(DaemonLineRelay(browser: browser))
        }
      }
      .connect(unixDomainSocketPath: settings.daemonSocket)
      .flatMapThrowing { daemon in
        try browser.pipeline.syncOperations.addHandler(
          NIOWebSocketFrameAggregator(
            minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1 << 16,
            maxAccumulatedFrameSize: settings.maxMessageBytes))
        try browser.pipeline.syncOperations.addHandler(WebSocketLineBridge(daemon: daemon))
      }
      .flatMapError { error in
        let frame = WebSocketFrame.close(
          code: .unexpectedServerError, reason: "compd is not reachable",
          allocator: browser.allocator)
        return browser.writeAndFlush(frame).flatMap { browser.close() }
      }
  }
}
