import NIOCore
import NIOHTTP1

extension StaticFileHandler {
  /// `/images/<hash>`: the image's bytes as its media type, cacheable for a year and
  /// immutable (the hash names the bytes), `ETag` the hash; 404 for a malformed hash or
  /// one compd has no image for.
  func sendImage(
    path: String, from images: ImageRequests, headers: HTTPHeaders, head: HTTPRequestHead,
    context: ChannelHandlerContext
  ) {
    guard let hash = ImageRequests.hash(inPath: path) else {
      return send(
        .notFound, text: "an image path is /images/ and 64 hexadecimal digits\n",
        headers: headers, head: head, context: context)
    }
    var headers = headers
    let etag = "\"\(hash)\""
    headers.add(name: "ETag", value: etag)
    headers.add(name: "Cache-Control", value: "public, max-age=31536000, immutable")
    headers.add(name: "X-Content-Type-Options", value: "nosniff")
    if Self.matches(etag, head.headers["If-None-Match"]) {
      return send(.notModified, body: ByteBuffer(), headers: headers, head: head, context: context)
    }
    let loaded = images.image(hash, on: context.eventLoop)
    loaded.assumeIsolated().whenSuccess { entry in
      guard let entry else {
        var missing = HTTPHeaders()
        missing.add(name: "Cache-Control", value: "no-store")
        return self.send(
          .notFound, text: "compd has no image \(hash)\n", headers: missing, head: head,
          context: context)
      }
      headers.add(name: "Content-Type", value: entry.mime)
      self.send(.ok, body: entry.bytes, headers: headers, head: head, context: context)
    }
  }
}
