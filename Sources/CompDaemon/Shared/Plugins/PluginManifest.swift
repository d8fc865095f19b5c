import JSONRPC
import ScreenKit

/// What vetting learns about a plugin: its name and version and what each of its
/// components declares. The vetting child prints it as JSON; the daemon validates it.
struct PluginManifest: Sendable, Equatable {
  /// One component as the plugin declares it.
  struct ComponentEntry: Sendable, Equatable {
    var name: String
    var version: String
    var kind: ComponentKind
    var summary: String
    var params: JSON
    var events: [String]
    var requires: [String]
  }

  var stamp: String
  var name: String
  var version: String
  var components: [ComponentEntry]

  /// The manifest of a registered plugin.
  init(stamp: String, registrar: PluginRegistrar) {
    self.stamp = stamp
    self.name = registrar.name
    self.version = registrar.version
    self.components = registrar.components.map { component in
      ComponentEntry(
        name: component.name, version: component.version, kind: component.kind,
        summary: component.summary, params: component.params.jsonSchema,
        events: component.events, requires: component.requires)
    }
  }

  var json: JSON {
    .object([
      "stamp": .string(stamp), "name": .string(name), "version": .string(version),
      "components": .array(
        components.map { component in
          .object([
            "name": .string(component.name), "version": .string(component.version),
            "kind": .string(component.kind.rawValue), "summary": .string(component.summary),
            "params": component.params, "events": .array(component.events.map(JSON.string)),
            "requires": .array(component.requires.map(JSON.string)),
          ])
        }),
    ])
  }

  /// Reads a manifest the vetting child printed, checking every field.
  ///
  /// - Throws: `ManifestError` naming the first problem.
  init(json: JSON) throws(ManifestError) {
    guard let object = json.objectValue else {
      throw ManifestError("the manifest is not an object")
    }
    func string(_ key: String, in object: JSONObject, _ context: String) throws(ManifestError)
      -> String
    {
      guard let value = object[key]?.stringValue else {
        throw ManifestError("\(context)\"\(key)\" is missing or not a string")
      }
      return value
    }
    func strings(_ key: String, in object: JSONObject, _ context: String) throws(ManifestError)
      -> [String]
    {
      guard let array = object[key]?.arrayValue else {
        throw ManifestError("\(context)\"\(key)\" is missing or not an array")
      }
      var result: [String] = []
      for element in array {
        guard let text = element.stringValue, !text.isEmpty else {
          throw ManifestError("\(context)\"\(key)\" must hold non-empty strings")
        }
        result.append(text)
      }
      return result
    }
    stamp = try string("stamp", in: object, "")
    name = try string("name", in: object, "")
    version = try string("version", in: object, "")
    guard !name.isEmpty else { throw ManifestError("the plugin has no name") }
    guard let list = object["components"]?.arrayValue else {
      throw ManifestError("\"components\" is missing or not an array")
    }
    var seen = Set<String>()
    var components: [ComponentEntry] = []
    for (index, element) in list.enumerated() {
      guard let entry = element.objectValue else {
        throw ManifestError("component \(index) is not an object")
      }
      let context = "component \(index): "
      let componentName = try string("name", in: entry, context)
      guard ComponentCatalog.isValidName(componentName) else {
        throw ManifestError(ComponentError.invalidName(componentName).description)
      }
      guard seen.insert(componentName).inserted else {
        throw ManifestError("the plugin registers \"\(componentName)\" twice")
      }
      let kindName = try string("kind", in: entry, context)
      guard let kind = ComponentKind(rawValue: kindName) else {
        throw ManifestError("\(context)unknown kind \"\(kindName)\"")
      }
      guard let params = entry["params"], params.objectValue != nil else {
        throw ManifestError("\(context)\"params\" is missing or not a JSON Schema object")
      }
      components.append(
        ComponentEntry(
          name: componentName, version: try string("version", in: entry, context), kind: kind,
          summary: try string("summary", in: entry, context), params: params,
          events: try strings("events", in: entry, context),
          requires: try strings("requires", in: entry, context)))
    }
    self.components = components
  }
}

/// Why a plugin's manifest is not acceptable.
struct ManifestError: Error, Sendable, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
