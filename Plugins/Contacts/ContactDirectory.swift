/// The people of the list, made from a seed so that person `i` is always the same: a name
/// from a first and a last name, a phone number. Held as numbers, not strings, so that a
/// million people cost a few megabytes; names are spelled when a row shows them.
struct ContactDirectory {
  /// One person: an id and the parts of the name, by index.
  struct Person: Hashable, Sendable {
    let id: Int
    let first: Int
    let last: Int
  }

  static let firstNames = [
    "Ada", "Alan", "Barbara", "Brian", "Claude", "Dennis", "Donald", "Edsger", "Frances", "Grace",
    "Hedy", "Ivan", "Jean", "John", "Ken", "Leslie", "Linus", "Margaret", "Niklaus", "Radia",
    "Rob", "Shafi", "Sophie", "Tim", "Vint", "Yukihiro",
  ]
  static let lastNames = [
    "Allen", "Backus", "Cerf", "Dijkstra", "Engelbart", "Floyd", "Gosling", "Hamilton", "Hopper",
    "Iverson", "Jobs", "Kay", "Knuth", "Lamport", "Liskov", "McCarthy", "Naur", "Ousterhout",
    "Perlman", "Quinlan", "Ritchie", "Stroustrup", "Thompson", "Underwood", "Valiant", "Wirth",
    "Xu", "Yao", "Zuse",
  ]

  /// The people by section (the last name's initial), sorted by last then first name.
  private(set) var sections: [(initial: String, people: [Person])]

  /// `count` people.
  init(count: Int) {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var byLast = [[Person]](repeating: [], count: Self.lastNames.count)
    for id in 0..<count {
      // splitmix64: the same people on every run and machine.
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      z ^= z >> 31
      let first = Int(z % UInt64(Self.firstNames.count))
      let last = Int((z >> 32) % UInt64(Self.lastNames.count))
      byLast[last].append(Person(id: id, first: first, last: last))
    }
    var sections: [(String, [Person])] = []
    for (last, people) in byLast.enumerated() where !people.isEmpty {
      let initial = String(Self.lastNames[last].prefix(1))
      let sorted = people.sorted { ($0.first, $0.id) < ($1.first, $1.id) }
      if let index = sections.firstIndex(where: { $0.0 == initial }) {
        sections[index].1.append(contentsOf: sorted)
      } else {
        sections.append((initial, sorted))
      }
    }
    self.sections = sections
  }

  /// The person's full name.
  static func name(of person: Person) -> String {
    "\(firstNames[person.first]) \(lastNames[person.last])"
  }

  /// Which first-and-last-name pairs' full names pass `test`, by first then last index.
  static func namePairs(where test: (String) -> Bool) -> [[Bool]] {
    firstNames.map { first in lastNames.map { last in test("\(first) \(last)") } }
  }

  /// The person's phone number, from their id.
  static func phone(of person: Person) -> String {
    let number = 5_550_000 + person.id % 10_000
    return "+1 (415) \(number / 10_000)-\(String(number % 10_000).leftPadded(to: 4))"
  }

  /// Removes the person with `id`.
  mutating func remove(id: Int) {
    for index in sections.indices {
      if let position = sections[index].people.firstIndex(where: { $0.id == id }) {
        sections[index].people.remove(at: position)
        if sections[index].people.isEmpty { sections.remove(at: index) }
        return
      }
    }
  }
}

extension String {
  func leftPadded(to length: Int) -> String {
    count >= length ? self : String(repeating: "0", count: length - count) + self
  }
}
