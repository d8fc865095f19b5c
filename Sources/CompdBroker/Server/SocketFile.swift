import CompdProtocol

#if canImport(Glibc)
  import Glibc
#endif

/// The socket file on disk: checks before binding, and removal on exit.
struct SocketFile: Sendable {
  let path: String

  /// The identity of the file we created, compared before removing it. Inode numbers are
  /// reused at once on some file systems, so the type and change time count too.
  struct Identity: Sendable, Equatable {
    var device: UInt64
    var inode: UInt64
    var type: UInt32
    var changeSeconds: Int
    var changeNanoseconds: Int
  }

  /// Makes the path free for binding: nothing there, or a stale socket (removed).
  ///
  /// Throws when a live server answers on it, when it is not a socket, or when it
  /// cannot be checked.
  func prepareForBinding() throws(StartupError) {
    var info = stat()
    if lstat(path, &info) != 0 {
      if errno == ENOENT { return }
      throw StartupError("cannot check socket path \(path): \(String(cString: strerror(errno)))")
    }
    guard info.st_mode & S_IFMT == S_IFSOCK else {
      throw StartupError("\(path) exists and is not a socket; refusing to replace it")
    }
    switch Self.probe(path: path) {
    case .live:
      throw StartupError(
        "another server (probably compd) is already listening on \(path); stop it first")
    case .refused:
      if unlink(path) != 0 && errno != ENOENT {
        throw StartupError(
          "cannot remove stale socket \(path): \(String(cString: strerror(errno)))")
      }
    case .failed(let code):
      throw StartupError("cannot check socket \(path): \(String(cString: strerror(code)))")
    }
  }

  enum ProbeResult: Equatable {
    case live
    case refused
    case failed(Int32)
  }

  /// Tries to connect to the socket at `path`.
  static func probe(path: String) -> ProbeResult {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return .failed(errno) }
    defer { close(descriptor) }
    guard let result = withAddress(of: path, { connect(descriptor, $0, $1) }) else {
      return .failed(ENAMETOOLONG)
    }
    if result == 0 { return .live }
    // A socket file whose server is gone refuses; so does a full backlog on a live one, but
    // then the daemon would be wedged anyway and binding is refused later by the stat check.
    if errno == ECONNREFUSED { return .refused }
    return .failed(errno)
  }

  /// Calls `body` with `path` as a Unix socket address and its length; `nil` when the
  /// path does not fit in one.
  static func withAddress(
    of path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
  ) -> Int32? {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
  }

  /// The identity of the file now at the path, if it is there.
  func currentIdentity() -> Identity? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return Identity(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), type: info.st_mode & S_IFMT,
      changeSeconds: info.st_ctim.tv_sec, changeNanoseconds: info.st_ctim.tv_nsec)
  }

  /// Creates the socket file: a Unix stream socket bound to the path and given `mode`, not
  /// listening yet: the caller listens once the file's identity is recorded, so that no
  /// client can reach it (and no one can swap the file under compd's feet) before compd
  /// knows which file is its own. The caller's umask applies to the file between bind and
  /// chmod.
  func bind(mode: UInt32) throws(StartupError) -> (
    descriptor: Int32, identity: Identity
  ) {
    func failure(_ what: String) -> StartupError {
      StartupError("cannot listen on \(path): \(what): \(String(cString: strerror(errno)))")
    }
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw failure("socket") }
    guard let bound = Self.withAddress(of: path, { Glibc.bind(descriptor, $0, $1) }) else {
      close(descriptor)
      throw StartupError(
        "cannot listen on \(path): the path is longer than a socket address allows")
    }
    guard bound == 0 else {
      let error = failure("bind")
      close(descriptor)
      throw error
    }
    do {
      try setMode(mode)
    } catch {
      close(descriptor)
      unlink(path)
      throw error
    }
    guard let identity = currentIdentity() else {
      let error = failure("stat")
      close(descriptor)
      unlink(path)
      throw error
    }
    return (descriptor, identity)
  }

  /// Sets the permission bits exactly.
  func setMode(_ mode: UInt32) throws(StartupError) {
    if chmod(path, mode_t(mode)) != 0 {
      throw StartupError("cannot set mode of \(path): \(String(cString: strerror(errno)))")
    }
  }

  /// Removes the socket file if it is still the one we created.
  @discardableResult
  func remove(ifStill identity: Identity) -> Bool {
    guard currentIdentity() == identity else { return false }
    return unlink(path) == 0
  }
}
