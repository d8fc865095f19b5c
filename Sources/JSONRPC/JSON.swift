/// A JSON value as the rest of compd sees it.
///
/// Parsing goes through json-c (see `JSONParser`); serializing writes the bytes json-c would
/// print, straight from this type (see `JSON.serialized()`). This type is plain Swift so that
/// handlers never touch json-c objects. Integers are kept
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
///
/// The members are one array, searched in order while the object is small (most are a
/// handful of members: one allocation and no hashing to build one); from
/// `indexedCount` members on, a dictionary from key to position makes lookups constant-time.
public struct JSONObject: Sendable, Hashable, ExpressibleByDictionaryLiteral, Sequence {
  private var members: [(key: String, value: JSON)] = []
  /// Positions by key, kept once the object has `indexedCount` members.
  private var positions: [String: Int]?

  /// The member count from which lookups go through `positions`.
  static let indexedCount = 16

  /// An empty object.
  public init() {}

  /// An empty object with room for `capacity` members: for a reader that fills it member
  /// by member, and would otherwise reallocate for each of the first few.
  init(reservingCapacity capacity: Int) {
    members.reserveCapacity(capacity)
  }

  /// An object with the given members, in the given order. A repeated key keeps its first
  /// position and its last value.
  public init(_ members: [(String, JSON)]) {
    // Reserving room in an empty array allocates even for none: `[:]` must not.
    guard !members.isEmpty else { return }
    self.members.reserveCapacity(members.count)
    for (key, value) in members { self[key] = value }
  }

  public init(dictionaryLiteral elements: (String, JSON)...) {
    self.init(elements)
  }

  /// The member names, in insertion order.
  public var keys: [String] { members.map(\.key) }

  /// The number of members.
  public var count: Int { members.count }

  /// Whether the object has no members.
  public var isEmpty: Bool { members.isEmpty }

  private func position(of key: String) -> Int? {
    if let positions { return positions[key] }
    return members.firstIndex { $0.key == key }
  }

  /// The member named `key`; setting `nil` removes it.
  public subscript(key: String) -> JSON? {
    get { position(of: key).map { members[$0].value } }
    set {
      if let index = position(of: key) {
        if let newValue {
          members[index].value = newValue
        } else {
          members.remove(at: index)
          if positions != nil { reindex() }
        }
      } else if let newValue {
        members.append((key, newValue))
        if positions != nil {
          positions![key] = members.count - 1
        } else if members.count >= Self.indexedCount {
          reindex()
        }
      }
    }
  }

  private mutating func reindex() {
    guard members.count >= Self.indexedCount else {
      positions = nil
      return
    }
    var index: [String: Int] = [:]
    index.reserveCapacity(members.count)
    for (position, member) in members.enumerated() { index[member.key] = position }
    positions = index
  }

  /// The members in insertion order.
  public func makeIterator() -> IndexingIterator<[(key: String, value: JSON)]> {
    members.makeIterator()
  }

  // Two objects are equal when they have the same members, whatever their order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.members.count == rhs.members.count else { return false }
    for (index, member) in lhs.members.enumerated() {
      // Objects built the same way have their members in the same order.
      if index < rhs.members.count, rhs.members[index].key == member.key {
        if rhs.members[index].value != member.value { return false }
      } else if rhs[member.key] != member.value {
        return false
      }
    }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    // Independent of the members' order, as equality is.
    var combined = 0
    for member in members {
      var one = Hasher()
      one.combine(member.key)
      one.combine(member.value)
      combined ^= one.finalize()
    }
    hasher.combine(members.count)
    hasher.combine(combined)
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
