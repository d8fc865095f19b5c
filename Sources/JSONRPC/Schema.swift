/// A JSON Schema subset that describes method params and results.
///
/// The dispatcher validates params against it before a handler runs (filling in defaults)
/// and `rpc.discover` renders it as JSON Schema. Build one with the static functions:
///
/// ```swift
/// Schema.object([
///   .init("scene", .string(minLength: 1), required: true),
///   .init("width", .integer(minimum: 1, maximum: 10_000, default: 320)),
/// ])
/// ```
public struct Schema: Sendable {
  /// What values a schema accepts.
  public indirect enum Kind: Sendable {
    /// An object with the listed members; others are allowed only if `additionalProperties`.
    case object(properties: [Property], additionalProperties: Bool)
    /// A string, optionally bounded in length (in Unicode scalars) or limited to `values`.
    case string(minLength: Int?, maxLength: Int?, values: [String]?)
    /// An integer (an integral double such as `2.0` is accepted and becomes `2`).
    case integer(minimum: Int64?, maximum: Int64?)
    /// Any number.
    case number(minimum: Double?, maximum: Double?)
    /// `true` or `false`.
    case boolean
    /// An array whose elements all match `items`.
    case array(items: Schema, minItems: Int?, maxItems: Int?)
    /// `null`.
    case null
    /// A value that matches exactly one of the alternatives.
    case oneOf([Schema])
    /// Any JSON value.
    case any
  }

  /// A member of an object schema.
  public struct Property: Sendable {
    /// The member name.
    public var name: String
    /// The member's schema.
    public var schema: Schema
    /// Whether the member must be present (a default counts only for absent optional members).
    public var required: Bool

    /// A member named `name` matching `schema`.
    public init(_ name: String, _ schema: Schema, required: Bool = false) {
      self.name = name
      self.schema = schema
      self.required = required
    }
  }

  /// What values the schema accepts.
  public var kind: Kind
  /// Documentation, rendered as `description`.
  public var description: String?
  /// The value filled in for an absent optional member, rendered as `default`.
  public var defaultValue: JSON?

  /// A schema of the given kind.
  public init(_ kind: Kind, description: String? = nil, default defaultValue: JSON? = nil) {
    self.kind = kind
    self.description = description
    self.defaultValue = defaultValue
  }

  /// An object with the given members; unknown members are rejected unless
  /// `additionalProperties` is true.
  public static func object(
    _ properties: [Property] = [], additionalProperties: Bool = false, description: String? = nil
  ) -> Schema {
    Schema(
      .object(properties: properties, additionalProperties: additionalProperties),
      description: description)
  }

  /// A string.
  public static func string(
    minLength: Int? = nil, maxLength: Int? = nil, enum values: [String]? = nil,
    description: String? = nil,
    default defaultValue: String? = nil
  ) -> Schema {
    Schema(
      .string(minLength: minLength, maxLength: maxLength, values: values), description: description,
      default: defaultValue.map(JSON.string))
  }

  /// An integer.
  public static func integer(
    minimum: Int64? = nil, maximum: Int64? = nil, description: String? = nil,
    default defaultValue: Int64? = nil
  ) -> Schema {
    Schema(
      .integer(minimum: minimum, maximum: maximum), description: description,
      default: defaultValue.map(JSON.int))
  }

  /// A number.
  public static func number(
    minimum: Double? = nil, maximum: Double? = nil, description: String? = nil,
    default defaultValue: Double? = nil
  ) -> Schema {
    Schema(
      .number(minimum: minimum, maximum: maximum), description: description,
      default: defaultValue.map(JSON.double))
  }

  /// A boolean.
  public static func boolean(description: String? = nil, default defaultValue: Bool? = nil)
    -> Schema
  {
    Schema(.boolean, description: description, default: defaultValue.map(JSON.bool))
  }

  /// An array of `items`.
  public static func array(
    _ items: Schema, minItems: Int? = nil, maxItems: Int? = nil, description: String? = nil
  ) -> Schema {
    Schema(.array(items: items, minItems: minItems, maxItems: maxItems), description: description)
  }

  /// `null`.
  public static func null(description: String? = nil) -> Schema {
    Schema(.null, description: description)
  }

  /// Exactly one of `alternatives`.
  public static func oneOf(_ alternatives: [Schema], description: String? = nil) -> Schema {
    Schema(.oneOf(alternatives), description: description)
  }

  /// Any value.
  public static func any(description: String? = nil) -> Schema {
    Schema(.any, description: description)
  }
}

extension Schema {
  /// Checks `value`, returning it with defaults filled in; the error is `-32602` naming the
  /// path of the first bad member (`environment.width`, `items[2].name`) in its message and
  /// in `data.field`.
  public func validate(_ value: JSON) throws(RPCError) -> JSON {
    try validate(value, path: "")
  }

  /// For an object schema: the same schema without the members named `names`.
  func removingProperties(_ names: Set<String>) -> Schema {
    guard !names.isEmpty, case .object(let properties, let additional) = kind else { return self }
    var schema = self
    schema.kind = .object(
      properties: properties.filter { !names.contains($0.name) }, additionalProperties: additional)
    return schema
  }

  /// For an object schema: checks the member `name`, given as its text (`nil` when absent),
  /// as far as a member passed on unread is checked (`RPCMethod.payloadParams`): present if
  /// required, and an object if its schema is an object's. The rest is its decoder's to check.
  func validatePayload(_ text: RawJSON?, named name: String) throws(RPCError) {
    guard case .object(let properties, _) = kind,
      let property = properties.first(where: { $0.name == name })
    else { return }
    guard let text else {
      if property.required { throw Self.failure(name, "is required") }
      return
    }
    guard case .object = property.schema.kind, !text.isObject else { return }
    // Not an object: the schema's own check says so, in its words (the text was checked as
    // one value, so it parses).
    _ = try property.schema.validate((try? text.parsed()) ?? .null, path: name)
  }

  private static func kindName(_ value: JSON) -> String {
    switch value {
    case .null: "null"
    case .bool: "boolean"
    case .int: "integer"
    case .double: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  private static func failure(_ path: String, _ problem: String) -> RPCError {
    if path.isEmpty { return .invalidParams("params \(problem)") }
    return .invalidParams("\(path): \(problem)", field: path)
  }

  private static func join(_ path: String, _ name: String) -> String {
    path.isEmpty ? name : "\(path).\(name)"
  }

  private func validate(_ value: JSON, path: String) throws(RPCError) -> JSON {
    func mismatch(_ expected: String) -> RPCError {
      Self.failure(path, "expected \(expected), got \(Self.kindName(value))")
    }
    switch kind {
    case .any:
      return value
    case .null:
      guard value.isNull else { throw mismatch("null") }
      return value
    case .boolean:
      guard case .bool = value else { throw mismatch("boolean") }
      return value
    case .string(let minLength, let maxLength, let values):
      guard case .string(let string) = value else { throw mismatch("string") }
      if let values, !values.contains(string) {
        throw Self.failure(
          path, "must be one of \(values.map { "\"\($0)\"" }.joined(separator: ", "))")
      }
      let length = string.unicodeScalars.count
      if let minLength, length < minLength {
        throw Self.failure(path, "must be at least \(minLength) characters long")
      }
      if let maxLength, length > maxLength {
        throw Self.failure(path, "must be at most \(maxLength) characters long")
      }
      return value
    case .integer(let minimum, let maximum):
      guard let integer = value.intValue, value.doubleValue != nil else {
        throw mismatch("integer")
      }
      if let minimum, integer < minimum { throw Self.failure(path, "must be at least \(minimum)") }
      if let maximum, integer > maximum { throw Self.failure(path, "must be at most \(maximum)") }
      return .int(integer)
    case .number(let minimum, let maximum):
      guard let number = value.doubleValue else { throw mismatch("number") }
      if let minimum, number < minimum {
        throw Self.failure(path, "must be at least \(JSON.double(minimum).serialized())")
      }
      if let maximum, number > maximum {
        throw Self.failure(path, "must be at most \(JSON.double(maximum).serialized())")
      }
      return value
    case .array(let items, let minItems, let maxItems):
      guard case .array(let elements) = value else { throw mismatch("array") }
      if let minItems, elements.count < minItems {
        throw Self.failure(path, "must have at least \(minItems) items")
      }
      if let maxItems, elements.count > maxItems {
        throw Self.failure(path, "must have at most \(maxItems) items")
      }
      var result: [JSON] = []
      result.reserveCapacity(elements.count)
      for (index, element) in elements.enumerated() {
        result.append(try items.validate(element, path: "\(path)[\(index)]"))
      }
      return .array(result)
    case .object(let properties, let additionalProperties):
      guard case .object(let members) = value else { throw mismatch("object") }
      var result = JSONObject()
      for property in properties {
        let memberPath = Self.join(path, property.name)
        if let member = members[property.name] {
          result[property.name] = try property.schema.validate(member, path: memberPath)
        } else if property.required {
          throw Self.failure(memberPath, "is required")
        } else if let fallback = property.schema.defaultValue {
          result[property.name] = fallback
        }
      }
      for (key, member) in members where result[key] == nil {
        guard additionalProperties else {
          throw Self.failure(Self.join(path, key), "is not a known member")
        }
        result[key] = member
      }
      return .object(result)
    case .oneOf(let alternatives):
      var matched: JSON?
      var matches = 0
      var firstError: RPCError?
      for alternative in alternatives {
        do {
          let checked = try alternative.validate(value, path: path)
          matches += 1
          if matched == nil { matched = checked }
        } catch {
          if firstError == nil { firstError = error }
        }
      }
      if matches == 1, let matched { return matched }
      if matches > 1 { throw Self.failure(path, "matches more than one allowed form") }
      if alternatives.count == 1, let firstError { throw firstError }
      throw Self.failure(path, "does not match any allowed form (got \(Self.kindName(value)))")
    }
  }
}

extension Schema {
  /// The schema as a JSON Schema document (for OpenRPC's `schema` members).
  public var jsonSchema: JSON {
    var object = JSONObject()
    switch kind {
    case .any:
      break
    case .null:
      object["type"] = "null"
    case .boolean:
      object["type"] = "boolean"
    case .string(let minLength, let maxLength, let values):
      object["type"] = "string"
      if let minLength { object["minLength"] = .int(Int64(minLength)) }
      if let maxLength { object["maxLength"] = .int(Int64(maxLength)) }
      if let values { object["enum"] = .array(values.map(JSON.string)) }
    case .integer(let minimum, let maximum):
      object["type"] = "integer"
      if let minimum { object["minimum"] = .int(minimum) }
      if let maximum { object["maximum"] = .int(maximum) }
    case .number(let minimum, let maximum):
      object["type"] = "number"
      if let minimum { object["minimum"] = .double(minimum) }
      if let maximum { object["maximum"] = .double(maximum) }
    case .array(let items, let minItems, let maxItems):
      object["type"] = "array"
      object["items"] = items.jsonSchema
      if let minItems { object["minItems"] = .int(Int64(minItems)) }
      if let maxItems { object["maxItems"] = .int(Int64(maxItems)) }
    case .object(let properties, let additionalProperties):
      object["type"] = "object"
      var rendered = JSONObject()
      for property in properties { rendered[property.name] = property.schema.jsonSchema }
      object["properties"] = .object(rendered)
      let required = properties.filter(\.required).map { JSON.string($0.name) }
      if !required.isEmpty { object["required"] = .array(required) }
      object["additionalProperties"] = .bool(additionalProperties)
    case .oneOf(let alternatives):
      object["oneOf"] = .array(alternatives.map(\.jsonSchema))
    }
    if let description { object["description"] = .string(description) }
    if let defaultValue { object["default"] = defaultValue }
    return .object(object)
  }
}
