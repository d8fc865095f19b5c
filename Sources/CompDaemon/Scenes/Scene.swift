import JSONRPC
import Logging
import ScreenKit

/// One open component: its window, controller tree, node table, revision, history of
/// changes and subscribers. Lives on the main actor with the component code.
///
/// A scene's revision starts at 1 with the tree `scene.open` returns and grows by one with
/// every change a client can see; each change is sent to subscribers as `scene.changed`
/// and kept in a bounded history so that a subscriber can resume with `since`.
@MainActor
final class Scene {
  /// One published change.
  struct Change {
    var base: Int
    var revision: Int
    var ops: [JSON]
  }

  let id: String
  let component: String
  /// The `params` it was opened with, as JSON text (kept for its saved record).
  let paramsText: String?
  /// The uid of the client that opened it (access control).
  let owner: UInt32
  /// The connection that opened it; `nil` for a scene restored at start.
  let opener: UInt64?
  let lifetime: SceneLifetime
  private(set) var environment: SceneEnvironment
  private(set) var revision: Int
  private let window: Window
  private let nodes = NodeTable()
  private var history: [Change] = []
  private let historyLimit: Int
  private(set) var subscribers: [UInt64: any RPCConnection] = [:]
  /// Connections that keep a `connection`-lifetime scene alive: the opener's while it is
  /// connected, and each subscriber's.
  var attachedConnections: Set<UInt64>
  /// The timer that closes an abandoned `connection`-lifetime scene.
  var graceTimer: Task<Void, Never>?
  private var emitted: [ComponentEvent] = []
  private let catalog: ComponentCatalog
  private let logger: Logger
  /// `component event` pairs already warned about as undeclared.
  private var undeclaredEvents: Set<String> = []
  /// Views of this scene whose drawn state changed since it last published.
  private var displayChanges: [View] = []
  /// Called after a publish that changed the scene, so that it is saved.
  var onChange: (() -> Void)?

  private struct WeakScene {
    weak var scene: Scene?
  }
  /// Open scenes by window, to route `DisplayJournal`'s views to the scene that shows them.
  private static var scenesByWindow: [ObjectIdentifier: WeakScene] = [:]

  /// Why a scene could not be opened.
  enum OpenError: Error {
    /// The component refused (unknown, bad params, its factory failed...).
    case component(ComponentError)
    /// The saved restorable state could not be applied.
    case restoration(String)
  }

  /// Opens `component` from `catalog` in a window of `environment` and runs the full
  /// lifecycle: load, appear, layout.
  ///
  /// A scene restored at start passes its saved `revision` (the one it starts at) and
  /// restorable `state`, which is applied before the window appears, and no `opener`.
  init(
    id: String, component: String, params: JSON?, environment: SceneEnvironment,
    lifetime: SceneLifetime, owner: UInt32, opener: UInt64?, catalog: ComponentCatalog,
    historyLimit: Int, logger: Logger, revision: Int = 1, restoring state: String? = nil
  ) throws(OpenError) {
    self.catalog = catalog
    self.logger = logger
    self.id = id
    self.component = component
    self.paramsText = params?.serialized()
    self.environment = environment
    self.lifetime = lifetime
    self.owner = owner
    self.opener = opener
    self.revision = revision
    self.historyLimit = historyLimit
    self.attachedConnections = opener.map { [$0] } ?? []
    self.window = Window(frame: Rect(origin: .zero, size: environment.size))
    let controller: ViewController
    do throws(ComponentError) {
      controller = try catalog.instantiate(component, params: params.map(ParamValue.init)) {
        [weak self] event in self?.received(event)
      }
    } catch {
      throw .component(error)
    }
    window.traitCollection = environment.traitCollection
    window.hostSafeAreaInsets = environment.safeArea
    window.rootViewController = controller
    if let state { try Self.restore(window, from: state) }
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    DisplayJournal.isRecording = true
    Self.routeDisplayChanges()
    Self.scenesByWindow = Self.scenesByWindow.filter { $0.value.scene != nil }
    Self.scenesByWindow[ObjectIdentifier(window)] = WeakScene(scene: self)
    _ = nodes.refresh(root: window)
    emitted.removeAll()  // events emitted while opening have no subscriber yet
  }

  /// Keeps an emitted event for the next publish when its component declares it. An
  /// undeclared name is a plugin bug that clients could not have known about from
  /// `components.describe`: it is dropped, with one warning per name.
  private func received(_ event: ComponentEvent) {
    guard catalog.component(named: event.component)?.events.contains(event.name) == true else {
      if undeclaredEvents.insert("\(event.component) \(event.name)").inserted {
        logger.warning(
          "dropped an undeclared event",
          metadata: [
            "scene": "\(id)", "component": "\(event.component)", "event": "\(event.name)",
          ])
      }
      return
    }
    emitted.append(event)
  }

  /// Hands the views `DisplayJournal` recorded to the scenes whose windows they are in
  /// (changes may come from any scene's code, such as a timer's task).
  private static func routeDisplayChanges() {
    for view in DisplayJournal.drain() {
      var top = view
      while let parent = top.superview { top = parent }
      guard let scene = scenesByWindow[ObjectIdentifier(top)]?.scene, scene.window === top
      else { continue }
      scene.displayChanges.append(view)
    }
  }

  /// The whole tree at the current revision.
  var root: JSON { nodes.rootJSON }

  /// The view an event names by node id or key.
  func view(forTarget target: String) -> View? {
    // The table is as of the last publish; a view taken out of the window since is no target.
    guard let view = nodes.view(forTarget: target), view.isDescendant(of: window) else {
      return nil
    }
    return view
  }

  /// Runs `body` (an input event) against the window, lays out, and publishes what
  /// changed. Returns `body`'s result.
  func handleInput<T>(_ body: (Window) throws(InputError) -> T) throws(InputError) -> T {
    defer { publish() }
    return try body(window)
  }

  /// Moves the scene to a new environment: `viewWillTransition(to:with:)`, trait changes,
  /// safe area, relayout; publishes what changed.
  func resize(to newEnvironment: SceneEnvironment) throws(InputError) {
    defer { publish(everything: true) }  // traits change how views draw throughout
    let previous = environment
    environment = newEnvironment
    if previous.size != newEnvironment.size { try window.resize(to: newEnvironment.size) }
    window.traitCollection = newEnvironment.traitCollection
    window.hostSafeAreaInsets = newEnvironment.safeArea
  }

  /// Lays the window out, diffs the nodes that changed (all of them with `everything`), and
  /// sends a change (and any emitted events) to subscribers.
  func publish(everything: Bool = false) {
    window.layoutIfNeeded()
    Self.routeDisplayChanges()
    let changed = displayChanges
    displayChanges = []
    let ops =
      everything ? nodes.refresh(root: window) : nodes.refresh(root: window, changed: changed)
    if !ops.isEmpty {
      let change = Change(base: revision, revision: revision + 1, ops: ops)
      revision += 1
      history.append(change)
      if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
      let params = changedParams(change)
      for subscriber in subscribers.values {
        subscriber.notify(method: "scene.changed", params: params)
      }
    }
    let events = emitted
    emitted.removeAll()
    for event in events {
      let params: JSON = [
        "scene": .string(id), "name": .string(event.name), "payload": JSON(event.payload),
      ]
      for subscriber in subscribers.values {
        subscriber.notify(method: "scene.emitted", params: params)
      }
    }
    // A change shows in the tree, except an environment's (resize), which is saved too.
    if !ops.isEmpty || everything { onChange?() }
  }

  private func changedParams(_ change: Change) -> JSON {
    [
      "scene": .string(id), "revision": .int(Int64(change.revision)),
      "base": .int(Int64(change.base)), "ops": .array(change.ops),
    ]
  }

  /// Adds `connection` as a subscriber. Returns the changes after `since` when the history
  /// still has all of them (to replay), or `nil` when the client needs a snapshot.
  func subscribe(_ connection: any RPCConnection, since: Int?) -> [JSON]? {
    subscribers[connection.id] = connection
    attachedConnections.insert(connection.id)
    graceTimer?.cancel()
    graceTimer = nil
    guard let since, since <= revision, since >= 1 else { return nil }
    if since == revision { return [] }
    guard let first = history.firstIndex(where: { $0.base == since }) else { return nil }
    return history[first...].map(changedParams)
  }

  /// Removes `connection` from the subscribers; `false` when it was not one.
  @discardableResult
  func unsubscribe(_ connection: UInt64) -> Bool {
    subscribers.removeValue(forKey: connection) != nil
  }

  /// Runs disappearance, tells subscribers why, and lets the window and controllers go.
  func close(reason: String) {
    graceTimer?.cancel()
    graceTimer = nil
    let params: JSON = ["scene": .string(id), "reason": .string(reason)]
    for subscriber in subscribers.values {
      subscriber.notify(method: "scene.closed", params: params)
    }
    subscribers.removeAll()
    window.isHidden = true
    window.rootViewController = nil
    emitted.removeAll()
  }

  /// Applies a saved restorable state to `window`, whose root controller is set.
  private static func restore(_ window: Window, from state: String) throws(OpenError) {
    do throws(RestorationError) {
      try window.restoreState(from: RestorationArchive(json: state))
    } catch {
      throw .restoration(error.description)
    }
  }

  /// What the scene database keeps of this scene now.
  var record: SceneRecord {
    SceneRecord(
      id: id, component: component, params: paramsText,
      environment: environment.json.serialized(), lifetime: lifetime.rawValue, owner: owner,
      revision: revision, state: window.encodeRestorableState()?.json)
  }

  /// The entry `scene.list` shows.
  var listEntry: JSON {
    [
      "scene": .string(id), "component": .string(component), "revision": .int(Int64(revision)),
      "environment": environment.json, "lifetime": .string(lifetime.rawValue),
      "subscribers": .int(Int64(subscribers.count)),
    ]
  }
}
