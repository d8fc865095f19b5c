import CompdProtocol
import JSONRPC
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

#if canImport(Glibc)
  import Glibc
#endif

/// The Unix-socket JSON-RPC server as a service: binds when the service group starts it
/// (signal handling is in place by then, so SIGTERM never kills a half-started daemon)
/// and shuts down gracefully when the group asks it to.
final class SocketServer: Service {
  private let config: DaemonConfig
  private let registry: MethodRegistry
  private let connections: ConnectionTable
  private let logger: Logger
  private let service: ServiceRuntime?

  init(
    config: DaemonConfig, registry: MethodRegistry, connections: ConnectionTable, logger: Logger,
    service: ServiceRuntime? = nil
  ) {
    self.service = service
    self.config = config
    self.registry = registry
    self.connections = connections
    self.logger = logger
  }

  func run() async throws {
    let group = IOThreads(config: config)
    let listener: SocketListener
    do {
      listener = try await SocketListener.start(
        config: config, registry: registry, connections: connections, logger: logger,
        group: group.group, service: service)
    } catch {
      await group.shutDown()
      throw error
    }
    // READY=1
    service?.listening(counts: ServiceStatus.Counts(clients: connections.count))
    // Returns when a graceful shutdown starts; throws if the group is cancelled instead.
    try? await gracefulShutdown()
    await listener.shutDown()
    await group.shutDown()
  }

  /// The event loops that serve the clients: by default the main thread's (the main run
  /// loop's), so that a request, the main actor's work on it, the scene host's answer and
  /// the notifications it brings are handled by one thread without a wake-up between them;
  /// `io-threads` threads of their own when configured (requests that need no main actor,
  /// such as `daemon.ping`, then run on several cores, and those that do are handed over).
  private struct IOThreads {
    let group: any EventLoopGroup
    private let owned: MultiThreadedEventLoopGroup?

    init(config: DaemonConfig) {
      if config.ioThreads == nil, let main = MainRunLoop.eventLoop {
        group = main
        owned = nil
      } else {
        let threads = MultiThreadedEventLoopGroup(
          numberOfThreads: config.ioThreads ?? System.coreCount)
        group = threads
        owned = threads
      }
    }

    func shutDown() async {
      try? await owned?.shutdownGracefully()
    }
  }
}

/// The bound socket: accepts clients up to the limit; `shutDown()` stops it gracefully.
final class SocketListener: Sendable {
  private let config: DaemonConfig
  private let dispatcher: Dispatcher
  private let connections: ConnectionTable
  private let logger: Logger
  private let group: any EventLoopGroup
  private let socketFile: SocketFile
  private let listener: any Channel
  private let identity: SocketFile.Identity?

  /// Binds the socket and starts accepting. Throws `StartupError` when the path is taken.
  static func start(
    config: DaemonConfig, registry: MethodRegistry, connections: ConnectionTable, logger: Logger,
    group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
    service: ServiceRuntime? = nil
  ) async throws -> SocketListener {
    let socketFile = SocketFile(path: config.socketPath)
    let activated = service?.activatedSocket  // socket activation
    if activated == nil { try socketFile.prepareForBinding() }
    FileDescriptorLimit.raise(toFit: config.maxConnections, logger: logger)
    // One batch's replies fit in half a client's output limit, so that a client reading
    // slowly is not disconnected for one batch it was allowed to send, and in an eighth of
    // the budget of all clients, so that a few clients cannot take all of it with a batch
    // each (and the event loops building them at once stay small next to the budget).
    let dispatcher = Dispatcher(
      registry: registry, limits: JSONParser.Limits(maxBytes: config.maxLineBytes),
      batchLimits: .init(
        maxEntries: config.maxBatch, maxReplyBytes: config.maxBatchReplyBytes,
        exceeded: ServerErrorName.limitExceeded, repliesDropped: HeapTrim.request))
    let highWatermark = min(256 << 10, config.maxOutputBytes / 2)
    let pipeline = ConnectionPipeline(
      dispatcher: dispatcher, maxLineBytes: config.maxLineBytes,
      outputLimits: .init(maxOutputBytes: config.maxOutputBytes, writeHighWatermark: highWatermark),
      budget: OutputBudget(
        limit: config.outputBudgetBytes, connections: connections, logger: logger),
      inputBudget: InputBudget(
        limit: config.maxInputBufferBytes, connections: connections, logger: logger),
      logger: logger)
    let backlog = Int32(config.listenBacklog ?? ListenBacklog.systemMaximum)
    let rejection = ErrorReply.bytes(
      for: .server(
        .limitExceeded,
        "too many clients: compd serves at most \(config.maxConnections) connections at once",
        details: ["limit": .int(Int64(config.maxConnections))]))
    let acceptLoop = group.next()
    @Sendable func bootstrap() -> ServerBootstrap {
      ServerBootstrap(group: acceptLoop, childGroup: group)
        .childChannelOption(
          .writeBufferWaterMark,
          value: .init(low: highWatermark / 2, high: highWatermark)
        )
        .childChannelInitializer { channel in
          guard let id = connections.reserveID() else {
            logger.notice(
              "refusing client: connection limit reached",
              metadata: ["limit": "\(config.maxConnections)"])
            return channel.eventLoop.makeCompletedFuture {
              try channel.pipeline.syncOperations.addHandler(RejectionHandler(line: rejection))
            }
          }
          return Self.peerCredentials(of: channel).flatMapThrowing { peer in
            // peer identity and per-user connection limit
            var identity: PeerIdentity?
            switch service?.access.admit(channel: channel, connectionID: id) {
            case .refused(let refusal):
              try channel.pipeline.syncOperations.addHandler(
                RejectionHandler(line: ErrorReply.bytes(for: refusal)))
              return
            case .admitted(let admitted): identity = admitted
            case nil: break
            }
            let connection = pipeline.makeConnection(
              id: id, peer: peer, identity: identity, channel: channel
            ) {
              connections.remove(id: $0)
              service?.access.release(connectionID: $0)
            }
            guard connections.insert(connection) else {
              service?.access.release(connectionID: id)
              try channel.pipeline.syncOperations.addHandler(RejectionHandler(line: rejection))
              return
            }
            try pipeline.addHandlers(for: connection)
            logger.debug(
              "client connected",
              metadata: [
                "client": "\(id)", "pid": "\(peer.map { String($0.pid) } ?? "?")",
                "uid": "\(peer.map { String($0.uid) } ?? "?")",
              ])
          }
        }
    }

    // NIO listens with its default backlog (128) when it takes a bound socket, and a server
    // channel's backlog option comes too late for that. listen() on a listening socket only
    // sets the length of its queue: the server channel's initializer sets it to ours. This
    // applies to a socket from systemd too, whose Backlog= NIO has just overridden. Both run
    // on the accepting loop in one turn: were the first to run on the caller's thread, a
    // client could connect between them while that loop (the main thread, busy starting)
    // has not run the second, and find a queue of 128.
    func serve(_ descriptor: Int32) -> EventLoopFuture<any Channel> {
      acceptLoop.flatSubmit {
        bootstrap().serverChannelInitializer { channel in
          if listen(descriptor, backlog) != 0 {
            logger.warning(
              "cannot set the listen backlog",
              metadata: ["backlog": "\(backlog)", "error": "\(String(cString: strerror(errno)))"])
          }
          return channel.eventLoop.makeSucceededVoidFuture()
        }.withBoundSocket(descriptor)
      }
    }
    let listener: any Channel
    let identity: SocketFile.Identity?
    if let activated {  // serve the socket systemd passed; never ours to unlink
      do {
        listener = try await serve(activated.descriptor).get()
      } catch {
        throw StartupError("cannot listen on \(config.socketPath): \(error)")
      }
      identity = nil
    } else {
      // The socket file is created by bind(); the umask makes it no wider than the mode
      // from the start, and chmod then sets it exactly.
      let previousMask = umask(mode_t(~config.socketMode & 0o777))
      let created: (descriptor: Int32, identity: SocketFile.Identity)
      do {
        created = try socketFile.bind(mode: config.socketMode)
      } catch {
        umask(previousMask)
        throw error
      }
      umask(previousMask)
      do {
        listener = try await serve(created.descriptor).get()
      } catch {
        socketFile.remove(ifStill: created.identity)
        throw StartupError("cannot listen on \(config.socketPath): \(error)")
      }
      // Under systemd the socket outlives this process in the descriptor store: the file
      // stays for the next compd, which is handed the same socket.
      let stored = service?.storeListeningSocket(created.descriptor) ?? false
      identity = stored ? nil : created.identity
    }
    logger.notice(
      "listening",
      metadata: [
        "socket": "\(config.socketPath)", "mode": "\(String(config.socketMode, radix: 8))",
        "pid": "\(getpid())",
      ])
    return SocketListener(
      config: config, dispatcher: dispatcher, connections: connections, logger: logger,
      group: group, socketFile: socketFile, listener: listener, identity: identity)
  }

  private init(
    config: DaemonConfig, dispatcher: Dispatcher, connections: ConnectionTable, logger: Logger,
    group: any EventLoopGroup, socketFile: SocketFile, listener: any Channel,
    identity: SocketFile.Identity?
  ) {
    self.config = config
    self.dispatcher = dispatcher
    self.connections = connections
    self.logger = logger
    self.group = group
    self.socketFile = socketFile
    self.listener = listener
    self.identity = identity
  }

  private static func peerCredentials(of channel: any Channel) -> EventLoopFuture<PeerCredentials?>
  {
    guard let provider = channel as? any SocketOptionProvider else {
      return channel.eventLoop.makeSucceededFuture(nil)
    }
    // Linux's `struct ucred` (Glibc hides it behind _GNU_SOURCE); SO_PEERCRED is 17.
    struct Credentials: Sendable {
      var pid: Int32 = 0
      var uid: UInt32 = 0
      var gid: UInt32 = 0
    }
    let future: EventLoopFuture<Credentials> = provider.unsafeGetSocketOption(
      level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(17))
    return future.map { credentials -> PeerCredentials? in
      PeerCredentials(pid: credentials.pid, uid: credentials.uid, gid: credentials.gid)
    }.recover { _ in nil }
  }

  /// Stops accepting, removes the socket file, lets in-flight requests finish, closes
  /// every client.
  func shutDown() async {
    logger.notice("shutting down", metadata: ["clients": "\(connections.count)"])
    try? await listener.close()
    if let identity { socketFile.remove(ifStill: identity) }
    let clients = connections.all
    for client in clients { client.beginShutdown() }
    let deadline = ContinuousClock.now + .milliseconds(Int64(config.shutdownGraceSeconds * 1000))
    for client in clients {
      let closed = client.channel.closeFuture
      let timer = client.channel.eventLoop.scheduleTask(
        deadline: NIODeadline.now()
          + .nanoseconds(
            Int64(max(0, (deadline - ContinuousClock.now) / .nanoseconds(1))))
      ) {
        client.channel.close(promise: nil)
      }
      try? await closed.get()
      timer.cancel()
    }
    logger.notice("stopped")
  }
}
