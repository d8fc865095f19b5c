/// Which node types each protocol version introduced: the one list a client's declared
/// `protocol` version is read against (docs/protocol.md, "Old clients").
package enum NodeTypeVersions {
  /// The node types each version added, oldest first. Version 1's are the first clients'
  /// vocabulary; version 2 added the lists; version 3 the everyday controls.
  package static let introduced: [(version: Int, types: [String])] = [
    (
      1,
      [
        "view", "label", "button", "textField", "image", "switch", "stack", "scroll",
        "navigationBar", "tabBar", "activityIndicator",
      ]
    ),
    (2, ["table", "collection", "cell"]),
    (
      3,
      [
        "slider", "stepper", "segmentedControl", "progress", "pageControl", "textView",
        "datePicker", "picker", "searchBar", "toolbar",
      ]
    ),
  ]

  /// Every node type compd sends.
  package static let all: Set<String> = Set(introduced.flatMap(\.types))

  /// The node types a client of protocol `version` knows (those of every version up to
  /// it); `nil` for a version compd does not have.
  package static func types(upTo version: Int) -> Set<String>? {
    guard introduced.contains(where: { $0.version == version }) else { return nil }
    return Set(introduced.filter { $0.version <= version }.flatMap(\.types))
  }
}
