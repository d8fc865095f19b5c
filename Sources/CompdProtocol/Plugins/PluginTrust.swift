#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whether compd checks who could have written a plugin before running its code.
package enum PluginTrust: String, Sendable, Equatable, CaseIterable {
  /// A plugin file, and every directory on its resolved path up to `/`, must be owned by
  /// root or compd's own user and not be writable by group or others — the rule OpenSSH's
  /// `StrictModes` applies to key files and the dynamic loader's secure mode to the
  /// libraries of a set-user-id program. A directory others may write passes only with the
  /// sticky bit (such as `/tmp`) and when the entry below it is owned by root or compd's
  /// user: the kernel then lets no one else rename or remove that entry, so a development
  /// checkout under `/tmp` is trusted while another user's file there is not.
  case strict
  /// No ownership or mode checks, for development trees only.
  case relaxed

  /// Why the file at `path` may not be run, or `nil` when it may (always `nil` when
  /// relaxed).
  package func refusal(forPluginAt path: String) -> String? {
    switch self {
    case .relaxed: return nil
    case .strict: return Self.untrustedReason(path: path, trustedUser: geteuid())
    }
  }

  /// Why the file at `path` is not trusted, or `nil` when it is: the first component, from
  /// the file up to `/`, of its resolved path — and of the resolved directory that names
  /// it, since whoever can write there can swap a symbolic link — that someone other than
  /// root and `trustedUser` could write or replace.
  package static func untrustedReason(path: String, trustedUser: uid_t) -> String? {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    // The directory's walk starts above the name that it holds: that entry (the file or
    // the link to it) is what its sticky bit protects.
    var entry = stat()
    let entryOwner = lstat(path, &entry) == 0 ? entry.st_uid : nil
    return untrustedComponent(of: path, trustedUser: trustedUser, entryBelow: nil)
      ?? untrustedComponent(of: directory, trustedUser: trustedUser, entryBelow: entryOwner)
  }

  /// The first component of `path`'s resolved path that someone else could write or
  /// replace. `entryBelow` is the owner of the entry in `path` the walk is for, if any.
  private static func untrustedComponent(
    of path: String, trustedUser: uid_t, entryBelow: uid_t?
  ) -> String? {
    guard let resolvedPointer = realpath(path, nil) else {
      return "cannot resolve \(path): \(String(cString: strerror(errno)))"
    }
    let resolved = String(cString: resolvedPointer)
    free(resolvedPointer)
    let via = resolved == path ? "" : " (\(path) resolves to \(resolved))"
    var component = resolved
    var ownerBelow = entryBelow
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
      // The kernel's sticky rule: in a directory with S_ISVTX only the entry's owner, the
      // directory's owner and root may rename or remove an entry, so one owned by a trusted
      // user stays put however writable the directory is.
      let trustedBelow = ownerBelow.map { $0 == 0 || $0 == trustedUser } ?? false
      let sticky = info.st_mode & S_IFMT == S_IFDIR && info.st_mode & S_ISVTX != 0
      if info.st_mode & 0o022 != 0 && !(sticky && trustedBelow) {
        let who = info.st_mode & 0o002 != 0 ? "others" : "its group"
        return
          "untrusted plugin: \(component)\(via) is writable by \(who) (mode 0\(mode), owner uid \(info.st_uid))"
      }
      if component == "/" { return nil }
      ownerBelow = info.st_uid
      let parent = component[..<(component.lastIndex(of: "/") ?? component.startIndex)]
      component = parent.isEmpty ? "/" : String(parent)
    }
  }
}
