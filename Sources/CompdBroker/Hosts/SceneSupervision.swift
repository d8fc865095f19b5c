import CompdProtocol
import JSONRPC
import Logging

/// A component's crashes of its scene host, counted per component within a window: one
/// that crashes its host `limit` times within `windowSeconds` is quarantined (by the
/// daemon, in the plugin registry) until its plugin file changes.
@MainActor
final class CrashLedger {
  let limit: Int
  let windowSeconds: Double
  private var crashes: [String: [ContinuousClock.Instant]] = [:]
  /// The plugin file each component's crashes were counted against.
  private var files: [String: PluginFileIdentity] = [:]

  nonisolated init(limit: Int, windowSeconds: Double) {
    self.limit = limit
    self.windowSeconds = windowSeconds
  }

  /// Records a crash of `component` (of the plugin file `file`); returns the number of
  /// crashes within the window, counted afresh when the file changed.
  func record(_ component: String, file: PluginFileIdentity?) -> Int {
    let now = ContinuousClock.now
    if files[component] != file { crashes[component] = [] }
    files[component] = file
    var times = crashes[component, default: []].filter {
      (now - $0) / .seconds(1) < windowSeconds
    }
    times.append(now)
    crashes[component] = times
    return times.count
  }
}

extension Daemon {
  /// Starts the scene hosts with the loaded plugins; before scenes are restored.
  func startSceneHosts() async {
    await MainActor.run {
      sceneHosts.onHostEnded = { [weak self] host, end in self?.hostEnded(host, end) }
      sceneHosts.onHostNotification = { [weak self] host, method, params in
        self?.hostNotified(host, method, params)
      }
      sceneHosts.rescan = { [weak self] in await self?.loadPlugins() }
      sceneHosts.isSuspect = { [weak self] in self?.suspects.isSuspect($0) ?? false }
      suspects.onCleared = { [weak self] component in
        self?.logger.notice(
          "crash suspect cleared: its host lived through its probation",
          metadata: ["component": "\(component)"])
        self?.sceneHosts.endSuspicion(of: component)
      }
    }
    let set = await MainActor.run { pluginRegistry.loadSet }
    await sceneHosts.start(loading: set)
  }

  /// After a scan: hosts load new plugins. When a plugin's file changed, the scenes that
  /// run its old code move to hosts that load the new one; the others are not touched. A
  /// host isolated for a plugin that loaded it retires and all its scenes move. A shared
  /// host withdraws the plugin's old code and keeps the scenes that do not use it (of other
  /// plugins, and composing none of its components), taking no new ones; it retires once
  /// they are gone.
  @MainActor
  func updateSceneHosts() {
    guard sceneHosts.isStarted else { return }  // they start with what the scan found
    let adoption = sceneHosts.adopt(pluginRegistry.loadSet)
    for (host, plugins) in adoption.withdrawing { withdraw(plugins, from: host) }
    guard !adoption.retired.isEmpty else { return }
    logger.notice(
      "plugin code changed; moving the scenes of the scene hosts that load it to new ones",
      metadata: ["hosts": "\(adoption.retired.map(\.pid))"])
    for host in adoption.retired {
      for id in host.scenes.sorted() {
        guard let scene = scenes.scene(id) else { continue }
        move(scene, from: host)
      }
      host.retireIfDrained()
    }
  }

  /// Has the shared `host` withdraw the old code of `plugins` and moves the scenes that
  /// use it: the host names those that made one of its components (opened or composed
  /// one); the scenes of the plugins' components are counted in whatever the host says.
  /// When the host cannot tell (it failed to answer for another reason than its end, after
  /// which its scenes are restored anyway), all its scenes move and it retires, as a host
  /// whose code is stale.
  @MainActor
  private func withdraw(_ plugins: [String], from host: SceneHostProcess) {
    host.withdraw(plugins) { [self] result in
      var users: [Scene]
      switch result {
      case .success(let keys):
        users = keys.compactMap(scenes.sceneByHostKey)
        let names = Set(plugins)
        for id in host.scenes.sorted() {
          guard let scene = scenes.scene(id), !users.contains(where: { $0 === scene }),
            let plugin = pluginRegistry.pluginName(of: scene.component), names.contains(plugin)
          else { continue }
          users.append(scene)
        }
      case .failure(let error):
        if Self.isHostLoss(error) { return }
        logger.error(
          "a scene host could not withdraw old plugin code; moving all its scenes",
          metadata: ["host": "\(host.pid)", "error": "\(error.message)"])
        host.state = .retiring
        users = host.scenes.sorted().compactMap(scenes.scene)
      }
      users = users.filter { host.scenes.contains($0.id) }
      if !users.isEmpty {
        logger.notice(
          "plugin code changed; moving the scenes that use it to scene hosts that load the new code",
          metadata: [
            "plugins": "\(plugins)", "host": "\(host.pid)", "scenes": "\(users.map(\.id))",
          ])
      }
      for scene in users { move(scene, from: host) }
      host.retireIfDrained()
    }
  }

  /// Moves `scene` out of `host`, whose code of it is stale (retiring, or a shared host that
  /// withdrew it): its current state (encoded on request, so nothing a host holds back for
  /// its interval is lost; the last one it reported when it does not answer) is opened in a
  /// host that runs the current code.
  @MainActor
  private func move(_ scene: Scene, from host: SceneHostProcess) {
    scene.whenPlaced { [self] in
      // Restored elsewhere meanwhile (its old host died): it is in a new host already.
      guard !scene.isClosed, scene.host === host else { return }
      scene.host = nil  // requests wait for the move
      host.request(.state, ["scene": .string(scene.hostKey)]) { [self] result in
        host.scenes.remove(scene.id)
        if case .success(let answer) = result {
          scene.keepState(answer.state)
        }
        // A host that goes on serving other scenes lets go of this one.
        if host.state != .retiring {
          host.request(.close, ["scene": .string(scene.hostKey)]) { _ in }
        }
        host.retireIfDrained()
        relocate(scene, reason: "upgraded", detail: "new plugin code was loaded")
      }
    }
  }

  /// A notification from `host`, in order with its answers: `host.state` is a scene's
  /// restorable state encoded after its last answer (the end of a change burst's interval),
  /// kept and saved; `host.changed` is what a scene's code changed outside any request (a
  /// timer, a gesture recognizer's wait), applied as an event's changes are; `host.failed`
  /// says the host closed a scene whose tree grew past the node limit outside any request.
  @MainActor
  private func hostNotified(
    _ host: SceneHostProcess, _ notification: HostNotification, _ params: HostAnswer
  ) {
    guard let key = params["scene"]?.stringValue, let scene = scenes.sceneByHostKey(key),
      scene.host === host
    else { return }
    switch notification {
    case .state:
      guard let state = params.state else { return }
      scene.keepState(state)
      scene.onChange?()
    case .changed:
      scene.apply(params)
    case .failed:
      let error: RPCError = RPCError(json: params["error"] ?? .null)
      scenes.close(
        scene, reason: .componentFailed, detail: SceneNodeLimit.closingDetail(error))
    }
  }

  /// Has every running host report the restorable states it holds back for their
  /// interval (at shutdown, before the last save); a host that does not answer within
  /// `timeout` keeps its last interval's changes.
  @MainActor
  func flushSceneStates(timeout: Duration = .seconds(2)) async {
    let hosts = sceneHosts.hosts.filter { $0.state == .running && !$0.hasEnded }
    guard !hosts.isEmpty else { return }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let countdown = Countdown(hosts.count) { continuation.resume() }
      for host in hosts {
        host.request(.flush, [:]) { _ in countdown.tick() }
      }
      Task { @MainActor in
        try? await Task.sleep(for: timeout)
        countdown.finish()
      }
    }
  }

  /// A scene host ended: its unanswered requests fail with `compd.ComponentFailed`, the
  /// crash is counted against the component whose request it was running, and its scenes
  /// are opened again in live hosts from their last state (subscribers get `scene.reset`),
  /// or closed when their component is now quarantined.
  @MainActor
  func hostEnded(_ host: SceneHostProcess, _ end: ProcessEnd) {
    let pending = host.takePending()
    let retired = host.state == .retiring
    let reason = host.killedAsHung ? "hung" : "crashed"
    let detail =
      if host.killedAsHung {
        "its scene host did not answer within \(formatSeconds(config.hostHangTimeout)) s and was killed"
      } else if let processes = host.killedForProcesses {
        "its scene host held \(processes) processes, more than host-process-limit (\(config.hostProcessLimit)), and was killed"
      } else {
        "its scene host \(end)"
      }
    // Blame rests on evidence: the request the host reported running when it died (its
    // crash report; a hung host reports it when it is sent SIGABRT). Requests of other
    // components waiting in it are not evidence: their code was not running. A host that
    // ended by its own doing between requests — a timer or a dispatched block of some scene
    // crashed or exited it, it hung, it forked past the process limit — is judged by
    // isolation (`CrashSuspects`): the components of its scenes are isolated, and one is
    // charged only when it did so alone in a host. A host killed by a signal without a
    // word was killed from outside (an operator, the kernel) and tells nothing about them.
    var culprit: SceneHostProcess.Pending?
    if !retired, case .serving(let id)? = end.activity {
      culprit = pending.first { $0.id == id && $0.component != nil && $0.method != .ping }
    }
    if let component = culprit?.component {
      charge(
        component, host: host, end: end, reason: reason, detail: detail,
        evidence: "its request was running")
    } else if !retired {
      let held = Set(
        host.scenes.compactMap { scenes.scene($0)?.component }.filter {
          pluginRegistry.quarantineReason(of: $0) == nil
        })
      let report = end.activity.map { "\($0)" } ?? "none"
      let ownDoing =
        end.activity == .idle || end.status != nil || end.violation != nil
        || host.killedAsHung || host.killedForProcesses != nil
      switch ownDoing ? suspects.hostDied(holding: held) : .nobody {
      case .nobody:
        logger.warning(
          ownDoing
            ? "scene host died while no component's request was running; no component is charged"
            : "scene host was killed from outside while no component's request was running; no component is charged",
          metadata: ["host": "\(host.pid)", "end": "\(end)", "report": "\(report)"])
      case .charge(let component):
        charge(
          component, host: host, end: end, reason: reason, detail: detail,
          evidence: "it was alone in its host")
      case .isolate(let components):
        logger.warning(
          "scene host died while no component's request was running; no component is charged, its components are isolated in hosts of their own to find the one at fault",
          metadata: [
            "host": "\(host.pid)", "end": "\(end)", "report": "\(report)",
            "suspects": "\(components)",
            "probationSeconds": "\(formatSeconds(suspects.probation / .seconds(1)))",
          ])
      }
    }
    for scene in host.scenes.compactMap(scenes.scene) where scene.host === host {
      scene.host = nil  // requests for it wait for the restore
    }
    var failure: JSONObject = ["reason": .string(reason), "detail": .string(detail)]
    if let signal = end.signalName, !host.killedAsHung, host.killedForProcesses == nil {
      failure["signal"] = .string(signal)
    }
    if let status = end.status { failure["status"] = .int(Int64(status)) }
    for entry in pending {
      var data = failure
      data["component"] = .string(entry.component ?? "")
      if let id = entry.scene, scenes.scene(id) != nil { data["scene"] = .string(id) }
      entry.completion(
        .failure(
          .server(
            .componentFailed,
            "\(entry.component.map { "component \($0): " } ?? "")\(detail)", details: data)))
    }
    guard !retired else { return }
    for id in host.scenes.sorted() {
      guard let scene = scenes.scene(id) else { continue }
      if let reason = pluginRegistry.quarantineReason(of: scene.component) {
        scenes.close(scene, reason: .componentFailed, detail: reason)
        continue
      }
      relocate(scene, reason: reason, detail: detail)
    }
  }

  /// Charges `component` with the end of `host` (`evidence` says why it is the one), and
  /// quarantines it at the crash limit: every open scene of it closes, in whichever host.
  @MainActor
  private func charge(
    _ component: String, host: SceneHostProcess, end: ProcessEnd, reason: String,
    detail: String, evidence: String
  ) {
    let count = crashes.record(component, file: pluginRegistry.pluginIdentity(of: component))
    logger.error(
      "component crashed its scene host",
      metadata: [
        "component": "\(component)", "host": "\(host.pid)", "end": "\(end)",
        "reason": "\(reason)", "crashes": "\(count)", "evidence": "\(evidence)",
      ])
    guard count >= crashes.limit, pluginRegistry.quarantineReason(of: component) == nil else {
      return
    }
    let why =
      "crashed its scene host \(count) times within \(formatSeconds(crashes.windowSeconds)) s (last: \(detail))"
    pluginRegistry.quarantine(component, reason: why)
    logger.error(
      "component quarantined", metadata: ["component": "\(component)", "reason": "\(why)"])
    suspects.forget(component)
    sceneHosts.endSuspicion(of: component)
    // Every open scene of it closes, in whichever host (docs/protocol.md, Scene hosts).
    for scene in scenes.all where scene.component == component && scene.host !== host {
      scenes.close(scene, reason: .componentFailed, detail: why)
    }
  }

  /// Has a host for a new or restored scene of `component` (of `plugin`) reserved: one of
  /// its own while it is a crash suspect (`CrashSuspects`), else as placement has it.
  @MainActor
  func reserveHost(
    for component: String, plugin: String,
    _ work: @escaping @MainActor (SceneHostProcess?) -> Void
  ) {
    sceneHosts.reserveHost(
      forPlugin: plugin, suspect: suspects.isSuspect(component) ? component : nil, work)
  }

  /// Opens a scene that has no host (its host ended, or it moves) in a live host from its
  /// last restorable state; subscribers get `scene.reset` with `reason`. A scene that
  /// cannot be opened again is closed `not-restored`.
  @MainActor
  private func relocate(_ scene: Scene, reason: String, detail: String) {
    guard !scene.isClosed else { return }
    guard let plugin = pluginRegistry.pluginName(of: scene.component) else {
      return scenes.close(
        scene, reason: .notRestored,
        detail: "its component \(scene.component) is no longer provided by a loaded plugin")
    }
    reserveHost(for: scene.component, plugin: plugin) { [self] host in
      guard !scene.isClosed else { return }
      guard let host else {
        return scenes.close(
          scene, reason: .notRestored, detail: "no scene host could be started for it")
      }
      // Listed before it is opened: a host that ends meanwhile restores it again.
      host.scenes.insert(scene.id)
      host.request(
        .open, openParams(scene), payloads: statePayload(scene), scene: scene.id,
        component: scene.component
      ) { [self] result in
        switch result {
        case .success(let answer):
          guard !scene.isClosed else {
            host.scenes.remove(scene.id)
            host.request(.close, ["scene": .string(scene.hostKey)]) { _ in }
            return
          }
          if let state = answer.state { scene.keepState(state) }
          scene.reset(root: answer.root ?? RawJSON(.null), reason: reason, detail: detail)
          scene.placed(in: host)
        case .failure(let error):
          // A host that ended meanwhile restores the scene again (it is in its list).
          if Self.isHostLoss(error) { return }
          host.scenes.remove(scene.id)
          scenes.close(scene, reason: .notRestored, detail: error.message)
        }
      }
    }
  }

  /// Opens a scene restored from the database in a host (at start).
  @MainActor
  func reopen(_ scene: Scene, done: @escaping @MainActor (SceneStore.RestoreError?) -> Void) {
    if let reason = pluginRegistry.quarantineReason(of: scene.component) {
      return done(.init(description: "its component is quarantined: \(reason)"))
    }
    guard let plugin = pluginRegistry.pluginName(of: scene.component) else {
      return done(.init(description: "no component named \"\(scene.component)\" is loaded"))
    }
    reserveHost(for: scene.component, plugin: plugin) { [self] host in
      guard let host else {
        return done(.init(description: "no scene host could be started for it"))
      }
      host.request(
        .open, openParams(scene), payloads: statePayload(scene), scene: scene.id,
        component: scene.component
      ) { result in
        switch result {
        case .success(let answer):
          if let state = answer.state { scene.keepState(state) }
          host.scenes.insert(scene.id)
          scene.placed(in: host)
          done(nil)
        case .failure(let error):
          done(.init(description: error.message))
        }
      }
    }
  }

  @MainActor
  private func openParams(_ scene: Scene) -> JSONObject {
    var params: JSONObject = [
      "scene": .string(scene.hostKey), "component": .string(scene.component),
      "environment": scene.environment.json, "id": .string(scene.id),
    ]
    if let value = scene.params { params["params"] = value }
    return params
  }

  /// The restorable state `host.open` restores `scene` from, as the text it was kept in.
  @MainActor
  private func statePayload(_ scene: Scene) -> RawJSONMembers {
    scene.state.map { ["state": $0] } ?? [:]
  }

  /// Whether `error` is the supervisor's answer for a request whose host ended.
  static func isHostLoss(_ error: RPCError) -> Bool {
    guard error.code == RPCError.server(.componentFailed, "").code,
      let reason = error.data?["reason"]?.stringValue
    else { return false }
    return reason == "crashed" || reason == "hung"
  }
}

/// Runs `done` once, after `tick` was called `count` times or at `finish`.
@MainActor
private final class Countdown {
  private var remaining: Int
  private var done: (() -> Void)?

  init(_ count: Int, done: @escaping () -> Void) {
    remaining = count
    self.done = done
  }

  func tick() {
    remaining -= 1
    if remaining <= 0 { finish() }
  }

  func finish() {
    let work = done
    done = nil
    work?()
  }
}

/// Seconds as a log or message shows them: `5`, `0.25`.
func formatSeconds(_ seconds: Double) -> String {
  seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
}
