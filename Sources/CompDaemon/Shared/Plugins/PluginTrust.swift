#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whether compd checks who could have written a plugin before running its code.
public enum PluginTrust: String, Sendable, Equatable, CaseIterable {
  /// A plugin file, and every directory on its resolved path up to `/`, must be owned by
  /// root or compd's own user and not be writable by group or others — the rule OpenSSH's
  /// `StrictModes` applies to key files and the dynamic loader's secure mode to the
  /// libraries of a set-user-id program. A sticky world-writable directory such as `/tmp`
  /// fails it too: anyone may create a file there.
  case strict
  /// No ownership or mode checks, for development trees only.
  case relaxed

  /// Why the file at `path` may not be run, or `nil` when it may (always `nil` when
  /// relaxed).
  func refusal(forPluginAt path: String) -> String? {
    switch self {
    case .relaxed: return nil
    case .strict: return Self.untrustedReason(path: path, trustedUser: geteuid())
    }
  }

  /// Why the file at `path` is not trusted, or `nil` when it is: the first component, from
  /// the file up to `/`, of its resolved path — and of the resolved directory that names
  /// it, since whoever can write there can swap a symbolic link — that someone other than
  /// root and `trustedUser` could write or replace.
  static func untrustedReason(path: String, trustedUser: uid_t) -> String? {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    return untrustedComponent(of: path, trustedUser: trustedUser)
      ?? untrustedComponent(of: directory, trustedUser: trustedUser)
  }

  private static func untrustedComponent(of path: String, trustedUser: uid_t) -> String? {
    guard let resolvedPointer = realpath(path, nil) else {
      return "cannot resolve \(path): \(String(cString: strerror(errno)))"
    }
    let resolved = String(cString: resolvedPointer)
    free(resolvedPointer)
    let via = resolved == path ? "" : " (\(path) resolves to \(resolved))"
    var component = resolved
    while true {
      var info = stat()
      guard lstat(component, &info) == 0 else {
        return "cannot check \(component)\(via): \(String(cString: strerror(errno)))"
      }
      let mode = String(info.st_mode & 0o7777, radix: 8)
      if info.st_uid != 0 && info.st_uid != trustedUser {
        let trusted = trustedUser == 0 ? "root" : "root or compd's user (uid \(trustedUser))"
        return
          "untrusted plugin: \(component)\(via) is owned by uid \(info.st_uid), not \(trusted)"
      }
      if info.st_mode & 0o022 != 0 {
        let who = info.st_mode & 0o002 != 0 ? "others" : "its group"
        return
          "untrusted plugin: \(component)\(via) is writable by \(who) (mode 0\(mode), owner uid \(info.st_uid))"
      }
      if component == "/" { return nil }
      let parent = component[..<(component.lastIndex(of: "/") ?? component.startIndex)]
      component = parent.isEmpty ? "/" : String(parent)
    }
  }
}
