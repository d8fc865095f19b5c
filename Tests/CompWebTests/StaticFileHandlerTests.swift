import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import CompWeb

/// The static file handler on an `EmbeddedChannel`: what each request target gets.
@Suite struct StaticFileHandlerTests {
  static let site = StaticSite(files: [
    "/index.html": .init(
      bytes: ByteBuffer(string: "<html>"), contentType: "text/html; charset=utf-8"),
    "/app/client.js": .init(bytes: ByteBuffer(string: "export {}"), contentType: "text/javascript"),
  ])

  /// Sends one request and returns the response head and body.
  static func respond(
    _ uri: String, method: HTTPMethod = .GET, headers: [(String, String)] = [],
    token: AccessToken? = nil
  ) throws -> (HTTPResponseHead, String) {
    let channel = EmbeddedChannel(
      handler: StaticFileHandler(site: site, check: RequestCheck(token: token)))
    var head = HTTPRequestHead(version: .http1_1, method: method, uri: uri)
    for (name, value) in headers { head.headers.add(name: name, value: value) }
    try channel.writeInbound(HTTPServerRequestPart.head(head))
    try channel.writeInbound(HTTPServerRequestPart.end(nil))
    guard case .head(let response) = try channel.readOutbound(as: HTTPServerResponsePart.self)
    else { throw ResponseMissing() }
    var body = ""
    while let part = try channel.readOutbound(as: HTTPServerResponsePart.self) {
      if case .body(.byteBuffer(let buffer)) = part { body += String(buffer: buffer) }
    }
    return (response, body)
  }

  struct ResponseMissing: Error {}

  @Test func servesIndexForRootAndQueries() throws {
    for target in ["/", "/index.html", "/?component=demo.Login", "/?scene=s1#x"] {
      let (head, body) = try Self.respond(target)
      #expect(head.status == .ok, "\(target)")
      #expect(body == "<html>")
      #expect(head.headers["Content-Type"] == ["text/html; charset=utf-8"])
    }
    let (head, body) = try Self.respond("/app/client.js")
    #expect(head.status == .ok && body == "export {}")
  }

  /// The page is cross-origin isolated (its worker shares memory with it), and every file is
  /// same-origin only; refusals carry the same headers.
  @Test func everyResponseIsCrossOriginIsolated() throws {
    for target in ["/", "/app/client.js", "/nope.js"] {
      let (head, _) = try Self.respond(target)
      #expect(head.headers["Cross-Origin-Opener-Policy"] == ["same-origin"], "\(target)")
      #expect(head.headers["Cross-Origin-Embedder-Policy"] == ["require-corp"], "\(target)")
      #expect(head.headers["Cross-Origin-Resource-Policy"] == ["same-origin"], "\(target)")
    }
  }

  @Test func pathsOutsideTheSiteAre404() throws {
    for target in [
      "/../etc/passwd", "/app/../../etc/passwd", "/%2e%2e/etc/passwd", "/app/..%2fclient.js",
      "//etc/passwd", "/app", "/index.html/", "/nope.js", "/fonts/../index.html", "",
    ] {
      let (head, _) = try Self.respond(target)
      #expect(head.status == .notFound, "\(target)")
    }
  }

  @Test func headHasNoBodyAndOtherMethodsAre405() throws {
    let (head, body) = try Self.respond("/", method: .HEAD)
    #expect(head.status == .ok && body.isEmpty)
    #expect(head.headers["Content-Length"] == ["6"])
    let (post, _) = try Self.respond("/", method: .POST)
    #expect(post.status == .methodNotAllowed)
    #expect(post.headers["Allow"] == ["GET, HEAD"])
  }

  @Test func revalidationWithTheEntityTagIs304WithoutBody() throws {
    let (first, _) = try Self.respond("/app/client.js")
    let etag = try #require(first.headers["ETag"].first)
    #expect(first.headers["Cache-Control"] == ["no-cache"])
    let (index, _) = try Self.respond("/")
    #expect(index.headers["ETag"].first != etag, "each file has its own tag")
    for match in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
      let (again, body) = try Self.respond("/app/client.js", headers: [("If-None-Match", match)])
      #expect(again.status == .notModified, "\(match)")
      #expect(body.isEmpty && again.headers["Content-Length"].isEmpty)
      #expect(again.headers["ETag"] == [etag])
    }
    let (stale, body) = try Self.respond("/app/client.js", headers: [("If-None-Match", "\"x\"")])
    #expect(stale.status == .ok && body == "export {}")
  }

  @Test func entityTagsFollowTheBytes() {
    let tag = { (text: String) in
      StaticSite.File(bytes: ByteBuffer(string: text), contentType: "text/plain").etag
    }
    #expect(tag("export {}") == tag("export {}"))
    #expect(tag("export {}") != tag("export {};"))
    #expect(tag("ab") != tag("ba"))
  }

  @Test func pagesNameTheirFilesByVersionAndThoseAreCachedForGood() throws {
    var site = StaticSite(files: [
      "/index.html": .init(
        bytes: ByteBuffer(
          string:
            #"<html><head><link rel="stylesheet" href="/style.css"><script type="module" src="/js/app.js"></script></head>"#
        ), contentType: "text/html; charset=utf-8"),
      "/style.css": .init(
        bytes: ByteBuffer(string: "@font-face { src: url(/fonts/A.otf) } a { x: url(/none.png) }"),
        contentType: "text/css"),
      "/js/app.js": .init(
        bytes: ByteBuffer(string: "import './b.js'"), contentType: "text/javascript"),
      "/js/b.js": .init(bytes: ByteBuffer(string: "export {}"), contentType: "text/javascript"),
      "/fonts/A.otf": .init(bytes: ByteBuffer(string: "OTTO"), contentType: "font/otf"),
    ])
    let font = try #require(site.file(forTarget: "/fonts/A.otf")).version
    site.versionReferences()
    let css = String(buffer: try #require(site.file(forTarget: "/style.css")).bytes)
    #expect(css == "@font-face { src: url(/fonts/A.otf?v=\(font)) } a { x: url(/none.png) }")
    let style = try #require(site.file(forTarget: "/style.css")).version
    let app = try #require(site.file(forTarget: "/js/app.js")).version
    let b = try #require(site.file(forTarget: "/js/b.js")).version
    let html = String(buffer: try #require(site.file(forTarget: "/")).bytes)
    #expect(
      html
        == #"<html><head>"# + "\n"
        + #"<script type="importmap">{"imports":{"/js/app.js":"/js/app.js?v=\#(app)","/js/b.js":"/js/b.js?v=\#(b)"}}</script>"#
        + #"<link rel="stylesheet" href="/style.css?v=\#(style)"><script type="module" src="/js/app.js?v=\#(app)"></script></head>"#
    )
    #expect(site.isCurrentVersion("/style.css?v=\(style)"))
    #expect(!site.isCurrentVersion("/style.css"))
    #expect(!site.isCurrentVersion("/style.css?v=0\(style)"), "an old version is revalidated")
    #expect(!site.isCurrentVersion("/nope.css?v=\(style)"))

    let head = { (target: String) in
      let channel = EmbeddedChannel(
        handler: StaticFileHandler(site: site, check: RequestCheck(token: nil)))
      try channel.writeInbound(
        HTTPServerRequestPart.head(HTTPRequestHead(version: .http1_1, method: .GET, uri: target)))
      try channel.writeInbound(HTTPServerRequestPart.end(nil))
      guard case .head(let response) = try channel.readOutbound(as: HTTPServerResponsePart.self)
      else { throw ResponseMissing() }
      return response
    }
    #expect(
      try head("/js/b.js?v=\(b)").headers["Cache-Control"] == [
        "public, max-age=31536000, immutable"
      ])
    #expect(try head("/js/b.js").headers["Cache-Control"] == ["no-cache"])
    // A page is not stored at all, so that it is never kept in the back/forward cache.
    #expect(try head("/?component=demo.Login").headers["Cache-Control"] == ["no-store"])
  }

  @Test func socketPathWithoutUpgradeIs400() throws {
    let (head, body) = try Self.respond("/rpc")
    #expect(head.status == .badRequest)
    #expect(body.contains("WebSocket"))
  }

  @Test func tokenGuardsEveryPathAndSetsTheCookie() throws {
    let token = try AccessToken("0123456789abcdef0123")
    let (refused, _) = try Self.respond("/", token: token)
    #expect(refused.status == .unauthorized)
    #expect(refused.headers["WWW-Authenticate"] == ["Bearer"])
    let (wrong, _) = try Self.respond("/?token=0123456789abcdef0124", token: token)
    #expect(wrong.status == .unauthorized)
    let (byQuery, _) = try Self.respond(
      "/?component=demo.Login&token=0123456789abcdef0123", token: token)
    #expect(byQuery.status == .ok)
    #expect(
      byQuery.headers["Set-Cookie"].first?.hasPrefix("compd-web-token=0123456789abcdef0123;")
        == true)
    #expect(byQuery.headers["Set-Cookie"].first?.contains("HttpOnly") == true)
    let (byHeader, _) = try Self.respond(
      "/app/client.js", headers: [("Authorization", "Bearer 0123456789abcdef0123")], token: token)
    #expect(byHeader.status == .ok)
    let (byCookie, _) = try Self.respond(
      "/app/client.js", headers: [("Cookie", "a=b; compd-web-token=0123456789abcdef0123")],
      token: token)
    #expect(byCookie.status == .ok)
    #expect(byCookie.headers["Set-Cookie"].isEmpty)
    let (missing, _) = try Self.respond("/nope", token: token)
    #expect(missing.status == .unauthorized, "a guessed path learns nothing without the token")
  }
}

/// The token and origin rules on their own.
@Suite struct RequestCheckTests {
  static func head(_ uri: String, _ headers: [(String, String)]) -> HTTPRequestHead {
    var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: uri)
    for (name, value) in headers { head.headers.add(name: name, value: value) }
    return head
  }

  @Test func tokensAreValidated() {
    #expect(throws: AccessToken.Invalid.self) { try AccessToken("short") }
    #expect(throws: AccessToken.Invalid.self) { try AccessToken("0123456789 abcdef0123") }
    #expect(throws: AccessToken.Invalid.self) { try AccessToken("0123456789;abcdef0123") }
    #expect(throws: AccessToken.Invalid.self) {
      try AccessToken(contentsOfFile: "/nonexistent/token")
    }
    #expect((try? AccessToken("  0123456789abcdef0123\n")) != nil)
  }

  @Test func credentialIsFoundWhereverItIs() throws {
    let token = try AccessToken("0123456789abcdef0123")
    #expect(
      token.credential(in: Self.head("/", [("Authorization", "bearer 0123456789abcdef0123")]))
        == .header)
    #expect(
      token.credential(in: Self.head("/", [("Authorization", "Basic 0123456789abcdef0123")])) == nil
    )
    #expect(token.credential(in: Self.head("/rpc?x=1&token=0123456789abcdef0123", [])) == .query)
    #expect(token.credential(in: Self.head("/rpc?token=0123456789abcdef012", [])) == nil)
    #expect(token.credential(in: Self.head("/rpc?token=0123456789abcdef01234", [])) == nil)
    #expect(
      token.credential(in: Self.head("/", [("Cookie", "compd-web-token=0123456789abcdef0123")]))
        == .cookie)
  }

  @Test func webSocketsFromOtherOriginsAreRefused() {
    let check = RequestCheck(token: nil)
    let same = Self.head("/rpc", [("Host", "127.0.0.1:8080"), ("Origin", "http://127.0.0.1:8080")])
    #expect(check.verdict(for: same, upgrade: true) == .admitted(setCookie: false))
    let other = Self.head("/rpc", [("Host", "127.0.0.1:8080"), ("Origin", "https://evil.example")])
    #expect(check.verdict(for: other, upgrade: true) == .foreignOrigin)
    let noOrigin = Self.head("/rpc", [("Host", "127.0.0.1:8080")])
    #expect(check.verdict(for: noOrigin, upgrade: true) == .admitted(setCookie: false))
    #expect(check.verdict(for: other, upgrade: false) == .admitted(setCookie: false))
  }
}

/// Listen addresses: what is accepted, what is loopback.
@Suite struct ListenAddressTests {
  @Test func parsesAndClassifies() throws {
    let cases: [(String, String, Bool)] = [
      ("127.0.0.1:8080", "127.0.0.1:8080", true), ("localhost:80", "127.0.0.1:80", true),
      ("127.1.2.3:0", "127.1.2.3:0", true), ("[::1]:8080", "[::1]:8080", true),
      ("0.0.0.0:8080", "0.0.0.0:8080", false), ("192.168.1.5:443", "192.168.1.5:443", false),
      ("[::]:8080", "[::]:8080", false),
    ]
    for (text, written, loopback) in cases {
      let address = try ListenAddress(parsing: text)
      #expect(address.description == written)
      #expect(address.isLoopback == loopback, "\(text)")
    }
  }

  @Test func refusesBadAddresses() {
    for text in [
      "", "8080", "127.0.0.1", "127.0.0.1:", "127.0.0.1:65536", "127.0.0.1:-1",
      "127.0.0.1:80x", "example.com:80", "::1:8080", "[::1]8080", "[::1:8080", "300.1.1.1:80",
    ] {
      #expect(throws: ListenAddress.Invalid.self, "\(text)") { try ListenAddress(parsing: text) }
    }
  }
}
