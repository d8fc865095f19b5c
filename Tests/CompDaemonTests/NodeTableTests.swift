import JSONRPC
import ScreenKit
import Testing

@testable import CompdSceneHost

/// `NodeTable`'s incremental refresh checked the way a client sees it: a `ClientTree` that
/// applies the ops (as docs/protocol.md defines them) must end up with the table's tree.
@MainActor
@Suite("Node table")
struct NodeTableTests {
  /// A window with views `a` and `b`, `c` inside `a`, recorded by a first refresh; every
  /// incremental refresh is checked against a full walk (`verify-diffs`).
  static func recorded() -> (Window, NodeTable, [String: View]) {
    let window = Window(frame: Rect(origin: .zero, size: Size(width: 100, height: 100)))
    var views: [String: View] = [:]
    for key in ["a", "b", "c", "d"] {
      let view = View()
      view.accessibilityIdentifier = key
      views[key] = view
    }
    window.addSubview(views["a"]!)
    window.addSubview(views["b"]!)
    views["a"]!.addSubview(views["c"]!)
    let table = NodeTable(scene: "s1", verifiesIncrementalRefresh: true)
    _ = table.refresh(root: window)
    return (window, table, views)
  }

  @Test("changed views it follows and one it does not (a move): the full walk sends every change")
  func fallbackAfterAFollowedChange() throws {
    let (window, table, views) = Self.recorded()
    var tree = try ClientTree(root: table.rootJSON, revision: 1)
    // `a` gets a new view (followed) and loses `c` to `b` (a move: a full walk).
    views["a"]!.addSubview(views["d"]!)
    views["b"]!.addSubview(views["c"]!)
    let ops = table.refresh(root: window, changed: [views["a"]!, views["b"]!])
    try tree.apply(changed: ["base": 1, "revision": 2, "ops": .array(ops)])
    #expect(tree.root == table.rootJSON, "\(JSON.array(ops).serialized())")
    #expect(SceneTests.find("d", in: tree.root) != nil)
  }

  @Test("changed views it follows: only their ops, and the client's tree matches")
  func followedChanges() throws {
    let (window, table, views) = Self.recorded()
    var tree = try ClientTree(root: table.rootJSON, revision: 1)
    views["b"]!.addSubview(views["d"]!)
    views["c"]!.removeFromSuperview()
    views["a"]!.alpha = 0.5
    let ops = table.refresh(root: window, changed: [views["a"]!, views["b"]!])
    #expect(Set(ops.compactMap { $0["op"]?.stringValue }) == ["remove", "insert", "update"])
    try tree.apply(changed: ["base": 1, "revision": 2, "ops": .array(ops)])
    #expect(tree.root == table.rootJSON)
  }

  @Test("verify-diffs: a change that was not recorded stops the process, naming scene and view")
  func verificationStopsOnAnUnrecordedChange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let (window, table, views) = NodeTableTests.recorded()
        // `a` changes what it draws but only `b` is reported, as when a view subclass
        // forgets `setNeedsDisplay()`.
        views["a"]!.alpha = 0.5
        _ = table.refresh(root: window, changed: [views["b"]!])
      }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("verify-diffs: scene s1: the incremental refresh differs"), "\(output)")
    #expect(output.contains("(view \"a\")"), "\(output)")
  }
}
