import NIOCore
import NIOHTTP1

/// Answers the HTTP requests that are not WebSocket upgrades: `GET`/`HEAD` of the static
/// files, 404 for anything else, 401 without the token, 405 for other methods, and on the
/// WebSocket path a 400 that says an upgrade is needed (or why the upgrade was refused). A
/// scene page whose request says enough to open its scene gets it opened while it loads
/// (`ScenePageLoad`).
public final class StaticFileHandler: ChannelInboundHandler, RemovableChannelHandler {
  public typealias InboundIn = HTTPServerRequestPart
  public typealias OutboundOut = HTTPServerResponsePart

  /// The path of the WebSocket.
  public static let socketPath = "/rpc"
  private let site: StaticSite
  private let check: RequestCheck
  private let pageLoad: ScenePageLoad?
  private let images: ImageRequests?
  private var request: HTTPRequestHead?

  /// A handler serving `site` to requests that pass `check`, opening scene pages' scenes
  /// through `pageLoad` when given.
  public init(
    site: StaticSite, check: RequestCheck, pageLoad: ScenePageLoad? = nil,
    images: ImageRequests? = nil
  ) {
    self.site = site
    self.check = check
    self.pageLoad = pageLoad
    self.images = images
  }

  public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head): request = head
    case .body: break
    case .end:
      guard let head = request else { return }
      request = nil
      respond(to: head, context: context)
    }
  }

  private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
    let path = String(head.uri.prefix { $0 != "?" })
    let isSocket = path == Self.socketPath
    var headers = HTTPHeaders()
    switch check.verdict(for: head, upgrade: isSocket) {
    case .unauthorized:
      headers.add(name: "WWW-Authenticate", value: "Bearer")
      return send(
        .unauthorized, text: "a token is required (Authorization: Bearer or ?token=)\n",
        headers: headers, head: head, context: context)
    case .foreignOrigin:
      return send(
        .forbidden, text: "WebSocket from another origin refused\n", headers: headers,
        head: head, context: context)
    case .foreignHost:
      return send(
        .misdirectedRequest,
        text:
          "this gateway serves loopback host names (and --allowed-host) without a token, not \(head.headers["Host"].first ?? "")\n",
        headers: headers, head: head, context: context)
    case .admitted(let setCookie):
      if setCookie, let token = check.token { headers.add(name: "Set-Cookie", value: token.cookie) }
    }
    guard head.method == .GET || head.method == .HEAD else {
      headers.add(name: "Allow", value: "GET, HEAD")
      return send(
        .methodNotAllowed, text: "only GET and HEAD\n", headers: headers, head: head,
        context: context)
    }
    if isSocket {
      // An upgrade with an adoption token that no waiting connection has is not upgraded.
      if head.queryValue("adopt") != nil {
        return send(
          .notFound,
          text:
            "no compd connection waits for this adopt token (unknown, used or expired), or this is no WebSocket upgrade\n",
          headers: headers, head: head, context: context)
      }
      return send(
        .badRequest, text: "this path takes a WebSocket upgrade\n", headers: headers,
        head: head, context: context)
    }
    if let images, path.hasPrefix(ImageRequests.pathPrefix) {
      return sendImage(path: path, from: images, headers: headers, head: head, context: context)
    }
    guard let file = site.file(forTarget: head.uri) else {
      return send(.notFound, text: "not found\n", headers: headers, head: head, context: context)
    }
    headers.add(name: "Content-Type", value: file.contentType)
    // A versioned URL's bytes never change (a new file has a new fingerprint); anything
    // else is revalidated on every use, so that files edited between runs are never stale.
    // A page is not stored at all: a page that may be kept in the back/forward cache makes
    // Chromium load the next page of the tab in a new renderer process when the page is
    // cross-origin isolated (docs/web.md, "Page load"), which a reload would wait for.
    headers.add(
      name: "Cache-Control",
      value: site.isCurrentVersion(head.uri)
        ? "public, max-age=31536000, immutable"
        : file.contentType.hasPrefix("text/html") ? "no-store" : "no-cache")
    headers.add(name: "X-Content-Type-Options", value: "nosniff")
    if file.contentType.hasPrefix("text/html") {
      // The next page load then says what a scene's environment is made of.
      headers.add(name: "Accept-CH", value: ScenePageLoad.clientHints)
      if let pageLoad, head.version == .http1_1,
        let request = ScenePageLoad.request(for: head),
        let opened = pageLoad.open(request, on: context.eventLoop)
      {
        return sendScenePage(file, opened: opened, headers: headers, head: head, context: context)
      }
    }
    sendFile(file, headers: headers, head: head, context: context)
  }

  private func sendFile(
    _ file: StaticSite.File, headers: HTTPHeaders, head: HTTPRequestHead,
    context: ChannelHandlerContext
  ) {
    var headers = headers
    headers.add(name: "ETag", value: file.etag)
    if Self.matches(file.etag, head.headers["If-None-Match"]) {
      return send(
        .notModified, body: ByteBuffer(), headers: headers, head: head, context: context)
    }
    send(.ok, body: file.bytes, headers: headers, head: head, context: context)
  }

  /// The page with its adoption token at once, compd's reply and the rest when it comes.
  private func sendScenePage(
    _ file: StaticSite.File, opened: ScenePageLoad.Opened, headers: HTTPHeaders,
    head: HTTPRequestHead, context: ChannelHandlerContext
  ) {
    let page = ScenePageLoad.page(file.bytes, token: opened.token)
    // No length: the body goes out in chunks, the first before compd has answered.
    context.write(
      wrapOutboundOut(.head(response(.ok, headers: headers, head: head))), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(page.head))), promise: nil)
    opened.reply.assumeIsolated().whenComplete { result in
      // Without a reply (compd went away) the page opens its scene itself.
      if case .success(let line) = result {
        context.write(
          self.wrapOutboundOut(.body(.byteBuffer(ScenePageLoad.replyElement(line)))),
          promise: nil)
      }
      context.write(self.wrapOutboundOut(.body(.byteBuffer(page.tail))), promise: nil)
      self.end(head: head, context: context)
    }
  }

  /// Whether `If-None-Match` values name `etag` (a list, possibly weak, or `*`).
  static func matches(_ etag: String, _ ifNoneMatch: [String]) -> Bool {
    ifNoneMatch.contains { field in
      field.split(separator: ",").contains { candidate in
        let tag = String(candidate.filter { $0 != " " && $0 != "\t" })
        return tag == "*" || tag == etag || tag == "W/" + etag
      }
    }
  }

  func send(
    _ status: HTTPResponseStatus, text: String, headers: HTTPHeaders, head: HTTPRequestHead,
    context: ChannelHandlerContext
  ) {
    var headers = headers
    headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
    send(status, body: ByteBuffer(string: text), headers: headers, head: head, context: context)
  }

  func send(
    _ status: HTTPResponseStatus, body: ByteBuffer, headers: HTTPHeaders, head: HTTPRequestHead,
    context: ChannelHandlerContext
  ) {
    var headers = headers
    // A 304 has no body; its length would be the 200's, so it is left out.
    if status != .notModified {
      headers.add(name: "Content-Length", value: String(body.readableBytes))
    }
    context.write(
      wrapOutboundOut(.head(response(status, headers: headers, head: head))), promise: nil)
    if head.method != .HEAD, status != .notModified {
      context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
    }
    // A client that sent a request this bad gets no second try on this connection.
    end(head: head, close: status == .badRequest || status == .misdirectedRequest, context: context)
  }

  private func response(_ status: HTTPResponseStatus, headers: HTTPHeaders, head: HTTPRequestHead)
    -> HTTPResponseHead
  {
    var headers = headers
    // Cross-origin isolation: the page may then share memory with the worker that owns its
    // WebSocket (docs/web.md, "Typing"). Everything served here is same-origin, so nothing
    // the page loads is refused by it; no other origin may embed these responses.
    headers.add(name: "Cross-Origin-Opener-Policy", value: "same-origin")
    headers.add(name: "Cross-Origin-Embedder-Policy", value: "require-corp")
    headers.add(name: "Cross-Origin-Resource-Policy", value: "same-origin")
    headers.add(
      name: "Connection",
      value: head.isKeepAlive && status != .badRequest && status != .misdirectedRequest
        ? "keep-alive" : "close")
    return HTTPResponseHead(version: head.version, status: status, headers: headers)
  }

  private func end(head: HTTPRequestHead, close: Bool = false, context: ChannelHandlerContext) {
    let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
    if close || !head.isKeepAlive {
      let channel = context.channel
      done.whenComplete { _ in channel.close(promise: nil) }
    }
  }
}
