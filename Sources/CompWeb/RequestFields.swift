import Foundation
import NIOHTTP1

/// What the gateway reads from a request besides its path: query parameters and cookies,
/// parsed in one place for the token check and for a scene page's load.
extension HTTPRequestHead {
  /// The query parameters of the request target, in order, decoded as a browser's
  /// `URLSearchParams` does (`+` is a space, then percent escapes). A parameter without `=`
  /// has an empty value; one that does not decode is left out; a fragment is not part of it.
  var queryItems: [(name: String, value: String)] {
    guard let query = uri.split(separator: "?", maxSplits: 1).dropFirst().first else { return [] }
    func decode(_ text: Substring) -> String? {
      String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
    return query.prefix { $0 != "#" }.split(separator: "&").compactMap { pair in
      let item = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = decode(item[0]), let value = decode(item.count > 1 ? item[1] : "")
      else { return nil }
      return (name, value)
    }
  }

  /// The first value of the query parameter `name`, or nil.
  func queryValue(_ name: String) -> String? {
    queryItems.first { $0.name == name }?.value
  }

  /// The values of the cookies named `name`, in the order the request sends them.
  func cookieValues(named name: String) -> [Substring] {
    headers["Cookie"].flatMap { field in
      field.split(separator: ";").compactMap { cookie in
        let item = cookie.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
        return item.count == 2 && item[0] == name ? item[1] : nil
      }
    }
  }
}
