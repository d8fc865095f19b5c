#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A problem the layout engine met and recovered from.
@MainActor
public enum LayoutIssue: @MainActor CustomStringConvertible {
  /// Required constraints contradict each other; `broken` was dropped for this pass, as UIKit
  /// breaks one constraint. `conflicting` lists the required constraints on the same items.
  case unsatisfiable(broken: LayoutConstraint, conflicting: [LayoutConstraint])
  /// A constraint that cannot be used at all (no common ancestor, a deallocated item).
  case invalidConstraint(LayoutConstraint, reason: String)

  public var description: String {
    switch self {
    case .unsatisfiable(let broken, let conflicting):
      var text = "Unable to simultaneously satisfy constraints:\n"
      for constraint in conflicting { text += "  \(constraint)\n" }
      return text + "Recovered by breaking \(broken)"
    case .invalidConstraint(let constraint, let reason):
      return "Cannot activate \(constraint): \(reason)"
    }
  }
}

/// Where layout issues go: kept (the most recent 100) for inspection and tests, and passed
/// to `handler` (by default printed to standard error, as UIKit logs them).
@MainActor
public enum LayoutDiagnostics {
  /// Receives every issue; replace it to route issues to a logger.
  public static var handler: (@MainActor (LayoutIssue) -> Void)? = { issue in
    var stream = StandardErrorStream()
    print(issue, to: &stream)
  }
  /// The most recent issues, oldest first.
  public private(set) static var recentIssues: [LayoutIssue] = []

  /// Forgets the recent issues.
  public static func clearRecentIssues() { recentIssues.removeAll() }

  static func report(_ issue: LayoutIssue) {
    if recentIssues.count >= 100 { recentIssues.removeFirst() }
    recentIssues.append(issue)
    handler?(issue)
  }
}

private struct StandardErrorStream: TextOutputStream {
  mutating func write(_ string: String) {
    var text = string
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      #if canImport(Glibc)
        _ = Glibc.write(2, base, bytes.count)
      #else
        _ = Darwin.write(2, base, bytes.count)
      #endif
    }
  }
}
