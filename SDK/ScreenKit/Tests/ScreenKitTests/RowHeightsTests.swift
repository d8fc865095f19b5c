import Testing

@testable import ScreenKit

/// `RowHeights` against the plain model it stands for: an array of heights and its prefix
/// sums, on seeded random edits (measurements, forgetting, insertions, deletions, new
/// estimates).
@Suite struct RowHeightsTests {
  /// splitmix64: the same sequence on every run.
  struct Seeded {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }
  }

  /// The model: each row's height, `nil` for the estimate.
  struct Model {
    var heights: [Double?]
    var estimate: Double
    func height(_ row: Int) -> Double { heights[row] ?? estimate }
    func offset(_ row: Int) -> Double { (0..<row).reduce(0) { $0 + height($1) } }
    var total: Double { offset(heights.count) }
    func row(at y: Double) -> Int? {
      guard !heights.isEmpty else { return nil }
      var top = 0.0
      for row in heights.indices {
        if y < top + height(row) { return row }
        top += height(row)
      }
      return heights.count - 1
    }
  }

  @Test(arguments: 0..<40)
  func agreesWithPrefixSums(seed: UInt64) {
    var random = Seeded(state: seed)
    let count = random.below(700)
    var rows = RowHeights(count: count, estimate: 44)
    var model = Model(heights: Array(repeating: nil, count: count), estimate: 44)
    for _ in 0..<120 {
      switch random.below(6) {
      case 0, 1:
        guard !model.heights.isEmpty else { continue }
        let row = random.below(model.heights.count)
        let height = Double(random.below(200))
        rows.setHeight(height, of: row)
        model.heights[row] = height
      case 2:
        guard !model.heights.isEmpty else { continue }
        let row = random.below(model.heights.count)
        rows.forgetHeight(of: row)
        model.heights[row] = nil
      case 3:
        let inserted = Set((0..<random.below(5)).map { _ in random.below(model.heights.count + 1) })
          .sorted()
        rows.insert(rows: inserted)
        for index in inserted { model.heights.insert(nil, at: index) }
      case 4:
        guard !model.heights.isEmpty else { continue }
        let deleted = Set((0..<random.below(5)).map { _ in random.below(model.heights.count) })
        rows.delete(rows: deleted)
        for index in deleted.sorted(by: >) { model.heights.remove(at: index) }
      default:
        let estimate = Double(1 + random.below(80))
        rows.setEstimate(estimate)
        model.estimate = estimate
      }
      #expect(rows.count == model.heights.count)
      #expect(abs(rows.total - model.total) < 1e-6)
      for _ in 0..<5 where !model.heights.isEmpty {
        let row = random.below(model.heights.count)
        #expect(abs(rows.offset(of: row) - model.offset(row)) < 1e-6)
        #expect(rows.height(of: row) == model.height(row))
        let y = Double(random.below(Int(model.total) + 20)) - 10
        #expect(rows.row(at: y) == model.row(at: y), "y \(y)")
      }
    }
  }

  @Test func aMillionUniformRowsTakeABlockTreeOnly() {
    let rows = RowHeights(count: 1_000_000, estimate: 44)
    #expect(rows.total == 44_000_000)
    #expect(rows.row(at: 43_999_999) == 999_999)
    #expect(rows.row(at: 22_000_000) == 500_000)
    #expect(rows.offset(of: 123_456) == 123_456 * 44)
  }
}
