/// A named event a component emits, with its payload; compd sends it to clients as
/// `scene.emitted`.
public struct ComponentEvent: Sendable, Hashable {
  /// The component that emitted it (a composed child names itself, not its parent).
  public var component: String
  /// The event name, one of the component's declared `events`.
  public var name: String
  /// The payload.
  public var payload: ParamValue

  /// An event from `component`.
  public init(component: String, name: String, payload: ParamValue) {
    self.component = component
    self.name = name
    self.payload = payload
  }
}
