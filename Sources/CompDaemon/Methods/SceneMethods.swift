import JSONRPC
import ScreenKit

extension Daemon {
  /// `scene.open`, `scene.list`, `scene.layout`, `scene.event`, `scene.resize`,
  /// `scene.subscribe`, `scene.unsubscribe`, `scene.close`. Each runs on the main actor,
  /// where the components live; replies are handed to the connection from there, so a
  /// client sees its reply and the notifications in the order they happened.
  func registerSceneMethods(into registry: inout MethodRegistry) {
    let sceneID = Schema.string(
      minLength: 1, maxLength: 64, description: "a scene id from scene.open")
    let node = Schema.object(
      additionalProperties: true,
      description: "{id, type, key?, frame: {x, y, width, height}, props, children: [node]}")

    registry.register(
      RPCMethod(
        name: "scene.open",
        summary: "Opens a component as a scene and returns its laid-out tree.",
        description:
          "Instantiates the component with validated params in a window of the environment (defaults: 390×844, scale 3, safe area 47/0/34/0, light, en), runs load, appearance and layout. lifetime \"connection\" (default) closes the scene when its opener and subscribers have been gone for the grace period; \"daemon\" keeps it until scene.close.",
        params: .object([
          .init("component", .string(minLength: 1, maxLength: 128), required: true),
          .init(
            "params", .object(additionalProperties: true, description: "the component's params")),
          .init("environment", SceneEnvironment.schema),
          .init("lifetime", .string(enum: SceneLifetime.allCases.map(\.rawValue))),
        ]),
        result: .object([
          .init("scene", .string(), required: true),
          .init("revision", .integer(), required: true),
          .init("root", node, required: true),
        ]),
        handler: .mainActor { [self] call in try openScene(call) }))

    registry.register(
      RPCMethod(
        name: "scene.list",
        summary: "The open scenes the caller may see.",
        params: .object([]),
        result: .object([
          .init(
            "scenes",
            .array(
              .object([
                .init("scene", .string(), required: true),
                .init("component", .string(), required: true),
                .init("revision", .integer(), required: true),
                .init("environment", .object(additionalProperties: true), required: true),
                .init("lifetime", .string(enum: SceneLifetime.allCases.map(\.rawValue))),
                .init("subscribers", .integer()),
              ])), required: true)
        ]),
        handler: .mainActor { [self] call in
          let peer = service.access.identity(of: call.connection)
          let policy = service.access.policy
          let visible = scenes.all.filter { policy.mayView(sceneOwnedBy: $0.owner, peer: peer) }
          return ["scenes": .array(visible.map(\.listEntry))]
        }))

    registry.register(
      RPCMethod(
        name: "scene.layout",
        summary: "The scene's whole laid-out tree at its current revision.",
        params: .object([.init("scene", sceneID, required: true)]),
        result: .object([
          .init("scene", .string(), required: true),
          .init("revision", .integer(), required: true),
          .init("root", node, required: true),
        ]),
        handler: .mainActor { [self] call in
          let scene = try scene(for: call, use: .view)
          return [
            "scene": .string(scene.id), "revision": .int(Int64(scene.revision)), "root": scene.root,
          ]
        }))

    registry.register(
      RPCMethod(
        name: "scene.event",
        summary: "Delivers an input event; the reply carries the revision after it.",
        description:
          "event is {type: tap|touch|text|focus|blur|submit|toggle|scroll|keyboard|back, ...} as docs/protocol.md lists. target is a node id or key; unknown targets fail with compd.NoSuchNode, events a node cannot take with -32602. Subscribers get the resulting scene.changed (and scene.emitted) before this reply is sent.",
        params: .object([
          .init("scene", sceneID, required: true),
          .init(
            "event",
            .object(
              [.init("type", .string(enum: SceneEvent.types), required: true)],
              additionalProperties: true), required: true),
        ]),
        result: .object([
          .init("scene", .string(), required: true),
          .init("revision", .integer(), required: true),
          .init("handled", .boolean(), required: true),
        ]),
        handler: .mainActor { [self] call in
          let scene = try scene(for: call, use: .act)
          let event = try SceneEvent(json: call.params["event"]?.objectValue ?? [:])
          var view: View?
          if let target = event.target {
            view = scene.view(forTarget: target)
            if view == nil {
              throw RPCError.server(
                .noSuchNode, "scene \(scene.id) has no node with id or key \"\(target)\"",
                details: ["scene": .string(scene.id), "target": .string(target)])
            }
          }
          let handled: Bool
          do throws(InputError) {
            handled = try scene.handleInput { window throws(InputError) in
              try event.deliver(to: window, target: view)
            }
          } catch {
            throw RPCError.invalidParams(error.description, field: "event")
          }
          return [
            "scene": .string(scene.id), "revision": .int(Int64(scene.revision)),
            "handled": .bool(handled),
          ]
        }))

    registry.register(
      RPCMethod(
        name: "scene.resize",
        summary: "Moves the scene to a new environment (size, safe area, style...).",
        description:
          "Members left out keep their current values. Controllers get viewWillTransition(to:with:) for a new size and traitCollectionDidChange for new traits; the scene is laid out again.",
        params: .object([
          .init("scene", sceneID, required: true),
          .init("environment", SceneEnvironment.schema, required: true),
        ]),
        result: .object([
          .init("scene", .string(), required: true),
          .init("revision", .integer(), required: true),
        ]),
        handler: .mainActor { [self] call in
          let scene = try scene(for: call, use: .act)
          let environment = try scene.environment.applying(call.params["environment"]?.objectValue)
          do throws(InputError) {
            try scene.resize(to: environment)
          } catch {
            throw RPCError.invalidParams(error.description, field: "environment")
          }
          return ["scene": .string(scene.id), "revision": .int(Int64(scene.revision))]
        }))

    registry.register(
      RPCMethod(
        name: "scene.subscribe",
        summary: "Starts scene.changed notifications; returns a snapshot, or replays from since.",
        description:
          "Without since (or when the changes after it are no longer kept) the result has root, the tree at revision. With since, when the daemon still has every change after it, the result has no root and those changes follow as scene.changed notifications, before any newer one. A scene restored after a compd restart keeps no history and has moved its revision past every earlier one: a since from before the restart gets root.",
        params: .object([
          .init("scene", sceneID, required: true),
          .init("since", .integer(minimum: 1, description: "the last revision the client has")),
        ]),
        result: .object([
          .init("scene", .string(), required: true),
          .init("revision", .integer(), required: true),
          .init("root", node),
        ]),
        handler: .mainActor { [self] call in
          let scene = try scene(for: call, use: .view)
          let since = call.params["since"]?.intValue.map { Int(clamping: $0) }
          if let since, since > scene.revision {
            throw RPCError.invalidParams(
              "since \(since) is newer than the scene's revision \(scene.revision)", field: "since")
          }
          var result: JSONObject = [
            "scene": .string(scene.id), "revision": .int(Int64(scene.revision)),
          ]
          let connection = call.connection
          if let replay = scene.subscribe(connection, since: since) {
            call.afterReply {
              for params in replay { connection.notify(method: "scene.changed", params: params) }
            }
          } else {
            result["root"] = scene.root
          }
          return .object(result)
        }))

    registry.register(
      RPCMethod(
        name: "scene.unsubscribe",
        summary: "Stops this connection's scene.changed notifications for the scene.",
        params: .object([.init("scene", sceneID, required: true)]),
        result: .object(description: "Always `{}`."),
        handler: .mainActor { [self] call in
          let scene = try scene(for: call, use: .view)
          scenes.unsubscribe(call.connection.id, from: scene)
          return .object([:])
        }))

    registry.register(
      RPCMethod(
        name: "scene.close",
        summary: "Closes the scene: disappearance runs, subscribers get scene.closed.",
        params: .object([.init("scene", sceneID, required: true)]),
        result: .object(description: "Always `{}`."),
        handler: .mainActor { [self] call in
          let scene = try scene(for: call, use: .act)
          scenes.close(scene, reason: .closed)
          return .object([:])
        }))
  }

  /// The scene a call names, after checking that the caller may `use` it.
  @MainActor
  private func scene(for call: RPCCall, use: AccessControl.SceneUse) throws(RPCError) -> Scene {
    let id = call.params["scene"]?.stringValue ?? ""
    guard let scene = scenes.scene(id) else { throw noSuchScene(id, call: call) }
    try service.access.checkScene(id, ownedBy: scene.owner, use: use, call: call)
    return scene
  }

  /// `compd.NoSuchScene` for `id`, with `data.reason`: `closed`, `abandoned`,
  /// `not-restored` (and `data.detail`, why) for a scene that was open once, `unknown` for
  /// an id never handed out or a scene the caller may not see.
  @MainActor
  private func noSuchScene(_ id: String, call: RPCCall) -> RPCError {
    let peer = service.access.identity(of: call.connection)
    guard let tombstone = scenes.tombstone(id),
      service.access.policy.mayView(sceneOwnedBy: tombstone.owner, peer: peer)
    else {
      return .server(
        .noSuchScene, "no scene \(id) is open",
        details: ["scene": .string(id), "reason": "unknown"])
    }
    var details: JSONObject = [
      "scene": .string(id), "reason": .string(tombstone.reason.rawValue),
    ]
    var message =
      "scene \(id) is \(tombstone.reason == .closed ? "closed" : "gone: \(tombstone.reason.rawValue)")"
    if let detail = tombstone.detail {
      details["detail"] = .string(detail)
      message += " (\(detail))"
    }
    return .server(.noSuchScene, message, details: details)
  }

  @MainActor
  private func openScene(_ call: RPCCall) throws(RPCError) -> JSON {
    let name = call.params["component"]?.stringValue ?? ""
    let peer = service.access.identity(of: call.connection)
    let owner = peer?.uid ?? UInt32.max
    let decision = service.access.policy.mayOpenScene(
      peer: peer, ownedByPeer: scenes.count(ownedBy: owner), total: scenes.count)
    if case .failure(let denial) = decision {
      throw .server(
        .limitExceeded, denial.description,
        details: [
          "limit": .int(Int64(denial.limit)), "scope": .string(denial.perUser ? "user" : "total"),
        ])
    }
    let perClient = scenes.settings.maxScenesPerClient
    if scenes.count(openedBy: call.connection.id) >= perClient {
      throw .server(
        .limitExceeded,
        "too many scenes for this connection: at most \(perClient) open at once",
        details: ["limit": .int(Int64(perClient)), "scope": "client"])
    }
    var environment = SceneEnvironment()
    environment = try environment.applying(call.params["environment"]?.objectValue)
    let lifetime = call.params["lifetime"]?.stringValue.flatMap(SceneLifetime.init) ?? .connection
    let scene: Scene
    do {
      scene = try scenes.open(
        component: name, params: call.params["params"],
        environment: environment, lifetime: lifetime, owner: owner, opener: call.connection.id,
        catalog: pluginHost.catalog)
    } catch {
      switch error {
      case .component(let problem):
        throw Self.rpcError(for: problem, component: name, host: pluginHost)
      case .restoration(let problem):
        throw .server(.componentFailed, problem, details: ["component": .string(name)])
      }
    }
    return [
      "scene": .string(scene.id), "revision": .int(Int64(scene.revision)), "root": scene.root,
    ]
  }

  /// The wire error for a component that could not be opened.
  /// An unknown component or top-level param comes with the closest known name.
  @MainActor
  static func rpcError(for error: ComponentError, component: String, host: PluginHost)
    -> RPCError
  {
    switch error {
    case .noSuchComponent(let name):
      return host.noSuchComponentError(name)
    case .invalidParams(_, let problem):
      let field = problem.path.isEmpty ? "params" : "params.\(problem.path)"
      var suggestion: String?
      if problem.message == ParamValidationError.unknownParameter, !problem.path.contains("."),
        case .object(let properties, _) = host.catalog.component(named: component)?.params.kind
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
