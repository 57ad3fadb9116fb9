import CivilTime

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A wall-clock date and time to the second, without a time zone: what a cron expression
/// matches against.
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The year, e.g. 2026.
  public var year: Int
  /// The month, 1–12.
  public var month: Int
  /// The day of the month, 1–31.
  public var day: Int
  /// The hour, 0–23.
  public var hour: Int
  /// The minute, 0–59.
  public var minute: Int
  /// The second, 0–59.
  public var second: Int

  /// Creates a wall-clock time from its fields (which are not checked; see `isValid`).
  public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// The wall-clock time that `timeZone` shows at `date` (fractions of a second dropped).
  ///
  /// - Complexity: O(1): one time-zone offset look-up.
  public init(_ date: Date, in timeZone: TimeZone) {
    let instant = Int(date.timeIntervalSince1970.rounded(.down))
    self.init(localSeconds: instant + timeZone.secondsFromGMT(for: date))
  }

  /// The wall-clock time `seconds` after 1970-01-01T00:00:00.
  init(localSeconds seconds: Int) {
    let (dayNumber, secondOfDay) = CivilCalendar.split(seconds: seconds)
    let (year, month, day) = CivilCalendar.date(dayNumber: dayNumber)
    self.init(
      year: year, month: month, day: day, hour: secondOfDay / 3600,
      minute: secondOfDay / 60 % 60, second: secondOfDay % 60)
  }

  /// Seconds since 1970-01-01T00:00:00 on the same wall clock.
  var localSeconds: Int {
    CivilCalendar.dayNumber(year: year, month: month, day: day) * CivilCalendar.secondsPerDay
      + hour * 3600 + minute * 60 + second
  }

  /// Whether every field is in range and the day exists in its month.
  public var isValid: Bool {
    (1...12).contains(month) && day >= 1
      && day <= CivilCalendar.daysInMonth(year: year, month: month) && (0...23).contains(hour)
      && (0...59).contains(minute) && (0...59).contains(second)
  }

  /// The day of the week, 0 for Sunday through 6 for Saturday, as cron numbers them.
  public var weekday: Int {
    CivilCalendar.weekday(dayNumber: CivilCalendar.dayNumber(year: year, month: month, day: day))
  }

  /// `2026-03-29T02:30:00`.
  public var description: String {
    Timestamp.format(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second,
      offset: nil)
  }

  /// Whether `lhs` comes earlier on the wall clock.
  public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
    (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute, lhs.second)
      < (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute, rhs.second)
  }
}
