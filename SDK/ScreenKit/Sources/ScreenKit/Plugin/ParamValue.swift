/// A parameter or event payload value: the JSON data model, without a JSON dependency.
///
/// ScreenKit does not parse or print JSON; the daemon converts between its wire `JSON` and
/// this type. Integers stay apart from doubles so that counts and ids survive unchanged.
public enum ParamValue: Sendable, Hashable {
  /// JSON `null`.
  case null
  /// A boolean.
  case bool(Bool)
  /// An integer.
  case int(Int64)
  /// A floating-point number.
  case double(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([ParamValue])
  /// An object; member order is not significant.
  case object([String: ParamValue])
}

extension ParamValue {
  /// The member named `key` when this is an object, else `nil`.
  public subscript(key: String) -> ParamValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// The string value, or `nil` for any other kind.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The integer value (an integral double counts), or `nil` for any other kind.
  public var intValue: Int64? {
    switch self {
    case .int(let value): return value
    case .double(let value) where value.rounded() == value && abs(value) < 9.007_199_254_740_992e15:
      return Int64(value)
    default: return nil
    }
  }

  /// The integer value as `Int` (see ``intValue``), or `nil` for any other kind: what a
  /// component reads for counts, sizes and indexes.
  public var int: Int? { intValue.map { Int($0) } }

  /// An integer from an `Int`, as `.int(Int64(value))`: `ParamValue(items.count)`.
  public init(_ value: Int) { self = .int(Int64(value)) }

  /// The string value (see ``stringValue``), or `nil` for any other kind: what a component
  /// reads for names and text, as ``int`` reads integers.
  public var string: String? { stringValue }

  /// A string, as `.string(value)`: `ParamValue(username)`.
  public init(_ value: String) { self = .string(value) }

  /// The boolean value (see ``boolValue``), or `nil` for any other kind.
  public var bool: Bool? { boolValue }

  /// A boolean, as `.bool(value)`: `ParamValue(isOn)`.
  public init(_ value: Bool) { self = .bool(value) }

  /// The numeric value of an integer or a double (see ``doubleValue``), or `nil` for any
  /// other kind.
  public var double: Double? { doubleValue }

  /// A floating-point number, as `.double(value)`: `ParamValue(progress)`.
  public init(_ value: Double) { self = .double(value) }

  /// The numeric value of an integer or a double, or `nil` for any other kind.
  public var doubleValue: Double? {
    switch self {
    case .int(let value): return Double(value)
    case .double(let value): return value
    default: return nil
    }
  }

  /// The boolean value, or `nil` for any other kind.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements of an array, or `nil` for any other kind.
  public var arrayValue: [ParamValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The members of an object, or `nil` for any other kind.
  public var objectValue: [String: ParamValue]? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// The JSON type name of this value (`integer` for integers), used in error messages.
  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "boolean"
    case .int: return "integer"
    case .double: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }
}

extension ParamValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  /// `null`.
  public init(nilLiteral: ()) { self = .null }
  /// A boolean literal.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// An integer literal.
  public init(integerLiteral value: Int64) { self = .int(value) }
  /// A floating-point literal.
  public init(floatLiteral value: Double) { self = .double(value) }
  /// A string literal.
  public init(stringLiteral value: String) { self = .string(value) }
  /// An array literal.
  public init(arrayLiteral elements: ParamValue...) { self = .array(elements) }
  /// An object literal; a repeated key keeps its last value.
  public init(dictionaryLiteral elements: (String, ParamValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
