import Foundation
import NIOConcurrencyHelpers
import NIOCore

/// The images `/images/<hash>` serves: asked of compd (`image.get`) on first request and
/// kept in memory (the most recently used, up to `maxCachedBytes`), then answered from
/// there. A hash names its bytes for ever, so browsers may keep them a year without asking
/// again (`Cache-Control: immutable`).
public final class ImageRequests: Sendable {
  /// The URL path prefix.
  public static let pathPrefix = "/images/"
  /// compd's socket.
  public let daemonSocket: String
  /// How many bytes of images are kept.
  public let maxCachedBytes: Int
  private let cache = NIOLockedValueBox(Cache())

  /// One image: its media type and bytes.
  public struct Entry: Sendable {
    /// The `Content-Type`.
    public let mime: String
    /// The file's bytes.
    public let bytes: ByteBuffer
  }

  private struct Cache {
    var entries: [String: Entry] = [:]
    var order: [String] = []
    var bytes = 0
  }

  /// Images of compd at `daemonSocket`, keeping `maxCachedBytes` of them.
  public init(daemonSocket: String, maxCachedBytes: Int = 32 << 20) {
    self.daemonSocket = daemonSocket
    self.maxCachedBytes = maxCachedBytes
  }

  /// The hash of an image path: 64 lowercase hexadecimal digits after `/images/` (an
  /// optional extension after them is ignored); nil for any other path.
  public static func hash(inPath path: String) -> String? {
    guard path.hasPrefix(pathPrefix) else { return nil }
    let rest = path.dropFirst(pathPrefix.count)
    let hash = rest.prefix { $0 != "." }
    guard hash.count == 64,
      hash.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
    else { return nil }
    return String(hash)
  }

  /// The image `hash`: from the cache, or from compd; nil when compd has none such (or
  /// cannot be reached, or answers something else).
  public func image(_ hash: String, on loop: any EventLoop) -> EventLoopFuture<Entry?> {
    if let entry = cache.withLockedValue({ cache -> Entry? in
      guard let entry = cache.entries[hash] else { return nil }
      cache.order.removeAll { $0 == hash }
      cache.order.append(hash)
      return entry
    }) {
      return loop.makeSucceededFuture(entry)
    }
    let reply = loop.makePromise(of: ByteBuffer.self)
    let request = ByteBuffer(
      string: #"{"jsonrpc":"2.0","id":1,"method":"image.get","params":{"hash":"\#(hash)"}}"# + "\n")
    Gateway.connectToDaemon(daemonSocket, on: loop) { FirstLine(reply: reply) }
      .whenComplete { result in
        switch result {
        case .success(let daemon): daemon.writeAndFlush(request, promise: nil)
        case .failure(let error): reply.fail(error)
        }
      }
    return reply.futureResult.map { [self] line in
      guard let entry = Self.entry(fromReply: line) else { return nil }
      keep(entry, as: hash)
      return entry
    }.recover { _ in nil }
  }

  /// The image of an `image.get` reply line.
  static func entry(fromReply line: ByteBuffer) -> Entry? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.readableBytesView)),
      let result = (object as? [String: Any])?["result"] as? [String: Any],
      let mime = result["mime"] as? String, let text = result["data"] as? String,
      let bytes = Data(base64Encoded: text)
    else { return nil }
    return Entry(mime: mime, bytes: ByteBuffer(bytes: bytes))
  }

  private func keep(_ entry: Entry, as hash: String) {
    let size = entry.bytes.readableBytes
    guard size <= maxCachedBytes else { return }
    cache.withLockedValue { cache in
      guard cache.entries[hash] == nil else { return }
      cache.entries[hash] = entry
      cache.order.append(hash)
      cache.bytes += size
      while cache.bytes > maxCachedBytes, let oldest = cache.order.first {
        cache.order.removeFirst()
        cache.bytes -= cache.entries.removeValue(forKey: oldest)?.bytes.readableBytes ?? 0
      }
    }
  }
}

/// Takes compd's first line (the reply to the one request sent) and closes the connection.
final class FirstLine: ChannelInboundHandler, Sendable {
  typealias InboundIn = ByteBuffer
  private let reply: EventLoopPromise<ByteBuffer>

  init(reply: EventLoopPromise<ByteBuffer>) { self.reply = reply }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    reply.succeed(unwrapInboundIn(data))
    context.close(promise: nil)
  }

  func channelInactive(context: ChannelHandlerContext) {
    reply.fail(ChannelError.ioOnClosedChannel)  // no effect once the line came
  }
}
