import CompdProtocol
import JSONRPC
import Logging

#if canImport(Glibc)
  import Glibc
#endif

/// The scene hosts: starting them, placing new scenes on them, checking that each answers,
/// and noticing when one ends. What happens to the scenes of a host that ended is the
/// daemon's (`Daemon.hostEnded`).
@MainActor
final class SceneHostPool {
  /// How many hosts, how they are shared, and how they are watched.
  struct Settings: Sendable {
    /// Shared hosts kept running.
    var count: Int
    /// Whether each plugin's scenes get hosts of their own.
    var isolatePlugins: Bool
    /// Seconds between pings of each host.
    var pingInterval: Double
    /// Seconds a host may leave a ping unanswered before it is killed.
    var hangTimeout: Double
    /// Bytes of data memory per host (0: no limit).
    var memoryLimit: Int
    /// Processes in a host's process group, the host included, past which it is replaced.
    var processLimit: Int
    /// The executable run as a host (compd itself).
    var executable: String
    /// The trust rule hosts apply again before loading a plugin.
    var trust: PluginTrust
    /// The hosts' log level.
    var logLevel: Logger.Level
    /// Whether hosts check each incremental refresh against a full walk (`verify-diffs`).
    var verifiesDiffs: Bool
    /// The most nodes a scene's tree may have (`max-scene-nodes`).
    var maxSceneNodes = SceneNodeLimit.defaultMaximum
  }

  let settings: Settings
  private let logger: Logger
  /// Live hosts, in start order (retiring ones included until they exit).
  private(set) var hosts: [SceneHostProcess] = []

  /// The restart backoff of a host slot (the shared hosts, or one plugin's isolated host).
  private struct Backoff {
    /// Hosts of the slot in a row that died within `stableLifetime` of their start.
    var quickDeaths = 0
    /// No host of the slot starts before this.
    var until = ContinuousClock.now
  }
  private var backoff: [String: Backoff] = [:]
  /// A host that lived this long was not crash-looping: its death starts no backoff.
  nonisolated static let stableLifetime: Duration = .seconds(10)
  /// The longest wait before a slot's next host.
  nonisolated static let longestBackoff: Duration = .seconds(30)

  /// The wait before the next host of a slot whose hosts died `quickDeaths` times in a
  /// row soon after starting: none after a host that lived, nor after one quick death (a
  /// crash is not yet a loop, and its scenes' subscribers are waiting), then 0.25 s from
  /// the second, doubling up to `longestBackoff`, so a component that crashes every host it
  /// lands in costs a few host starts a minute, not hundreds.
  nonisolated static func backoffDelay(quickDeaths: Int) -> Duration {
    guard quickDeaths > 1 else { return .zero }
    return min(longestBackoff, .milliseconds(250) * (1 << min(quickDeaths - 2, 16)))
  }

  /// The slot of hosts isolated for `isolation` (a plugin) and, as a crash suspect, for
  /// `suspect` (a component): the backoff's key.
  private static func slot(isolation: String?, suspect: String?) -> String {
    suspect.map { "suspect " + $0 } ?? isolation ?? ""
  }

  /// How long a new host of a slot must still wait, or nil.
  private func backoffRemaining(slot: String) -> Duration? {
    guard let entry = backoff[slot] else { return nil }
    let remaining = entry.until - ContinuousClock.now
    return remaining > .zero ? remaining : nil
  }
  /// The code the plugins offer now; each host loads its share of it (`loadSet(for:)`).
  private(set) var loadSet = HostLoadSet.empty
  /// Whether a component is a crash suspect still (`CrashSuspects`).
  var isSuspect: (@MainActor (String) -> Bool)?
  /// Called when a host ended; it has been removed from `hosts` already.
  var onHostEnded: (@MainActor (SceneHostProcess, ProcessEnd) -> Void)?
  /// Called with each notification a host sends.
  var onHostNotification: (@MainActor (SceneHostProcess, HostNotification, HostAnswer) -> Void)?
  /// Rescans the plugin directories (vetting changed files) and brings the hosts up to
  /// date; run when a new host would load a plugin file that changed since it was vetted.
  var rescan: (@MainActor () async -> Void)?
  /// The rescan new hosts are waiting for, while one runs.
  private var pendingRescan: Task<Void, Never>?
  /// Hosts started that load their plugins once the pending rescan is done.
  private var waitingForRescan: [SceneHostProcess] = []
  private var watch: Task<Void, Never>?

  nonisolated init(settings: Settings, logger: Logger) {
    self.settings = settings
    self.logger = logger
  }

  /// Whether `start` ran.
  private(set) var isStarted = false

  /// What a host loads: a shared one everything, one isolated for a plugin only that
  /// plugin and the plugins whose components it composes.
  func loadSet(for isolation: String?) -> HostLoadSet {
    isolation.map(loadSet.serving) ?? loadSet
  }

  /// Starts the shared hosts with `set` loaded and waits until they have loaded it. With
  /// plugin isolation there are none: each plugin's host starts with its first scene.
  func start(loading set: HostLoadSet) async {
    loadSet = set
    isStarted = true
    var started: [SceneHostProcess] = []
    for _ in 0..<(settings.isolatePlugins ? 0 : settings.count) {
      if let host = spawn(isolation: nil, restarts: 0) { started.append(host) }
    }
    for host in started { await loaded(host) }
    watch = Task { @MainActor [weak self] in
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(self?.settings.pingInterval ?? 1))
        self?.checkHealth()
      }
    }
  }

  /// Waits until `host` answered its `host.load`.
  private func loaded(_ host: SceneHostProcess) async {
    guard host.state == .starting else { return }
    await withCheckedContinuation { continuation in
      whenRunning(host) { continuation.resume() }
    }
  }

  private var runningWaiters: [ObjectIdentifier: [@MainActor () -> Void]] = [:]

  /// Runs `work` once `host` has loaded its plugins (or ended).
  func whenRunning(_ host: SceneHostProcess, _ work: @escaping @MainActor () -> Void) {
    if host.state != .starting { return work() }
    runningWaiters[ObjectIdentifier(host), default: []].append(work)
  }

  /// Starts a host that loads its share of `loadSet`; `nil` (logged) when it cannot be
  /// started. When a plugin file of that share was replaced on disk since it was vetted
  /// (a new build not rescanned yet), the host would refuse it: the plugins are rescanned
  /// first, as `plugins.rescan` would, and the host loads what that accepted.
  @discardableResult
  func spawn(isolation: String?, restarts: Int, suspect: String? = nil) -> SceneHostProcess? {
    var arguments = [
      "--plugin-trust", settings.trust.rawValue, "--log-level", settings.logLevel.rawValue,
    ]
    if settings.memoryLimit > 0 {
      arguments += ["--host-memory-limit", String(settings.memoryLimit)]
    }
    if settings.verifiesDiffs { arguments.append("--verify-diffs") }
    arguments += ["--max-scene-nodes", String(settings.maxSceneNodes)]
    let host: SceneHostProcess
    do {
      host = try SceneHostProcess.spawn(
        executable: settings.executable, arguments: arguments, isolation: isolation,
        suspect: suspect, restarts: restarts, logger: logger)
    } catch {
      logger.error("cannot start a scene host: \(error.description)")
      return nil
    }
    host.onEnd = { [weak self] host, end in self?.ended(host, end) }
    host.onAnswer = { [weak self] host in self?.checkProcesses(host) }
    host.onNotification = { [weak self] in self?.onHostNotification?($0, $1, $2) }
    hosts.append(host)
    logger.debug(
      "scene host started",
      metadata: [
        "host": "\(host.pid)", "isolation": "\(isolation ?? "shared")",
        "suspect": "\(suspect ?? "none")",
      ])
    let changed = loadSet(for: isolation).changedOnDisk
    guard !changed.isEmpty, let rescan else {
      beginLoading(host)
      return host
    }
    logger.notice(
      "plugin files changed since they were vetted; rescanning before a new scene host loads them",
      metadata: ["host": "\(host.pid)", "paths": "\(changed)"])
    waitingForRescan.append(host)
    if pendingRescan == nil {
      pendingRescan = Task { @MainActor [weak self] in
        await rescan()
        self?.rescanFinished()
      }
    }
    return host
  }

  /// Hosts waiting for the rescan load what it accepted.
  private func rescanFinished() {
    pendingRescan = nil
    let waiting = waitingForRescan
    waitingForRescan = []
    for host in waiting where !host.hasEnded { beginLoading(host) }
  }

  /// Sends a new host its share of `loadSet`; it runs once it answered.
  private func beginLoading(_ host: SceneHostProcess) {
    host.load(loadSet(for: host.isolation)) { [weak self, weak host] answer in
      guard let self, let host else { return }
      if host.state == .starting { host.state = .running }
      for failure in answer?["failed"]?.arrayValue ?? [] {
        logger.error(
          "a scene host could not load a plugin",
          metadata: [
            "host": "\(host.pid)", "path": "\(failure["path"]?.stringValue ?? "?")",
            "error": "\(failure["error"]?.stringValue ?? "?")",
          ])
      }
      let work = runningWaiters.removeValue(forKey: ObjectIdentifier(host)) ?? []
      for item in work { item() }
    }
  }

  /// What `adopt` changed: hosts whose scenes the caller moves.
  struct Adoption {
    /// Hosts isolated for a plugin that loaded code no longer current: retiring, each
    /// replaced by a new one like it; every scene of theirs moves.
    var retired: [SceneHostProcess] = []
    /// Shared hosts that loaded code no longer current, with the plugins whose code they
    /// must withdraw (`SceneHostProcess.withdraw`): the scenes that use it move, the others
    /// stay.
    var withdrawing: [(host: SceneHostProcess, plugins: [String])] = []
  }

  /// Takes `set` as what the plugins offer now. A host isolated for a plugin that loaded
  /// code no longer in it (a file that changed since) is retired and a new one like it
  /// started, which loads the current code. A shared host that did is not: it is to
  /// withdraw that code, takes no new scenes from then on (they may compose anything, so
  /// they go where every plugin's code is current), and a new shared host that loads the
  /// current code takes its place among the shared ones. The other hosts load what `set`
  /// adds to their share.
  func adopt(_ set: HostLoadSet) -> Adoption {
    loadSet = set
    var adoption = Adoption()
    // Hosts waiting for a rescan load the current share when it is done.
    let live = hosts.filter { host in
      host.state != .retiring && !waitingForRescan.contains { $0 === host }
    }
    for host in live {
      let outdated = host.loaded.outdatedNames(comparedTo: set)
      if outdated.isEmpty {
        let share = loadSet(for: host.isolation)
        if host.takesNewScenes, !host.loaded.additions(in: share).isEmpty {
          host.load(share) { _ in }
        }
      } else if host.isolation != nil {
        host.state = .retiring
        // A suspect's host is started again when its scenes move.
        if host.suspect == nil { spawn(isolation: host.isolation, restarts: 0) }
        adoption.retired.append(host)
      } else {
        let newlyOutdated = outdated.filter { !host.withdrawn.contains($0) }
        guard !newlyOutdated.isEmpty else { continue }
        if host.takesNewScenes { spawn(isolation: nil, restarts: 0) }
        adoption.withdrawing.append((host, newlyOutdated))
      }
    }
    return adoption
  }

  /// The host a new scene of `plugin` goes to: for a `suspect` component (`CrashSuspects`)
  /// one of its own; with isolation, one of the plugin's own (started if there is none);
  /// else the shared host holding the fewest scenes among those that run the current code
  /// of every plugin.
  func host(forPlugin plugin: String, suspect: String? = nil) -> SceneHostProcess? {
    let isolation = settings.isolatePlugins || suspect != nil ? plugin : nil
    let candidates = hosts.filter {
      $0.takesNewScenes && $0.isolation == isolation && $0.suspect == suspect
    }
    if let best = candidates.min(by: { $0.load < $1.load }) { return best }
    return spawn(isolation: isolation, restarts: 0, suspect: suspect)
  }

  /// `component` is no crash suspect any more: its hosts take no new scenes and retire once
  /// their scenes are closed.
  func endSuspicion(of component: String) {
    for host in hosts where host.suspect == component {
      host.suspicionOver = true
      host.retireIfDrained()
    }
  }

  /// Runs `work` with a host for a new scene of `plugin` (`host(forPlugin:)`) once it has
  /// loaded its plugins, counting the scene in its load meanwhile. A host that stopped
  /// taking new scenes while it started (its code was withdrawn, or it retires) is passed
  /// over for another: what is sent to it after its withdrawal could not use that code.
  /// `work` gets `nil` when no host can be started, and a host that ended meanwhile (a
  /// request to it fails as a host loss).
  func reserveHost(
    forPlugin plugin: String, suspect: String? = nil,
    _ work: @escaping @MainActor (SceneHostProcess?) -> Void
  ) {
    var suspect = suspect
    // One cleared (or quarantined) while its scene waited for a host goes where others go.
    if let name = suspect, isSuspect?(name) == false { suspect = nil }
    let isolation = settings.isolatePlugins || suspect != nil ? plugin : nil
    let live = hosts.contains {
      $0.takesNewScenes && $0.isolation == isolation && $0.suspect == suspect
    }
    if !live, let wait = backoffRemaining(slot: Self.slot(isolation: isolation, suspect: suspect)) {
      // Its slot's hosts keep dying: the scene waits for the next one.
      Task { @MainActor [weak self] in
        try? await Task.sleep(for: wait)
        self?.reserveHost(forPlugin: plugin, suspect: suspect, work)
      }
      return
    }
    guard let host = host(forPlugin: plugin, suspect: suspect) else { return work(nil) }
    host.openings += 1
    whenRunning(host) { [self] in
      host.openings -= 1
      guard host.takesNewScenes || host.hasEnded else {
        host.retireIfDrained()
        return reserveHost(forPlugin: plugin, suspect: suspect, work)
      }
      work(host)
    }
  }

  private func ended(_ host: SceneHostProcess, _ end: ProcessEnd) {
    hosts.removeAll { $0 === host }
    host.hasEnded = true
    let work = runningWaiters.removeValue(forKey: ObjectIdentifier(host)) ?? []
    if host.state == .retiring {
      logger.info("scene host retired", metadata: ["host": "\(host.pid)", "end": "\(end)"])
    } else {
      logger.error(
        "scene host ended",
        metadata: [
          "host": "\(host.pid)", "end": "\(end)", "hung": "\(host.killedAsHung)",
          "scenes": "\(host.scenes.count)",
        ])
      let slot = Self.slot(isolation: host.isolation, suspect: host.suspect)
      var entry = backoff[slot] ?? Backoff()
      let lived = ContinuousClock.now - host.startedAt
      entry.quickDeaths = lived < Self.stableLifetime ? entry.quickDeaths + 1 : 0
      let delay = Self.backoffDelay(quickDeaths: entry.quickDeaths)
      entry.until = ContinuousClock.now + delay
      backoff[slot] = entry
      // Shared hosts are kept at their number; an isolated one is started again when
      // a scene needs it. One whose code was withdrawn had its replacement already: its
      // scenes go to the current hosts. A suspect's is started when its scenes are
      // restored, if it is still a suspect by then (not quarantined).
      if host.withdrawn.isEmpty && host.suspect == nil
        && (host.isolation == nil || !host.scenes.isEmpty)
      {
        let isolation = host.isolation
        let restarts = host.restarts + 1
        if delay == .zero {
          spawn(isolation: isolation, restarts: restarts)
        } else {
          logger.warning(
            "scene hosts keep dying soon after starting; the next one waits",
            metadata: [
              "isolation": "\(isolation ?? "shared")", "quickDeaths": "\(entry.quickDeaths)",
              "waitSeconds": "\(formatSeconds(delay / .seconds(1)))",
            ])
          Task { @MainActor [weak self] in
            try? await Task.sleep(for: delay)
            guard let self, self.isStarted else { return }
            // An isolated host may have been started meanwhile for a scene that waited.
            if isolation != nil, self.hosts.contains(where: { $0.isolation == isolation }) {
              return
            }
            self.spawn(isolation: isolation, restarts: restarts)
          }
        }
      }
    }
    for item in work { item() }
    onHostEnded?(host, end)
  }

  /// Pings every running host; kills one that left a ping unanswered for longer than the
  /// hang timeout.
  private func checkHealth() {
    let limit = Int(settings.hangTimeout * 1000)
    countProcesses(of: hosts)
    for host in hosts where host.state == .running && !host.killedAsHung {
      if host.millisecondsSinceAnswer > limit {
        logger.error(
          "scene host does not answer; killing it",
          metadata: ["host": "\(host.pid)", "silentMs": "\(host.millisecondsSinceAnswer)"])
        host.killedAsHung = true
        host.kill()
      } else {
        host.ping()
      }
    }
  }

  /// Whether it was logged that `/proc` cannot be read (once).
  private var censusUnavailableLogged = false

  /// After an answer, counts `host`'s process group when it has children now: what a
  /// request forked shows there at once, so a component that forks on every tap is stopped
  /// at the limit. A host that had no children when last looked at is looked at again at
  /// most every `censusInterval`, so that a busy host that never forks does not pay for
  /// reading `/proc` with every answer; once it has children, after every answer.
  private func checkProcesses(_ host: SceneHostProcess) {
    guard !host.hasEnded, host.killedForProcesses == nil else { return }
    let now = ContinuousClock.now
    if !host.hadChildren, let last = host.lastCensus, now - last < Self.censusInterval {
      return
    }
    host.lastCensus = now
    host.hadChildren = ProcessGroupCensus.hasChildren(host.pid) != false
    guard host.hadChildren else { return }
    countProcesses(of: [host])
  }

  /// The longest a host without children goes unlooked-at after its answers.
  static let censusInterval = Duration.milliseconds(50)

  /// Counts the process groups of `hosts` in one pass over `/proc` and kills each host
  /// holding more than `host-process-limit` with its group (`ProcessGroupCensus`); its end
  /// is then handled as a crash. The health check counts every host this way, which finds
  /// what was forked from a timer and whose parent exited since.
  private func countProcesses(of hosts: [SceneHostProcess]) {
    let live = hosts.filter { !$0.hasEnded && $0.killedForProcesses == nil }
    guard !live.isEmpty else { return }
    guard let counts = ProcessGroupCensus.members(ofGroups: Set(live.map(\.pid))) else {
      if !censusUnavailableLogged {
        censusUnavailableLogged = true
        logger.error(
          "cannot read /proc to count scene host processes; host-process-limit is not enforced")
      }
      return
    }
    for host in live {
      let count = counts[host.pid] ?? 0
      guard count > settings.processLimit else { continue }
      logger.error(
        "scene host holds more processes than host-process-limit; killing it with its process group",
        metadata: [
          "host": "\(host.pid)", "processes": "\(count)", "limit": "\(settings.processLimit)",
        ])
      host.killedForProcesses = count
      host.killGroup()
    }
  }

  /// Stops pinging and ends every host with its process group (at shutdown, when every
  /// restorable state has been fetched and saved).
  func stop() {
    watch?.cancel()
    isStarted = false  // no delayed restart starts a host after this
    for host in hosts {
      host.retire()
      host.killGroup()
    }
  }

  /// The `daemon.info` list.
  var json: JSON { .array(hosts.map(\.json)) }
}
