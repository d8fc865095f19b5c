import Testing

@testable import CompdBroker

/// The bounded memory of closed scenes: the most recent `limit`, oldest forgotten first.
@Suite("Closed scenes") struct ClosedScenesTests {
  private func tombstone(_ number: Int, _ reason: SceneTombstone.Reason = .closed)
    -> SceneTombstone
  {
    SceneTombstone(id: "s\(number)", reason: reason, detail: nil, owner: 0)
  }

  @Test func keepsTheMostRecentAndForgetsTheOldestFirst() {
    var closed = ClosedScenes(limit: 3)
    for number in 1...3 { #expect(closed.remember(tombstone(number)).isEmpty) }
    #expect(closed.remember(tombstone(4)) == ["s1"])
    #expect(closed.remember(tombstone(5)) == ["s2"])
    #expect(closed["s1"] == nil && closed["s2"] == nil)
    #expect(closed["s5"]?.reason == .closed)
    #expect(closed.count == 3)
  }

  @Test func rememberingAnIdAgainReplacesItInPlace() {
    var closed = ClosedScenes(limit: 2)
    _ = closed.remember(tombstone(1))
    _ = closed.remember(tombstone(2))
    #expect(closed.remember(tombstone(1, .notRestored)).isEmpty)
    #expect(closed["s1"]?.reason == .notRestored)
    // It keeps its place: it is still the oldest.
    #expect(closed.remember(tombstone(3)) == ["s1"])
  }

  @Test func aLimitOfZeroKeepsNone() {
    var closed = ClosedScenes(limit: 0)
    #expect(closed.remember(tombstone(1)) == ["s1"])
    #expect(closed["s1"] == nil)
    #expect(closed.count == 0)
  }

  @Test func manyClosingsStayWithinTheLimit() {
    var closed = ClosedScenes(limit: 100)
    var forgotten: [String] = []
    for number in 1...10_000 { forgotten += closed.remember(tombstone(number)) }
    #expect(closed.count == 100)
    #expect(forgotten == (1...9_900).map { "s\($0)" })
    #expect(closed["s9901"] != nil && closed["s10000"] != nil && closed["s9900"] == nil)
  }
}
