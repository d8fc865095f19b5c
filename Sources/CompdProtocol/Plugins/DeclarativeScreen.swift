import JSONRPC

/// A screen described in JSON instead of code: a container (`stack`, `navigation` or
/// `tabs`) of registered components and nested containers, each with its params. A
/// `*.json` file in a plugin directory holds one, and it is registered as a component like
/// any other:
///
/// ```json
/// {"component": "demo.Welcome", "version": "1.0.0", "summary": "Sign in, then settings",
///  "root": {"container": "navigation", "children": [
///    {"component": "demo.Login", "params": {"title": "Welcome"}}]}}
/// ```
///
/// Children are referenced by name, so the screen `requires` them: opening it fails with a
/// clear error while one is not registered.
package struct DeclarativeScreen: Sendable, Equatable {
  /// A container kind.
  package enum Container: String, Sendable, CaseIterable {
    /// Children's views arranged in a stack view (`axis`, `spacing`).
    case stack
    /// A navigation controller whose root is the first child (the only one allowed).
    case navigation
    /// A tab bar controller with one tab per child (`title` per child).
    case tabs
  }

  /// One node: a registered component with params, or a nested container.
  package indirect enum Node: Sendable, Equatable {
    case component(name: String, params: JSON, title: String?)
    case container(Container, children: [Node], options: Options, title: String?)
  }

  /// Container options.
  package struct Options: Sendable, Equatable {
    package var vertical = true
    package var spacing: Double = 0
  }

  package var name: String
  package var version: String
  package var summary: String
  package var root: Node

  /// Every component name the screen references, in order of first use.
  package var requiredComponents: [String] {
    var names: [String] = []
    func visit(_ node: Node) {
      switch node {
      case .component(let name, _, _): if !names.contains(name) { names.append(name) }
      case .container(_, let children, _, _): children.forEach(visit)
      }
    }
    visit(root)
    return names
  }

  /// What the registry lists for the screen: a view-controller component that takes no
  /// params, emits no events and requires every component the screen names (what the
  /// scene host registers for it, `DeclarativeScreen.component`).
  package var manifestEntry: PluginManifest.ComponentEntry {
    PluginManifest.ComponentEntry(
      name: name, version: version, kind: .viewController, summary: summary,
      params: ["type": "object", "properties": .object([:]), "additionalProperties": .bool(false)],
      events: [], requires: requiredComponents)
  }

  /// The largest manifest file accepted.
  package static let maximumBytes = 1 << 20
  /// The deepest container nesting accepted.
  package static let maximumDepth = 16

  /// Reads and checks a manifest.
  ///
  /// - Throws: `ManifestError` naming the first problem and where it is (`root.children[1]`).
  package init(json: JSON) throws(ManifestError) {
    guard let object = json.objectValue else { throw ManifestError("the screen is not an object") }
    try Self.allowOnly(["component", "version", "summary", "root"], in: object, at: "")
    guard let name = object["component"]?.stringValue, ComponentName.isValid(name) else {
      throw ManifestError("\"component\" must be a namespaced name such as \"demo.Welcome\"")
    }
    self.name = name
    self.version = try Self.optionalString("version", in: object, at: "") ?? "1.0.0"
    guard let summary = object["summary"]?.stringValue, !summary.isEmpty else {
      throw ManifestError("\"summary\" must be a non-empty string")
    }
    self.summary = summary
    guard let root = object["root"] else { throw ManifestError("\"root\" is missing") }
    self.root = try Self.node(root, at: "root", depth: 0)
    guard case .container = self.root else {
      throw ManifestError("root: must be a container (stack, navigation or tabs)")
    }
    guard !requiredComponents.contains(name) else {
      throw ManifestError("the screen \"\(name)\" contains itself")
    }
  }

  private static func node(_ json: JSON, at path: String, depth: Int) throws(ManifestError) -> Node
  {
    guard let object = json.objectValue else { throw ManifestError("\(path): must be an object") }
    guard depth < maximumDepth else { throw ManifestError("\(path): containers nest too deeply") }
    let title = try optionalString("title", in: object, at: path)
    if let component = object["component"] {
      try allowOnly(["component", "params", "title"], in: object, at: path)
      guard let name = component.stringValue, ComponentName.isValid(name) else {
        throw ManifestError("\(path).component: must be a namespaced component name")
      }
      let params = object["params"] ?? .object([:])
      guard params.objectValue != nil else {
        throw ManifestError("\(path).params: must be an object")
      }
      return .component(name: name, params: params, title: title)
    }
    guard let kindName = object["container"]?.stringValue else {
      throw ManifestError("\(path): needs \"component\" or \"container\"")
    }
    guard let kind = Container(rawValue: kindName) else {
      throw ManifestError("\(path).container: must be one of stack, navigation, tabs")
    }
    try allowOnly(["container", "children", "axis", "spacing", "title"], in: object, at: path)
    var options = Options()
    if let axis = object["axis"] {
      guard kind == .stack, let value = axis.stringValue,
        value == "vertical" || value == "horizontal"
      else { throw ManifestError("\(path).axis: only a stack has one, vertical or horizontal") }
      options.vertical = value == "vertical"
    }
    if let spacing = object["spacing"] {
      guard kind == .stack, let value = spacing.doubleValue, value >= 0, value.isFinite else {
        throw ManifestError("\(path).spacing: only a stack has one, a number >= 0")
      }
      options.spacing = value
    }
    guard let list = object["children"]?.arrayValue, !list.isEmpty else {
      throw ManifestError("\(path).children: must be a non-empty array")
    }
    if kind == .navigation && list.count != 1 {
      throw ManifestError(
        "\(path).children: a navigation container has exactly one child, its root")
    }
    var children: [Node] = []
    for (index, child) in list.enumerated() {
      children.append(try node(child, at: "\(path).children[\(index)]", depth: depth + 1))
    }
    return .container(kind, children: children, options: options, title: title)
  }

  private static func allowOnly(_ keys: Set<String>, in object: JSONObject, at path: String)
    throws(ManifestError)
  {
    if let unknown = object.keys.first(where: { !keys.contains($0) }) {
      throw ManifestError("\(path.isEmpty ? "" : "\(path): ")unknown member \"\(unknown)\"")
    }
  }

  private static func optionalString(_ key: String, in object: JSONObject, at path: String)
    throws(ManifestError) -> String?
  {
    guard let value = object[key] else { return nil }
    guard let text = value.stringValue else {
      throw ManifestError("\(path.isEmpty ? "" : "\(path).")\(key): must be a string")
    }
    return text
  }
}
