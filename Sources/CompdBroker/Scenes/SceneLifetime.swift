import CompdProtocol

/// How long a scene lives, as `scene.open`'s `lifetime` param says.
enum SceneLifetime: String, Sendable, CaseIterable {
  /// Until its opener's connection and every subscriber's have been gone for the grace
  /// period (the default for direct clients: a client that reconnects in time resumes).
  case connection
  /// Until `scene.close` (compctl uses it: each of its commands is a new connection).
  case daemon
}
