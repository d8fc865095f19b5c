import CompdProtocol
import JSONRPC
import Logging
import ScreenKit

#if canImport(Glibc)
  // For stdout, a C global Swift 6 cannot prove safe; the host touches it on its main actor
  // only, and component code runs there too.
  @preconcurrency import Glibc
#endif

/// The scene host, `compd --scene-host FD`: a child of the broker that runs component code.
///
/// It loads the plugins the broker lists (already vetted there), opens scenes and delivers
/// their input on its own main actor, and answers the broker's requests over the socket
/// `FD`, in order (docs/architecture.md lists the messages). It never outlives the broker:
/// it exits when the broker's end of the socket closes, and the kernel kills it when the
/// broker dies.
@MainActor
package final class SceneHostCommand {
  private let channel: HostChannel
  private let catalog = ComponentCatalog()
  private let trust: PluginTrust
  /// Whether each scene's incremental refreshes are checked against full walks
  /// (`verify-diffs`).
  private let verifiesDiffs: Bool
  /// The most nodes a scene's tree may have (`max-scene-nodes`).
  private let nodeLimit: SceneNodeLimit
  private let logger: Logger
  private var scenes: [String: HostedScene] = [:]
  private var loadedPaths: Set<String> = []
  /// The components each loaded plugin (or screen) registered, by its name.
  private var componentsByPlugin: [String: [String]] = [:]
  /// The file each loaded plugin was loaded from, by its name.
  private var pathsByPlugin: [String: String] = [:]
  /// Plugins (and screens) withdrawn: their code stays mapped, so a new build of one is
  /// never loaded here (two builds of one Swift module cannot share a process); a new
  /// host loads it.
  private var withdrawnPlugins: Set<String> = []
  /// Scenes that held back their restorable state, reported at the next flush.
  private var holdingBackState: [String: HostedScene] = [:]
  /// The flush at the end of the current state interval, when one is due. One per host,
  /// not one per scene: a timer per scene and interval costs more than the encodings saved.
  private var stateFlush: Task<Void, Never>?
  /// When stdout and stderr go to the broker, which relays them into its log: what passes
  /// them on marked with whose code wrote them (`HostOutputMark`).
  private let output: HostOutputCapture?
  /// The mark last written, so that a run of requests for one scene writes one.
  private var lastMark: String?
  /// Whether a broker request is being answered: what changes then goes out with the answer.
  private var answering = false
  /// Whether publishing what changed outside any request is scheduled.
  private var unpromptedPublishScheduled = false

  private init(
    fd: Int32, trust: PluginTrust, verifiesDiffs: Bool, nodeLimit: SceneNodeLimit,
    logger: Logger, output: HostOutputCapture?
  ) {
    self.channel = HostChannel(fd: fd, label: "compd.host")
    self.trust = trust
    self.verifiesDiffs = verifiesDiffs
    self.nodeLimit = nodeLimit
    self.logger = logger
    self.output = output
  }

  /// Serves the broker on `fd` until it closes its end; never returns. With
  /// `logDescriptor` its own log goes there, and its stdout and stderr (which the broker
  /// relays) carry marks naming the scene whose code writes.
  package static func run(
    fd: Int32, memoryLimit: Int, trust: PluginTrust, verifiesDiffs: Bool,
    nodeLimit: SceneNodeLimit = SceneNodeLimit(maximum: SceneNodeLimit.defaultMaximum),
    logLevel: Logger.Level, logDescriptor: Int32? = nil, crashDescriptor: Int32? = nil
  ) async -> Never {
    // Dies with the broker (the main thread spawned it and lives as long as the broker).
    setParentDeathSignal(SIGKILL)
    if getppid() == 1 { _exit(0) }  // the broker is gone already
    // A host runs in a process group of its own, which the broker ends with it; a SIGINT
    // meant for compd's terminal group is not the host's business.
    signal(SIGINT, SIG_IGN)
    // Processes component code starts with exec do not inherit the channel or the log; ones
    // it forks without exec are in the host's process group, which the broker kills with it.
    for descriptor in [fd, logDescriptor].compactMap({ $0 }) {
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
    if let crashDescriptor { CrashReport.install(descriptor: crashDescriptor) }
    if memoryLimit > 0 {
      var limit = rlimit(rlim_cur: rlim_t(memoryLimit), rlim_max: rlim_t(memoryLimit))
      setrlimit(__rlimit_resource_t(RLIMIT_DATA.rawValue), &limit)
    }
    var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
    setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
    var logger = DaemonLogging.bootstrap(
      level: logLevel, descriptor: logDescriptor ?? STDERR_FILENO, relayed: logDescriptor != nil)
    // The broker names the host of each line it relays.
    if logDescriptor == nil { logger[metadataKey: "host"] = "\(getpid())" }
    // A pipe makes stdout fully buffered: each line of a print() goes out at its newline,
    // in order with the marks, rather than whenever the buffer fills.
    if logDescriptor != nil { setvbuf(stdout, nil, _IOLBF, 0) }
    let output =
      logDescriptor == nil
      ? nil : HostOutputCapture(initialMark: HostOutputMark.line(scene: nil, component: nil))
    let host = SceneHostCommand(
      fd: fd, trust: trust, verifiesDiffs: verifiesDiffs, nodeLimit: nodeLimit, logger: logger,
      output: output)
    DisplayJournal.onFirstRecord = { [weak host] in host?.changedOutsideRequest() }
    host.channel.start(
      receive: { [host] message in host.received(message) },
      ended: { _ in _exit(0) })
    while true { try? await Task.sleep(for: .seconds(3600)) }
  }

  private func received(_ message: JSONEnvelope) {
    guard let name = message.value["method"]?.stringValue, let id = message.value["id"] else {
      return
    }
    let params = message.value["params"]?.objectValue ?? [:]
    if let number = id.intValue { CrashReport.serving(number) }
    answering = true
    defer {
      answering = false
      CrashReport.idle()
      // What runs until the next request (a timer, a dispatched block) may be any scene's:
      // its output names only the host rather than the scene served last.
      running(nil, scene: nil)
    }
    let result: Result<RawJSON, RPCError>
    do throws(RPCError) {
      guard let method = HostMethod(rawValue: name) else { throw RPCError.methodNotFound(name) }
      result = .success(try answer(method, params, payloads: message.payloads))
    } catch {
      result = .failure(error)
    }
    channel.reply(id: id, result: result)
  }

  /// Something changed while no request was being answered (a timer, a gesture
  /// recognizer's wait, a task of a component): what changed is published once the code
  /// that changed it has finished.
  private func changedOutsideRequest() {
    guard !answering, !unpromptedPublishScheduled else { return }
    unpromptedPublishScheduled = true
    Task { @MainActor [weak self] in
      guard let self else { return }
      unpromptedPublishScheduled = false
      publishUnprompted()
    }
  }

  /// Sends a `host.changed` notification for every scene with changes or emitted events
  /// that no answer carried.
  private func publishUnprompted() {
    HostedScene.routeDisplayChanges()
    for scene in scenes.values where scene.hasUnpublishedChanges {
      running(scene.component, scene: scene.clientID)
      let publication: HostedScene.Publication
      do throws(RPCError) {
        publication = try closingWhenTooLarge(scene) { () throws(RPCError) in
          do throws(SceneNodeLimit.Exceeded) {
            return try scene.publish()
          } catch {
            throw SceneNodeLimit.error(
              error, component: scene.component, scene: scene.name, closing: true)
          }
        }
      } catch {
        channel.send(
          method: HostNotification.failed.rawValue,
          params: ["scene": .string(scene.id), "error": error.json])
        continue
      }
      if scene.holdsBackState { flushLater(scene) }
      guard !publication.ops.isEmpty || !publication.emitted.isEmpty || publication.state != nil
      else { continue }
      var params = JSONObjectWriter()
      params.append("scene", .string(scene.id))
      publication.write(into: &params)
      channel.send(method: HostNotification.changed.rawValue, params: params.object)
    }
    running(nil, scene: nil)
  }

  /// Has `scene`'s held-back state reported within a state interval.
  private func flushLater(_ scene: HostedScene) {
    holdingBackState[scene.id] = scene
    guard stateFlush == nil else { return }
    stateFlush = Task { @MainActor [weak self] in
      try? await Task.sleep(for: HostedScene.stateInterval)
      guard let self else { return }
      stateFlush = nil
      flushHeldBackStates()
    }
  }

  /// Marks the output that follows as written by `component`'s code in `scene` (by its
  /// client id; `nil` while it is being opened), or by no scene's without a component.
  private func running(_ component: String?, scene: String?) {
    guard let output else { return }
    let mark = HostOutputMark.line(scene: scene, component: component)
    guard mark != lastMark else { return }
    lastMark = mark
    fflush(stdout)  // a print() without its newline yet belongs to the code before
    output.switchTo(mark)
  }

  /// Sends a `host.state` notification for every scene holding back its state.
  private func flushHeldBackStates() {
    let holding = holdingBackState.values
    holdingBackState = [:]
    for scene in holding {
      running(scene.component, scene: scene.clientID)
      guard let state = SceneLocale.$current.withValue(scene.locale, operation: scene.heldBackState)
      else { continue }
      var params = JSONObjectWriter()
      params.append("scene", .string(scene.id))
      params.append("state", state)
      channel.send(method: HostNotification.state.rawValue, params: params.object)
    }
    running(nil, scene: nil)
  }

  private func scene(_ params: JSONObject) throws(RPCError) -> HostedScene {
    let id = params["scene"]?.stringValue ?? ""
    guard let scene = scenes[id] else {
      throw RPCError.server(
        .noSuchScene, "no scene \(id) is open in this host",
        details: ["scene": .string(id), "reason": "unknown"])
    }
    if let clientID = params["id"]?.stringValue { scene.clientID = clientID }
    running(scene.component, scene: scene.clientID)
    return scene
  }

  /// Carries out the broker's request `method`; `payloads` are its params' members kept as
  /// text (`HostPayload`: a restorable state to open from).
  private func answer(_ method: HostMethod, _ params: JSONObject, payloads: RawJSONMembers)
    throws(RPCError) -> RawJSON
  {
    switch method {
    case .ping:
      return RawJSON(.object([:]))
    case .load:
      running(nil, scene: nil)
      return RawJSON(load(params))
    case .withdraw:
      running(nil, scene: nil)
      return RawJSON(try withdraw(params))
    case .open:
      // The scene's code runs in its locale from its first line (its controller's init).
      let locale =
        (try? SceneEnvironment().applying(params["environment"]?.objectValue))?.sceneLocale
        ?? SceneEnvironment().sceneLocale
      return try HostedScene.perform(in: locale) { () throws(RPCError) in
        try open(params, state: payloads["state"])
      }
    case .event:
      let scene = try scene(params)
      let event = try SceneEvent(json: params["event"]?.objectValue ?? [:])
      let (handled, publication, error) = try closingWhenTooLarge(scene) {
        () throws(RPCError) in
        try scene.performInLocale { () throws(RPCError) in try scene.handle(event) }
      }
      if scene.holdsBackState { flushLater(scene) }
      var result = JSONObjectWriter()
      publication.write(into: &result)
      result.append("handled", .bool(handled))
      if let error { result.append("error", error.json) }
      return result.object
    case .resize:
      let scene = try scene(params)
      let environment = try SceneEnvironment().applying(params["environment"]?.objectValue)
      // In the new locale: a scene shown in another language sets its texts in that one.
      let (publication, error) = try closingWhenTooLarge(scene) {
        () throws(RPCError) in
        try HostedScene.perform(in: environment.sceneLocale) { () throws(RPCError) in
          try scene.resize(to: environment)
        }
      }
      if scene.holdsBackState { flushLater(scene) }
      var result = JSONObjectWriter()
      publication.write(into: &result)
      if let error { result.append("error", error.json) }
      return result.object
    case .layout:
      return RawJSON(["root": try scene(params).root])
    case .state:
      let scene = try scene(params)
      let state = SceneLocale.$current.withValue(scene.locale, operation: scene.encodeState)
      var result = JSONObjectWriter()
      result.append("state", state)
      return result.object
    case .image:
      return RawJSON(HostImages.answer(params))
    case .flush:
      flushHeldBackStates()
      return RawJSON(.object([:]))
    case .close:
      let scene = try scene(params)
      scenes[scene.id] = nil
      holdingBackState[scene.id] = nil
      SceneLocale.$current.withValue(scene.locale, operation: scene.close)
      return RawJSON(.object([:]))
    }
  }

  /// Runs `work` on `scene`; when it fails because the scene's tree grew past the node
  /// limit, the scene is closed here (its views let go at once) before the error goes to
  /// the broker, which closes it for its clients.
  private func closingWhenTooLarge<Result>(
    _ scene: HostedScene, _ work: () throws(RPCError) -> Result
  ) throws(RPCError) -> Result {
    do throws(RPCError) {
      return try work()
    } catch {
      if SceneNodeLimit.closesScene(error) {
        logger.warning(
          "scene closed: its tree is over the node limit",
          metadata: [
            "scene": "\(scene.name)", "component": "\(scene.component)",
            "nodes": "\(error.data?["size"]?.intValue ?? 0)", "limit": "\(nodeLimit.maximum)",
          ])
        scenes[scene.id] = nil
        holdingBackState[scene.id] = nil
        scene.close()
      }
      throw error
    }
  }

  /// `host.load`: loads the listed plugins not loaded yet and registers the declarative
  /// screens; reports what failed.
  private func load(_ params: JSONObject) -> JSON {
    var failed: [JSON] = []
    for entry in params["plugins"]?.arrayValue ?? [] {
      guard let path = entry["path"]?.stringValue, !loadedPaths.contains(path) else { continue }
      do throws(PluginLoadError) {
        guard let manifestJSON = entry["manifest"] else {
          throw PluginLoadError("no manifest")
        }
        let manifest: PluginManifest
        do {
          manifest = try PluginManifest(json: manifestJSON)
        } catch {
          throw PluginLoadError("bad manifest: \(error)")
        }
        guard !withdrawnPlugins.contains(manifest.name) else {
          throw PluginLoadError(
            "plugin \(manifest.name) was withdrawn from this scene host; a new host loads its new build"
          )
        }
        // The file vetted must be the file loaded: a file replaced since is vetted first.
        guard let identity = PluginFileIdentity(path: path),
          identity.size == entry["size"]?.intValue,
          identity.modificationNanoseconds == entry["modified"]?.intValue,
          identity.inode == (entry["inode"]?.intValue).map({ UInt64(bitPattern: $0) })
        else {
          throw PluginLoadError("the file changed after it was vetted")
        }
        if let reason = trust.refusal(forPluginAt: path) { throw PluginLoadError(reason) }
        componentsByPlugin[manifest.name] = try PluginLoading.load(
          path, manifest: manifest, into: catalog)
        pathsByPlugin[manifest.name] = path
        loadedPaths.insert(path)
      } catch {
        logger.error("cannot load plugin \(path): \(error.description)")
        failed.append(["path": .string(path), "error": .string(error.description)])
      }
    }
    for text in params["screens"]?.arrayValue ?? [] {
      guard let text = text.stringValue else { continue }
      do {
        let screen = try DeclarativeScreen(json: JSONParser.parse(text))
        guard !withdrawnPlugins.contains(screen.name) else {
          failed.append([
            "screen": .string(screen.name),
            "error": .string(
              "screen \(screen.name) was withdrawn from this scene host; a new host loads its new version"
            ),
          ])
          continue
        }
        if catalog.component(named: screen.name) == nil {
          try catalog.register(screen.component)
          componentsByPlugin[screen.name] = [screen.name]
        }
      } catch {
        failed.append([
          "screen": .string(text.prefix(64).description), "error": .string("\(error)"),
        ])
      }
    }
    return ["failed": .array(failed), "components": .int(Int64(catalog.names.count))]
  }

  /// `host.withdraw`: takes the components of the named plugins (or screens) out of the
  /// catalog, so that no scene opened or composition made from now on in this host runs
  /// their code (it fails as for a component that is not loaded). Answers the components
  /// withdrawn and the scenes that made one of them since they were opened: they run that
  /// code, and the broker moves them to a host that loads the new build. Names of plugins
  /// this host did not load withdraw nothing; withdrawing again is harmless.
  private func withdraw(_ params: JSONObject) throws(RPCError) -> JSON {
    guard let list = params["plugins"]?.arrayValue else {
      throw RPCError.invalidParams("plugins must be an array of plugin names", field: "plugins")
    }
    var names: [String] = []
    for (index, item) in list.enumerated() {
      guard let name = item.stringValue, !name.isEmpty else {
        throw RPCError.invalidParams(
          "plugins[\(index)] must be a plugin name (a non-empty string)", field: "plugins")
      }
      names.append(name)
    }
    withdrawnPlugins.formUnion(names)
    let components = names.flatMap { componentsByPlugin[$0] ?? [] }
    let withdrawn = catalog.withdraw(components)
    let users = scenes.values.filter { !$0.madeComponents.isDisjoint(with: components) }
    if !withdrawn.isEmpty {
      logger.info(
        "plugin code withdrawn",
        metadata: [
          "plugins": "\(names)", "components": "\(withdrawn)", "scenes": "\(users.map(\.name))",
        ])
    }
    return [
      "components": .array(withdrawn.map(JSON.string)),
      "scenes": .array(users.map(\.id).sorted().map(JSON.string)),
    ]
  }

  /// `host.open`: opens a scene, applying the restorable state `state` when given.
  private func open(_ params: JSONObject, state stateText: RawJSON?) throws(RPCError) -> RawJSON {
    let id = params["scene"]?.stringValue ?? ""
    let component = params["component"]?.stringValue ?? ""
    let environment = try SceneEnvironment().applying(params["environment"]?.objectValue)
    let componentParams = params["params"].flatMap { $0 == .null ? nil : $0 }
    let state = stateText.flatMap { $0.isNull ? nil : $0.text }
    running(component, scene: params["id"]?.stringValue)
    if let open = scenes[id] {
      scenes[id] = nil
      holdingBackState[id] = nil
      open.close()
    }
    let scene: HostedScene
    do {
      scene = try HostedScene(
        id: id, component: component, params: componentParams, environment: environment,
        catalog: catalog, logger: logger, restoring: state, verifiesDiffs: verifiesDiffs,
        nodeLimit: nodeLimit)
    } catch {
      switch error {
      case .component(let problem):
        throw Self.rpcError(for: problem, component: component, catalog: catalog)
      case .restoration(let problem):
        throw .server(
          .componentFailed, "its saved state could not be restored: \(problem)",
          details: ["component": .string(component), "reason": "not-restored"])
      case .tooLarge(let exceeded):
        logger.warning(
          "scene not opened: its tree is over the node limit",
          metadata: [
            "component": "\(component)", "nodes": "\(exceeded.nodes)",
            "limit": "\(exceeded.limit)",
          ])
        throw SceneNodeLimit.error(
          exceeded, component: component, scene: params["id"]?.stringValue, closing: false)
      }
    }
    scene.clientID = params["id"]?.stringValue
    scene.onEmitted = { [weak self] in self?.changedOutsideRequest() }
    scenes[id] = scene
    var result = JSONObjectWriter()
    result.append("root", scene.root)
    if let state = scene.openedState { result.append("state", state) }
    return result.object
  }

  /// The wire error for a component that could not be opened.
  /// An unknown component or top-level param comes with the closest known name.
  static func rpcError(for error: ComponentError, component: String, catalog: ComponentCatalog)
    -> RPCError
  {
    switch error {
    case .noSuchComponent(let name):
      return RPCError.server(
        .noSuchComponent, "no component named \"\(name)\" is loaded",
        details: ["component": .string(name)]
      ).suggesting(NameSuggestion.closest(to: name, among: catalog.names))
    case .invalidParams(_, let problem):
      let field = problem.path.isEmpty ? "params" : "params.\(problem.path)"
      var suggestion: String?
      if problem.message == ParamValidationError.unknownParameter, !problem.path.contains("."),
        case .object(let properties, _) = catalog.component(named: component)?.params.kind
      {
        suggestion = NameSuggestion.closest(to: problem.path, among: properties.map(\.name))
      }
      return RPCError.invalidParams(error.description, field: field).suggesting(suggestion)
    case .missingDependency(_, let dependency):
      return .server(
        .componentFailed, error.description,
        details: ["component": .string(component), "dependency": .string(dependency)])
    default:
      return .server(
        .componentFailed, error.description, details: ["component": .string(component)])
    }
  }
}

/// `prctl(PR_SET_PDEATHSIG, signal)`: the kernel sends `signal` when the parent thread
/// exits. (Glibc's `prctl` is variadic, which Swift does not import; it is looked up.)
private func setParentDeathSignal(_ signal: Int32) {
  typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
  let setPDeathSig: Int32 = 1  // PR_SET_PDEATHSIG
  guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return }
  _ = unsafeBitCast(symbol, to: Prctl.self)(setPDeathSig, UInt(signal), 0, 0, 0)
}
