import CompdProtocol

#if canImport(Glibc)
  import Glibc
#endif

/// The access settings as configured: users and groups by name or number, and limits.
/// `resolve()` turns them into an `AccessPolicy`.
package struct AccessSettings: Sendable, Equatable {
  /// `control-user`: users with control rights besides root.
  package var controlUsers: [String] = []
  /// `control-group`: groups whose members have control rights.
  package var controlGroups: [String] = ["compd"]
  /// `read-access`: `everyone` (who can open the socket) or `listed`.
  package var readEveryone: Bool = true
  /// `read-user`: users with read rights when `read-access = listed`.
  package var readUsers: [String] = []
  /// `read-group`: groups with read rights when `read-access = listed`.
  package var readGroups: [String] = []
  /// `scene-admin-user`: users who may see and drive every scene (root always may).
  package var sceneAdminUsers: [String] = []
  /// `scene-admin-group`: groups whose members may see and drive every scene.
  package var sceneAdminGroups: [String] = []
  /// `max-connections-per-user`.
  package var maxConnectionsPerUser: Int = 64
  /// `max-scenes-per-user`.
  package var maxScenesPerUser: Int = 32
  /// `max-scenes`.
  package var maxScenes: Int = 1024

  /// The defaults.
  package init() {}

  /// A name that does not resolve; the default `compd` group is allowed to be missing
  /// (a development machine), a configured one is not.
  package struct Unresolved: Sendable, Equatable {
    /// The setting it came from.
    package var setting: String
    /// The name.
    package var name: String
  }

  /// The policy these settings describe, and the names that named nobody (ignored).
  package func resolve() -> (policy: AccessPolicy, unresolved: [Unresolved]) {
    var unresolved: [Unresolved] = []
    func users(_ names: [String], _ setting: String) -> Set<UInt32> {
      Set(
        names.compactMap { name in
          if let id = Self.userID(name) { return id }
          unresolved.append(Unresolved(setting: setting, name: name))
          return nil
        })
    }
    func groups(_ names: [String], _ setting: String) -> Set<UInt32> {
      Set(
        names.compactMap { name in
          if let id = Self.groupID(name) { return id }
          unresolved.append(Unresolved(setting: setting, name: name))
          return nil
        })
    }
    let policy = AccessPolicy(
      controlUsers: users(controlUsers, "control-user"),
      controlGroups: groups(controlGroups, "control-group"),
      readEveryone: readEveryone,
      readUsers: users(readUsers, "read-user"),
      readGroups: groups(readGroups, "read-group"),
      sceneAdminUsers: users(sceneAdminUsers, "scene-admin-user"),
      sceneAdminGroups: groups(sceneAdminGroups, "scene-admin-group"),
      maxConnectionsPerUser: maxConnectionsPerUser, maxScenesPerUser: maxScenesPerUser,
      maxScenes: maxScenes, serviceUser: geteuid())
    return (policy, unresolved)
  }

  /// Checks the limits; the error names the setting.
  package func validate() throws(ServiceProtocolError) {
    if maxConnectionsPerUser < 1 {
      throw ServiceProtocolError("max-connections-per-user must be at least 1")
    }
    if maxScenesPerUser < 1 { throw ServiceProtocolError("max-scenes-per-user must be at least 1") }
    if maxScenes < 1 { throw ServiceProtocolError("max-scenes must be at least 1") }
  }

  /// A uid from a number or a user name.
  static func userID(_ name: String) -> UInt32? {
    if let number = UInt32(name) { return number }
    var entry = passwd()
    var result: UnsafeMutablePointer<passwd>?
    var buffer = [CChar](repeating: 0, count: 16 << 10)
    guard getpwnam_r(name, &entry, &buffer, buffer.count, &result) == 0, result != nil else {
      return nil
    }
    return entry.pw_uid
  }

  /// A gid from a number or a group name.
  static func groupID(_ name: String) -> UInt32? {
    if let number = UInt32(name) { return number }
    var entry = group()
    var result: UnsafeMutablePointer<group>?
    var buffer = [CChar](repeating: 0, count: 64 << 10)
    guard getgrnam_r(name, &entry, &buffer, buffer.count, &result) == 0, result != nil else {
      return nil
    }
    return entry.gr_gid
  }
}
