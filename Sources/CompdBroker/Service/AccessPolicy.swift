import CompdProtocol

/// What a peer may do: nothing, read (inspect the daemon, plugins, components and the
/// scenes it may see), or control (open and drive scenes, rescan plugins, reload).
package enum AccessLevel: Int, Sendable, Comparable, CustomStringConvertible {
  case none = 0
  case read = 1
  case control = 2

  package static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool { lhs.rawValue < rhs.rawValue }

  /// `none`, `read` or `control`.
  package var description: String {
    switch self {
    case .none: "none"
    case .read: "read"
    case .control: "control"
    }
  }
}

/// Who may do what on a compd socket: the decisions, as a pure value built from the
/// access settings with every user and group already resolved to an id.
///
/// The server asks `level(of:)`/`authorize(method:peer:)` for each call; the scene
/// methods ask `mayAct(onSceneOwnedBy:peer:)` and filter `scene.list` with
/// `mayView(sceneOwnedBy:peer:)`; connection and scene admission ask the limits.
package struct AccessPolicy: Sendable, Equatable {
  /// Users with control rights (root always has them).
  package var controlUsers: Set<UInt32>
  /// Groups whose members have control rights.
  package var controlGroups: Set<UInt32>
  /// Who has read rights without being listed: everyone who can open the socket, or only
  /// the listed users and groups.
  package var readEveryone: Bool
  /// Users with read rights when `readEveryone` is false.
  package var readUsers: Set<UInt32>
  /// Groups with read rights when `readEveryone` is false.
  package var readGroups: Set<UInt32>
  /// Users who may see and act on every scene, not just their own (root always may).
  package var sceneAdminUsers: Set<UInt32>
  /// Groups whose members may see and act on every scene.
  package var sceneAdminGroups: Set<UInt32>
  /// Connections one uid may hold at once.
  package var maxConnectionsPerUser: Int
  /// Scenes one uid may have open at once.
  package var maxScenesPerUser: Int
  /// Scenes open at once, all users together.
  package var maxScenes: Int
  /// The user compd runs as, who has control rights like root: under a user session's
  /// service (or `make run`) the daemon's own user drives it. `nil` for none.
  package var serviceUser: UInt32?

  /// A policy from resolved ids; every argument has the default's meaning when omitted
  /// (root and the service user control, everyone reads, root administers all scenes).
  package init(
    controlUsers: Set<UInt32> = [], controlGroups: Set<UInt32> = [], readEveryone: Bool = true,
    readUsers: Set<UInt32> = [], readGroups: Set<UInt32> = [], sceneAdminUsers: Set<UInt32> = [],
    sceneAdminGroups: Set<UInt32> = [], maxConnectionsPerUser: Int = 64, maxScenesPerUser: Int = 32,
    maxScenes: Int = 1024, serviceUser: UInt32? = nil
  ) {
    self.serviceUser = serviceUser
    self.controlUsers = controlUsers
    self.controlGroups = controlGroups
    self.readEveryone = readEveryone
    self.readUsers = readUsers
    self.readGroups = readGroups
    self.sceneAdminUsers = sceneAdminUsers
    self.sceneAdminGroups = sceneAdminGroups
    self.maxConnectionsPerUser = maxConnectionsPerUser
    self.maxScenesPerUser = maxScenesPerUser
    self.maxScenes = maxScenes
  }

  static let root: UInt32 = 0

  /// The rights of `peer`; a connection without credentials gets none.
  package func level(of peer: PeerIdentity?) -> AccessLevel {
    guard let peer else { return .none }
    if peer.uid == Self.root || peer.uid == serviceUser || controlUsers.contains(peer.uid)
      || controlGroups.contains(where: peer.isMember)
    {
      return .control
    }
    if readEveryone || readUsers.contains(peer.uid) || readGroups.contains(where: peer.isMember) {
      return .read
    }
    return .none
  }

  /// Whether `peer` may call `method`; the denial says why, for the client and the log.
  package func authorize(method: String, peer: PeerIdentity?) -> Result<Void, AccessDenial> {
    authorize(method: method, needing: MethodAccess.required(forMethod: method), peer: peer)
  }

  /// Whether `peer` may call `method`, which needs `needed` rights (the server looks a
  /// method's rights up once, not per call).
  package func authorize(method: String, needing needed: AccessLevel, peer: PeerIdentity?)
    -> Result<Void, AccessDenial>
  {
    let has = level(of: peer)
    if has >= needed { return .success(()) }
    return .failure(AccessDenial(method: method, required: needed, granted: has, peer: peer))
  }

  /// Whether `peer` may see and act on every scene, whoever opened it.
  package func administersAllScenes(_ peer: PeerIdentity?) -> Bool {
    guard let peer else { return false }
    return peer.uid == Self.root || sceneAdminUsers.contains(peer.uid)
      || sceneAdminGroups.contains(where: peer.isMember)
  }

  /// Whether `peer` may drive (event, resize, close) a scene opened by `owner`: its own,
  /// with control rights; anyone's, with control rights and scene administration.
  package func mayAct(onSceneOwnedBy owner: UInt32, peer: PeerIdentity?) -> Bool {
    guard let peer, level(of: peer) == .control else { return false }
    return peer.uid == owner || administersAllScenes(peer)
  }

  /// Whether `peer` may see (list, read the layout of, subscribe to) a scene opened by
  /// `owner`: its own with read rights, anyone's if it administers all scenes.
  package func mayView(sceneOwnedBy owner: UInt32, peer: PeerIdentity?) -> Bool {
    guard let peer, level(of: peer) >= .read else { return false }
    return peer.uid == owner || administersAllScenes(peer)
  }

  /// Whether `peer` may open one more scene when it has `ownedByPeer` open and there are
  /// `total` in all; the denial names the limit reached.
  package func mayOpenScene(peer: PeerIdentity?, ownedByPeer: Int, total: Int) -> Result<
    Void, LimitDenial
  > {
    if total >= maxScenes {
      return .failure(LimitDenial(what: "scenes", limit: maxScenes, perUser: false))
    }
    if ownedByPeer >= maxScenesPerUser, peer?.uid != Self.root {
      return .failure(LimitDenial(what: "scenes", limit: maxScenesPerUser, perUser: true))
    }
    return .success(())
  }
}

/// Whether a method only reads or changes something.
package enum MethodAccess {
  /// Methods that only read; everything else needs control.
  package static let readOnlyMethods: Set<String> = [
    "rpc.discover", "plugins.list", "components.list", "components.describe", "scene.list",
    "scene.layout", "scene.subscribe", "scene.unsubscribe", "image.get",
  ]

  /// Methods under `daemon.` that change something (or write a file): control.
  package static let daemonControlMethods: Set<String> = ["daemon.reload", "daemon.backup"]

  /// The level a call of `method` needs. `daemon.*` reads except `daemonControlMethods`;
  /// unknown names need control, so a method added without a thought here fails closed.
  package static func required(forMethod method: String) -> AccessLevel {
    if daemonControlMethods.contains(method) { return .control }
    if method.hasPrefix("daemon.") || readOnlyMethods.contains(method) { return .read }
    return .control
  }
}

/// A refused call: what was asked, by whom, with which rights.
package struct AccessDenial: Error, Sendable, Equatable, CustomStringConvertible {
  /// The method called.
  package var method: String
  /// The rights it needs.
  package var required: AccessLevel
  /// The rights the peer has.
  package var granted: AccessLevel
  /// The caller, if its credentials are known.
  package var peer: PeerIdentity?

  /// The message the client gets.
  package var description: String {
    let who = peer.map { "uid \($0.uid)" } ?? "a client without credentials"
    return "\(method) needs \(required) access; \(who) has \(granted) access"
  }
}

/// A refusal because a limit is reached.
package struct LimitDenial: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is counted (`connections`, `scenes`).
  package var what: String
  /// The limit.
  package var limit: Int
  /// Whether it is the per-user limit rather than the total.
  package var perUser: Bool

  /// The message the client gets.
  package var description: String {
    perUser
      ? "too many \(what) for this user: at most \(limit) at once"
      : "too many \(what): compd allows at most \(limit) at once"
  }
}
