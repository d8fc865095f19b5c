import CompdProtocol
import JSONRPC
import Logging
import NIOCore
import Synchronization

/// Access control as the server applies it: the current `AccessPolicy` (a reload may
/// replace it), the kernel identity of every connection, the per-user connection quota,
/// and method handlers wrapped so that each call is checked before it runs.
package final class AccessControl: Sendable {
  private let current: Mutex<AccessPolicy>
  /// The uid whose quota slot each admitted connection holds, until it is released.
  private let quotaHolders = Mutex<[UInt64: UInt32]>([:])
  private let quota: ConnectionQuota
  private let logger: Logger

  /// Access control enforcing `policy`, logging refusals to `logger`.
  package init(policy: AccessPolicy, logger: Logger) {
    self.current = Mutex(policy)
    self.quota = ConnectionQuota(perUserLimit: policy.maxConnectionsPerUser)
    self.logger = logger
  }

  /// The policy in force.
  package var policy: AccessPolicy { current.withLock { $0 } }

  /// Puts a new policy in force (on reload); open connections keep their identity.
  package func replacePolicy(_ policy: AccessPolicy) {
    current.withLock { $0 = policy }
    quota.perUserLimit = policy.maxConnectionsPerUser
  }

  /// What admitting a connection decided.
  enum Admission {
    /// Serve it; the peer's identity as read at accept time (`nil` when the socket gave
    /// none), for the connection to carry.
    case admitted(PeerIdentity?)
    /// Send this error, then close it.
    case refused(RPCError)
  }

  /// Admits a new connection on `channel` (on its event loop, before it is served):
  /// reads the peer's credentials and takes a slot of its uid's quota. An admitted
  /// connection is paired with `release`.
  func admit(channel: any Channel, connectionID: UInt64) -> Admission {
    let identity = try? channel.pipeline.syncOperations.withUnsafeTransportIfAvailable(
      of: NIOBSDSocket.Handle.self
    ) { descriptor in try? PeerIdentity.read(fromSocket: descriptor) }
    guard let identity = identity ?? nil else {
      logger.warning("client without peer credentials", metadata: ["client": "\(connectionID)"])
      return .admitted(nil)
    }
    if case .failure(let denial) = quota.acquire(uid: identity.uid) {
      logger.notice(
        "refusing client: per-user connection limit reached",
        metadata: ["uid": "\(identity.uid)", "pid": "\(identity.pid)", "limit": "\(denial.limit)"])
      return .refused(
        .server(
          .limitExceeded, denial.description,
          details: ["limit": .int(Int64(denial.limit)), "scope": "user"]))
    }
    quotaHolders.withLock { $0[connectionID] = identity.uid }
    return .admitted(identity)
  }

  /// Forgets a connection admitted by `admit` and gives back its quota slot.
  func release(connectionID: UInt64) {
    if let uid = quotaHolders.withLock({ $0.removeValue(forKey: connectionID) }) {
      quota.release(uid: uid)
    }
  }

  /// The identity of the peer of `connection`: the one a socket client's `Connection`
  /// carries from its admission, else what `RPCConnection.peer` says (without
  /// supplementary groups). Read on every call, so without a lock.
  package func identity(of connection: any RPCConnection) -> PeerIdentity? {
    if let client = connection as? Connection { return client.identity }
    return connection.peer.map(PeerIdentity.init)
  }

  /// Open connections of `uid` (for tests and `daemon.info`).
  package func connectionCount(uid: UInt32) -> Int { quota.count(uid: uid) }

  /// Throws `compd.PermissionDenied` unless the caller of `call` has `required` rights (its
  /// method's, `MethodAccess.required(forMethod:)`); logs refusals.
  package func check(_ call: RPCCall, needs required: AccessLevel) throws(RPCError) {
    let peer = identity(of: call.connection)
    let decision = current.withLock {
      $0.authorize(method: call.method, needing: required, peer: peer)
    }
    guard case .failure(let denial) = decision else { return }
    logger.notice(
      "permission denied",
      metadata: [
        "method": "\(call.method)", "uid": "\(peer.map { String($0.uid) } ?? "?")",
        "pid": "\(peer.map { String($0.pid) } ?? "?")", "client": "\(call.connection.id)",
        "required": "\(denial.required)", "granted": "\(denial.granted)",
      ])
    throw .server(
      .permissionDenied, denial.description,
      details: ["method": .string(call.method), "required": .string("\(denial.required)")])
  }

  /// What a scene method wants to do with a scene.
  package enum SceneUse: Sendable {
    /// List it, read its layout, subscribe to it.
    case view
    /// Send it events, resize or close it.
    case act
  }

  /// Throws unless the caller of `call` may `use` the scene `scene` opened by `owner`:
  /// `compd.NoSuchScene` when it may not even see it (other users' scene ids are not
  /// disclosed), `compd.PermissionDenied` when it may see but not drive it.
  package func checkScene(
    _ scene: String, ownedBy owner: UInt32, use: SceneUse, call: RPCCall
  ) throws(RPCError) {
    let peer = identity(of: call.connection)
    // Decided under the lock: a copy of the policy would retain and release each of its sets.
    let (mayView, mayAct) = current.withLock { policy in
      (
        policy.mayView(sceneOwnedBy: owner, peer: peer),
        use == .view || policy.mayAct(onSceneOwnedBy: owner, peer: peer)
      )
    }
    guard mayView else {
      throw .server(.noSuchScene, "no scene \(scene)", details: ["scene": .string(scene)])
    }
    if !mayAct {
      logger.notice(
        "permission denied",
        metadata: [
          "method": "\(call.method)", "scene": "\(scene)", "owner": "\(owner)",
          "uid": "\(peer.map { String($0.uid) } ?? "?")",
          "pid": "\(peer.map { String($0.pid) } ?? "?")",
        ])
      throw .server(
        .permissionDenied, "scene \(scene) belongs to uid \(owner); only its owner may drive it",
        details: ["scene": .string(scene), "method": .string(call.method)])
    }
  }

  /// The same methods, each checking the caller's rights before running. A method's
  /// required rights follow from its name alone, so they are looked up here, once.
  package func guarded(_ registry: MethodRegistry) -> MethodRegistry {
    var result = MethodRegistry()
    for method in registry.methods {
      let required = MethodAccess.required(forMethod: method.name)
      let handler: RPCMethod.Handler
      switch method.handler {
      case .immediate(let body):
        handler = .immediate { [self] call in
          try check(call, needs: required)
          return try body(call)
        }
      case .async(let body):
        handler = .async { [self] call in
          try check(call, needs: required)
          return try await body(call)
        }
      case .mainActor(let body):
        handler = .mainActor { [self] call in
          try check(call, needs: required)
          return try body(call)
        }
      case .mainActorDeferred(let body):
        handler = .mainActorDeferred { [self] call, reply in
          try check(call, needs: required)
          try body(call, reply)
        }
      }
      result.register(
        RPCMethod(
          name: method.name, summary: method.summary, description: method.description,
          params: method.params, payloadParams: method.payloadParams, result: method.result,
          handler: handler))
    }
    return result
  }
}
