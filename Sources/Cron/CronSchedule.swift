#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A cron expression in a time zone: the fire times of a job.
///
/// Fire times follow the wall clock of `timeZone`, with cronie's daylight-saving rules:
///
/// - A fixed-time job (`CronExpression.isFixedTime`: neither the minute nor the hour field
///   starts with `*`) whose time falls in a spring-forward gap runs once, at the first instant
///   after the gap: `30 2 * * *` in Europe/Prague on 2026-03-29 fires at 03:00+02:00. In a
///   fall-back overlap it runs once, at the first occurrence.
/// - Any other job follows the wall clock: it has no fires in the skipped time, and fires in
///   both passes of the repeated time.
///
/// Shifts of any size are handled (Australia/Lord_Howe moves by 30 minutes).
///
/// ```swift
/// let expression = try CronExpression(parsing: "0 7 * * MON-FRI")
/// let schedule = CronSchedule(expression, timeZone: prague)
/// for date in schedule.dates(after: .now).prefix(3) {
///   print(Timestamp.format(date, in: prague))
/// }
/// ```
public struct CronSchedule: Sendable, Hashable {
  /// The expression whose fire times this is.
  public let expression: CronExpression
  /// The time zone whose wall clock the expression is read in.
  public let timeZone: TimeZone

  /// Creates the schedule of `expression` on the wall clock of `timeZone`.
  ///
  /// - Parameters:
  ///   - expression: A parsed expression.
  ///   - timeZone: An IANA time zone; by default the machine's.
  public init(_ expression: CronExpression, timeZone: TimeZone = .current) {
    self.expression = expression
    self.timeZone = timeZone
  }

  /// The first fire time strictly after `date`.
  ///
  /// - Parameter date: Any instant; fractions of a second are allowed.
  /// - Returns: The fire time (always a whole second), or `nil` for `@reboot`, which has no
  ///   fire times.
  /// - Complexity: O(1) time-zone look-ups (two or three) plus a search over at most a few
  ///   dozen months; never a minute-by-minute scan. Typically well under a microsecond.
  public func nextDate(after date: Date) -> Date? {
    guard var cursor = Cursor(schedule: self, after: date) else { return nil }
    return cursor.next()
  }

  /// The fire times strictly after `date`, in increasing order, computed lazily.
  ///
  /// The sequence is infinite unless the expression is `@reboot` (then it is empty); take a
  /// prefix. Iterating is cheaper than calling `nextDate(after:)` repeatedly, since the time
  /// zone is consulted only at its transitions.
  ///
  /// - Complexity: Each element costs O(1), as for `nextDate(after:)`.
  public func dates(after date: Date) -> some Sequence<Date> {
    FireDates(schedule: self, start: date)
  }
}
