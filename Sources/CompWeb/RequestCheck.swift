import NIOHTTP1

/// Decides whether a request may reach a page or the socket: the token when one is set, and
/// for WebSocket upgrades a same-origin `Origin` (browsers send it on every WebSocket; a page
/// of another site must not drive compd through a gateway on this machine).
public struct RequestCheck: Sendable {
  /// The token every request must carry, or nil (loopback without a token).
  public let token: AccessToken?

  /// A check with `token`, or none.
  public init(token: AccessToken?) { self.token = token }

  /// The outcome for one request.
  public enum Verdict: Equatable, Sendable {
    /// Admitted; `setCookie` when the response should keep the token in the cookie.
    case admitted(setCookie: Bool)
    /// 401: no valid token.
    case unauthorized
    /// 403: a WebSocket opened by a page of another origin.
    case foreignOrigin
  }

  /// The verdict for `head`; `upgrade` for the WebSocket path.
  public func verdict(for head: HTTPRequestHead, upgrade: Bool) -> Verdict {
    if upgrade, !Self.isSameOrigin(head) { return .foreignOrigin }
    guard let token else { return .admitted(setCookie: false) }
    switch token.credential(in: head) {
    case nil: return .unauthorized
    case .cookie: return .admitted(setCookie: false)
    case .header, .query: return .admitted(setCookie: !upgrade)
    }
  }

  /// True when there is no `Origin` (not a browser) or its host and port are the `Host`.
  static func isSameOrigin(_ head: HTTPRequestHead) -> Bool {
    guard let origin = head.headers["Origin"].first else { return true }
    guard let host = head.headers["Host"].first else { return false }
    let authority = origin.split(separator: "://", maxSplits: 1).dropFirst().first ?? ""
    return authority.lowercased() == host.lowercased()
  }
}
