import CompdProtocol
import Foundation
import JSONRPC
import Logging
import ScreenKit

/// One open component in a scene host: its window, controller tree and node table. Lives
/// on the host's main actor with the component code.
///
/// It reports what changed (diff ops, emitted events, its restorable state) to the broker,
/// which numbers the revisions and tells subscribers.
///
/// Encoding the restorable state costs more than the rest of a small event, so a scene that
/// keeps changing encodes it at most once per `stateInterval`: a change after a quiet
/// interval is encoded at once and rides in its own reply; changes within the interval
/// are held back (`holdsBackState`) until the reply of the first change after it or the
/// host's next flush (`heldBackState()`, sent as a `host.state` notification), whichever
/// comes first. Every encoding is reported, changed or not: it tells the broker the state
/// is current as of that message.
@MainActor
final class HostedScene {
  /// What one input, resize or open produced.
  struct Publication {
    var ops: [JSON]
    var emitted: [JSON]
    /// The accessibility notifications posted, in order (`scene.announcement`).
    var announcements: [JSON] = []
    /// The restorable state (`null` for none) when it was encoded for this publication.
    var state: RawJSON?

    /// Writes its members (`HostPayload`: all but the state, which may be absent, are
    /// payloads the broker passes on as they are written here).
    func write(into message: inout JSONObjectWriter) {
      message.append("ops", .array(ops))
      message.append("emitted", .array(emitted))
      if !announcements.isEmpty { message.append("announcements", .array(announcements)) }
      if let state { message.append("state", state) }
    }
  }

  /// The key the broker opened the scene with (`host.open`'s `scene`).
  let id: String
  /// The id clients know the scene by, once the broker has handed one out: it comes with
  /// the requests for the scene (a scene being opened has none yet).
  var clientID: String?
  /// The scene as errors and the log name it: its client id when known.
  var name: String { clientID ?? id }
  let component: String
  /// The params it was opened with, to make its controller again in another locale.
  private let params: JSON?
  private(set) var environment: SceneEnvironment
  let window: Window
  let nodes: NodeTable
  /// The most nodes its tree may have (`max-scene-nodes`).
  private let nodeLimit: SceneNodeLimit
  private var emitted: [ComponentEvent] = []
  private let catalog: ComponentCatalog
  private let logger: Logger
  /// `component event` pairs already warned about as undeclared.
  private var undeclaredEvents: Set<String> = []
  /// Views of this scene whose drawn state changed since it last published.
  private var displayChanges: [View] = []
  /// The restorable state when the scene was opened (the `host.open` reply's).
  private(set) var openedState: RawJSON?
  /// How often at most a changing scene's restorable state is encoded.
  nonisolated static let stateInterval: Duration = .milliseconds(50)
  /// Whether the tree changed since the restorable state was last encoded.
  private(set) var holdsBackState = false
  /// When the restorable state was last encoded after a change.
  private var lastStateEncoding: ContinuousClock.Instant?
  /// The components made for its tree since it was opened (its own and every one composed
  /// in it): whose code it runs, which a withdrawal of a plugin's code asks about.
  private(set) var madeComponents: Set<String> = []

  private struct WeakScene {
    weak var scene: HostedScene?
  }
  /// Open scenes by window, to route `DisplayJournal`'s views to the scene that shows them.
  private static var scenesByWindow: [ObjectIdentifier: WeakScene] = [:]

  /// Why a scene could not be opened.
  enum OpenError: Error {
    /// The component refused (unknown, bad params, its factory failed...).
    case component(ComponentError)
    /// The saved restorable state could not be applied.
    case restoration(String)
    /// Its tree has more nodes than `max-scene-nodes`.
    case tooLarge(SceneNodeLimit.Exceeded)
  }

  /// Opens `component` from `catalog` in a window of `environment` and runs the full
  /// lifecycle: load, appear, layout. A restorable `state` (a restored or moved scene's)
  /// is applied before the window appears. A tree of more than `nodeLimit` nodes is
  /// refused (`OpenError.tooLarge`) and the window let go.
  init(
    id: String, component: String, params: JSON?, environment: SceneEnvironment,
    catalog: ComponentCatalog, logger: Logger, restoring state: String? = nil,
    verifiesDiffs: Bool = false, nodeLimit: SceneNodeLimit = .unlimited
  ) throws(OpenError) {
    nodes = NodeTable(scene: id, verifiesIncrementalRefresh: verifiesDiffs)
    self.nodeLimit = nodeLimit
    self.catalog = catalog
    self.logger = logger
    self.id = id
    self.component = component
    self.params = params
    self.environment = environment
    self.window = Window(frame: Rect(origin: .zero, size: environment.size))
    window.locale = environment.sceneLocale
    // Preferred fonts made while the component loads take this scene's text size.
    TraitCollection.current = environment.traitCollection
    let controller: ViewController
    do throws(ComponentError) {
      controller = try makeController()
    } catch {
      throw .component(error)
    }
    window.traitCollection = environment.traitCollection
    window.hostSafeAreaInsets = environment.safeAreaInsets
    window.listOverscan = environment.overscan
    window.rootViewController = controller
    if let state { try Self.restore(window, from: state) }
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    DisplayJournal.isRecording = true
    Self.routeDisplayChanges()
    Self.scenesByWindow = Self.scenesByWindow.filter { $0.value.scene != nil }
    Self.scenesByWindow[ObjectIdentifier(window)] = WeakScene(scene: self)
    do throws(SceneNodeLimit.Exceeded) {
      _ = try nodes.refresh(root: window, limit: nodeLimit)
    } catch {
      close()
      throw .tooLarge(error)
    }
    emitted.removeAll()  // events emitted while opening have no subscriber yet
    _ = window.takeAccessibilityNotifications()  // nor do announcements
    // Opening is not a change within an interval: the first event's state goes at once.
    openedState = Self.stateText(window.encodeRestorableState())
  }

  /// The scene's root controller, made by the catalog from its component and params.
  private func makeController() throws(ComponentError) -> ViewController {
    try catalog.instantiate(
      component, params: params.map(ParamValue.init),
      sink: { [weak self] event in self?.received(event) },
      onMake: { [weak self] name in self?.madeComponents.insert(name) })
  }

  /// The scene's locale (its window's).
  var locale: Locale { window.locale }

  /// Runs `work` in the scene's locale (``SceneLocale/current``, for the strings its code
  /// looks up and the formatters it makes).
  func performInLocale<Result>(_ work: () throws(RPCError) -> Result) throws(RPCError) -> Result {
    try Self.perform(in: window.locale, work)
  }

  /// Runs `work` with `locale` as ``SceneLocale/current``.
  static func perform<Result>(in locale: Locale, _ work: () throws(RPCError) -> Result)
    throws(RPCError) -> Result
  {
    let outcome: Swift.Result<Result, RPCError> = SceneLocale.$current.withValue(locale) {
      do throws(RPCError) {
        return .success(try work())
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }

  /// Keeps an emitted event for the next publish when its component declares it. An
  /// undeclared name is a plugin bug that clients could not have known about from
  /// `components.describe`: it is dropped, with one warning per name.
  private func received(_ event: ComponentEvent) {
    defer { onEmitted?() }
    guard catalog.component(named: event.component)?.events.contains(event.name) == true else {
      if undeclaredEvents.insert("\(event.component) \(event.name)").inserted {
        logger.warning(
          "dropped an undeclared event",
          metadata: [
            "scene": "\(name)", "component": "\(event.component)", "event": "\(event.name)",
          ])
      }
      return
    }
    emitted.append(event)
  }

  /// Hands the views `DisplayJournal` recorded to the scenes whose windows they are in
  /// (changes may come from any scene's code, such as a timer's task).
  static func routeDisplayChanges() {
    for view in DisplayJournal.drain() {
      var top = view
      while let parent = top.superview { top = parent }
      guard let scene = scenesByWindow[ObjectIdentifier(top)]?.scene, scene.window === top
      else { continue }
      scene.displayChanges.append(view)
    }
  }

  /// Called when the component emits an event, so that one emitted outside a request (from
  /// a timer) is published.
  var onEmitted: (@MainActor () -> Void)?

  /// Whether the scene has changes or emitted events not published yet.
  var hasUnpublishedChanges: Bool { !displayChanges.isEmpty || !emitted.isEmpty }

  /// The whole tree as the broker was last told it.
  var root: JSON { nodes.rootJSON }

  /// The view an event names by node id or key.
  func view(forTarget target: String) -> View? {
    // The table is as of the last publish; a view taken out of the window since is no target.
    guard let view = nodes.view(forTarget: target), view.isDescendant(of: window) else {
      return nil
    }
    return view
  }

  /// Delivers `event`; returns whether anything handled it and what changed. An event
  /// the window refuses still publishes what it changed, with the error for the client.
  /// An event after which the tree has more nodes than the limit throws
  /// `SceneNodeLimit.error`: the scene is to be closed.
  func handle(_ event: SceneEvent) throws(RPCError) -> (
    handled: Bool, publication: Publication, error: RPCError?
  ) {
    TraitCollection.current = window.traitCollection  // this scene's text size and direction
    var view: View?
    if let target = event.target {
      view = self.view(forTarget: target)
      if view == nil {
        throw RPCError.server(
          .noSuchNode, "scene \(name) has no node with id or key \"\(target)\"",
          details: ["scene": .string(name), "target": .string(target)])
      }
    }
    let handled: Bool
    var failure: RPCError?
    do throws(InputError) {
      handled = try event.deliver(to: window, target: view)
    } catch {
      handled = false
      failure = RPCError.invalidParams(error.description, field: event.field(for: error))
    }
    return (handled, try publishWithinLimit(), failure)
  }

  /// Moves the scene to a new environment: `viewWillTransition(to:with:)`, trait changes,
  /// safe area, relayout; returns what changed, and the error for the client when the
  /// window refused the new size. Throws `SceneNodeLimit.error` when the tree then has
  /// more nodes than the limit: the scene is to be closed.
  func resize(to newEnvironment: SceneEnvironment) throws(RPCError) -> (Publication, RPCError?) {
    let previous = environment
    environment = newEnvironment
    var failure: RPCError?
    do throws(InputError) {
      if previous.size != newEnvironment.size { try window.resize(to: newEnvironment.size) }
      TraitCollection.current = newEnvironment.traitCollection
      window.traitCollection = newEnvironment.traitCollection
      if previous.locale != newEnvironment.locale {
        window.locale = newEnvironment.sceneLocale
      }
      window.hostSafeAreaInsets = newEnvironment.safeAreaInsets
      window.listOverscan = newEnvironment.overscan
    } catch {
      failure = RPCError.invalidParams(error.description, field: "environment")
    }
    if previous.locale != newEnvironment.locale {
      do throws(ComponentError) {
        try reopen(in: newEnvironment.sceneLocale)
      } catch {
        failure = Self.rpcError(reopening: error, component: component)
      }
    }
    // Traits change how views draw throughout.
    return (try publishWithinLimit(everything: true), failure)
  }

  /// Shows the scene in another locale: its controller is made again and given the
  /// restorable state of the old one, as iOS relaunches an app whose language changed and
  /// restores its state. Texts a screen set in its own language when it loaded are set
  /// again in the new one; what the screen does not restore (typed text it does not encode)
  /// starts afresh. The window, and so the root node, stays.
  private func reopen(in locale: Locale) throws(ComponentError) {
    let state = window.encodeRestorableState()
    window.locale = locale
    let made = SceneLocale.$current.withValue(locale) {
      () -> Result<ViewController, ComponentError> in
      do throws(ComponentError) {
        return .success(try makeController())
      } catch {
        return .failure(error)
      }
    }
    let controller = try made.get()
    SceneLocale.$current.withValue(locale) {
      // Restoration comes before the new controller appears, as at open.
      window.isHidden = true
      window.rootViewController = controller
      if let state { try? window.restoreState(from: state) }
      window.makeKeyAndVisible()
    }
    emitted.removeAll()  // events of the new controller's loading are not the user's
  }

  /// The client's error for a scene whose controller could not be made again.
  private static func rpcError(reopening error: ComponentError, component: String) -> RPCError {
    .server(
      .componentFailed, "the scene could not be shown in the new locale: \(error.description)",
      details: ["component": .string(component), "reason": "not-reopened"])
  }

  /// `publish(everything:)`, with a tree over the node limit as the client's error.
  private func publishWithinLimit(everything: Bool = false) throws(RPCError) -> Publication {
    do throws(SceneNodeLimit.Exceeded) {
      return try publish(everything: everything)
    } catch {
      throw SceneNodeLimit.error(error, component: component, scene: name, closing: true)
    }
  }

  /// Lays the window out, diffs the nodes that changed (all of them with `everything`), and
  /// returns the ops, the emitted events and the restorable state when it is encoded now
  /// (the tree changed and the last encoding is at least `stateInterval` old). A tree of
  /// more nodes than the limit throws before its nodes are built; the scene is then not
  /// published again (it is to be closed).
  func publish(everything: Bool = false) throws(SceneNodeLimit.Exceeded) -> Publication {
    TraitCollection.current = window.traitCollection
    window.layoutIfNeeded()
    // A timer's presentation or removal may have taken the focused view away.
    if window.focusSystem.updateFocusIfNeeded() { window.layoutIfNeeded() }
    Self.routeDisplayChanges()
    let changed = displayChanges
    displayChanges = []
    let ops =
      everything
      ? try nodes.refresh(root: window, limit: nodeLimit)
      : try nodes.refresh(root: window, changed: changed, limit: nodeLimit)
    // What changed in an animation block and was not sent (left the tree) is forgotten.
    ViewAnimations.clear()
    let events = emitted.map { event -> JSON in
      ["name": .string(event.name), "payload": JSON(event.payload)]
    }
    emitted.removeAll()
    var state: RawJSON?
    if !ops.isEmpty || everything {
      if let last = lastStateEncoding, ContinuousClock.now - last < Self.stateInterval {
        holdsBackState = true
      } else {
        state = encodeState()
      }
    }
    return Publication(
      ops: ops, emitted: events, announcements: announcements(), state: state)
  }

  /// Encodes the restorable state now (`null` for none); nothing stays pending.
  func encodeState() -> RawJSON {
    holdsBackState = false
    lastStateEncoding = .now
    return Self.stateText(window.encodeRestorableState())
  }

  /// The restorable state encoded now when changes since its last encoding are held back.
  func heldBackState() -> RawJSON? {
    holdsBackState ? encodeState() : nil
  }

  /// An archive's text as the broker relays and stores it (`null` for none).
  private static func stateText(_ archive: RestorationArchive?) -> RawJSON {
    guard let archive else { return RawJSON(.null) }
    // The archive's canonical text is JSON by construction; checked all the same, as
    // everything spliced into a message is.
    return (try? RawJSON(validating: Array(archive.json.utf8))) ?? RawJSON(.null)
  }

  /// Runs disappearance and lets the window and controllers go.
  func close() {
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
}
