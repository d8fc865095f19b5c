import Testing

@testable import CompdBroker

@Suite("Access: policy decisions")
struct AccessPolicyTests {
  let root = PeerIdentity(pid: 1, uid: 0, gid: 0)
  let operatorUser = PeerIdentity(pid: 2, uid: 1000, gid: 1000, supplementaryGroups: [900])
  let primaryMember = PeerIdentity(pid: 3, uid: 1001, gid: 900)
  let stranger = PeerIdentity(pid: 4, uid: 1002, gid: 1002, supplementaryGroups: [50])

  /// The default shape: root and group 900 ("compd") control, everyone reads.
  var policy: AccessPolicy { AccessPolicy(controlGroups: [900]) }

  @Test("root and group members control, everyone else reads, no credentials get nothing")
  func levels() {
    #expect(policy.level(of: root) == .control)
    #expect(policy.level(of: operatorUser) == .control)
    #expect(policy.level(of: primaryMember) == .control)
    #expect(policy.level(of: stranger) == .read)
    #expect(policy.level(of: nil) == .none)
  }

  @Test("read-only methods are open to readers, control methods are not")
  func methods() {
    for method in [
      "daemon.info", "daemon.ping", "rpc.discover", "plugins.list", "components.list",
      "components.describe", "scene.list", "scene.layout", "scene.subscribe", "scene.unsubscribe",
    ] {
      #expect((try? policy.authorize(method: method, peer: stranger).get()) != nil, "\(method)")
    }
    for method in [
      "scene.open", "scene.event", "scene.resize", "scene.close", "plugins.rescan",
      "daemon.reload", "something.new",
    ] {
      #expect(
        policy.authorize(method: method, peer: stranger).failure
          == AccessDenial(method: method, required: .control, granted: .read, peer: stranger))
      #expect((try? policy.authorize(method: method, peer: operatorUser).get()) != nil)
    }
    let denial = AccessDenial(
      method: "scene.open", required: .control, granted: .read, peer: stranger)
    #expect(denial.description == "scene.open needs control access; uid 1002 has read access")
  }

  @Test("with read-access = listed, unlisted peers get nothing at all")
  func listedReaders() {
    let policy = AccessPolicy(controlGroups: [900], readEveryone: false, readGroups: [50])
    #expect(policy.level(of: stranger) == .read)
    let other = PeerIdentity(pid: 5, uid: 1003, gid: 1003)
    #expect(policy.level(of: other) == .none)
    #expect(
      policy.authorize(method: "daemon.ping", peer: other).failure?.granted == AccessLevel.none)
    let byUser = AccessPolicy(readEveryone: false, readUsers: [1003])
    #expect(byUser.level(of: other) == .read)
    #expect(byUser.level(of: operatorUser) == .none)
    let controlUser = AccessPolicy(controlUsers: [1003], readEveryone: false)
    #expect(controlUser.level(of: other) == .control)
  }

  @Test("scenes: owners act on their own, admins on all, readers see only their own")
  func sceneOwnership() {
    let policy = AccessPolicy(controlGroups: [900], sceneAdminUsers: [1001])
    #expect(policy.mayAct(onSceneOwnedBy: 1000, peer: operatorUser))
    #expect(!policy.mayAct(onSceneOwnedBy: 1001, peer: operatorUser))
    #expect(policy.mayAct(onSceneOwnedBy: 1000, peer: primaryMember))  // scene admin
    #expect(policy.mayAct(onSceneOwnedBy: 1000, peer: root))
    // Its own scene, but only read rights.
    #expect(!policy.mayAct(onSceneOwnedBy: 1002, peer: stranger))
    #expect(policy.mayView(sceneOwnedBy: 1002, peer: stranger))
    #expect(!policy.mayView(sceneOwnedBy: 1000, peer: stranger))
    #expect(policy.mayView(sceneOwnedBy: 1002, peer: root))
    #expect(!policy.mayView(sceneOwnedBy: 0, peer: nil))
    let byGroup = AccessPolicy(controlGroups: [900], sceneAdminGroups: [900])
    #expect(byGroup.mayAct(onSceneOwnedBy: 1001, peer: operatorUser))
    #expect(byGroup.mayView(sceneOwnedBy: 0, peer: primaryMember))
  }

  @Test("scene limits per user and in total; root is exempt from the per-user limit")
  func sceneLimits() {
    let policy = AccessPolicy(maxScenesPerUser: 2, maxScenes: 5)
    #expect((try? policy.mayOpenScene(peer: stranger, ownedByPeer: 1, total: 3).get()) != nil)
    #expect(
      policy.mayOpenScene(peer: stranger, ownedByPeer: 2, total: 3).failure
        == LimitDenial(what: "scenes", limit: 2, perUser: true))
    #expect((try? policy.mayOpenScene(peer: root, ownedByPeer: 4, total: 4).get()) != nil)
    #expect(
      policy.mayOpenScene(peer: root, ownedByPeer: 0, total: 5).failure
        == LimitDenial(what: "scenes", limit: 5, perUser: false))
  }

  @Test("connections are counted per uid and released")
  func connectionQuota() {
    let quota = ConnectionQuota(perUserLimit: 2)
    #expect((try? quota.acquire(uid: 1000).get()) != nil)
    #expect((try? quota.acquire(uid: 1000).get()) != nil)
    #expect(
      quota.acquire(uid: 1000).failure == LimitDenial(what: "connections", limit: 2, perUser: true))
    #expect((try? quota.acquire(uid: 1001).get()) != nil)
    for _ in 0..<5 { #expect((try? quota.acquire(uid: 0).get()) != nil) }
    quota.release(uid: 1000)
    #expect(quota.count(uid: 1000) == 1)
    #expect((try? quota.acquire(uid: 1000).get()) != nil)
    quota.release(uid: 4242)  // never acquired: no effect, no crash
    #expect(quota.count(uid: 4242) == 0)
  }

  @Test("settings resolve names and numbers; unknown names are reported, not granted")
  func settingsResolve() throws {
    var settings = AccessSettings()
    settings.controlUsers = ["root", "4321", "no-such-user-xyz"]
    settings.controlGroups = ["no-such-group-xyz", "0"]
    settings.sceneAdminUsers = ["root"]
    let (policy, unresolved) = settings.resolve()
    #expect(policy.controlUsers == [0, 4321])
    #expect(policy.controlGroups == [0])
    #expect(policy.sceneAdminUsers == [0])
    #expect(
      unresolved == [
        .init(setting: "control-user", name: "no-such-user-xyz"),
        .init(setting: "control-group", name: "no-such-group-xyz"),
      ])
    settings.maxScenes = 0
    #expect(throws: ServiceProtocolError.self) { try settings.validate() }
  }
}

extension Result where Success == Void {
  /// The error of a failure, nil on success.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
