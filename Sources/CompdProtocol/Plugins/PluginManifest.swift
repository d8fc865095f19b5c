import JSONRPC

/// What vetting learns about a plugin: its name and version and what each of its
/// components declares. The vetting child prints it as JSON; the daemon validates it.
package struct PluginManifest: Sendable, Equatable {
  /// One component as the plugin declares it.
  package struct ComponentEntry: Sendable, Equatable {
    /// What a component's factory makes, as the manifest names it (ScreenKit's
    /// `ComponentKind`, which the scene host converts from).
    package enum Kind: String, Sendable, CaseIterable {
      /// A view controller, used as is.
      case viewController
      /// A view, wrapped in a plain view controller.
      case view
      /// A lightweight controller that owns a view, wrapped in a plain view controller.
      case controller
    }

    package var name: String
    package var version: String
    package var kind: Kind
    package var summary: String
    package var params: JSON
    package var events: [String]
    package var requires: [String]

    /// An entry with these members.
    package init(
      name: String, version: String, kind: Kind, summary: String, params: JSON, events: [String],
      requires: [String]
    ) {
      self.name = name
      self.version = version
      self.kind = kind
      self.summary = summary
      self.params = params
      self.events = events
      self.requires = requires
    }
  }

  package var stamp: String
  package var name: String
  package var version: String
  package var components: [ComponentEntry]

  /// A manifest with these members.
  package init(stamp: String, name: String, version: String, components: [ComponentEntry]) {
    self.stamp = stamp
    self.name = name
    self.version = version
    self.components = components
  }

  package var json: JSON {
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
  package init(json: JSON) throws(ManifestError) {
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
      guard ComponentName.isValid(componentName) else {
        throw ManifestError(ComponentName.invalidNameMessage(componentName))
      }
      guard seen.insert(componentName).inserted else {
        throw ManifestError("the plugin registers \"\(componentName)\" twice")
      }
      let kindName = try string("kind", in: entry, context)
      guard let kind = ComponentEntry.Kind(rawValue: kindName) else {
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
package struct ManifestError: Error, Sendable, CustomStringConvertible {
  package var description: String
  package init(_ description: String) { self.description = description }
}
