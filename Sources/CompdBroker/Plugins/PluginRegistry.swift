import CompdProtocol
import Dispatch
import JSONRPC
import Logging
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Finds, vets and lists the daemon's plugins, and keeps the registry of the components
/// they provide, from their vetted manifests.
///
/// `scan()` looks at every `*.so` in the plugin directories (in directory order, then by
/// file name). A file seen before with the same identity keeps its state. A new or changed
/// file is looked up in the cache, else vetted in a child process (several at once, bounded
/// by the number of cores). An accepted one becomes part of `loadSet`, which scene hosts
/// load; the broker itself runs no plugin code (a `PluginCodeLoader`, which tests of plugins
/// in-process give, would run it here). A changed file of a loaded plugin is vetted like a
/// new one; hosts that loaded the old version are replaced.
@MainActor
package final class PluginRegistry {
  /// Where plugins come from and how they are vetted.
  package struct Configuration: Sendable {
    /// The directories scanned for `*.so`, in order; earlier ones win name conflicts.
    package var pluginDirectories: [String]
    /// Where `plugin-cache.json` lives; `nil` disables the cache.
    package var stateDirectory: String?
    /// The executable run as the vetting child with `--scan-plugin PATH` (compd itself).
    package var scannerExecutable: String
    /// How long one vetting child may run.
    package var vetTimeoutSeconds: Double
    /// How many vetting children run at once.
    package var parallelVetting: Int
    /// Whether a plugin must pass the ownership and mode checks before its code runs.
    package var trust: PluginTrust
    /// The ABI stamp of the ScreenKit the vetting children and scene hosts run (the
    /// composition root knows it; the broker links no ScreenKit). Vetting results are
    /// remembered for one stamp, so without it the cache is neither read nor written.
    package var abiStamp: String?

    /// A configuration; by default the scanner is this executable.
    package init(
      pluginDirectories: [String], stateDirectory: String?,
      scannerExecutable: String = PluginRegistry.currentExecutable(), vetTimeoutSeconds: Double = 5,
      parallelVetting: Int = max(2, sysconf(Int32(_SC_NPROCESSORS_ONLN))),
      trust: PluginTrust = .strict, abiStamp: String? = nil
    ) {
      self.trust = trust
      self.abiStamp = abiStamp
      self.pluginDirectories = pluginDirectories
      self.stateDirectory = stateDirectory
      self.scannerExecutable = scannerExecutable
      self.vetTimeoutSeconds = vetTimeoutSeconds
      self.parallelVetting = max(1, parallelVetting)
    }
  }

  /// What runs accepted plugins' code in this process; `nil` in the daemon, whose scene
  /// hosts run it.
  let codeLoader: (any PluginCodeLoader)?
  /// The components of every loaded plugin and screen as vetting described them, by name.
  private(set) var registry: [String: PluginManifest.ComponentEntry] = [:]
  /// How many vetting children were started so far (cache hits start none).
  package private(set) var vettingChildrenStarted = 0

  private var configuration: Configuration
  private let logger: Logger
  private var records: [PluginRecord] = []
  private var pluginOfComponent: [String: Int] = [:]
  private var cache = PluginCache(stamp: "")
  private var cacheLoaded = false
  private var currentScan: Task<Void, Never>?

  /// A registry with no plugins yet; call `scan()`.
  nonisolated init(
    configuration: Configuration, codeLoader: (any PluginCodeLoader)? = nil, logger: Logger
  ) {
    self.configuration = configuration
    self.codeLoader = codeLoader
    self.logger = logger
  }

  /// The directories the next scan searches (a reload may change them). Plugins already
  /// loaded stay loaded: code is never unloaded.
  package var pluginDirectories: [String] {
    get { configuration.pluginDirectories }
    set { configuration.pluginDirectories = newValue }
  }

  /// Whether plugins must pass the ownership and mode checks (a reload may change it).
  package var trust: PluginTrust {
    get { configuration.trust }
    set { configuration.trust = newValue }
  }

  /// The path of the running executable.
  package nonisolated static func currentExecutable() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return CommandLine.arguments[0] }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// How many plugins are loaded.
  package var loadedPluginCount: Int { records.count { $0.state == .loaded } }

  /// Scans the plugin directories, vets and loads new or changed files, and updates the
  /// cache. Safe to call again (`plugins.rescan`), also while a scan is running: scans run
  /// one after the other.
  package func scan() async {
    let previous = currentScan
    let scan = Task { @MainActor in
      await previous?.value
      await self.performScan()
    }
    currentScan = scan
    await scan.value
  }

  private func performScan() async {
    if !cacheLoaded, let cachePath, let stamp = configuration.abiStamp {
      let (loaded, warning) = PluginCache.load(from: cachePath, stamp: stamp)
      if let warning { logger.warning("\(warning)") }
      cache = loaded
      cacheLoaded = true
    }
    let files = discoverFiles()
    var pending: [(PluginFileIdentity, VetOutcome?)] = []
    var notELF = Set<String>()
    var screens: [PluginFileIdentity] = []
    for identity in files {
      if let index = records.firstIndex(where: { $0.path == identity.path }) {
        // An untrusted file is checked again: its directory's mode may have been fixed.
        if records[index].identity == identity && !records[index].untrusted { continue }
        if records[index].state == .loaded {
          logger.notice("plugin \(identity.path) changed on disk; vetting the new version")
        }
        records.remove(at: index)
        reindexComponents()
      }
      // A screen holds no code, but whoever can change it changes what the screen shows
      // (a kiosk's login form), so it is held to the same rule as a library.
      if let reason = configuration.trust.refusal(forPluginAt: identity.path) {
        refuseUntrusted(identity, reason)
      } else if Self.isScreenFile(identity.path) {
        screens.append(identity)
      } else if let cached = cache.outcome(for: identity) {
        pending.append((identity, cached))
      } else if !PluginVetter.looksLikeELF(path: identity.path) {
        pending.append((identity, nil))
        notELF.insert(identity.path)
      } else {
        pending.append((identity, nil))
      }
    }
    let toVet = pending.filter { $0.1 == nil && !notELF.contains($0.0.path) }.map(\.0.path)
    var vetted = await vet(toVet)
    vettingChildrenStarted += toVet.count
    for path in notELF { vetted[path] = .rejected("not an ELF shared library") }
    for (identity, cached) in pending {
      let outcome = cached ?? vetted[identity.path] ?? .unavailable("not vetted")
      if cached == nil { cache.remember(outcome, for: identity) }
      admit(identity, outcome)
    }
    // Declarative screens last: they compose components of the plugins.
    for identity in screens { admitScreen(identity) }
    // Forget files that are gone, unless their code is loaded.
    let present = Set(files.map(\.path))
    records.removeAll { !present.contains($0.path) && $0.state != .loaded }
    reindexComponents()
    cache.keepOnly(files)
    saveCache()
  }

  // MARK: - Listing

  /// The `plugins.list` result.
  package func pluginsListResult() -> JSON {
    .object(["plugins": .array(records.map(\.json))])
  }

  /// The `components.list` result, optionally only the components of the plugin named
  /// `plugin`; `nil` when there is no such plugin.
  package func componentsListResult(plugin: String?) -> JSON? {
    if let plugin, !records.contains(where: { $0.name == plugin && $0.state == .loaded }) {
      return nil
    }
    let entries = registry.keys.sorted().compactMap { name -> JSON? in
      guard let component = registry[name], let index = pluginOfComponent[name] else {
        return nil
      }
      let owner = records[index].name
      if let plugin, owner != plugin { return nil }
      var entry: JSONObject = [
        "name": .string(name), "plugin": .string(owner), "version": .string(component.version),
        "kind": .string(component.kind.rawValue), "summary": .string(component.summary),
      ]
      if let reason = records[index].quarantinedComponents[name] {
        entry["quarantined"] = .string(reason)
      }
      return .object(entry)
    }
    return .object(["components": .array(entries)])
  }

  /// `compd.NoSuchComponent` for `name`, suggesting the loaded component whose name is
  /// closest (`demo.login` → `demo.Login`) in the message and as `data.suggestion`.
  package func noSuchComponentError(_ name: String) -> RPCError {
    RPCError.server(
      .noSuchComponent, "no component named \"\(name)\" is loaded",
      details: ["component": .string(name)]
    ).suggesting(NameSuggestion.closest(to: name, among: Array(registry.keys)))
  }

  /// The `components.describe` result for `name`; `nil` when no such component is loaded.
  package func describeComponentResult(name: String) -> JSON? {
    guard let component = registry[name] else { return nil }
    var result: JSONObject = [
      "name": .string(name),
      "plugin": .string(pluginOfComponent[name].map { records[$0].name } ?? ""),
      "version": .string(component.version), "kind": .string(component.kind.rawValue),
      "summary": .string(component.summary), "params": component.params,
      "events": .array(component.events.map(JSON.string)),
    ]
    if let reason = quarantineReason(of: name) { result["quarantined"] = .string(reason) }
    return .object(result)
  }

  /// Whether the component `name` is provided by a loaded plugin or screen.
  package func hasComponent(_ name: String) -> Bool { registry[name] != nil }

  /// The number of components the loaded plugins and screens provide.
  package var componentCount: Int { registry.count }

  /// The name of the plugin (or screen) providing `component`.
  func pluginName(of component: String) -> String? {
    pluginOfComponent[component].map { records[$0].name }
  }

  /// The file identity of the plugin providing `component` now.
  func pluginIdentity(of component: String) -> PluginFileIdentity? {
    pluginOfComponent[component].map { records[$0].identity }
  }

  /// Why `component` is quarantined, if it is.
  func quarantineReason(of component: String) -> String? {
    pluginOfComponent[component].flatMap { records[$0].quarantinedComponents[component] }
  }

  /// Marks `component` quarantined with `reason`: listed, and remembered in the cache
  /// across restarts, until its plugin file changes.
  func quarantine(_ component: String, reason: String) {
    guard let index = pluginOfComponent[component] else { return }
    records[index].quarantinedComponents[component] = reason
    cache.quarantine(component, reason: reason, of: records[index].identity)
    saveCache()
  }

  /// What scene hosts load: every loaded plugin library (path, identity, manifest) and
  /// declarative screen (its text), in scan order.
  var loadSet: HostLoadSet {
    var set = HostLoadSet.empty
    for record in records where record.state == .loaded {
      if let manifest = record.manifest {
        set.addPlugin(record.identity, manifest: manifest)
      } else if let text = record.screenText {
        set.addScreen(
          name: record.name, path: record.path,
          requires: registry[record.name]?.requires ?? [], text: text)
      }
    }
    return set
  }

  /// The state of the plugin file at `path`, for tests and logs.
  func record(path: String) -> PluginRecord? { records.first { $0.path == path } }

  // MARK: - Internals

  /// Where the cache is: in the state directory, when the stamp its results are for is known.
  private var cachePath: String? {
    guard configuration.abiStamp != nil, let directory = configuration.stateDirectory else {
      return nil
    }
    return "\(directory)/\(PluginCache.fileName)"
  }

  private func discoverFiles() -> [PluginFileIdentity] {
    var seen = Set<String>()
    var files: [PluginFileIdentity] = []
    for directory in configuration.pluginDirectories {
      let base =
        directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
      guard let stream = opendir(base) else {
        logger.warning("cannot read plugin directory \(base): \(String(cString: strerror(errno)))")
        continue
      }
      var names: [String] = []
      while let entry = readdir(stream) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
        }
        if (name.hasSuffix(".so") || Self.isScreenFile(name)) && !name.hasPrefix(".") {
          names.append(name)
        }
      }
      closedir(stream)
      for name in names.sorted() {
        let path = "\(base)/\(name)"
        guard seen.insert(path).inserted, let identity = PluginFileIdentity(path: path) else {
          continue
        }
        files.append(identity)
      }
    }
    return files
  }

  /// Vets `paths` in child processes, `parallelVetting` at a time, off the main actor.
  private func vet(_ paths: [String]) async -> [String: VetOutcome] {
    guard !paths.isEmpty else { return [:] }
    let vetter = PluginVetter(
      scannerExecutable: configuration.scannerExecutable,
      timeoutSeconds: configuration.vetTimeoutSeconds, trust: configuration.trust,
      abiStamp: configuration.abiStamp)
    let width = min(configuration.parallelVetting, paths.count)
    return await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        let results = VetResults(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: width) { _ in
          while let index = results.claim() {
            results.store(vetter.vet(path: paths[index]), at: index)
          }
        }
        continuation.resume(returning: Dictionary(uniqueKeysWithValues: zip(paths, results.all())))
      }
    }
  }

  /// Records the outcome for a file, loading the plugin into the daemon when it was accepted.
  private func admit(_ identity: PluginFileIdentity, _ outcome: VetOutcome) {
    let fallback = PluginRecord.fallbackName(for: identity.path)
    switch outcome {
    case .accepted(let manifest):
      // Checked again right before loading: the file or a directory may have changed
      // while the child vetted it.
      if let reason = configuration.trust.refusal(forPluginAt: identity.path) {
        return refuseUntrusted(identity, reason)
      }
      do throws(PluginLoadError) {
        let names = try load(identity.path, manifest: manifest)
        var record = PluginRecord(
          identity: identity, name: manifest.name, version: manifest.version, state: .loaded,
          components: names)
        record.manifest = manifest
        records.append(keepingQuarantines(record))
        logger.info("loaded plugin \(manifest.name) \(manifest.version) from \(identity.path)")
      } catch {
        records.append(
          PluginRecord(
            identity: identity, name: manifest.name, version: manifest.version, state: .rejected,
            components: manifest.components.map(\.name), error: error.description))
        logger.warning("rejected plugin \(identity.path): \(error.description)")
      }
    case .rejected(let reason):
      records.append(
        PluginRecord(
          identity: identity, name: fallback, version: "", state: .rejected, components: [],
          error: reason))
      logger.warning("rejected plugin \(identity.path): \(reason)")
    case .quarantined(let reason), .unavailable(let reason):
      records.append(
        PluginRecord(
          identity: identity, name: fallback, version: "", state: .quarantined, components: [],
          error: reason))
      logger.warning("quarantined plugin \(identity.path): \(reason)")
    }
    reindexComponents()
  }

  /// `record` with the quarantines the cache holds for its file version (they outlive
  /// restarts; a changed file has none).
  private func keepingQuarantines(_ record: PluginRecord) -> PluginRecord {
    var record = record
    record.quarantinedComponents = cache.quarantinedComponents(of: record.identity)
    for (component, reason) in record.quarantinedComponents.sorted(by: { $0.key < $1.key }) {
      logger.warning("component \(component) stays quarantined: \(reason)")
    }
    return record
  }

  /// Records a plugin file whose code is not run because someone other than root or
  /// compd's user could have written it.
  private func refuseUntrusted(_ identity: PluginFileIdentity, _ reason: String) {
    var record = PluginRecord(
      identity: identity, name: PluginRecord.fallbackName(for: identity.path), version: "",
      state: .rejected, components: [], error: reason)
    record.untrusted = true
    records.append(record)
    let kind = Self.isScreenFile(identity.path) ? "screen" : "plugin"
    logger.warning("refused \(kind) \(identity.path): \(reason)")
  }

  /// Whether `path` names a declarative screen (`*.screen.json`) rather than a library.
  nonisolated static func isScreenFile(_ path: String) -> Bool { path.hasSuffix(".screen.json") }

  /// Reads a declarative screen and registers it as a component. It holds no code, so it
  /// is read in the daemon itself (size-bounded, strictly validated), not vetted in a child.
  private func admitScreen(_ identity: PluginFileIdentity) {
    let fallback = String(identity.path.split(separator: "/").last ?? "")
    func reject(_ reason: String, name: String = fallback, version: String = "") {
      records.append(
        PluginRecord(
          identity: identity, name: name, version: version, state: .rejected, components: [],
          error: reason))
      logger.warning("rejected screen \(identity.path): \(reason)")
    }
    guard identity.size <= Int64(DeclarativeScreen.maximumBytes),
      let bytes = PluginCache.readFile(identity.path)
    else {
      return reject(
        "cannot read the screen, or it is larger than \(DeclarativeScreen.maximumBytes) bytes")
    }
    let screen: DeclarativeScreen
    do {
      screen = try DeclarativeScreen(json: JSONParser.parse(bytes))
    } catch let error as JSONParseError {
      return reject("not JSON: \(error.message)")
    } catch {
      return reject("bad screen: \(error)")
    }
    if let owner = pluginOfComponent[screen.name] {
      return reject(
        "component \"\(screen.name)\" is already registered by \(records[owner].path); \(identity.path) registers it too",
        name: screen.name, version: screen.version)
    }
    if let codeLoader {
      do {
        try codeLoader.register(screen)
      } catch {
        return reject(error.description, name: screen.name, version: screen.version)
      }
    }
    var record = PluginRecord(
      identity: identity, name: screen.name, version: screen.version, state: .loaded,
      components: [screen.name])
    record.screenText = String(decoding: bytes, as: UTF8.self)
    records.append(keepingQuarantines(record))
    reindexComponents()
    logger.info("loaded screen \(screen.name) from \(identity.path)")
  }

  /// Checks an accepted plugin's components against the registry and, with a `codeLoader`,
  /// loads it in-process and registers its components, all or none.
  private func load(_ path: String, manifest: PluginManifest) throws(PluginLoadError) -> [String] {
    // Check for conflicts first, from the vetted manifest, so that a conflicting plugin's
    // code never runs.
    for entry in manifest.components {
      if let owner = pluginOfComponent[entry.name] {
        throw PluginLoadError(
          "component \"\(entry.name)\" is already registered by \(records[owner].path); \(path) registers it too"
        )
      }
    }
    guard let codeLoader else { return manifest.components.map(\.name) }
    return try codeLoader.load(path, manifest: manifest)
  }

  private func reindexComponents() {
    pluginOfComponent = [:]
    registry = [:]
    for (index, record) in records.enumerated() where record.state == .loaded {
      for name in record.components { pluginOfComponent[name] = index }
      if let manifest = record.manifest {
        for entry in manifest.components { registry[entry.name] = entry }
      } else if let text = record.screenText,
        let screen = try? DeclarativeScreen(json: JSONParser.parse(text))
      {
        registry[screen.name] = screen.manifestEntry
      }
    }
  }

  private func saveCache() {
    guard let cachePath, let directory = configuration.stateDirectory else { return }
    mkdir(directory, 0o755)
    do {
      try cache.write(to: cachePath)
    } catch {
      logger.warning("cannot save the plugin cache: \(error.description)")
    }
  }
}

/// Work distribution and results for parallel vetting threads.
private final class VetResults: Sendable {
  private struct State {
    var next = 0
    var outcomes: [VetOutcome?]
  }
  private let state: Mutex<State>

  init(count: Int) { state = Mutex(State(outcomes: Array(repeating: nil, count: count))) }

  func claim() -> Int? {
    state.withLock { state in
      guard state.next < state.outcomes.count else { return nil }
      defer { state.next += 1 }
      return state.next
    }
  }

  func store(_ outcome: VetOutcome, at index: Int) {
    state.withLock { $0.outcomes[index] = outcome }
  }

  func all() -> [VetOutcome] {
    state.withLock { $0.outcomes.map { $0 ?? .unavailable("not vetted") } }
  }
}
