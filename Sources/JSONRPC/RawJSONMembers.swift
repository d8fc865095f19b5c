/// Members of a JSON object kept as their text, by name: the payloads a relay passes on
/// without looking inside (`JSONEnvelope`, `RequestEnvelope`).
///
/// A message has a handful of them, so they are kept in the order they were set and found by
/// comparing names, which costs less than hashing the names into a dictionary. Setting a
/// name again replaces its value; setting it to `nil` removes it.
public struct RawJSONMembers: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
  /// One member: its name and its value's text.
  public typealias Element = (name: String, value: RawJSON)

  private var members: [Element] = []

  /// No members.
  public init() {}

  /// The members `elements`, in their order; a repeated name keeps its last value.
  public init(dictionaryLiteral elements: (String, RawJSON)...) {
    for (name, value) in elements { self[name] = value }
  }

  /// The value of the member `name`; setting it replaces that member's value in place,
  /// adds the member at the end, or (`nil`) removes it.
  public subscript(name: String) -> RawJSON? {
    get { members.first { $0.name == name }?.value }
    set {
      let index = members.firstIndex { $0.name == name }
      switch (index, newValue) {
      case (let index?, let value?): members[index].value = value
      case (let index?, nil): members.remove(at: index)
      case (nil, let value?):
        // Room for the few payloads a message has, at the first.
        if members.isEmpty { members.reserveCapacity(4) }
        members.append((name, value))
      case (nil, nil): break
      }
    }
  }

  /// Whether there are no members.
  public var isEmpty: Bool { members.isEmpty }

  /// How many members there are.
  public var count: Int { members.count }

  /// How many bytes the members' values take together: what a buffer they are written into
  /// needs room for, besides their names.
  public var valueByteCount: Int { members.reduce(0) { $0 + $1.value.bytes.count } }

  /// The members in the order they were set.
  public func makeIterator() -> IndexingIterator<[Element]> {
    members.makeIterator()
  }

  /// The same members with the same values, in any order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.count == rhs.count && lhs.members.allSatisfy { rhs[$0.name] == $0.value }
  }
}
