import JSONRPC
import Testing

@testable import CompdBroker
@testable import CompdProtocol

/// `NodeTypeDowngrade`: a node of an undeclared type becomes a plain view with the common
/// props, in snapshots and in each change, following the tree the client knows.
@Suite struct NodeTypeDowngradeTests {
  static func node(_ id: String, _ type: String, props: JSON = [:], children: [JSON] = [])
    -> JSON
  {
    [
      "id": .string(id), "type": .string(type),
      "frame": ["x": 0, "y": 0, "width": 10, "height": 10], "props": props,
      "children": .array(children),
    ]
  }

  @Test func capabilitiesDecideWhoPays() throws {
    #expect(try NodeTypeDowngrade(capabilities: nil) == nil)
    #expect(try NodeTypeDowngrade(capabilities: [:]) == nil)
    #expect(try NodeTypeDowngrade(capabilities: ["protocol": 3]) == nil)
    let version2 = try #require(try NodeTypeDowngrade(capabilities: ["protocol": 2]))
    #expect(version2.drawnTypes.contains("table") && !version2.drawnTypes.contains("slider"))
    let version1 = try #require(try NodeTypeDowngrade(capabilities: ["protocol": 1]))
    #expect(!version1.drawnTypes.contains("table"))
    let listed = try #require(
      try NodeTypeDowngrade(capabilities: ["protocol": 1, "nodeTypes": ["slider"]]))
    #expect(listed.drawnTypes.contains("slider") && listed.drawnTypes.contains("label"))
    #expect(throws: RPCError.self) { try NodeTypeDowngrade(capabilities: ["protocol": 0]) }
    #expect(throws: RPCError.self) { try NodeTypeDowngrade(capabilities: ["nodeTypes": ["x"]]) }
    #expect(throws: RPCError.self) { try NodeTypeDowngrade(capabilities: ["nodeTypes": "view"]) }
    #expect(throws: RPCError.self) { try NodeTypeDowngrade(capabilities: ["colours": true]) }
    #expect(throws: RPCError.self) { try NodeTypeDowngrade(capabilities: 2) }
  }

  @Test func versionsListEveryTypeOnce() {
    let all = NodeTypeVersions.introduced.flatMap(\.types)
    #expect(all.count == Set(all).count)
    #expect(NodeTypeVersions.types(upTo: 1)?.contains("activityIndicator") == true)
    #expect(NodeTypeVersions.types(upTo: 4) == nil)
    #expect(NodeTypeVersions.types(upTo: 3) == NodeTypeVersions.all)
  }

  @Test func snapshotsKeepFrameChildrenAndCommonProps() throws {
    var downgrade = try #require(NodeTypeDowngrade(drawing: ["label"]))
    let slider = Self.node(
      "n2", "slider", props: ["value": 0.5, "backgroundColor": "#ff0000ff", "alpha": 0.5],
      children: [Self.node("n3", "label", props: ["text": "x"])])
    let root = Self.node("n1", "view", children: [slider])
    let seen = downgrade.snapshot(root)
    let node = try #require(seen["children"]?.arrayValue?.first)
    #expect(node["type"] == "view" && node["id"] == "n2")
    #expect(node["props"] == ["backgroundColor": "#ff0000ff", "alpha": 0.5])
    #expect(node["frame"] == slider["frame"])
    let child = node["children"]?.arrayValue?.first
    #expect(child?["type"] == "label" && child?["props"]?["text"] == "x")
    #expect(downgrade.downgraded == ["n2"])
  }

  @Test func changesFollowTheTreeTheClientKnows() throws {
    var downgrade = try #require(NodeTypeDowngrade(drawing: ["label"]))
    _ = downgrade.snapshot(Self.node("n1", "view"))
    let inserted = downgrade.ops([
      [
        "op": "insert", "parent": "n1", "index": 0,
        "node": Self.node(
          "n2", "stepper", props: ["value": 1], children: [Self.node("n4", "pageControl")]),
      ]
    ])
    #expect(inserted[0]["node"]?["type"] == "view")
    #expect(inserted[0]["node"]?["children"]?.arrayValue?.first?["type"] == "view")
    #expect(downgrade.downgraded == ["n2", "n4"])
    let updates = downgrade.ops([
      ["op": "update", "id": "n2", "props": ["value": 2]],
      ["op": "update", "id": "n2", "props": ["value": 3, "hidden": true]],
      ["op": "update", "id": "n1", "props": ["value": 3]],
      ["op": "frame", "id": "n2", "frame": ["x": 1, "y": 1, "width": 2, "height": 2]],
    ])
    #expect(updates.count == 3)  // the first had only the stepper's own prop
    #expect(updates[0]["props"] == ["hidden": true])
    #expect(updates[1]["props"] == ["value": 3])  // n1 was not downgraded
    #expect(updates[2]["op"] == "frame")
    _ = downgrade.ops([["op": "remove", "id": "n2"]])
    #expect(downgrade.downgraded.isEmpty)
  }
}
