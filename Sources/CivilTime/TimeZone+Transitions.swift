#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Time-zone look-ups in whole seconds since 1970, the unit the schedule computes in.
/// Inlinable, as ``CivilCalendar`` is: Cron's matching calls them in its loops.
extension TimeZone {
  /// The offset from UTC, in seconds, in effect at the instant `second`.
  @inlinable package func offset(at second: Int) -> Int {
    secondsFromGMT(for: Date(timeIntervalSince1970: Double(second)))
  }

  /// The first instant after `second` at which the offset (or the daylight-saving flag)
  /// changes, or `nil` if the zone has no further changes.
  @inlinable package func transition(after second: Int) -> Int? {
    nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: Double(second)))
      .map { Int($0.timeIntervalSince1970.rounded()) }
  }

  /// The instant at which the wall clock shows `local` (seconds since 1970-01-01T00:00:00 on
  /// the wall clock).
  ///
  /// A repeated wall-clock time (a fall-back overlap) gives its first occurrence. A skipped
  /// one (a spring-forward gap) is read with the offset in effect before the change, so it
  /// lands as far after the gap as it was into it: 02:30 on a night that jumps from 02:00 to
  /// 03:00 gives 03:30, as `Calendar` and most libraries do.
  ///
  /// - Complexity: O(1): a walk over the transitions within a day of `local`, usually one.
  @inlinable package func instant(forLocal local: Int) -> Int {
    // Offsets lie within ±18 hours, so every instant showing `local` comes after this one.
    var segmentStart = local - 25 * 3600
    var offset = self.offset(at: segmentStart)
    for _ in 0..<16 {
      let candidate = local - offset
      guard let change = transition(after: segmentStart), candidate >= change else {
        return candidate
      }
      let newOffset = self.offset(at: change)
      if local < change + newOffset {
        // Skipped: the wall clock jumped over `local` at `change`.
        return candidate
      }
      segmentStart = change
      offset = newOffset
    }
    return local - offset
  }
}
