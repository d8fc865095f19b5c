import CompdProtocol

/// The closed scenes compd remembers, so that an old id keeps answering why it is gone
/// (`compd.NoSuchScene`'s `reason`): the most recent `limit` of them, in the order they
/// closed. Remembering one more forgets the oldest, so a daemon that opens and closes
/// scenes for years holds a bounded number, in memory and in the scene database.
struct ClosedScenes {
  /// How many are kept (`scene-tombstones`); 0 keeps none.
  let limit: Int
  private var byID: [String: SceneTombstone] = [:]
  /// Ids in closing order; the live ones start at `start`.
  private var order: [String] = []
  private var start = 0

  /// Keeps at most `limit` closed scenes.
  init(limit: Int) {
    self.limit = max(0, limit)
  }

  /// How many are kept now.
  var count: Int { byID.count }

  /// The closed scene `id`, or `nil` when it was never closed or has been forgotten.
  subscript(id: String) -> SceneTombstone? { byID[id] }

  /// Remembers `tombstone` as the most recent; returns the ids forgotten to stay within
  /// the limit, oldest first (`tombstone`'s own when the limit is 0).
  mutating func remember(_ tombstone: SceneTombstone) -> [String] {
    if byID.updateValue(tombstone, forKey: tombstone.id) == nil { order.append(tombstone.id) }
    var forgotten: [String] = []
    while byID.count > limit {
      let oldest = order[start]
      start += 1
      byID[oldest] = nil
      forgotten.append(oldest)
    }
    // The forgotten prefix is dropped once it is the larger part, so appending stays
    // amortised O(1) and the array at most twice the kept count.
    if start > 1024, start * 2 > order.count {
      order.removeFirst(start)
      start = 0
    }
    return forgotten
  }
}
