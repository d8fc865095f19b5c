/// The schema of a component's parameters: the subset of JSON Schema that compd validates
/// (types, required members, enumerations, defaults, numeric bounds, string and array length).
///
/// The daemon publishes it as JSON Schema in `components.describe` and validates `scene.open`
/// params against it before a factory runs, so a factory only ever sees valid params with
/// defaults filled in.
public struct ParamSchema: Sendable, Hashable {
  /// What kind of value the schema accepts, with the kind's constraints.
  public indirect enum Kind: Sendable, Hashable {
    /// Any value.
    case any
    /// `true` or `false`.
    case boolean
    /// An integer within optional inclusive bounds.
    case integer(minimum: Int64?, maximum: Int64?)
    /// A number (integer or floating point) within optional inclusive bounds.
    case number(minimum: Double?, maximum: Double?)
    /// A string with optional length bounds (in characters) and an optional list of allowed values.
    case string(minLength: Int?, maxLength: Int?, allowed: [String]?)
    /// An array whose elements match `items` (any value when `nil`), with optional length bounds.
    case array(items: ParamSchema?, minItems: Int?, maxItems: Int?)
    /// An object with the given properties; other members are an error unless
    /// `additionalProperties` is true.
    case object(properties: [Property], additionalProperties: Bool)
  }

  /// One member of an object schema.
  public struct Property: Sendable, Hashable {
    /// The member name.
    public var name: String
    /// The member's schema.
    public var schema: ParamSchema
    /// Whether the member must be present (a member with a default never is missing).
    public var isRequired: Bool

    /// A property named `name`.
    public init(_ name: String, _ schema: ParamSchema, required: Bool = false) {
      self.name = name
      self.schema = schema
      self.isRequired = required
    }
  }

  /// The accepted kind and its constraints.
  public var kind: Kind
  /// A human-readable description, published as JSON Schema `description`.
  public var description: String?
  /// The value used when the member is absent, published as JSON Schema `default`.
  public var defaultValue: ParamValue?

  /// A schema of the given kind.
  public init(kind: Kind, description: String? = nil, defaultValue: ParamValue? = nil) {
    self.kind = kind
    self.description = description
    self.defaultValue = defaultValue
  }

  /// An object schema with no members: the params of a component that takes none.
  public static let empty = ParamSchema(kind: .object(properties: [], additionalProperties: false))

  /// Any value.
  public static func any(_ description: String? = nil) -> ParamSchema {
    ParamSchema(kind: .any, description: description)
  }

  /// A boolean.
  public static func boolean(_ description: String? = nil, default value: Bool? = nil)
    -> ParamSchema
  {
    ParamSchema(kind: .boolean, description: description, defaultValue: value.map(ParamValue.bool))
  }

  /// An integer within optional inclusive bounds.
  public static func integer(
    _ description: String? = nil, default value: Int64? = nil, minimum: Int64? = nil,
    maximum: Int64? = nil
  ) -> ParamSchema {
    ParamSchema(
      kind: .integer(minimum: minimum, maximum: maximum), description: description,
      defaultValue: value.map(ParamValue.int))
  }

  /// A number within optional inclusive bounds.
  public static func number(
    _ description: String? = nil, default value: Double? = nil, minimum: Double? = nil,
    maximum: Double? = nil
  ) -> ParamSchema {
    ParamSchema(
      kind: .number(minimum: minimum, maximum: maximum), description: description,
      defaultValue: value.map(ParamValue.double))
  }

  /// A string with optional length bounds and allowed values.
  public static func string(
    _ description: String? = nil, default value: String? = nil, minLength: Int? = nil,
    maxLength: Int? = nil, oneOf allowed: [String]? = nil
  ) -> ParamSchema {
    ParamSchema(
      kind: .string(minLength: minLength, maxLength: maxLength, allowed: allowed),
      description: description, defaultValue: value.map(ParamValue.string))
  }

  /// An array of `items` with optional length bounds.
  public static func array(
    _ items: ParamSchema?, _ description: String? = nil, minItems: Int? = nil,
    maxItems: Int? = nil, default value: [ParamValue]? = nil
  ) -> ParamSchema {
    ParamSchema(
      kind: .array(items: items, minItems: minItems, maxItems: maxItems), description: description,
      defaultValue: value.map(ParamValue.array))
  }

  /// An object with the given properties.
  public static func object(
    _ properties: [Property], _ description: String? = nil, additionalProperties: Bool = false
  ) -> ParamSchema {
    ParamSchema(
      kind: .object(properties: properties, additionalProperties: additionalProperties),
      description: description)
  }
}

/// Why a value does not match a `ParamSchema`.
public struct ParamValidationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Where the value is, as `member.sub[2]`; empty for the top level.
  public var path: String
  /// What is wrong with it.
  public var message: String

  /// The message of a member an object schema does not have (the path names the member),
  /// so that a host can suggest the closest known name.
  public static let unknownParameter = "unknown parameter"

  /// An error at `path`.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `path: message`, or the message alone at the top level.
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

extension ParamSchema {
  /// Checks that every default in the schema satisfies the schema it belongs to, and that
  /// bounds are ordered, so that a component cannot publish a schema its own defaults fail.
  public func checkConsistency(at path: String = "") throws(ParamValidationError) {
    func fail(_ message: String) -> ParamValidationError {
      ParamValidationError(path: path, message: message)
    }
    switch kind {
    case .integer(let minimum?, let maximum?) where minimum > maximum:
      throw fail("minimum \(minimum) is greater than maximum \(maximum)")
    case .number(let minimum?, let maximum?) where minimum > maximum:
      throw fail("minimum \(minimum) is greater than maximum \(maximum)")
    case .string(let minLength?, let maxLength?, _) where minLength > maxLength:
      throw fail("minLength \(minLength) is greater than maxLength \(maxLength)")
    case .array(let items, let minItems, let maxItems):
      if let minItems, let maxItems, minItems > maxItems {
        throw fail("minItems \(minItems) is greater than maxItems \(maxItems)")
      }
      try items?.checkConsistency(at: "\(path)[]")
    case .object(let properties, _):
      var names = Set<String>()
      for property in properties {
        let memberPath = path.isEmpty ? property.name : "\(path).\(property.name)"
        guard names.insert(property.name).inserted else {
          throw ParamValidationError(path: memberPath, message: "is declared twice")
        }
        try property.schema.checkConsistency(at: memberPath)
      }
    default: break
    }
    if let defaultValue {
      do {
        _ = try ParamSchema(kind: kind).validate(defaultValue, at: path)
      } catch {
        let detail = error.path == path ? error.message : error.description
        throw ParamValidationError(path: path, message: "default: \(detail)")
      }
    }
  }

  /// Validates a component's params: `nil` or `null` counts as an empty object; defaults
  /// are filled in. Returns the params the factory sees.
  public func validateParams(_ value: ParamValue?) throws(ParamValidationError) -> ParamValue {
    let given: ParamValue = (value == nil || value == .null) ? .object([:]) : value!
    return try validate(given, at: "") ?? .object([:])
  }

  /// Validates `value` (absent when `nil`) at `path`; returns it with defaults filled in,
  /// or `nil` when it is absent and has no default.
  public func validate(_ value: ParamValue?, at path: String) throws(ParamValidationError)
    -> ParamValue?
  {
    guard let value else { return defaultValue }
    func fail(_ message: String) -> ParamValidationError {
      ParamValidationError(path: path, message: message)
    }
    switch kind {
    case .any:
      return value
    case .boolean:
      guard case .bool = value else { throw fail("expected a boolean, got \(value.typeName)") }
      return value
    case .integer(let minimum, let maximum):
      guard let number = value.intValue else {
        throw fail("expected an integer, got \(value.typeName)")
      }
      if let minimum, number < minimum {
        throw fail("\(number) is less than the minimum \(minimum)")
      }
      if let maximum, number > maximum {
        throw fail("\(number) is greater than the maximum \(maximum)")
      }
      return .int(number)
    case .number(let minimum, let maximum):
      guard let number = value.doubleValue else {
        throw fail("expected a number, got \(value.typeName)")
      }
      if let minimum, number < minimum {
        throw fail("\(number) is less than the minimum \(minimum)")
      }
      if let maximum, number > maximum {
        throw fail("\(number) is greater than the maximum \(maximum)")
      }
      return value
    case .string(let minLength, let maxLength, let allowed):
      guard case .string(let text) = value else {
        throw fail("expected a string, got \(value.typeName)")
      }
      if let minLength, text.count < minLength {
        throw fail("is shorter than \(minLength) characters")
      }
      if let maxLength, text.count > maxLength {
        throw fail("is longer than \(maxLength) characters")
      }
      if let allowed, !allowed.contains(text) {
        throw fail("must be one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))")
      }
      return value
    case .array(let items, let minItems, let maxItems):
      guard case .array(let elements) = value else {
        throw fail("expected an array, got \(value.typeName)")
      }
      if let minItems, elements.count < minItems { throw fail("has fewer than \(minItems) items") }
      if let maxItems, elements.count > maxItems { throw fail("has more than \(maxItems) items") }
      guard let items else { return value }
      var validated: [ParamValue] = []
      validated.reserveCapacity(elements.count)
      for (index, element) in elements.enumerated() {
        validated.append(try items.validate(element, at: "\(path)[\(index)]") ?? element)
      }
      return .array(validated)
    case .object(let properties, let additionalProperties):
      guard case .object(var members) = value else {
        throw fail("expected an object, got \(value.typeName)")
      }
      if !additionalProperties {
        let known = Set(properties.map(\.name))
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
          throw ParamValidationError(
            path: path.isEmpty ? unknown : "\(path).\(unknown)",
            message: ParamValidationError.unknownParameter)
        }
      }
      for property in properties {
        let memberPath = path.isEmpty ? property.name : "\(path).\(property.name)"
        if let member = try property.schema.validate(members[property.name], at: memberPath) {
          members[property.name] = member
        } else if property.isRequired {
          throw ParamValidationError(path: memberPath, message: "is required")
        }
      }
      return .object(members)
    }
  }
}
