/// Finds the closest known name to a misspelt one, for "did you mean" hints.
///
/// Used for intent identifiers, workflow keys, step ids, command names and options, cron
/// names and time zones, so that every "did you mean" in IntentFlow follows the same rule.
/// It lives in a target of its own, below every other, so that CLIKit and Cron need not
/// depend on the model to use it.
public enum Spelling {
  /// What to suggest when several candidates are equally close.
  public enum Ties: Sendable {
    /// The candidate listed first: right where candidates come in an order of preference.
    case firstListed
    /// No suggestion: right where a guess between equals would mislead (`TUE` or `THU` for
    /// `TEU`).
    case noSuggestion
  }

  /// Returns the candidate nearest to `name`, or `nil` when none is close enough to help.
  ///
  /// Distance is the optimal-string-alignment edit distance (insertions, deletions,
  /// substitutions and swaps of neighbours), compared case-insensitively. A candidate
  /// qualifies when its distance is at most a third of the longer name (at least 1), or
  /// when one name is a prefix of the other and the shorter one has three or more
  /// characters. Ties go to the candidate listed first, or to none (see ``Ties``).
  ///
  /// - Complexity: O(*n* × *m*) per candidate, for names of length *n* and *m*.
  public static func closest(
    to name: String, among candidates: some Sequence<String>, ties: Ties = .firstListed
  ) -> String? {
    let target = Array(name.lowercased().unicodeScalars)
    guard !target.isEmpty else { return nil }
    var best: (candidate: String, distance: Int)?
    var isTied = false
    for candidate in candidates {
      let other = Array(candidate.lowercased().unicodeScalars)
      if other == target { return candidate }
      let limit = max(1, max(target.count, other.count) / 3)
      var distance = editDistance(target, other)
      let shorter = min(target.count, other.count)
      if distance > limit, shorter >= 3,
        other.starts(with: target) || target.starts(with: other)
      {
        distance = limit
      }
      guard distance <= limit else { continue }
      if let current = best, distance >= current.distance {
        if distance == current.distance { isTied = true }
        continue
      }
      best = (candidate, distance)
      isTied = false
    }
    if isTied, ties == .noSuggestion { return nil }
    return best?.candidate
  }

  /// The optimal-string-alignment distance between two scalar arrays: insertions, deletions,
  /// substitutions and swaps of neighbours.
  public static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }
}
