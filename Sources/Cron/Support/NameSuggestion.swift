/// A small "did you mean" for the names cron accepts (`FRI`, `@daily`).
///
/// Cron must not depend on IntentKit, so this is a local, deliberately tiny version: it
/// suggests a candidate that the input starts with (`MONDAY` → `MON`), or the single closest
/// candidate within a small edit distance. Ties give no suggestion rather than a guess.
enum NameSuggestion {
  /// The candidate the user most likely meant, spelt in the input's case.
  static func closest(to input: String, among candidates: [String]) -> String? {
    let typed = Array(input.uppercased())
    guard !typed.isEmpty else { return nil }
    var best: (candidate: String, distance: Int)?
    var isTied = false
    for candidate in candidates {
      let wanted = Array(candidate.uppercased())
      let distance =
        typed.count > wanted.count && typed.starts(with: wanted)
        ? 0 : editDistance(typed, wanted)
      guard distance <= max(1, wanted.count / 3) else { continue }
      if let current = best, distance >= current.distance {
        if distance == current.distance { isTied = true }
        continue
      }
      best = (candidate, distance)
      isTied = false
    }
    guard let best, !isTied else { return nil }
    return input == input.lowercased() ? best.candidate.lowercased() : best.candidate
  }

  /// The number of insertions, deletions, substitutions and adjacent transpositions that
  /// turn `a` into `b`.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousRow: [Int] = []
    var row = Array(0...b.count)
    for i in 1...a.count {
      let rowBeforePrevious = previousRow
      previousRow = row
      row = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          row[j] = min(row[j], rowBeforePrevious[j - 2] + 1)
        }
      }
    }
    return row[b.count]
  }
}
