#if canImport(Glibc)
  import Glibc
#endif

/// Starting compd's own children (vetting children, scene hosts) with `posix_spawn`:
/// default signal dispositions and an empty signal mask whatever the daemon has set, and
/// the Swift runtime's interactive backtrace off, since a crashing plugin is expected in
/// them and should end them at once.
package enum ChildSpawn {
  /// Spawns `arguments` (the executable first) with `actions`; in a process group of its
  /// own with `ownProcessGroup` (so that a kill reaches what it forked too). The child keeps
  /// stdin, stdout, stderr and `keptDescriptors` more from 3 on (which `actions` set up);
  /// every other descriptor is closed. Returns the pid, or why it could not be started.
  package static func spawn(
    _ arguments: [String], actions: inout posix_spawn_file_actions_t, ownProcessGroup: Bool,
    keptDescriptors: Int = 0
  ) -> Result<pid_t, Failure> {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigfillset(&defaults)
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
    if ownProcessGroup {
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= POSIX_SPAWN_SETPGROUP
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var environment: [UnsafeMutablePointer<CChar>?] = [strdup("SWIFT_BACKTRACE=enable=no")]
    var entry = environ
    while let variable = entry.pointee {
      if strncmp(variable, "SWIFT_BACKTRACE=", 16) != 0 { environment.append(strdup(variable)) }
      entry += 1
    }
    environment.append(nil)
    defer { for pointer in environment { free(pointer) } }
    // Nothing of the daemon's but what `actions` set up: a descriptor without close-on-exec
    // (a socket systemd passed, say) would otherwise live on in the child.
    closeFrom(3 + Int32(keptDescriptors), in: &actions)
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, &environment)
    guard spawned == 0 else {
      return .failure(
        Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))"))
    }
    return .success(pid)
  }

  /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34+), looked up because Swift
  /// does not import it; without it nothing more is closed.
  private static func closeFrom(_ first: Int32, in actions: inout posix_spawn_file_actions_t) {
    typealias CloseFrom =
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32)
      -> Int32
    guard
      let symbol = dlsym(
        UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
    else { return }
    _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, first)
  }

  /// Why a child could not be started.
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }
}
