import Testing

@testable import CompdBroker
@testable import CompdProtocol
@testable import JSONRPC

/// A scene's history keeps exactly its last `historyLimit` changes: a subscriber resuming
/// from the base of any of them gets the changes after it, in order; one from before them
/// needs a snapshot. Checked after every change, across many times the limit (the dropped
/// changes are removed in batches).
@MainActor
struct SceneHistoryTests {
  @Test(arguments: [1, 3, 8])
  func theHistoryKeepsTheLastChanges(limit: Int) {
    let scene = Scene(
      id: "s1", hostKey: "s1", component: "demo.Login", params: nil,
      environment: SceneEnvironment(), lifetime: .daemon, owner: 0, opener: nil,
      historyLimit: limit, state: nil, host: nil)
    let subscriber = FakeConnection(id: 7, uid: 0)
    for change in 1...(5 * limit + 3) {
      let ops: JSON = [["op": "update", "id": .int(Int64(change))]]
      scene.apply(HostAnswer(payloads: ["ops": RawJSON(ops)]))
      let revision = scene.revision
      #expect(revision == change + 1)
      let oldestKept = max(1, revision - limit)
      for since in 1...revision {
        #expect(scene.canReplay(since: since) == (since >= oldestKept), "since \(since)")
        let replay = scene.subscribe(subscriber, since: since)?.map { try? $0.parsed() }
        if since < oldestKept {
          #expect(replay == nil, "since \(since)")
        } else {
          #expect(
            replay?.map { $0?["revision"]?.intValue }
              == (since + 1..<revision + 1).map { Int64($0) }, "since \(since)")
          #expect(
            replay?.map { $0?["ops"]?.arrayValue?.first?["id"]?.intValue }
              == (since..<revision).map { Int64($0) }, "since \(since)")
        }
      }
    }
  }
}
