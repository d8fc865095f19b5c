/// "Did you mean …?": the known name closest to a mistyped one, for error messages and
/// error data (`data.suggestion`).
///
/// Closeness is the optimal-string-alignment distance (Levenshtein plus swapping two
/// neighbours, so `layuot` is one edit from `layout`) between the names with case ignored,
/// after a case-only difference (`demo.login`, `darkmode`), which always wins. A name
/// further than a third of its length (at least 1, at most 3 edits) suggests nothing.
public enum NameSuggestion {
  /// The closest of `candidates` to `name`, or nil when none is close enough or `name` is
  /// itself a candidate.
  public static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
    let lowered = Array(name.lowercased())
    let limit = min(3, max(1, lowered.count / 3))
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      if candidate == name { return nil }
      let distance = editDistance(lowered, Array(candidate.lowercased()))
      if distance <= limit, distance < best?.distance ?? .max {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// The optimal-string-alignment distance between `a` and `b`: insertions, deletions,
  /// substitutions and transpositions of adjacent characters, each costing 1.
  public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previous2[j - 2] + 1)
        }
        current[j] = value
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
