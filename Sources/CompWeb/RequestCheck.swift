import NIOHTTP1

/// Decides whether a request may reach a page or the socket: the token when one is set; a
/// `Host` that names this machine when none is; and for WebSocket upgrades a same-origin
/// `Origin` (browsers send it on every WebSocket; a page of another site must not drive compd
/// through a gateway on this machine).
///
/// The `Host` check stops DNS rebinding: a site whose name an attacker points at 127.0.0.1
/// after its page has loaded is same-origin with itself, so its requests pass the `Origin`
/// check, but they carry its own name as `Host`. Without a token, only loopback names
/// (`localhost`, `*.localhost`, `127.0.0.0/8`, `[::1]`) and the names given with
/// `--allowed-host` are served; a request naming any other host is refused with `421`.
public struct RequestCheck: Sendable {
  /// The token every request must carry, or nil (loopback without a token).
  public let token: AccessToken?
  /// Host names (lowercased, without a port) served besides the loopback names when there
  /// is no token.
  public let allowedHosts: Set<String>

  /// A check with `token`, or none, serving `allowedHosts` besides loopback names.
  public init(token: AccessToken?, allowedHosts: Set<String> = []) {
    self.token = token
    self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
  }

  /// The outcome for one request.
  public enum Verdict: Equatable, Sendable {
    /// Admitted; `setCookie` when the response should keep the token in the cookie.
    case admitted(setCookie: Bool)
    /// 401: no valid token.
    case unauthorized
    /// 403: a WebSocket opened by a page of another origin.
    case foreignOrigin
    /// 421: without a token, a `Host` that is not this machine's (DNS rebinding).
    case foreignHost
  }

  /// The verdict for `head`; `upgrade` for the WebSocket path.
  public func verdict(for head: HTTPRequestHead, upgrade: Bool) -> Verdict {
    if token == nil, let host = head.headers["Host"].first, !isServed(host: host) {
      return .foreignHost
    }
    if upgrade, !Self.isSameOrigin(head) { return .foreignOrigin }
    guard let token else { return .admitted(setCookie: false) }
    switch token.credential(in: head) {
    case nil: return .unauthorized
    case .cookie: return .admitted(setCookie: false)
    case .header, .query: return .admitted(setCookie: !upgrade)
    }
  }

  /// Whether a `Host` value (a name or address, with an optional port) is one served
  /// without a token.
  func isServed(host value: String) -> Bool {
    let name = Self.hostName(value).lowercased()
    if allowedHosts.contains(name) { return true }
    if name == "localhost" || name.hasSuffix(".localhost") || name == "[::1]" { return true }
    let octets = name.split(separator: ".", omittingEmptySubsequences: false)
    return octets.count == 4 && octets[0] == "127"
      && octets.allSatisfy { UInt8($0) != nil }
  }

  /// The host part of a `Host` value: `[::1]:8080` → `[::1]`, `a.b:80` → `a.b`.
  static func hostName(_ value: String) -> String {
    if value.hasPrefix("["), let end = value.firstIndex(of: "]") {
      return String(value[...end])
    }
    return String(value.prefix { $0 != ":" })
  }

  /// True when there is no `Origin` (not a browser) or its host and port are the `Host`.
  static func isSameOrigin(_ head: HTTPRequestHead) -> Bool {
    guard let origin = head.headers["Origin"].first else { return true }
    guard let host = head.headers["Host"].first else { return false }
    let authority = origin.split(separator: "://", maxSplits: 1).dropFirst().first ?? ""
    return authority.lowercased() == host.lowercased()
  }
}
