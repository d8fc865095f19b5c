import CompdProtocol

/// What the scene database keeps of one open scene: enough to open it again as it was.
struct SceneRecord: Sendable, Equatable {
  /// The scene id, `s<number>`.
  var id: String
  var component: String
  /// The `params` of `scene.open` as JSON text; `nil` when it had none.
  var params: String?
  /// The scene's environment as JSON text (`SceneEnvironment.json`).
  var environment: String
  /// `SceneLifetime`'s raw value.
  var lifetime: String
  /// The uid of the client that opened it.
  var owner: UInt32
  /// The revision it had when it was saved.
  var revision: Int
  /// The window's restorable state (`RestorationArchive.json`); `nil` when its root
  /// controller has no restoration identifier.
  var state: String?
}

/// A closed scene as the database and `compd.NoSuchScene` remember it: its id keeps naming
/// that scene, and a client asking for it learns why it is gone.
struct SceneTombstone: Sendable, Equatable {
  /// Why the scene is gone.
  enum Reason: String, Sendable {
    /// `scene.close`.
    case closed
    /// A `connection` scene whose clients stayed away for the grace period.
    case abandoned
    /// Stored open, but could not be opened again at start (see `detail`).
    case notRestored = "not-restored"
    /// Its component was quarantined after crashing its scene host, or its tree grew past
    /// `max-scene-nodes` (see `detail`).
    case componentFailed = "component-failed"
  }

  var id: String
  var reason: Reason
  /// Why it was not restored, for `notRestored` and `componentFailed`.
  var detail: String?
  /// Its owner's uid, so that only who may see the scene learns what became of it.
  var owner: UInt32
}

/// Scene ids are `s1`, `s2`, ...: the number of an id, or `nil` for anything else.
func sceneNumber(of id: String) -> Int? {
  guard id.hasPrefix("s"), let number = Int(id.dropFirst()), number > 0,
    "s\(number)" == id
  else { return nil }
  return number
}
