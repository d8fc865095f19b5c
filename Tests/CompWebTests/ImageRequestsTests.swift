import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Testing

@testable import CompWeb

#if canImport(Glibc)
  import Glibc
#endif

/// `/images/<hash>` through a real gateway: the bytes come from compd's `image.get` once,
/// then from memory, with immutable caching headers; what is no image path or no image is
/// 404.
@Suite(.serialized) struct ImageRequestsTests {
  /// A PNG's first bytes (the header is all the gateway passes on; it never decodes).
  static let png: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0,
    2, 0, 0, 0, 1, 8, 6, 0, 0, 0,
  ]
  static let hash = String(repeating: "ab", count: 32)

  @Test func imagePathsNameAHash() {
    #expect(ImageRequests.hash(inPath: "/images/\(Self.hash)") == Self.hash)
    #expect(ImageRequests.hash(inPath: "/images/\(Self.hash).png") == Self.hash)
    #expect(ImageRequests.hash(inPath: "/images/\(Self.hash.uppercased())") == nil)
    #expect(ImageRequests.hash(inPath: "/images/abc") == nil)
    #expect(ImageRequests.hash(inPath: "/images/../index.html") == nil)
    #expect(ImageRequests.hash(inPath: "/\(Self.hash)") == nil)
  }

  /// A stand-in for compd answering `image.get` for `hash` with `png`, and with
  /// compd.NoSuchImage otherwise; counts the requests.
  final class FakeCompd: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    let requests: NIOLockedValueBox<Int>
    init(requests: NIOLockedValueBox<Int>) { self.requests = requests }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      let line = String(buffer: unwrapInboundIn(data))
      requests.withLockedValue { $0 += 1 }
      let reply =
        line.contains(ImageRequestsTests.hash)
        ? #"{"jsonrpc":"2.0","id":1,"result":{"hash":"\#(ImageRequestsTests.hash)","mime":"image/png","data":"\#(Data(ImageRequestsTests.png).base64EncodedString())"}}"#
        : #"{"jsonrpc":"2.0","id":1,"error":{"code":-32011,"message":"no image","data":{"name":"compd.NoSuchImage"}}}"#
      context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: reply + "\n")), promise: nil)
    }
  }

  /// One HTTP/1.1 request on a fresh connection: the status line, headers and body.
  static func get(_ path: String, port: Int, headers: String = "") throws -> (
    status: String, headers: [String: String], body: [UInt8]
  ) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    #expect(connected == 0)
    let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)Connection: close\r\n\r\n"
    _ = request.utf8CString.withUnsafeBufferPointer { send(fd, $0.baseAddress, $0.count - 1, 0) }
    var response: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = recv(fd, &buffer, buffer.count, 0)
      if count <= 0 { break }
      response += buffer[0..<count]
    }
    let separator = Array("\r\n\r\n".utf8)
    let split = (0...(response.count - 4)).first { Array(response[$0..<$0 + 4]) == separator } ?? 0
    let head = String(decoding: response[0..<split], as: UTF8.self).components(separatedBy: "\r\n")
    var fields: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[String(line[..<colon]).lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return (head.first ?? "", fields, Array(response[(split + 4)...]))
  }

  @Test func imagesAreServedImmutableByHash() async throws {
    let directory =
      NSTemporaryDirectory() + "compd-web-images-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let socketPath = directory + "/compd.sock"
    let requests = NIOLockedValueBox(0)
    let group = MultiThreadedEventLoopGroup.singleton
    let fake = try await ServerBootstrap(group: group)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(
            ByteToMessageHandler(DaemonLineDecoder(maxLineBytes: 1 << 20)))
          try channel.pipeline.syncOperations.addHandler(FakeCompd(requests: requests))
        }
      }
      .bind(unixDomainSocketPath: socketPath).get()
    let gateway = try await Gateway.start(
      .init(
        listen: try ListenAddress(parsing: "127.0.0.1:0"), daemonSocket: socketPath,
        site: StaticSite(), check: RequestCheck(token: nil), maxMessageBytes: 1 << 20))
    let port = try #require(gateway.localAddress?.port)

    let first = try Self.get("/images/\(Self.hash)", port: port)
    #expect(first.status == "HTTP/1.1 200 OK")
    #expect(first.headers["content-type"] == "image/png")
    #expect(first.headers["cache-control"] == "public, max-age=31536000, immutable")
    #expect(first.headers["etag"] == "\"\(Self.hash)\"")
    #expect(first.body == Self.png)
    // Again: from the gateway's memory, compd is not asked twice.
    let second = try Self.get("/images/\(Self.hash)", port: port)
    #expect(second.body == Self.png)
    #expect(requests.withLockedValue { $0 } == 1)
    // A browser holding it revalidates by the hash: 304, no body.
    let revalidated = try Self.get(
      "/images/\(Self.hash)", port: port, headers: "If-None-Match: \"\(Self.hash)\"\r\n")
    #expect(revalidated.status == "HTTP/1.1 304 Not Modified")
    #expect(revalidated.body.isEmpty)

    let unknown = try Self.get("/images/\(String(repeating: "0", count: 64))", port: port)
    #expect(unknown.status == "HTTP/1.1 404 Not Found")
    #expect(unknown.headers["cache-control"] == "no-store")
    let malformed = try Self.get("/images/nothing", port: port)
    #expect(malformed.status == "HTTP/1.1 404 Not Found")

    try await gateway.close()
    try await fake.close()
  }
}
