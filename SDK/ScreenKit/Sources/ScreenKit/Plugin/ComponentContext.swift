/// What a component's factory gets: its validated params, a way to emit events, and a way
/// to compose other registered components by name.
@MainActor
public final class ComponentContext {
  /// The name of the component being made.
  public let component: String
  /// The params, validated against the component's schema, with defaults filled in.
  public let params: ParamValue
  private let catalog: ComponentCatalog
  private let sink: @MainActor (ComponentEvent) -> Void
  private let depth: Int
  /// Told the name of each component made under this one (`ComponentCatalog.instantiate`).
  private let onMake: @MainActor (String) -> Void

  init(
    component: String, params: ParamValue, catalog: ComponentCatalog, depth: Int,
    sink: @escaping @MainActor (ComponentEvent) -> Void,
    onMake: @escaping @MainActor (String) -> Void
  ) {
    self.component = component
    self.params = params
    self.catalog = catalog
    self.depth = depth
    self.sink = sink
    self.onMake = onMake
  }

  /// Emits the event `name` with `payload`; compd sends it to the scene's clients as
  /// `scene.emitted`. Emit only the names the component declares in `events`: compd drops
  /// any other name (with a warning in its log).
  public func emit(_ name: String, _ payload: ParamValue = .null) {
    sink(ComponentEvent(component: component, name: name, payload: payload))
  }

  /// Makes the registered component `name` with `params`, to embed with normal containment
  /// (`addChild(_:)`, `addSubview(_:)`, `didMove(toParent:)`). Its events reach the same
  /// clients as this component's.
  ///
  /// - Throws: `ComponentError` when it is not registered, the params are invalid, or its
  ///   factory fails.
  public func makeComponent(_ name: String, params: ParamValue? = nil) throws(ComponentError)
    -> ViewController
  {
    try catalog.instantiate(name, params: params, depth: depth + 1, sink: sink, onMake: onMake)
  }

  /// The names of every registered component, sorted (for screens that list them).
  public var registeredComponents: [String] { catalog.names }

  /// The registered component `name`, for its summary or kind; `nil` when there is none.
  public func registeredComponent(named name: String) -> Component? {
    catalog.component(named: name)
  }
}
