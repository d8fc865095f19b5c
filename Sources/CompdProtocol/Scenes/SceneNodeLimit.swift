import JSONRPC

/// The most nodes one scene's tree may have (`max-scene-nodes`).
///
/// Every view in a scene's window is a node on the wire, and a whole tree goes out in one
/// reply (`scene.open`, `scene.layout`, `scene.subscribe`, `scene.reset`): unbounded, one
/// component that makes 200,000 views costs a 20 MB reply and some 200 MiB in the broker
/// while it forwards it (measured: its peak RSS rose by 203 MiB), and as much again in
/// each client. The scene host checks the count where it turns the view tree into nodes
/// (`NodeTable`), before it has built more than `maximum` of them: a scene over the limit
/// is answered with `compd.LimitExceeded` (`data.setting` `max-scene-nodes`, `data.limit`,
/// `data.size` the tree's node count) instead of its tree, and it is closed (reason
/// `component-failed`); the host and the broker serve everyone else on.
package struct SceneNodeLimit: Sendable, Equatable {
  /// 20,000 nodes. The densest bundled screen has 320 (demo.Contacts in a 1366 × 1024
  /// window with 4,000 points of list overscan: lists make nodes only for the rows on
  /// screen and their margin), the others 5 to 130, so this leaves a 60-fold margin for
  /// screens far denser than any real one. A whole tree at the limit is a reply of about
  /// 2 MB (plain views, 100 bytes a node) to 3.6 MB (real screens' nodes average 160 to
  /// 235 bytes), and raises the broker's peak memory by about 16 MiB while it forwards
  /// it (measured: 16 MiB for 20,000 plain views, 49 MiB for 50,000, 203 MiB for 200,000).
  package static let defaultMaximum = 20_000
  /// The range `max-scene-nodes` accepts: a screen needs more than a handful of nodes, and
  /// past 250,000 a whole tree's message (about 180 bytes a node on real screens) would
  /// come near the 64 MiB a scene host may write to the broker at once, which stops the
  /// host.
  package static let allowed = 16...250_000
  /// No limit (the node tables of tests and tools that build their own trees).
  package static let unlimited = SceneNodeLimit(maximum: .max)
  /// The setting's name, which the error names.
  package static let setting = "max-scene-nodes"

  /// The most nodes a scene may have.
  package let maximum: Int

  /// A limit of `maximum` nodes.
  package init(maximum: Int) { self.maximum = maximum }

  /// A scene's tree has more nodes than the limit.
  package struct Exceeded: Error, Equatable {
    /// The nodes the tree has.
    package var nodes: Int
    /// The limit it passed.
    package var limit: Int
  }

  /// The error for a tree of `nodes` nodes.
  package func exceeded(nodes: Int) -> Exceeded {
    Exceeded(nodes: nodes, limit: maximum)
  }

  /// The wire error for a scene over the limit: `compd.LimitExceeded` naming the setting,
  /// the limit and the tree's node count, the component and (once it has one) the scene;
  /// `closing` when an open scene grew past it (and is closed for it).
  package static func error(_ exceeded: Exceeded, component: String, scene: String?, closing: Bool)
    -> RPCError
  {
    let what = scene.map { "scene \($0) (\(component))" } ?? "component \(component)"
    var details: JSONObject = [
      "setting": .string(setting), "limit": .int(Int64(exceeded.limit)),
      "size": .int(Int64(exceeded.nodes)), "component": .string(component),
    ]
    if let scene { details["scene"] = .string(scene) }
    return .server(
      .limitExceeded,
      "\(what) has \(exceeded.nodes) nodes, over the limit of \(exceeded.limit) "
        + "(\(setting))\(closing ? "; the scene is closed" : "")",
      details: details)
  }

  /// Whether `error` is the one `error(_:component:scene:)` makes: the scene it was about
  /// is closed (in its host, and then in the broker, with reason `component-failed`).
  package static func closesScene(_ error: RPCError) -> Bool {
    error.data?["name"]?.stringValue == ServerErrorName.limitExceeded.rawValue
      && error.data?["setting"]?.stringValue == setting
  }

  /// The reason a scene closed over the limit keeps (`scene.closed`'s `detail`, and its
  /// tombstone's).
  package static func closingDetail(_ error: RPCError) -> String {
    let nodes = error.data?["size"]?.intValue ?? 0
    let limit = error.data?["limit"]?.intValue ?? 0
    return "its tree grew to \(nodes) nodes, over the limit of \(limit) (\(setting))"
  }
}
