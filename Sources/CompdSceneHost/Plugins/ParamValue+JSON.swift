import CompdProtocol
import JSONRPC
import ScreenKit

extension ParamValue {
  /// The ScreenKit value for a wire `JSON` value.
  init(_ json: JSON) {
    switch json {
    case .null: self = .null
    case .bool(let value): self = .bool(value)
    case .int(let value): self = .int(value)
    case .double(let value): self = .double(value)
    case .string(let value): self = .string(value)
    case .array(let elements): self = .array(elements.map(ParamValue.init))
    case .object(let members):
      var dictionary: [String: ParamValue] = [:]
      for (key, value) in members { dictionary[key] = ParamValue(value) }
      self = .object(dictionary)
    }
  }
}

extension JSON {
  /// The wire value for a ScreenKit value; object members are sorted by name so that the
  /// output is deterministic.
  init(_ value: ParamValue) {
    switch value {
    case .null: self = .null
    case .bool(let value): self = .bool(value)
    case .int(let value): self = .int(value)
    case .double(let value): self = .double(value)
    case .string(let value): self = .string(value)
    case .array(let elements): self = .array(elements.map(JSON.init))
    case .object(let members):
      self = .object(JSONObject(members.keys.sorted().map { ($0, JSON(members[$0]!)) }))
    }
  }
}

extension ParamSchema {
  /// The schema as a JSON Schema document (the subset ScreenKit validates), as
  /// `components.describe` returns it.
  var jsonSchema: JSON {
    var object = JSONObject()
    switch kind {
    case .any: break
    case .boolean: object["type"] = "boolean"
    case .integer(let minimum, let maximum):
      object["type"] = "integer"
      if let minimum { object["minimum"] = .int(minimum) }
      if let maximum { object["maximum"] = .int(maximum) }
    case .number(let minimum, let maximum):
      object["type"] = "number"
      if let minimum { object["minimum"] = .double(minimum) }
      if let maximum { object["maximum"] = .double(maximum) }
    case .string(let minLength, let maxLength, let allowed):
      object["type"] = "string"
      if let minLength { object["minLength"] = .int(Int64(minLength)) }
      if let maxLength { object["maxLength"] = .int(Int64(maxLength)) }
      if let allowed { object["enum"] = .array(allowed.map(JSON.string)) }
    case .array(let items, let minItems, let maxItems):
      object["type"] = "array"
      if let items { object["items"] = items.jsonSchema }
      if let minItems { object["minItems"] = .int(Int64(minItems)) }
      if let maxItems { object["maxItems"] = .int(Int64(maxItems)) }
    case .object(let properties, let additionalProperties):
      object["type"] = "object"
      object["properties"] = .object(
        JSONObject(properties.map { ($0.name, $0.schema.jsonSchema) }))
      let required = properties.filter(\.isRequired).map { JSON.string($0.name) }
      if !required.isEmpty { object["required"] = .array(required) }
      object["additionalProperties"] = .bool(additionalProperties)
    }
    if let description { object["description"] = .string(description) }
    if let defaultValue { object["default"] = JSON(defaultValue) }
    return .object(object)
  }
}
