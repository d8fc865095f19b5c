import CompdProtocol
import JSONRPC

extension Daemon {
  /// `scene.open`, `scene.list`, `scene.layout`, `scene.event`, `scene.resize`,
  /// `scene.subscribe`, `scene.unsubscribe`, `scene.close`. Each starts on the broker's
  /// main actor, where the scene directory lives; what needs component code is forwarded
  /// to the scene's host (requests to one scene reach it in the order they came) and
  /// answered when the host answers, after the changes it reported were sent to
  /// subscribers: a client sees its reply and the notifications in the order they happened.
  func registerSceneMethods(into registry: inout MethodRegistry) {
    let sceneID = Schema.string(
      minLength: 1, maxLength: 64, description: "a scene id from scene.open")
    let node = Schema.object(
      additionalProperties: true,
      description: "{id, type, key?, frame: {x, y, width, height}, props, children: [node]}")
    let capabilities = Schema.object(
      additionalProperties: true,
      description:
        "{protocol?: 1|2|3, nodeTypes?: [type]}: the node types the client draws (those of the protocol version and those listed); a node of another type arrives as a plain view. Absent: every type"
    )

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
          .init("capabilities", capabilities),
        ]),
        result: .object([
          .init("scene", .string(), required: true),
          .init("revision", .integer(), required: true),
          .init("root", node, required: true),
        ]),
        handler: .mainActorDeferred { [self] call, reply in try openScene(call, reply) }))

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
                .init("host", .integer(description: "the pid of the scene host holding it")),
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
        params: .object([
          .init("scene", sceneID, required: true), .init("capabilities", capabilities),
        ]),
        result: .object([
          .init("scene", .string(), required: true),
          .init("revision", .integer(), required: true),
          .init("root", node, required: true),
        ]),
        handler: .mainActorDeferred { [self] call, reply in
          let scene = try scene(for: call, use: .view)
          let downgrade = try NodeTypeDowngrade(capabilities: call.params["capabilities"])
          forward(scene, .layout, [:], reply: reply, retry: true) { answer, result in
            Self.writeTreeResult(scene, answer.root, downgrade: downgrade, into: &result)
          }
        }))

    registry.register(
      RPCMethod(
        name: "scene.event",
        summary: "Delivers an input event; the reply carries the revision after it.",
        description:
          "event is {type: tap|touch|text|focus|blur|submit|clear|toggle|scroll|swipe|value|keyboard|back|accessibility, ...} as docs/protocol.md lists. target is a node id or key; unknown targets fail with compd.NoSuchNode, events a node cannot take with -32602. Subscribers get the resulting scene.changed (and scene.emitted) before this reply is sent.",
        params: .object([
          .init("scene", sceneID, required: true),
          .init(
            "event",
            .object(
              [.init("type", .string(enum: SceneEventTypes.all), required: true)],
              additionalProperties: true), required: true),
        ]),
        payloadParams: ["event"],
        result: .object([
          .init("scene", .string(), required: true),
          .init("revision", .integer(), required: true),
          .init("handled", .boolean(), required: true),
        ]),
        handler: .mainActorDeferred { [self] call, reply in
          let scene = try scene(for: call, use: .act)
          // Passed on as the client wrote it, decoded and validated once, by the host
          // (`SceneEvent`); its errors come back.
          forward(scene, .event, [:], payloads: call.payloads, reply: reply) { answer, result in
            result.append("scene", .string(scene.id))
            result.append("revision", .int(Int64(scene.revision)))
            result.append("handled", answer["handled"] ?? false)
          }
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
        handler: .mainActorDeferred { [self] call, reply in
          let scene = try scene(for: call, use: .act)
          let requested = call.params["environment"]?.objectValue
          _ = try scene.environment.applying(requested)  // a bad environment fails here
          forward(
            scene, .resize, [:], reply: reply, saveEnvironment: true,
            before: { params in
              // Applied to the environment the scene has when the request reaches it.
              let environment = (try? scene.environment.applying(requested)) ?? scene.environment
              scene.environment = environment
              params["environment"] = environment.json
            }
          ) { _, result in
            result.append("scene", .string(scene.id))
            result.append("revision", .int(Int64(scene.revision)))
          }
        }))

    registry.register(
      RPCMethod(
        name: "scene.subscribe",
        summary: "Starts scene.changed notifications; returns a snapshot, or replays from since.",
        description:
          "Without since (or when the changes after it are no longer kept) the result has root, the tree at revision. With since, when the daemon still has every change after it, the result has no root and those changes follow as scene.changed notifications, before any newer one. A scene restored after a compd restart keeps no history and has moved its revision past every earlier one: a since from before the restart gets root. When the scene's host dies, hangs or is replaced for new plugin code, the scene is restored in another host and subscribers get scene.reset {scene, revision, root, reason: crashed|hung|upgraded, detail?}: the whole tree at revision replaces theirs and earlier history is gone (an older since gets root). scene.closed {scene, reason, detail?} ends the subscription (reason closed, abandoned, not-restored or component-failed).",
        params: .object([
          .init("scene", sceneID, required: true),
          .init("since", .integer(minimum: 1, description: "the last revision the client has")),
          .init("capabilities", capabilities),
        ]),
        result: .object([
          .init("scene", .string(), required: true),
          .init("revision", .integer(), required: true),
          .init("root", node),
        ]),
        handler: .mainActorDeferred { [self] call, reply in
          let scene = try scene(for: call, use: .view)
          let since = call.params["since"]?.intValue.map { Int(clamping: $0) }
          if let since, since > scene.revision {
            throw RPCError.invalidParams(
              "since \(since) is newer than the scene's revision \(scene.revision)", field: "since")
          }
          let connection = call.connection
          let downgrade = try NodeTypeDowngrade(capabilities: call.params["capabilities"])
          if let downgrade {
            // A limited subscriber starts from a snapshot whatever its since: the broker
            // keeps no tree to replay its history against.
            return forward(scene, .layout, [:], reply: reply, retry: true) { answer, result in
              let root = scene.subscribe(
                connection, downgrade: downgrade, root: answer.root ?? RawJSON(.null))
              result.append("scene", .string(scene.id))
              result.append("revision", .int(Int64(scene.revision)))
              result.append("root", root)
            }
          }
          // Every change the broker numbered is in its history: a replay needs no host.
          if let since, since >= 1, scene.canReplay(since: since) {
            let replay = scene.subscribe(connection, since: since) ?? []
            call.afterReply {
              for params in replay {
                connection.notify(SerializedNotification(method: "scene.changed", params: params))
              }
            }
            return reply.succeed([
              "scene": .string(scene.id), "revision": .int(Int64(scene.revision)),
            ])
          }
          // A snapshot: the host's tree, with the subscription starting at its revision.
          forward(scene, .layout, [:], reply: reply, retry: true) { answer, result in
            _ = scene.subscribe(connection, since: nil)
            Self.writeTreeResult(scene, answer.root, downgrade: nil, into: &result)
          }
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
    noSuchScene(id, peer: service.access.identity(of: call.connection))
  }

  /// `compd.NoSuchScene` for `id` as `peer` may learn it (`bypassAccess`: the caller was
  /// allowed to use the scene while it was open).
  @MainActor
  private func noSuchScene(_ id: String, peer: PeerIdentity?, bypassAccess: Bool = false)
    -> RPCError
  {
    guard let tombstone = scenes.tombstone(id),
      bypassAccess || service.access.policy.mayView(sceneOwnedBy: tombstone.owner, peer: peer)
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
  private func openScene(_ call: RPCCall, _ reply: DeferredReply) throws(RPCError) {
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
    let environment = try SceneEnvironment().applying(call.params["environment"]?.objectValue)
    let downgrade = try NodeTypeDowngrade(capabilities: call.params["capabilities"])
    let lifetime = call.params["lifetime"]?.stringValue.flatMap(SceneLifetime.init) ?? .connection
    guard pluginRegistry.hasComponent(name), let plugin = pluginRegistry.pluginName(of: name) else {
      throw pluginRegistry.noSuchComponentError(name)
    }
    if let reason = pluginRegistry.quarantineReason(of: name) {
      throw .server(
        .componentFailed, "component \(name) is quarantined: \(reason)",
        details: ["component": .string(name), "reason": "quarantined", "detail": .string(reason)])
    }
    let connection = call.connection.id
    let opening = scenes.beginOpening(owner: owner, opener: connection)
    let hostKey = "o\(opening)"
    let params = call.params["params"]
    var request: JSONObject = [
      "scene": .string(hostKey), "component": .string(name), "environment": environment.json,
    ]
    if let params { request["params"] = params }
    reserveHost(for: name, plugin: plugin) { [self] host in
      guard let host else {
        scenes.finishOpening(opening)
        return reply.fail(
          RPCError.server(
            .componentFailed, "no scene host could be started for \(name)",
            details: ["component": .string(name), "reason": "crashed", "detail": "no scene host"]))
      }
      host.openings += 1
      host.request(.open, request, component: name) { [self] result in
        scenes.finishOpening(opening)
        host.openings -= 1
        switch result {
        case .failure(let error):
          host.retireIfDrained()
          reply.fail(error)
        case .success(let answer):
          let scene = scenes.open(
            component: name, params: params, environment: environment, lifetime: lifetime,
            owner: owner, opener: connection, state: answer.state, host: host,
            hostKey: hostKey)
          host.scenes.insert(scene.id)
          if !connections.contains(connection) { scenes.openerGone(scene) }
          reply.succeed(resultCapacity: Self.resultCapacity(answer)) { result in
            Self.writeTreeResult(scene, answer.root, downgrade: downgrade, into: &result)
          }
        }
      }
    }
  }

  /// Sends `method` for `scene` to its host once it is in one (requests to one scene keep
  /// their order), applies the changes the host reports (subscribers get them first),
  /// then answers `reply` with the object `result` writes for the answer, or with the error
  /// the host reported. A request whose host ended is answered with `compd.ComponentFailed`;
  /// with `retry` (requests that change nothing) it runs again once the scene is restored.
  @MainActor
  private func forward(
    _ scene: Scene, _ method: HostMethod, _ params: JSONObject,
    payloads: RawJSONMembers = [:], reply: DeferredReply,
    retry: Bool = false, saveEnvironment: Bool = false,
    before: (@MainActor (inout JSONObject) -> Void)? = nil,
    result: @escaping @MainActor (HostAnswer, inout JSONObjectWriter) -> Void
  ) {
    scene.whenPlaced { [self] in
      guard !scene.isClosed, let host = scene.host else {
        return reply.fail(noSuchScene(scene.id, peer: nil, bypassAccess: true))
      }
      var members = params
      before?(&members)
      var message = JSONObjectWriter(
        capacity: 96 + payloads.valueByteCount)
      message.append("scene", .string(scene.hostKey))
      // What the host says about the scene (its errors, its log) names it as clients do.
      if scene.hostKey != scene.id { message.append("id", .string(scene.id)) }
      message.append(contentsOf: members)
      message.append(contentsOf: payloads)
      host.request(method, message.object, scene: scene.id, component: scene.component) {
        [self] outcome in
        switch outcome {
        case .success(let answer):
          scene.apply(answer, saveEnvironment: saveEnvironment)
          if let error = answer["error"] {
            reply.fail(RPCError(json: error))
          } else {
            reply.succeed(resultCapacity: Self.resultCapacity(answer)) { result(answer, &$0) }
          }
        case .failure(let error):
          if retry, Self.isHostLoss(error), !scene.isClosed {
            forward(
              scene, method, params, payloads: payloads, reply: reply, retry: true,
              result: result)
          } else {
            if SceneNodeLimit.closesScene(error), !scene.isClosed {
              // Its host closed it: a tree that large is not sent to anyone.
              scenes.close(
                scene, reason: .componentFailed, detail: SceneNodeLimit.closingDetail(error))
            }
            reply.fail(error)
          }
        }
      }
    }
  }

  /// Writes `{scene, revision, root}` with the host's tree spliced in as it wrote it, or,
  /// for a client that draws only some node types, the tree it can draw.
  @MainActor
  private static func writeTreeResult(
    _ scene: Scene, _ root: RawJSON?, downgrade: NodeTypeDowngrade?,
    into result: inout JSONObjectWriter
  ) {
    result.append("scene", .string(scene.id))
    result.append("revision", .int(Int64(scene.revision)))
    let root = root ?? RawJSON(.null)
    if let downgrade {
      result.append("root", NodeTypeDowngrade.tree((try? root.parsed()) ?? .null, for: downgrade))
    } else {
      result.append("root", root)
    }
  }

  /// Room for a reply's result: the host's tree, when the answer has one, and a few members.
  private static func resultCapacity(_ answer: HostAnswer) -> Int {
    (answer.root?.bytes.count ?? 0) + 96
  }

}
