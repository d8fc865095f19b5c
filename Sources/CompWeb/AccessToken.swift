import Foundation
import NIOHTTP1

/// The bearer token that guards a gateway reachable from other machines.
///
/// A request carries it in `Authorization: Bearer TOKEN`, in a `token` query parameter (what a
/// browser can put in a link and in a WebSocket URL), or in the `compd-web-token` cookie the
/// gateway sets on a page load that carried it (so the page's scripts, fonts and WebSocket are
/// admitted without repeating it). The cookie is `HttpOnly` and `SameSite=Strict`.
public struct AccessToken: Sendable {
  /// The cookie that keeps the token for the page's own requests.
  public static let cookieName = "compd-web-token"
  private let value: [UInt8]

  /// A token from `text` (surrounding whitespace dropped); at least 16 printable characters.
  public init(_ text: String) throws(Invalid) {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed.utf8.count >= 16 else {
      throw Invalid("the token must be at least 16 characters (e.g. openssl rand -hex 32)")
    }
    guard trimmed.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != ";" })
    else { throw Invalid("the token may hold only printable ASCII other than ';' and spaces") }
    value = Array(trimmed.utf8)
  }

  /// The token in the file at `path`.
  public init(contentsOfFile path: String) throws(Invalid) {
    let text: String
    do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
      throw Invalid("cannot read the token file \(path): \(error.localizedDescription)")
    }
    do { try self.init(text) } catch { throw Invalid("\(path): \(error.description)") }
  }

  /// How `head` carries the token, or nil when it does not carry this token.
  public func credential(in head: HTTPRequestHead) -> Credential? {
    for field in head.headers["Authorization"] {
      let parts = field.split(separator: " ", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == "bearer", matches(parts[1]) {
        return .header
      }
    }
    if head.queryItems.contains(where: { $0.name == "token" && matches(Substring($0.value)) }) {
      return .query
    }
    if head.cookieValues(named: Self.cookieName).contains(where: matches) { return .cookie }
    return nil
  }

  /// The `Set-Cookie` value that keeps the token for the page's own requests.
  public var cookie: String {
    "\(Self.cookieName)=\(String(decoding: value, as: UTF8.self)); Path=/; HttpOnly; SameSite=Strict"
  }

  /// Compares in time that depends only on the lengths, so a guess learns nothing from timing.
  private func matches(_ candidate: Substring) -> Bool {
    let bytes = Array(candidate.utf8)
    guard bytes.count == value.count else { return false }
    var difference: UInt8 = 0
    for (a, b) in zip(bytes, value) { difference |= a ^ b }
    return difference == 0
  }

  /// Where a request carried the token.
  public enum Credential: Sendable, Equatable {
    case header, query, cookie
  }

  /// A token or token file that cannot be used, with the reason.
  public struct Invalid: Error, CustomStringConvertible {
    /// Why.
    public let description: String
    init(_ description: String) { self.description = description }
  }
}
