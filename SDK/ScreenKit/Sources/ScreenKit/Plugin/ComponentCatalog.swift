/// The components that can be opened by name, and the one way to open them: validate the
/// params, check dependencies, run the factory.
///
/// compd keeps one catalog for every loaded plugin; tests and tools can make their own.
@MainActor
public final class ComponentCatalog {
  /// How deeply components may compose each other before opening fails (catches cycles).
  public static let maximumCompositionDepth = 32

  private var byName: [String: Component] = [:]

  /// An empty catalog (it can be made anywhere; it is used on the main actor).
  public nonisolated init() {}

  /// The names of every registered component, sorted.
  public var names: [String] { byName.keys.sorted() }

  /// The registered component `name`, or `nil`.
  public func component(named name: String) -> Component? { byName[name] }

  /// Adds `component`.
  ///
  /// - Throws: `ComponentError.invalidName`, `.duplicateName` or `.invalidSchema`; the
  ///   catalog is unchanged.
  public func register(_ component: Component) throws(ComponentError) {
    guard Self.isValidName(component.name) else { throw .invalidName(component.name) }
    guard byName[component.name] == nil else { throw .duplicateName(component.name) }
    do {
      try component.params.checkConsistency()
    } catch {
      throw .invalidSchema(component: component.name, error)
    }
    byName[component.name] = component
  }

  /// Opens the component `name`: checks that everything it requires is registered,
  /// validates `params` (absent or `null` means `{}`), then runs its factory.
  ///
  /// - Parameters:
  ///   - name: the registered component's name.
  ///   - params: its params, checked against its schema.
  ///   - sink: receives every event the component and its composed children emit.
  /// - Throws: `ComponentError` describing the first problem; nothing is left half-made.
  public func instantiate(
    _ name: String, params: ParamValue?,
    sink: @escaping @MainActor (ComponentEvent) -> Void
  ) throws(ComponentError) -> ViewController {
    try instantiate(name, params: params, depth: 0, sink: sink, onMake: { _ in })
  }

  /// Opens the component `name` as `instantiate(_:params:sink:)` does, and calls `onMake`
  /// with the name of every component made for the tree it roots: `name` itself and each
  /// component composed under it, now or later (`ComponentContext.makeComponent`, a
  /// restoration), before its factory runs. A host that runs several trees learns from it
  /// whose code each one runs.
  public func instantiate(
    _ name: String, params: ParamValue?,
    sink: @escaping @MainActor (ComponentEvent) -> Void,
    onMake: @escaping @MainActor (String) -> Void
  ) throws(ComponentError) -> ViewController {
    try instantiate(name, params: params, depth: 0, sink: sink, onMake: onMake)
  }

  func instantiate(
    _ name: String, params: ParamValue?, depth: Int,
    sink: @escaping @MainActor (ComponentEvent) -> Void,
    onMake: @escaping @MainActor (String) -> Void
  ) throws(ComponentError) -> ViewController {
    guard let component = byName[name] else { throw .noSuchComponent(name) }
    guard depth < Self.maximumCompositionDepth else { throw .compositionTooDeep(component: name) }
    if let missing = component.requires.first(where: { byName[$0] == nil }) {
      throw .missingDependency(component: name, dependency: missing)
    }
    let validated: ParamValue
    do {
      validated = try component.params.validateParams(params)
    } catch {
      throw .invalidParams(component: name, error)
    }
    let context = ComponentContext(
      component: name, params: validated, catalog: self, depth: depth, sink: sink,
      onMake: onMake)
    onMake(name)
    do {
      let controller = try component.factory(context)
      controller.componentContext = context
      return controller
    } catch let error as ComponentError {
      throw error
    } catch {
      throw .factoryFailed(component: name, reason: String(describing: error))
    }
  }

  /// Removes the components named `names` (a plugin whose code must no longer be used):
  /// opening or composing one afterwards fails with `.noSuchComponent`, and opening a
  /// component that requires one with `.missingDependency`. Controllers made of them before
  /// live on. Returns the names that were registered, in the order given.
  @discardableResult
  public func withdraw(_ names: [String]) -> [String] {
    names.filter { byName.removeValue(forKey: $0) != nil }
  }

  /// Whether `name` is namespaced: two or more dot-separated identifiers of ASCII letters,
  /// digits, `_` and `-`, each starting with a letter (`demo.Login`).
  public nonisolated static func isValidName(_ name: String) -> Bool {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 2, name.utf8.count <= 128 else { return false }
    return parts.allSatisfy { part in
      guard let first = part.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic
      else { return false }
      return part.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
            || scalar == "-")
      }
    }
  }
}
