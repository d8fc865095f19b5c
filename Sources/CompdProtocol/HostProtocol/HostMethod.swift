import JSONRPC

/// What the broker asks a scene host, one case per request on the host channel
/// (docs/architecture.md, "Scene hosts", lists their params and answers).
///
/// The host answers each in the order received. Those that run component code for a scene
/// (`open`, `event`, `resize`) answer with its `HostPublication`: what changed, as text the
/// broker relays without reading it.
package enum HostMethod: String, Sendable, CaseIterable {
  /// Answers `{}`: the host's main actor is responsive (the broker's hang watch).
  case ping = "host.ping"
  /// Loads vetted plugins and declarative screens: `{plugins: [{path, manifest, size,
  /// modified, inode}], screens: [text]}` → `{failed, components}`.
  case load = "host.load"
  /// Takes plugins' components out of the catalog: `{plugins}` → `{components, scenes}`.
  case withdraw = "host.withdraw"
  /// Opens a scene: `{scene, id?, component, params?, environment, state?}` → `{root,
  /// state?}`.
  case open = "host.open"
  /// Delivers a client's input event, decoded and validated here only: `{scene, event}` →
  /// the publication and `handled`.
  case event = "host.event"
  /// Moves a scene to a new environment: `{scene, environment}` → the publication.
  case resize = "host.resize"
  /// The scene's whole tree: `{scene}` → `{root}`.
  case layout = "host.layout"
  /// The scene's restorable state now: `{scene}` → `{state}` (`null`: none).
  case state = "host.state"
  /// An image by content hash: `{hash}` → `{found, mime?, data?}` (base64).
  case image = "host.image"
  /// Reports every state held back now, as `host.state` notifications, then answers `{}`.
  case flush = "host.flush"
  /// Closes a scene: `{scene}` → `{}`.
  case close = "host.close"
}

/// What a scene host tells the broker without being asked.
package enum HostNotification: String, Sendable, CaseIterable {
  /// A scene changed outside any request (a timer, a recognizer's wait, a task):
  /// `{scene}` and its publication.
  case changed = "host.changed"
  /// Publishing a scene's unprompted change failed and the host closed it: `{scene, error}`.
  case failed = "host.failed"
  /// A scene's held-back restorable state: `{scene, state}`.
  case state = "host.state"
}

/// The members of host messages that carry a scene's bulk — its ops, its tree, its
/// restorable state — and what the broker relays to subscribers without looking inside —
/// the events a component emitted, the announcements posted — which the side that passes
/// them on keeps as text (`JSONEnvelope`).
package enum HostPayload {
  package static let names: Set<String> = ["ops", "root", "state", "emitted", "announcements"]

  /// Reads one message of the host channel: the envelope as a tree, the payloads of its
  /// `result` or `params` as text.
  @Sendable static package func envelope(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError)
    -> JSONEnvelope
  {
    try JSONEnvelope.read(bytes, payloadNames: names, limits: HostChannel.limits)
  }
}
