/// A set of symbols (non-negative integers), as the tableau's columns hold them: open
/// addressing with linear probing and a multiplicative hash, much cheaper than `Set<Int>`'s
/// seeded hashing for the many small updates of a pivot. The iteration order is unspecified;
/// none of the solver's choices depend on it.
struct SymbolSet: Sequence {
  /// The slots, a power of two of them (or none); -1 marks an empty one.
  private var slots: [Int] = []
  private(set) var count = 0

  private static func home(of symbol: Int, mask: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: symbol)) &* 0x9E37_79B9_7F4A_7C15) >> 32)
      & mask
  }

  mutating func insert(_ symbol: Int) {
    if slots.isEmpty {
      slots = [Int](repeating: -1, count: 4)
    } else if (count + 1) * 4 > slots.count * 3 {
      grow()
    }
    let mask = slots.count - 1
    var index = Self.home(of: symbol, mask: mask)
    while true {
      let occupant = slots[index]
      if occupant == symbol { return }
      if occupant < 0 {
        slots[index] = symbol
        count += 1
        return
      }
      index = (index + 1) & mask
    }
  }

  mutating func remove(_ symbol: Int) {
    guard count > 0 else { return }
    let mask = slots.count - 1
    var hole = Self.home(of: symbol, mask: mask)
    while slots[hole] != symbol {
      if slots[hole] < 0 { return }
      hole = (hole + 1) & mask
    }
    // Shift back the entries after the hole that may live there, so that no lookup stops
    // early at it.
    var next = (hole + 1) & mask
    while slots[next] >= 0 {
      let home = Self.home(of: slots[next], mask: mask)
      if (next - home) & mask >= (next - hole) & mask {
        slots[hole] = slots[next]
        hole = next
      }
      next = (next + 1) & mask
    }
    slots[hole] = -1
    count -= 1
  }

  private mutating func grow() {
    let old = slots
    slots = [Int](repeating: -1, count: old.count * 2)
    count = 0
    for symbol in old where symbol >= 0 { insert(symbol) }
  }

  func makeIterator() -> LazyFilterSequence<[Int]>.Iterator {
    slots.lazy.filter { $0 >= 0 }.makeIterator()
  }
}
