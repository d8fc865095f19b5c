import Dispatch
import NIOCore
import NIOPosix
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The main thread's run loop: a SwiftNIO event loop that also runs the main actor's jobs,
/// so that the descriptors a process reads, the main actor and (in the broker) the client
/// connections are all served by one thread, woken once per message.
///
/// Without it, `dispatchMain()` retires the main thread (on Linux) and pool threads take
/// turns at the main queue, so a message from another process costs two wake-ups and a
/// thread switch: a reading thread wakes, then hands the message to whichever pool thread
/// serves the main queue next. When messages come one at a time (a finger's moves, each
/// answered before the next), those wake-ups are most of a process's work and, on a busy
/// machine, most of the waiting. Under this loop, a client's request is read, handled on
/// the main actor, relayed to a scene host, and its answer relayed back, without a thread
/// switch.
///
/// The main queue tells the loop that it has work through its wake-up descriptor (the one
/// the CoreFoundation run loop waits on, `_dispatch_get_main_queue_handle_4CF`); the loop
/// watches it as one more channel and drains the queue as that run loop does
/// (`_dispatch_main_queue_callback_4CF`).
///
/// In a process whose main thread does not run this loop (a test runner), `read` falls back
/// to a dispatch read source on the main queue and `soon` to a main-actor task: the same
/// handlers, on the main actor, one wake-up later.
package enum MainRunLoop {
  /// Runs `body` in a task and the loop on the calling thread, which must be the main
  /// thread; exits with status 0 when `body` returns (as an `async` main would).
  package static func run(_ body: @escaping @Sendable () async -> Void) -> Never {
    MultiThreadedEventLoopGroup.withCurrentThreadAsEventLoop { loop in
      current.withLock { $0 = loop }
      let queue = fcntl(dispatchMainQueueHandle(), F_DUPFD_CLOEXEC, 0)
      NIOPipeBootstrap(group: loop)
        .channelInitializer { channel in
          channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(MainQueueDrain())
          }
        }
        .takingOwnershipOfDescriptor(input: queue)
        .whenFailure { error in
          fatalError("the main run loop cannot watch the main queue: \(error)")
        }
      Task {
        await body()
        exit(0)
      }
    }
    fatalError("the main run loop stopped")
  }

  /// The main thread's event loop, when the main thread runs this loop (nil in a test
  /// runner). A channel on it is served on the main actor's thread: its handlers may enter
  /// the main actor with `MainActor.assumeIsolated`.
  package static var eventLoop: (any EventLoop)? { current.withLock { $0 } }

  private static let current = Mutex<(any EventLoop)?>(nil)

  /// Reads `fd` on the main actor as bytes arrive: `onBytes` gets each read's bytes, in
  /// order, until it returns `false` (its reader stops; it owns what happens to `fd`
  /// next); `onEnd` runs once when the peer closed its end or reading failed, unless
  /// `onBytes` stopped first. `fd` stays the caller's: the loop reads through its own
  /// duplicate, which shares `fd`'s file status, so `fd` is non-blocking from then on (a
  /// writer on it waits for `POLLOUT` when the socket is full).
  @MainActor package static func read(
    _ fd: Int32, onBytes: @escaping @MainActor (UnsafeRawBufferPointer) -> Bool,
    onEnd: @escaping @MainActor () -> Void
  ) {
    let reader = Reader(onBytes: onBytes, onEnd: onEnd)
    guard let loop = eventLoop else {
      readWithDispatchSource(fd, reader: reader)
      return
    }
    let duplicate = fcntl(fd, F_DUPFD_CLOEXEC, 0)
    guard duplicate >= 0 else {
      reader.end()
      return
    }
    let handler = NIOLoopBound(ReadHandler(reader: reader), eventLoop: loop)
    NIOPipeBootstrap(group: loop)
      // Reads of up to 64 KiB from the start: a scene's tree is read in few of them.
      .channelOption(.recvAllocator, value: FixedSizeRecvByteBufferAllocator(capacity: 1 << 16))
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(handler.value)
        }
      }
      .takingOwnershipOfDescriptor(input: duplicate)
      .whenFailure { _ in MainActor.assumeIsolated { reader.end() } }
  }

  /// Runs `work` on the main actor once the job running now (and, under this loop, the
  /// events of the same turn of the loop) is through: a message corked by a handler is then
  /// written after every other message that handler sent. Callable from any thread.
  package static func soon(_ work: @escaping @MainActor @Sendable () -> Void) {
    guard let loop = eventLoop else {
      Task { @MainActor in work() }
      return
    }
    loop.execute { MainActor.assumeIsolated { work() } }
  }

  /// What a reader of one descriptor is told.
  @MainActor private final class Reader {
    private var onBytes: (@MainActor (UnsafeRawBufferPointer) -> Bool)?
    private var onEnd: (@MainActor () -> Void)?

    init(
      onBytes: @escaping @MainActor (UnsafeRawBufferPointer) -> Bool,
      onEnd: @escaping @MainActor () -> Void
    ) {
      self.onBytes = onBytes
      self.onEnd = onEnd
    }

    /// Hands `bytes` on; `false` once the reader has stopped or stops now.
    func deliver(_ bytes: UnsafeRawBufferPointer) -> Bool {
      guard let onBytes else { return false }
      if onBytes(bytes) { return true }
      self.onBytes = nil
      self.onEnd = nil
      return false
    }

    /// Tells the reader the descriptor ended, once.
    func end() {
      let onEnd = self.onEnd
      self.onBytes = nil
      self.onEnd = nil
      onEnd?()
    }
  }

  /// Hands a channel's bytes to its reader on the main actor (the channel's loop runs on the
  /// main thread).
  private final class ReadHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private let reader: Reader

    init(reader: Reader) {
      self.reader = reader
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      let bytes = unwrapInboundIn(data)
      let reader = self.reader
      let reading = MainActor.assumeIsolated {
        bytes.withUnsafeReadableBytes { reader.deliver($0) }
      }
      if !reading { context.close(promise: nil) }
    }

    func channelInactive(context: ChannelHandlerContext) {
      let reader = self.reader
      MainActor.assumeIsolated { reader.end() }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
      context.close(promise: nil)
    }
  }

  /// Drains the main queue whenever its wake-up descriptor fires.
  private final class MainQueueDrain: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    func channelReadComplete(context: ChannelHandlerContext) {
      dispatchMainQueueCallback(nil)
    }
  }

  /// The fallback off the loop: a read source on the main queue.
  @MainActor private static func readWithDispatchSource(_ fd: Int32, reader: Reader) {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
    source.setEventHandler {
      MainActor.assumeIsolated {
        let count = buffer.withUnsafeMutableBytes {
          recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
        }
        if count < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) { return }
        if count > 0,
          buffer.withUnsafeBytes({ reader.deliver(UnsafeRawBufferPointer(rebasing: $0[..<count])) })
        {
          return
        }
        if count <= 0 { reader.end() }
        source.cancel()
      }
    }
    source.resume()
  }
}

/// The descriptor that becomes readable when the main queue has work (an eventfd on Linux).
@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func dispatchMainQueueHandle() -> Int32

/// Runs the main queue's work on the calling (main) thread.
@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)
