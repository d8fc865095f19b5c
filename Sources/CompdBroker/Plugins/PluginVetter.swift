import CompdProtocol
import JSONRPC
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What vetting decided about a plugin file.
enum VetOutcome: Sendable, Equatable {
  /// The plugin loaded, matched the ABI and registered valid components.
  case accepted(PluginManifest)
  /// The plugin answered, but cannot be used: ABI mismatch, no entry point, not a
  /// loadable library, bad manifest, a component that fails to open.
  case rejected(String)
  /// The plugin misbehaved while being vetted: crashed, hung, printed garbage.
  case quarantined(String)
  /// Vetting could not run at all (the scanner cannot be started); not the plugin's fault,
  /// so it is not remembered.
  case unavailable(String)
}

/// Vets plugin files in child processes (`compd --scan-plugin PATH`), enforcing a timeout
/// and a bound on what the child prints.
struct PluginVetter: Sendable {
  /// The executable to run as the vetting child (normally compd itself).
  var scannerExecutable: String
  /// How long a child may take before it is killed and the plugin quarantined.
  var timeoutSeconds: Double = 5
  /// The most a child may print on stdout before it is killed and the plugin quarantined.
  var maximumOutputBytes = 1 << 20
  /// The trust rule the child applies again before it loads the file.
  var trust: PluginTrust = .strict
  /// The ABI stamp of the ScreenKit the scene hosts run; a manifest for another is rejected.
  /// `nil` leaves the check to the vetting child, which refuses a plugin its own ScreenKit
  /// does not accept.
  var abiStamp: String?

  private static let stderrTailBytes = 4096

  /// Whether the file starts like an ELF object; anything else is rejected without a child.
  static func looksLikeELF(path: String) -> Bool {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var magic = [UInt8](repeating: 0, count: 4)
    let count = magic.withUnsafeMutableBytes { read(fd, $0.baseAddress, 4) }
    return count == 4 && magic == [0x7F, 0x45, 0x4C, 0x46]
  }

  /// Vets the plugin at `path`. Blocks the calling thread until the child is done.
  func vet(path: String) -> VetOutcome {
    guard Self.looksLikeELF(path: path) else {
      return .rejected("not an ELF shared library")
    }
    let run: ChildRun
    switch runChild(path: path) {
    case .success(let value): run = value
    case .failure(let error): return .unavailable(error.description)
    }
    let stage = run.lastStage.map { " while \($0)" } ?? ""
    if run.timedOut {
      return .quarantined(
        "hung: vetting did not finish within \(Self.format(timeoutSeconds)) s\(stage)")
    }
    if run.outputOverflowed {
      return .quarantined("vetting printed more than \(maximumOutputBytes) bytes\(stage)")
    }
    if let signal = run.signal {
      let name = strsignal(signal).map { String(cString: $0) } ?? "signal"
      return .quarantined("crashed with signal \(signal) (\(name))\(stage)")
    }
    let json: JSON
    do {
      json = try JSONParser.parse(
        run.output, limits: .init(maxDepth: 64, maxBytes: maximumOutputBytes))
    } catch {
      return .quarantined("vetting printed invalid output (\(error.message))\(stage)")
    }
    switch run.status {
    case 0:
      do {
        let manifest = try PluginManifest(json: json)
        guard abiStamp.map({ $0 == manifest.stamp }) ?? true else {
          return .rejected("ABI mismatch: the plugin was built for \"\(manifest.stamp)\"")
        }
        return .accepted(manifest)
      } catch {
        return .rejected("bad manifest: \(error)")
      }
    case PluginScanStatus.rejected:
      guard let reason = json["error"]?.stringValue else {
        return .quarantined("vetting printed invalid output (no reason for the rejection)")
      }
      return .rejected(reason)
    default:
      return .quarantined("vetting exited with status \(run.status)\(stage)")
    }
  }

  private struct ChildRun {
    var status: Int32 = 0
    var signal: Int32?
    var timedOut = false
    var outputOverflowed = false
    var output: [UInt8] = []
    var errorTail: [UInt8] = []

    var lastStage: String? {
      let text = String(decoding: errorTail, as: UTF8.self)
      guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("stage: ") }) else {
        return nil
      }
      return String(line.dropFirst("stage: ".count))
    }
  }

  private struct SpawnError: Error, CustomStringConvertible {
    var description: String
  }

  // Glibc's pipe2 is not visible to Swift, and between pipe() and FD_CLOEXEC a child spawned
  // by another vetting thread would inherit the write end and hold the pipe open; making
  // pipes and spawning under one lock closes that window.
  private static let spawnLock = Mutex(())

  private static func makePipe() -> [Int32]? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return ends
  }

  private func runChild(path: String) -> Result<ChildRun, SpawnError> {
    Self.spawnLock.withLock { _ in spawnChild(path: path) }.flatMap { started in
      .success(collect(started))
    }
  }

  private struct StartedChild {
    var pid: pid_t
    var output: Int32
    var errors: Int32
  }

  private func spawnChild(path: String) -> Result<StartedChild, SpawnError> {
    guard let outPipe = Self.makePipe() else {
      return .failure(
        SpawnError(description: "cannot create a pipe: \(String(cString: strerror(errno)))"))
    }
    guard let errPipe = Self.makePipe() else {
      close(outPipe[0])
      close(outPipe[1])
      return .failure(
        SpawnError(description: "cannot create a pipe: \(String(cString: strerror(errno)))"))
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], STDERR_FILENO)
    // Its own process group, so that a timeout kills whatever the plugin forked too.
    let spawned = ChildSpawn.spawn(
      [scannerExecutable, "--scan-plugin", path, "--plugin-trust", trust.rawValue],
      actions: &actions, ownProcessGroup: true)
    close(outPipe[1])
    close(errPipe[1])
    switch spawned {
    case .success(let pid):
      return .success(StartedChild(pid: pid, output: outPipe[0], errors: errPipe[0]))
    case .failure(let error):
      close(outPipe[0])
      close(errPipe[0])
      return .failure(SpawnError(description: error.description))
    }
  }

  private func collect(_ child: StartedChild) -> ChildRun {
    let pid = child.pid
    defer {
      close(child.output)
      close(child.errors)
    }
    var run = ChildRun()
    let deadline = Self.now() + timeoutSeconds
    var open = [true, true]
    var buffer = [UInt8](repeating: 0, count: 65536)
    var killed = false
    func kill() {
      guard !killed else { return }
      killed = true
      Glibc.kill(-pid, SIGKILL)
      Glibc.kill(pid, SIGKILL)
    }
    while open[0] || open[1] {
      let remaining = deadline - Self.now()
      if remaining <= 0 {
        run.timedOut = true
        kill()
        break
      }
      var fds = [
        pollfd(fd: open[0] ? child.output : -1, events: Int16(POLLIN), revents: 0),
        pollfd(fd: open[1] ? child.errors : -1, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, 2, Int32(min(remaining * 1000 + 1, 60_000)))
      if ready < 0 {
        if errno == EINTR { continue }
        kill()
        break
      }
      for index in 0..<2 where open[index] && fds[index].revents != 0 {
        let count = buffer.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 {
          open[index] = false
          continue
        }
        if index == 0 {
          run.output.append(contentsOf: buffer[..<count])
          if run.output.count > maximumOutputBytes {
            run.outputOverflowed = true
            kill()
            open = [false, false]
          }
        } else {
          run.errorTail.append(contentsOf: buffer[..<count])
          if run.errorTail.count > Self.stderrTailBytes {
            run.errorTail.removeFirst(run.errorTail.count - Self.stderrTailBytes)
          }
        }
      }
    }
    // Both pipes are closed (or the child was killed): reap it, still within the deadline.
    var status: Int32 = 0
    while true {
      let reaped = waitpid(pid, &status, killed ? 0 : WNOHANG)
      if reaped == pid { break }
      if reaped < 0 && errno != EINTR { break }
      if reaped == 0 {
        if Self.now() >= deadline {
          run.timedOut = true
          kill()
        } else {
          usleep(1000)
        }
      }
    }
    // WIFEXITED / WTERMSIG are macros Swift cannot import.
    if status & 0x7F == 0 {
      run.status = (status >> 8) & 0xFF
    } else {
      run.signal = status & 0x7F
    }
    return run
  }

  private static func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }

  private static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}
