/// How a component provides its screen.
public enum ComponentKind: String, Sendable, Hashable, CaseIterable {
  /// A `ViewController` subclass, used as is.
  case viewController
  /// A `View`, wrapped in a plain view controller.
  case view
  /// A lightweight controller (a plain object that owns a view and binds it to a model,
  /// as in "lightweight controllers" instead of view controllers), wrapped in a plain view
  /// controller that keeps it alive.
  case controller
}

/// A screen component that a plugin registers: its published description and its factory.
public struct Component: Sendable {
  /// The namespaced name clients open it by, such as `demo.Login`.
  public let name: String
  /// The component's version, such as `1.0.0`.
  public let version: String
  /// How it provides its screen.
  public let kind: ComponentKind
  /// A one-line summary.
  public let summary: String
  /// The schema its params are validated against.
  public let params: ParamSchema
  /// The names of the events it emits with `ComponentContext.emit(_:_:)`.
  public let events: [String]
  /// Components it composes by name; opening it fails with a clear error when one is
  /// not registered.
  public let requires: [String]
  let factory: @MainActor @Sendable (ComponentContext) throws -> ViewController

  private init(
    name: String, version: String, kind: ComponentKind, summary: String, params: ParamSchema,
    events: [String], requires: [String],
    factory: @escaping @MainActor @Sendable (ComponentContext) throws -> ViewController
  ) {
    self.name = name
    self.version = version
    self.kind = kind
    self.summary = summary
    self.params = params
    self.events = events
    self.requires = requires
    self.factory = factory
  }

  /// A component whose factory makes a view controller.
  public static func viewController(
    _ name: String, version: String = "1.0.0", summary: String, params: ParamSchema = .empty,
    events: [String] = [], requires: [String] = [],
    make: @escaping @MainActor @Sendable (ComponentContext) throws -> ViewController
  ) -> Component {
    Component(
      name: name, version: version, kind: .viewController, summary: summary, params: params,
      events: events, requires: requires, factory: make)
  }

  /// A component whose factory makes a view; compd wraps it in a plain view controller.
  public static func view(
    _ name: String, version: String = "1.0.0", summary: String, params: ParamSchema = .empty,
    events: [String] = [], requires: [String] = [],
    make: @escaping @MainActor @Sendable (ComponentContext) throws -> View
  ) -> Component {
    Component(
      name: name, version: version, kind: .view, summary: summary, params: params, events: events,
      requires: requires,
      factory: { context in
        ComponentHostingController(view: try make(context), owner: nil, context: context)
      })
  }

  /// A component whose factory makes a lightweight controller; compd wraps its view in a
  /// plain view controller that keeps the controller alive.
  public static func controller(
    _ name: String, version: String = "1.0.0", summary: String, params: ParamSchema = .empty,
    events: [String] = [], requires: [String] = [],
    make: @escaping @MainActor @Sendable (ComponentContext) throws -> any LightweightController
  ) -> Component {
    Component(
      name: name, version: version, kind: .controller, summary: summary, params: params,
      events: events, requires: requires,
      factory: { context in
        let controller = try make(context)
        return ComponentHostingController(
          view: controller.controlledView, owner: controller, context: context)
      })
  }
}

/// The plain view controller that hosts a `.view` or `.controller` component.
///
/// It takes part in state restoration under the component's name, so that the views of
/// the component that have a `restorationIdentifier` save and restore their state.
@MainActor
public final class ComponentHostingController: ViewController {
  /// The lightweight controller this controller keeps alive, if any.
  public let owner: (any LightweightController)?
  private let hostedView: View

  init(view: View, owner: (any LightweightController)?, context: ComponentContext) {
    self.hostedView = view
    self.owner = owner
    super.init()
    restorationIdentifier = context.component
  }

  /// Uses the component's view as this controller's view.
  public override func loadView() {
    view = hostedView
  }
}
