import CompdProtocol
import Dispatch
import JSONRPC
import Logging
import NIOCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// One scene host child process as the broker sees it: its pid, the socket to it, the
/// requests it has not answered yet (in the order sent; it answers in that order), the
/// scenes it holds and what the supervisor knows of its health.
@MainActor
final class SceneHostProcess {
  /// Where the host is in its life.
  enum State: String, Sendable {
    /// Started, loading the plugins.
    case starting
    /// Serving scenes.
    case running
    /// Its scenes moved to newer hosts; it exits once its socket is closed.
    case retiring
  }

  /// A request sent and not answered yet.
  struct Pending {
    /// The request's id on the channel (what a crash report names).
    var id: Int
    var method: HostMethod
    /// The scene it is for, if any.
    var scene: String?
    /// The component whose code it runs, if any (what a crash is blamed on).
    var component: String?
    var completion: @MainActor (Result<HostAnswer, RPCError>) -> Void
  }

  let pid: pid_t
  /// When it was started (a host that dies soon after makes its slot's restarts back off).
  let startedAt = ContinuousClock.now
  /// `nil` for a shared host, else the plugin whose scenes it alone holds.
  let isolation: String?
  /// The component whose scenes it alone holds while it is a crash suspect
  /// (`CrashSuspects`); `isolation` is then that component's plugin.
  let suspect: String?
  /// Set when its component's probation ended: it takes no new scenes and retires once
  /// its last one is gone.
  var suspicionOver = false
  var state: State = .starting
  /// How many hosts this one replaced in a row (it inherits its predecessor's count + 1).
  var restarts: Int
  /// The scenes it holds, by id.
  var scenes: Set<String> = []
  /// Scenes asked of it and not answered yet; placement counts them with `scenes`, so a
  /// burst of opens spreads over the hosts.
  var openings = 0
  /// What placement weighs: the scenes it holds and the ones on their way.
  var load: Int { scenes.count + openings }
  /// When it last answered a `host.ping`.
  private(set) var lastAnswer: ContinuousClock.Instant = .now
  /// Whether a `host.ping` is on its way.
  private(set) var pingOutstanding = false
  /// Set when the supervisor killed it for not answering.
  var killedAsHung = false
  /// The processes its group held when the supervisor killed it for holding more than
  /// `host-process-limit`.
  var killedForProcesses: Int?
  /// When the pool last looked for this host's children after an answer, and whether it
  /// had any then.
  var lastCensus: ContinuousClock.Instant?
  var hadChildren = false
  /// Called after each answer it sent was handled, but a ping's (which runs no component
  /// code).
  var onAnswer: (@MainActor (SceneHostProcess) -> Void)?
  /// The code it loaded.
  private(set) var loaded = HostLoadSet.empty
  /// The plugins (and screens) whose code it loaded was withdrawn from it (`host.withdraw`),
  /// their files having changed since: it keeps serving the scenes it holds that do not
  /// use them, takes no new scene, and retires once it holds none.
  private(set) var withdrawn: Set<String> = []
  /// Whether new scenes may be placed on it: it runs the current code of every plugin it
  /// loaded.
  var takesNewScenes: Bool { state != .retiring && withdrawn.isEmpty && !suspicionOver }
  private let channel: HostChannel
  /// Notices the process's exit even while a process it forked keeps its socket open.
  private var exitWatch: ProcessExitWatch?
  private var nextID = 1
  /// Requests sent and not answered yet, oldest first: the host answers in that order, so
  /// an answer is nearly always for the first.
  private var pending = CircularBuffer<Pending>()
  /// Called once it ended, with how.
  var onEnd: (@MainActor (SceneHostProcess, ProcessEnd) -> Void)?
  /// Called with each notification it sends (its method and params), in order with its
  /// answers.
  var onNotification: (@MainActor (SceneHostProcess, HostNotification, HostAnswer) -> Void)?

  private init(
    pid: pid_t, channel: HostChannel, isolation: String?, suspect: String?, restarts: Int
  ) {
    self.pid = pid
    self.channel = channel
    self.isolation = isolation
    self.suspect = suspect
    self.restarts = restarts
  }

  /// Why a host could not be started.
  struct SpawnError: Error, CustomStringConvertible {
    var description: String
  }

  /// Starts `executable --scene-host 3 …` with its end of a new socket pair as fd 3, and
  /// pipes as fd 4 for its own log, as its stdout and its stderr, whose lines go to `logger`
  /// (`HostOutputRelay`): component code runs in the host and could write anything on any
  /// of them, so none is the broker's own stderr. Runs on the main thread: the child's
  /// parent-death signal is tied to the thread that started it.
  static func spawn(
    executable: String, arguments: [String], isolation: String?, suspect: String?,
    restarts: Int, logger: Logger
  ) throws(SpawnError) -> SceneHostProcess {
    var fds: [Int32] = [-1, -1]
    var output: [Int32] = [-1, -1]
    var errors: [Int32] = [-1, -1]
    guard
      socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds)
        == 0
    else {
      throw SpawnError(
        description: "cannot create a socket pair: \(String(cString: strerror(errno)))")
    }
    var crashes: [Int32] = [-1, -1]
    var logs: [Int32] = [-1, -1]
    guard pipe(&output) == 0, pipe(&errors) == 0, pipe(&crashes) == 0, pipe(&logs) == 0 else {
      let reason = String(cString: strerror(errno))
      for fd in fds + output + errors + crashes + logs where fd >= 0 { close(fd) }
      throw SpawnError(description: "cannot create the output pipes: \(reason)")
    }
    // Above every descriptor the child is given, so that no dup2 below overwrites a
    // source a later one still reads.
    let childLog = fcntl(logs[1], F_DUPFD_CLOEXEC, 10)
    let childSocket = fcntl(fds[1], F_DUPFD_CLOEXEC, 10)
    let childOutput = fcntl(output[1], F_DUPFD_CLOEXEC, 10)
    let childErrors = fcntl(errors[1], F_DUPFD_CLOEXEC, 10)
    let childCrashes = fcntl(crashes[1], F_DUPFD_CLOEXEC, 10)
    for fd in [fds[1], output[1], errors[1], crashes[1], logs[1]] { close(fd) }
    for fd in [output[0], errors[0], crashes[0], logs[0]] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    _ = fcntl(crashes[0], F_SETFL, O_NONBLOCK)
    let childEnds = [childLog, childSocket, childOutput, childErrors, childCrashes]
    defer { for fd in childEnds where fd >= 0 { close(fd) } }
    guard childEnds.allSatisfy({ $0 >= 0 }) else {
      let reason = String(cString: strerror(errno))
      for fd in [fds[0], output[0], errors[0], crashes[0], logs[0]] { close(fd) }
      throw SpawnError(description: "cannot set up the scene host's descriptors: \(reason)")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, childOutput, STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, childErrors, STDERR_FILENO)
    posix_spawn_file_actions_adddup2(&actions, childSocket, Self.hostDescriptor)
    posix_spawn_file_actions_adddup2(&actions, childLog, Self.logDescriptor)
    posix_spawn_file_actions_adddup2(&actions, childCrashes, Self.crashDescriptor)
    let spawned = ChildSpawn.spawn(
      [
        executable, "--scene-host", String(Self.hostDescriptor), "--host-log-fd",
        String(Self.logDescriptor), "--host-crash-fd", String(Self.crashDescriptor),
      ] + arguments, actions: &actions, ownProcessGroup: true, keptDescriptors: 3)
    let pid: pid_t
    switch spawned {
    case .success(let value): pid = value
    case .failure(let failure):
      for fd in [fds[0], output[0], errors[0], crashes[0], logs[0]] { close(fd) }
      throw SpawnError(description: failure.description)
    }
    HostOutputRelay.start(
      stdout: output[0], stderr: errors[0], log: logs[0], pid: pid, logger: logger)
    let host = SceneHostProcess(
      pid: pid, channel: HostChannel(fd: fds[0], label: "compd.host.\(pid)"),
      isolation: isolation, suspect: suspect, restarts: restarts)
    host.channel.start(
      receive: { [weak host] message in host?.received(message) },
      ended: { [pid, report = crashes[0]] violation in
        // A host that broke the channel's rules is not waited for.
        if violation != nil { Glibc.kill(pid, SIGKILL) }
        var end = Self.reap(pid)
        end.violation = violation
        end.activity = ProcessEnd.Activity(report: Self.readAll(report))
        close(report)
        // What component code forked in the host's process group goes with it.
        Glibc.kill(-pid, SIGKILL)
        Task { @MainActor [weak host] in
          guard let host else { return }
          host.exitWatch?.cancel()
          host.onEnd?(host, end)
        }
      })
    host.exitWatch = ProcessExitWatch(pid: pid) { [channel = host.channel] in channel.cutOff() }
    return host
  }

  /// The descriptor the host finds its socket on.
  static let hostDescriptor: Int32 = 3
  /// The descriptor the host writes its own log to, a pipe relayed as its stdout and stderr
  /// are.
  static let logDescriptor: Int32 = 4
  /// The descriptor of the host's crash report (`CrashReport`).
  static let crashDescriptor: Int32 = 5

  /// What the non-blocking `fd` holds now (a dead host's crash report: a line or nothing).
  nonisolated private static func readAll(_ fd: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while bytes.count < 4096 {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      bytes += buffer[..<count]
    }
    return bytes
  }

  /// Waits for the child whose socket closed; kills it when it lingers.
  nonisolated private static func reap(_ pid: pid_t) -> ProcessEnd {
    var status: Int32 = 0
    for _ in 0..<200 {
      let reaped = waitpid(pid, &status, WNOHANG)
      if reaped == pid { return ProcessEnd(waitStatus: status) }
      if reaped < 0 && errno != EINTR { return ProcessEnd(waitStatus: 0) }
      usleep(10_000)
    }
    Glibc.kill(pid, SIGKILL)
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return ProcessEnd(waitStatus: status)
  }

  /// Set once the supervisor handled its end: requests fail at once.
  var hasEnded = false

  /// Sends `method` with `params` (and the `payloads` spliced in as they are) and calls
  /// `completion` on the main actor with the answer, or the error the host answered with.
  func request(
    _ method: HostMethod, _ params: JSONObject, payloads: RawJSONMembers = [:],
    scene: String? = nil, component: String? = nil,
    completion: @escaping @MainActor (Result<HostAnswer, RPCError>) -> Void
  ) {
    var text = JSONObjectWriter(capacity: 128 + payloads.valueByteCount)
    text.append(contentsOf: params)
    text.append(contentsOf: payloads)
    request(method, text.object, scene: scene, component: component, completion: completion)
  }

  /// Sends `method` whose params are `params`' text and calls `completion` on the main
  /// actor with the answer, or the error the host answered with. A request still
  /// unanswered when the host ends is answered by the supervisor (`takePending`); one sent
  /// after that fails at once.
  func request(
    _ method: HostMethod, _ params: RawJSON, scene: String? = nil, component: String? = nil,
    completion: @escaping @MainActor (Result<HostAnswer, RPCError>) -> Void
  ) {
    if hasEnded {
      return completion(
        .failure(
          .server(
            .componentFailed, "the scene host ended",
            details: [
              "component": .string(component ?? ""), "reason": "crashed",
              "detail": "the scene host ended",
            ])))
    }
    let id = nextID
    nextID += 1
    pending.append(
      Pending(
        id: id, method: method, scene: scene, component: component, completion: completion))
    channel.send(method: method.rawValue, params: params, id: id)
  }

  /// Sends `host.load` for what `set` adds to what the host loaded.
  func load(_ set: HostLoadSet, completion: @escaping @MainActor (JSONObject?) -> Void) {
    let additions = loaded.additions(in: set)
    loaded = set
    request(.load, additions.json.objectValue ?? [:]) { result in
      completion(try? result.get().fields)
    }
  }

  /// Sends `host.withdraw` for `plugins`: from now on nothing opened or composed in the
  /// host uses their code. `completion` gets the host keys of the scenes that made one of
  /// their components (they run the withdrawn code), or the error.
  func withdraw(
    _ plugins: [String], completion: @escaping @MainActor (Result<[String], RPCError>) -> Void
  ) {
    withdrawn.formUnion(plugins)
    request(.withdraw, ["plugins": .array(plugins.map(JSON.string))]) { result in
      completion(
        result.map { answer in (answer["scenes"]?.arrayValue ?? []).compactMap(\.stringValue) })
    }
  }

  /// Retires it once it holds no scene and none is being opened in it, when it takes no
  /// new ones (its code was withdrawn, or it is retiring already).
  func retireIfDrained() {
    guard !takesNewScenes, scenes.isEmpty, openings == 0, !hasEnded, !closedForWriting else {
      return
    }
    retire()
  }

  /// Sends `host.ping` unless one is on its way; its answer (on the host's main actor)
  /// updates `lastAnswer`.
  func ping() {
    guard !pingOutstanding else { return }
    pingOutstanding = true
    request(.ping, [:]) { [weak self] result in
      guard let self else { return }
      pingOutstanding = false
      if case .success = result { lastAnswer = .now }
    }
  }

  /// Milliseconds since the host last answered a ping.
  var millisecondsSinceAnswer: Int {
    let elapsed = ContinuousClock.now - lastAnswer
    return Int(elapsed / .milliseconds(1))
  }

  private func received(_ message: JSONEnvelope) {
    let envelope = message.value
    guard let id = envelope["id"]?.intValue else {
      if let name = envelope["method"]?.stringValue,
        let notification = HostNotification(rawValue: name)
      {
        let params = HostAnswer(
          fields: envelope["params"]?.objectValue ?? [:], payloads: message.payloads)
        onNotification?(self, notification, params)
      }
      return
    }
    guard let entry = takePending(id: Int(id)) else { return }
    if let error = envelope["error"] {
      entry.completion(.failure(RPCError(json: error)))
    } else {
      entry.completion(
        .success(
          HostAnswer(fields: envelope["result"]?.objectValue ?? [:], payloads: message.payloads)))
    }
    if entry.method != .ping { onAnswer?(self) }
  }

  /// Takes the unanswered request `id` out of `pending`; `nil` when none has that id.
  private func takePending(id: Int) -> Pending? {
    if pending.first?.id == id { return pending.removeFirst() }
    guard let index = pending.firstIndex(where: { $0.id == id }) else { return nil }
    return pending.remove(at: index)
  }

  /// The unanswered requests, oldest first (the first is the one the host was running),
  /// handed over once and forgotten.
  func takePending() -> [Pending] {
    let entries = Array(pending)
    pending = CircularBuffer()
    return entries
  }

  /// Whether requests are waiting for answers.
  var isBusy: Bool { !pending.isEmpty }

  /// Ends a hung process: `SIGABRT` first, whose handler in the host reports the request
  /// it is stuck in (`CrashReport`), then `SIGKILL` a second later if it is still there.
  /// The end is handled when its socket closes.
  func kill() {
    _ = Glibc.kill(pid, SIGABRT)
    Task { @MainActor [pid, weak self] in
      try? await Task.sleep(for: .seconds(1))
      guard let self, !self.hasEnded else { return }
      _ = Glibc.kill(pid, SIGKILL)
    }
  }

  /// Kills the process and everything in its process group (at shutdown: what component
  /// code forked must not outlive compd).
  func killGroup() {
    _ = Glibc.kill(-pid, SIGKILL)
  }

  /// Closes the broker's end for writing: the host exits when it reads the end.
  func retire() {
    state = .retiring
    closedForWriting = true
    channel.closeForWriting()
  }

  /// Whether `retire` closed the broker's end for writing.
  private var closedForWriting = false

  /// The entry `daemon.info` lists.
  var json: JSON {
    var entry: JSONObject = [
      "pid": .int(Int64(pid)), "scenes": .int(Int64(scenes.count)),
      "isolation": .string(isolation ?? "shared"), "plugins": .array(loaded.names.map(JSON.string)),
      "lastAnswerMs": .int(Int64(millisecondsSinceAnswer)), "restarts": .int(Int64(restarts)),
      "state": .string(state.rawValue), "withdrawn": .array(withdrawn.sorted().map(JSON.string)),
    ]
    if let suspect { entry["suspect"] = .string(suspect) }
    return .object(entry)
  }
}

extension RPCError {
  /// The error a peer sent as a JSON-RPC error object.
  init(json: JSON) {
    self.init(
      code: Int(json["code"]?.intValue ?? -32603),
      message: json["message"]?.stringValue ?? "Internal error", data: json["data"])
  }
}
