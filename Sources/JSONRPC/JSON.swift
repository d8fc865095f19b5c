/// A JSON value as the rest of compd sees it.
///
/// Parsing and serializing go through json-c (see `JSONParser` and `JSON.serialized()`);
/// this type is plain Swift so that handlers never touch json-c objects. Integers are kept
/// apart from doubles so that ids and counters survive a round trip unchanged.
public enum JSON: Sendable, Hashable {
  case null
  case bool(Bool)
  case int(Int64)
  case double(Double)
  case string(String)
  case array([JSON])
  case object(JSONObject)
}

/// A JSON object that keeps its members in insertion order.
///
/// Order matters on the wire only for readability (`{"jsonrpc":"2.0","id":1,…}`) and for
/// byte-exact golden tests; lookups are by key. Setting an existing key keeps its position.
public struct JSONObject: Sendable, Hashable, ExpressibleByDictionaryLiteral, Sequence {
  /// The member names, in insertion order.
  public private(set) var keys: [String] = []
  private var storage: [String: JSON] = [:]

  /// An empty object.
  public init() {}

  /// An object with the given members, in the given order. A repeated key keeps its first
  /// position and its last value.
  public init(_ members: [(String, JSON)]) {
    for (key, value) in members { self[key] = value }
  }

  public init(dictionaryLiteral elements: (String, JSON)...) {
    self.init(elements)
  }

  /// The number of members.
  public var count: Int { keys.count }

  /// Whether the object has no members.
  public var isEmpty: Bool { keys.isEmpty }

  /// The member named `key`; setting `nil` removes it.
  public subscript(key: String) -> JSON? {
    get { storage[key] }
    set {
      if let newValue {
        if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
      } else if storage.removeValue(forKey: key) != nil {
        keys.removeAll { $0 == key }
      }
    }
  }

  /// The members in insertion order.
  public func makeIterator() -> some IteratorProtocol<(key: String, value: JSON)> {
    var index = 0
    let keys = keys
    let storage = storage
    return AnyIterator {
      guard index < keys.count else { return nil }
      defer { index += 1 }
      return (keys[index], storage[keys[index]]!)
    }
  }

  // Two objects are equal when they have the same members, whatever their order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.storage == rhs.storage
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage)
  }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int64) { self = .int(value) }
  public init(floatLiteral value: Double) { self = .double(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: JSON...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSON)...) {
    self = .object(JSONObject(elements))
  }
}

extension JSON {
  /// The member named `key` when this is an object, else `nil`.
  public subscript(key: String) -> JSON? {
    if case .object(let object) = self { return object[key] }
    return nil
  }

  /// The string value, or `nil` for any other kind.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The integer value, or `nil` for any other kind (a double with an integral value
  /// counts, so that `2.0` from a client is accepted where an integer is expected).
  public var intValue: Int64? {
    switch self {
    case .int(let value): return value
    case .double(let value) where value.rounded() == value && abs(value) < 9.007_199_254_740_992e15:
      return Int64(value)
    default: return nil
    }
  }

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
  public var arrayValue: [JSON]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The members of an object, or `nil` for any other kind.
  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// Whether this is `null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }
}
