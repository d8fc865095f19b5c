/// The heights of one section's rows (or a flow's lines), and where each starts: the one
/// geometry a list asks "where is row r" and "which row is at y".
///
/// A list of a million rows must not cost a million numbers before anyone looks at them, so
/// rows not measured yet are `estimate` tall and take no memory. Rows are grouped in blocks
/// of `blockSize`; a block holds per-row heights only once one of its rows was measured, and a
/// Fenwick tree over the blocks' total heights answers both questions in O(log blocks + block
/// size). A section whose rows are all `estimate` tall (a fixed `rowHeight`) allocates one
/// tree of `count / blockSize` numbers.
struct RowHeights: Equatable {
  /// Rows per block.
  static let blockSize = 64

  /// The number of rows.
  private(set) var count: Int
  /// The height of each row not measured.
  private(set) var estimate: Double
  /// Fenwick tree (1-based) over the blocks' heights.
  private var tree: [Double]
  /// The measured heights of the blocks that have any (NaN for a row not measured).
  private var measured: [Int: [Double]] = [:]
  /// The sum of all heights.
  private(set) var total: Double

  /// `count` rows of `estimate` points each.
  init(count: Int, estimate: Double) {
    self.count = max(0, count)
    self.estimate = estimate
    tree = []
    total = 0
    rebuild()
  }

  private var blockCount: Int { (count + Self.blockSize - 1) / Self.blockSize }

  private func rows(inBlock block: Int) -> Int {
    min(Self.blockSize, count - block * Self.blockSize)
  }

  private func blockHeight(_ block: Int) -> Double {
    let rows = rows(inBlock: block)
    guard let heights = measured[block] else { return Double(rows) * estimate }
    var sum = 0.0
    for index in 0..<rows { sum += heights[index].isNaN ? estimate : heights[index] }
    return sum
  }

  private mutating func rebuild() {
    let blocks = blockCount
    tree = [Double](repeating: 0, count: blocks + 1)
    total = 0
    for block in 0..<blocks {
      let height = blockHeight(block)
      total += height
      tree[block + 1] += height
      let parent = (block + 1) + ((block + 1) & -(block + 1))
      if parent <= blocks { tree[parent] += tree[block + 1] }
    }
  }

  private mutating func add(_ delta: Double, toBlock block: Int) {
    var index = block + 1
    while index < tree.count {
      tree[index] += delta
      index += index & -index
    }
    total += delta
  }

  /// The summed height of the blocks before `block`.
  private func heightBefore(block: Int) -> Double {
    var sum = 0.0
    var index = block
    while index > 0 {
      sum += tree[index]
      index -= index & -index
    }
    return sum
  }

  /// The height of `row`.
  func height(of row: Int) -> Double {
    let block = row / Self.blockSize
    if let heights = measured[block] {
      let value = heights[row % Self.blockSize]
      if !value.isNaN { return value }
    }
    return estimate
  }

  /// Whether `row` was measured (its height is not the estimate's).
  func isMeasured(_ row: Int) -> Bool {
    guard let heights = measured[row / Self.blockSize] else { return false }
    return !heights[row % Self.blockSize].isNaN
  }

  /// Where `row` starts, from the first row's top; `count` gives the total.
  func offset(of row: Int) -> Double {
    if row >= count { return total }
    let block = row / Self.blockSize
    var offset = heightBefore(block: block)
    let first = block * Self.blockSize
    if let heights = measured[block] {
      for index in 0..<(row - first) {
        offset += heights[index].isNaN ? estimate : heights[index]
      }
    } else {
      offset += Double(row - first) * estimate
    }
    return offset
  }

  /// The row that contains `y` (clamped to the rows there are); nil when there are none.
  func row(at y: Double) -> Int? {
    guard count > 0 else { return nil }
    if y <= 0 { return 0 }
    if y >= total { return count - 1 }
    // Fenwick descent: the last block whose start is at or before y.
    var position = 0
    var remaining = y
    var step = 1
    while step * 2 < tree.count { step *= 2 }
    while step > 0 {
      let next = position + step
      if next < tree.count, tree[next] <= remaining {
        position = next
        remaining -= tree[next]
      }
      step /= 2
    }
    let block = min(position, blockCount - 1)
    if block != position { remaining += blockHeight(block) }
    let first = block * Self.blockSize
    let rows = rows(inBlock: block)
    let heights = measured[block]
    for index in 0..<rows {
      let height = heights.map { $0[index].isNaN ? estimate : $0[index] } ?? estimate
      if remaining < height { return first + index }
      remaining -= height
    }
    return first + rows - 1
  }

  /// Records the height of `row`; returns how much the total changed.
  @discardableResult
  mutating func setHeight(_ height: Double, of row: Int) -> Double {
    guard row >= 0, row < count else { return 0 }
    let old = self.height(of: row)
    let block = row / Self.blockSize
    var heights = measured[block] ?? [Double](repeating: .nan, count: Self.blockSize)
    heights[row % Self.blockSize] = height
    measured[block] = heights
    let delta = height - old
    if delta != 0 { add(delta, toBlock: block) }
    return delta
  }

  /// Forgets the measured height of `row` (it is the estimate's again).
  mutating func forgetHeight(of row: Int) {
    guard row >= 0, row < count, isMeasured(row) else { return }
    let old = height(of: row)
    let block = row / Self.blockSize
    measured[block]![row % Self.blockSize] = .nan
    if measured[block]!.allSatisfy(\.isNaN) { measured[block] = nil }
    add(estimate - old, toBlock: block)
  }

  /// Takes a new estimate for the rows not measured.
  mutating func setEstimate(_ estimate: Double) {
    guard estimate != self.estimate else { return }
    self.estimate = estimate
    rebuild()
  }

  /// The measured heights as row → height.
  private var measuredRows: [Int: Double] {
    var rows: [Int: Double] = [:]
    for (block, heights) in measured {
      for (index, height) in heights.enumerated() where !height.isNaN {
        rows[block * Self.blockSize + index] = height
      }
    }
    return rows
  }

  private mutating func replaceMeasured(_ rows: [Int: Double], count: Int) {
    self.count = count
    measured = [:]
    for (row, height) in rows where row >= 0 && row < count {
      let block = row / Self.blockSize
      var heights = measured[block] ?? [Double](repeating: .nan, count: Self.blockSize)
      heights[row % Self.blockSize] = height
      measured[block] = heights
    }
    rebuild()
  }

  /// Inserts `rows` (sorted, as indexes after the insertion) of unmeasured height.
  mutating func insert(rows inserted: [Int]) {
    guard !inserted.isEmpty else { return }
    let old = measuredRows
    var moved: [Int: Double] = [:]
    for (row, height) in old {
      // The new index of an old row: itself plus the insertions at or before it.
      var shifted = row
      for index in inserted where index <= shifted { shifted += 1 }
      moved[shifted] = height
    }
    replaceMeasured(moved, count: count + inserted.count)
  }

  /// Removes `rows` (indexes before the removal).
  mutating func delete(rows deleted: Set<Int>) {
    guard !deleted.isEmpty else { return }
    let old = measuredRows
    let sorted = deleted.sorted()
    var moved: [Int: Double] = [:]
    for (row, height) in old where !deleted.contains(row) {
      var below = 0
      for index in sorted where index < row { below += 1 }
      moved[row - below] = height
    }
    replaceMeasured(moved, count: count - deleted.filter { $0 >= 0 && $0 < count }.count)
  }
}
