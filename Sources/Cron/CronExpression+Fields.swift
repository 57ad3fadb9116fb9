/// The compiled fields of an expression, for programs that translate it into another
/// scheduler's syntax (systemd's `OnCalendar=`, a Kubernetes `schedule`).
extension CronExpression {
  /// What each field of an expression matches, after names, ranges and steps are expanded.
  public struct Fields: Sendable, Hashable {
    /// Seconds, 0–59 (only 0 without a seconds field).
    public var seconds: [Int]
    /// Minutes, 0–59.
    public var minutes: [Int]
    /// Hours, 0–23.
    public var hours: [Int]
    /// Days of the month, 1–31, not counting `L`.
    public var daysOfMonth: [Int]
    /// Months, 1–12.
    public var months: [Int]
    /// Days of the week, 0–6 with 0 Sunday, not counting `FRI#2` and `5L`.
    public var daysOfWeek: [Int]
    /// `L` in the day of month: the month's last day.
    public var lastDayOfMonth: Bool
    /// `FRI#2`: the weekday (0–6) and its occurrence in the month (1–5).
    public var nthWeekdays: [(weekday: Int, occurrence: Int)]
    /// `5L`: weekdays (0–6) whose last occurrence in the month matches.
    public var lastWeekdays: [Int]
    /// Whether a day must match both day fields (one of them starts with `*`), rather than
    /// either (cronie's rule when both are restricted).
    public var daysMustBothMatch: Bool

    public static func == (lhs: Fields, rhs: Fields) -> Bool {
      lhs.seconds == rhs.seconds && lhs.minutes == rhs.minutes && lhs.hours == rhs.hours
        && lhs.daysOfMonth == rhs.daysOfMonth && lhs.months == rhs.months
        && lhs.daysOfWeek == rhs.daysOfWeek && lhs.lastDayOfMonth == rhs.lastDayOfMonth
        && lhs.nthWeekdays.map { [$0.weekday, $0.occurrence] }
          == rhs.nthWeekdays.map { [$0.weekday, $0.occurrence] }
        && lhs.lastWeekdays == rhs.lastWeekdays && lhs.daysMustBothMatch == rhs.daysMustBothMatch
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(seconds)
      hasher.combine(minutes)
      hasher.combine(hours)
      hasher.combine(daysOfMonth)
      hasher.combine(months)
      hasher.combine(daysOfWeek)
    }
  }

  /// The expanded fields; `nil` for `@reboot`, which has no fire times.
  public var fields: Fields? {
    guard !isReboot else { return nil }
    return Fields(
      seconds: seconds.values, minutes: minutes.values, hours: hours.values,
      daysOfMonth: daysOfMonth.values, months: months.values, daysOfWeek: daysOfWeek.values,
      lastDayOfMonth: lastDayOfMonth,
      nthWeekdays: nthWeekdays.values.map { (weekday: $0 / 5, occurrence: $0 % 5 + 1) },
      lastWeekdays: lastWeekdays.values, daysMustBothMatch: daysMustBothMatch)
  }
}
