import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Opens a scene page's scene, or subscribes to it, while the page itself is being served, so
/// that the page has its first tree when its modules run, without a WebSocket handshake and a
/// round trip before it (docs/web.md, "Page load").
///
/// A request for `/?component=NAME[&params=JSON]` that carries the browser's viewport size,
/// device pixel ratio and colour scheme as client hints (which the gateway asks for with
/// `Accept-CH` on every page) and the `compd-web-scene-inset` cookie (the page's measure of
/// how much smaller than the viewport its scene area is) gets its `scene.open` sent on a new
/// compd connection, with the environment the page would send itself; a request for
/// `/?scene=ID` gets `scene.subscribe {scene}`. The page is sent at once with a one-time
/// token in `<meta name="compd-adopt">`; compd's reply follows in `<script
/// type="application/json" id="compd-scene-reply">`, and the connection is parked until the
/// page's WebSocket adopts it with `/rpc?adopt=TOKEN` (`ParkedConnections`).
public struct ScenePageLoad: Sendable {
  /// The client hints a page load needs, as asked for in `Accept-CH`.
  public static let clientHints =
    "Sec-CH-Viewport-Width, Sec-CH-Viewport-Height, Sec-CH-DPR, Sec-CH-Prefers-Color-Scheme"
  /// The cookie in which the page keeps the viewport's size minus its scene area's, `WxH`.
  public static let insetCookie = "compd-web-scene-inset"
  /// The id of the request the gateway sends for the page.
  static let requestID = "page-load"

  /// compd's socket.
  public let daemonSocket: String
  /// Where the connections wait for their pages.
  public let parked: ParkedConnections
  /// The most compd may write on a parked connection before its page adopts it.
  public let maxBufferedBytes: Int

  /// A loader connecting to `daemonSocket` and parking in `parked`.
  public init(daemonSocket: String, parked: ParkedConnections, maxBufferedBytes: Int = 1 << 20) {
    self.daemonSocket = daemonSocket
    self.parked = parked
    self.maxBufferedBytes = maxBufferedBytes
  }

  /// A scene opened (or subscribed to) for a page: the token its WebSocket adopts the
  /// connection with, and compd's reply line to come.
  public struct Opened {
    /// The one-time adoption token.
    public let token: String
    /// compd's reply, or a failure when the connection closed first.
    public let reply: EventLoopFuture<ByteBuffer>
  }

  /// Starts a page's request: the token at once, so that the page can be sent with it while
  /// the gateway connects to compd, parks the connection under it and sends `request`; nil
  /// when `parked` is full (the page then opens its scene itself). A page whose WebSocket
  /// comes before the connection is parked (or when compd cannot be reached) is refused as
  /// for an unknown token and falls back to a socket of its own.
  public func open(_ request: ByteBuffer, on loop: any EventLoop) -> Opened? {
    guard parked.count < parked.limit else { return nil }
    let token = ParkedConnections.newToken()
    let reply = loop.makePromise(of: ByteBuffer.self)
    let (parked, maxBufferedBytes) = (self.parked, self.maxBufferedBytes)
    Gateway.connectToDaemon(daemonSocket, on: loop) {
      ParkedLines(requestID: Self.requestID, reply: reply, maxBufferedBytes: maxBufferedBytes)
    }
    .whenComplete { result in
      switch result {
      case .success(let daemon):
        guard parked.park(daemon, as: token) else {
          daemon.close(promise: nil)
          return reply.fail(ChannelError.ioOnClosedChannel)
        }
        daemon.writeAndFlush(request, promise: nil)
      case .failure(let error):
        reply.fail(error)
      }
    }
    return Opened(token: token, reply: reply.futureResult)
  }

  /// The request line (with its newline) for a page request: `scene.subscribe` for
  /// `?scene=ID`, `scene.open` for `?component=NAME`; nil when the request is not a scene
  /// page's, or lacks what the environment is made of.
  public static func request(for head: HTTPRequestHead) -> ByteBuffer? {
    guard head.method == .GET else { return nil }
    let method: String
    var params: [String: Any]
    if let scene = head.queryValue("scene") {
      (method, params) = ("scene.subscribe", ["scene": scene])
    } else if let component = head.queryValue("component"),
      let environment = environment(for: head)
    {
      (method, params) = ("scene.open", ["component": component, "environment": environment])
      if let text = head.queryValue("params") {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)),
          object is [String: Any]
        else { return nil }
        params["params"] = object
      }
    } else {
      return nil
    }
    let request: [String: Any] = [
      "jsonrpc": "2.0", "id": requestID, "method": method, "params": params,
    ]
    guard var line = try? JSONSerialization.data(withJSONObject: request) else { return nil }
    line.append(UInt8(ascii: "\n"))
    return ByteBuffer(bytes: line)
  }

  /// The environment app.js sends (web/js/app.js, `sceneEnvironment`): the scene area's
  /// size (the viewport less the page's inset), the style of `prefers-color-scheme`, the
  /// device pixel ratio rounded into 1…4, no safe area, lists' rows ready two screens
  /// beyond their bounds (`listOverscan` in app.js).
  static func environment(for head: HTTPRequestHead) -> [String: Any]? {
    func number(_ name: String) -> Double? {
      head.headers[name].first.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }
    guard let viewportWidth = number("Sec-CH-Viewport-Width"),
      let viewportHeight = number("Sec-CH-Viewport-Height"), let ratio = number("Sec-CH-DPR"),
      ratio.isFinite,
      let scheme = head.headers["Sec-CH-Prefers-Color-Scheme"].first?
        .trimmingCharacters(in: CharacterSet(charactersIn: "\" ")),
      scheme == "light" || scheme == "dark",
      let inset = Self.inset(in: head)
    else { return nil }
    let width = Int(viewportWidth) - inset.width
    let height = Int(viewportHeight) - inset.height
    guard (1...100_000).contains(width), (1...100_000).contains(height) else { return nil }
    return [
      "width": width, "height": height, "style": scheme,
      "scale": min(4, max(1, Int(ratio.rounded()))),
      "safeArea": ["top": 0, "left": 0, "bottom": 0, "right": 0],
      "overscan": min(4000, height * 2),
    ]
  }

  /// The page's inset cookie, `WxH` in CSS pixels.
  static func inset(in head: HTTPRequestHead) -> (width: Int, height: Int)? {
    guard let value = head.cookieValues(named: insetCookie).first else { return nil }
    let sizes = value.split(separator: "x").compactMap { Int($0) }
    guard sizes.count == 2, sizes.allSatisfy({ (0...10_000).contains($0) }) else { return nil }
    return (sizes[0], sizes[1])
  }

  /// The page with the adoption token after `<head>` and, when given, compd's reply before
  /// `</body>`: the part up to the reply and the rest. The reply's `<` are written `\u003c`
  /// (the same JSON), so nothing in it can end the script element.
  static func page(_ html: ByteBuffer, token: String) -> (head: ByteBuffer, tail: ByteBuffer) {
    var text = String(buffer: html)
    if let head = text.range(of: "<head>") {
      text.insert(
        contentsOf: "\n<meta name=\"compd-adopt\" content=\"\(token)\">", at: head.upperBound)
    }
    let end = text.range(of: "</body>")?.lowerBound ?? text.endIndex
    return (ByteBuffer(string: String(text[..<end])), ByteBuffer(string: String(text[end...])))
  }

  /// The element carrying compd's reply to the page.
  static func replyElement(_ line: ByteBuffer) -> ByteBuffer {
    let json = String(buffer: line).replacingOccurrences(of: "<", with: "\\u003c")
    return ByteBuffer(
      string: "<script type=\"application/json\" id=\"compd-scene-reply\">\(json)</script>\n")
  }
}
