import CivilTime

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CronSchedule {
  /// A position in the schedule's fire times: the search walks the time zone's offset
  /// segments (the spans between transitions, where wall clock and UTC differ by a constant),
  /// searching each one's wall-clock span with `CronExpression.nextLocalTime(atOrAfter:)`.
  ///
  /// At a transition the cursor applies the daylight-saving rules: wall-clock times skipped by
  /// a forward change fire once at the change for a fixed-time job and not at all otherwise;
  /// wall-clock times repeated by a backward change are searched again only for a job that
  /// is not fixed-time.
  struct Cursor {
    private let expression: CronExpression
    private let timeZone: TimeZone
    private let isFixedTime: Bool
    /// The offset of the current segment, in seconds east of UTC.
    private var offset: Int
    /// The instant the current segment ends (the next transition), if it ends.
    private var segmentEnd: Int?
    /// The earliest wall-clock time, in local seconds, that may fire next.
    private var lowerBound: Int

    /// A cursor whose first fire is strictly after `date`, or `nil` for `@reboot` and
    /// dates outside the representable range.
    init?(schedule: CronSchedule, after date: Date) {
      let seconds = date.timeIntervalSince1970.rounded(.down)
      // Keep well inside Int and the calendar arithmetic (about ±290 million years).
      guard !schedule.expression.isReboot, seconds.isFinite, abs(seconds) < 9e15 else {
        return nil
      }
      expression = schedule.expression
      timeZone = schedule.timeZone
      isFixedTime = expression.isFixedTime
      // Fire times are whole seconds, so "after `date`" means "at or after `last` + 1"; the
      // cursor stands in the segment containing `last`.
      let last = Int(seconds)
      offset = timeZone.offset(at: last)
      lowerBound = last + offset + 1
      // Look back a day for a transition at or before `last`: a fixed-time job that already
      // ran in the first pass of a repeated hour must not run again in the second.
      var change = timeZone.transition(after: last - CivilCalendar.secondsPerDay)
      while let instant = change, instant <= last {
        let before = timeZone.offset(at: instant - 1)
        if isFixedTime, before > timeZone.offset(at: instant) {
          lowerBound = max(lowerBound, instant + before)
        }
        change = timeZone.transition(after: instant)
      }
      segmentEnd = change
    }

    /// The next fire time, advancing the cursor past it.
    mutating func next() -> Date? {
      nextInstant().map { Date(timeIntervalSince1970: Double($0)) }
    }

    private mutating func nextInstant() -> Int? {
      // Each pass either returns or moves to the next segment; a zone has a few transitions
      // a year and the search spans at most 400 years.
      for _ in 0..<4096 {
        guard let local = expression.nextLocalTime(atOrAfter: lowerBound) else { return nil }
        let instant = local - offset
        guard let change = segmentEnd, instant >= change else {
          lowerBound = local + 1
          return instant
        }
        // `local` lies beyond this segment: cross the transition at `change`.
        let newOffset = timeZone.offset(at: change)
        let endOfOldClock = change + offset  // the first wall-clock time this segment missed
        let startOfNewClock = change + newOffset  // the wall clock at the transition
        offset = newOffset
        segmentEnd = timeZone.transition(after: change)
        if startOfNewClock > endOfOldClock {
          // Spring forward: [endOfOldClock, startOfNewClock) never shows on the clock.
          if isFixedTime, local < startOfNewClock {
            lowerBound = startOfNewClock + 1
            return change
          }
          lowerBound = max(local, startOfNewClock)
        } else if startOfNewClock < endOfOldClock {
          // Fall back: [startOfNewClock, endOfOldClock) shows twice.
          lowerBound = isFixedTime ? local : startOfNewClock
        } else {
          lowerBound = local
        }
      }
      return nil
    }
  }
}
