/// Why a component could not be registered or opened.
public enum ComponentError: Error, Sendable, Hashable, CustomStringConvertible {
  /// No component with this name is registered.
  case noSuchComponent(String)
  /// `component` requires `dependency`, which is not registered.
  case missingDependency(component: String, dependency: String)
  /// A component with this name is already registered.
  case duplicateName(String)
  /// The name is not a namespaced identifier such as `demo.Login`.
  case invalidName(String)
  /// The component's params schema contradicts itself (a default it rejects, crossed bounds).
  case invalidSchema(component: String, ParamValidationError)
  /// The params do not match the component's schema.
  case invalidParams(component: String, ParamValidationError)
  /// The component's factory threw.
  case factoryFailed(component: String, reason: String)
  /// Components compose each other in a cycle, or deeper than the nesting limit.
  case compositionTooDeep(component: String)

  /// A one-line explanation for logs and RPC errors.
  public var description: String {
    switch self {
    case .noSuchComponent(let name): return "no component named \"\(name)\" is registered"
    case .missingDependency(let component, let dependency):
      return "component \"\(component)\" requires \"\(dependency)\", which is not registered"
    case .duplicateName(let name): return "a component named \"\(name)\" is already registered"
    case .invalidName(let name):
      return "\"\(name)\" is not a namespaced component name such as \"demo.Login\""
    case .invalidSchema(let component, let error):
      return "component \"\(component)\" has an inconsistent params schema: \(error)"
    case .invalidParams(let component, let error):
      return "invalid params for \"\(component)\": \(error)"
    case .factoryFailed(let component, let reason):
      return "component \"\(component)\" failed to open: \(reason)"
    case .compositionTooDeep(let component):
      return "component \"\(component)\" composes components too deeply (a cycle?)"
    }
  }
}
