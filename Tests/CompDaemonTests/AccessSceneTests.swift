import Logging
import Testing

@testable import CompdBroker
@testable import CompdProtocol
@testable import JSONRPC

/// A connection as method handlers see it, with given credentials.
final class FakeConnection: RPCConnection {
  let id: UInt64
  let peer: PeerCredentials?
  init(id: UInt64, uid: UInt32?, gid: UInt32 = 5000) {
    self.id = id
    self.peer = uid.map { PeerCredentials(pid: 4242, uid: $0, gid: gid) }
  }
  func notify(method: String, params: JSON) {}
}

@Suite("Access: scene checks and method guards")
struct AccessSceneTests {
  static let controlGroup: UInt32 = 900
  let access = AccessControl(
    policy: AccessPolicy(controlGroups: [controlGroup]), logger: Logger(label: "test"))

  func call(_ method: String, uid: UInt32?, gid: UInt32 = 5000) -> RPCCall {
    RPCCall(
      method: method, params: [:], connection: FakeConnection(id: 1, uid: uid, gid: gid),
      isNotification: false)
  }

  func errorName(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch {
      return (error as? RPCError)?.data?["name"]?.stringValue ?? "\(error)"
    }
  }

  @Test("owners drive their scenes; others' scenes are invisible; root sees and drives all")
  func sceneChecks() {
    let owner: UInt32 = 1000
    let ownCall = call("scene.event", uid: owner, gid: Self.controlGroup)
    #expect(
      errorName { try access.checkScene("s1", ownedBy: owner, use: .act, call: ownCall) } == nil)
    let other = call("scene.event", uid: 1001, gid: Self.controlGroup)
    #expect(
      errorName { try access.checkScene("s1", ownedBy: owner, use: .act, call: other) }
        == "compd.NoSuchScene")
    #expect(
      errorName { try access.checkScene("s1", ownedBy: owner, use: .view, call: other) }
        == "compd.NoSuchScene")
    let root = call("scene.close", uid: 0, gid: 0)
    #expect(errorName { try access.checkScene("s1", ownedBy: owner, use: .act, call: root) } == nil)
    // A reader sees its own scene (opened while it had control, say) but may not drive it.
    let reader = call("scene.event", uid: 1002)
    #expect(
      errorName { try access.checkScene("s2", ownedBy: 1002, use: .view, call: reader) } == nil)
    #expect(
      errorName { try access.checkScene("s2", ownedBy: 1002, use: .act, call: reader) }
        == "compd.PermissionDenied")
    #expect(
      errorName {
        try access.checkScene("s2", ownedBy: 1002, use: .view, call: call("scene.layout", uid: nil))
      }
        == "compd.NoSuchScene")
  }

  @Test("guarded methods refuse before the handler runs, with PermissionDenied")
  func guardedRegistry() throws {
    var registry = MethodRegistry()
    registry.register(
      RPCMethod(
        name: "scene.open", summary: "test", params: .object([]), result: .object([]),
        handler: .immediate { _ in .object(["opened": true]) }))
    registry.register(
      RPCMethod(
        name: "scene.list", summary: "test", params: .object([]), result: .object([]),
        handler: .immediate { _ in .object(["scenes": .array([])]) }))
    let guarded = access.guarded(registry)
    #expect(guarded.methods.map(\.name) == ["scene.list", "scene.open"])
    func invoke(_ name: String, uid: UInt32?, gid: UInt32 = 5000) throws -> JSON {
      guard case .immediate(let body) = guarded.method(named: name)!.handler else {
        throw RPCError.internalError("not immediate")
      }
      return try body(call(name, uid: uid, gid: gid))
    }
    #expect(try invoke("scene.list", uid: 1002)["scenes"] == .array([]))
    #expect(try invoke("scene.open", uid: 1000, gid: Self.controlGroup)["opened"] == true)
    #expect {
      try invoke("scene.open", uid: 1002)
    } throws: { error in
      (error as? RPCError)?.data?["name"] == "compd.PermissionDenied"
        && (error as? RPCError)?.code == ServerErrorName.permissionDenied.code
    }
    #expect(throws: RPCError.self) { try invoke("scene.list", uid: nil) }
  }
}
