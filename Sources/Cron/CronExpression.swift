/// A parsed cron expression: five fields (or six, with a leading seconds field), or an `@` word.
///
/// Parsing follows cronie (crontab(5)): lists, ranges, steps, month and weekday names in any
/// case, day of week 0–7 with 0 and 7 both Sunday, and the day-of-month / day-of-week rule —
/// when both day fields are restricted a day matches if either matches, but a day field whose
/// text starts with `*` counts as unrestricted, so `*/2` with `MON` needs both. Extensions,
/// beyond cronie: a leading seconds field, `L` (last day of the month) in the day of month,
/// and `FRI#2` (the second Friday) and `5L` / `FRIL` (the last Friday) in the day of week;
/// these count as restrictions for the day rule.
///
/// ```swift
/// let weekdays = try CronExpression(parsing: "0 7 * * MON-FRI")
/// weekdays.isFixedTime  // true
/// ```
///
/// Two expressions are equal when their sources are equal.
public struct CronExpression: Sendable, Hashable, CustomStringConvertible {
  /// The text the expression was parsed from, unchanged.
  public let source: String
  /// Whether the expression has the leading seconds field (six fields).
  public let hasSeconds: Bool
  /// Whether the expression is `@reboot`, which fires once when the daemon starts and has no
  /// fire times of its own.
  public let isReboot: Bool

  // The compiled fields. Without a seconds field, `seconds` holds only 0.
  let seconds: BitSet64
  let minutes: BitSet64
  let hours: BitSet64
  let daysOfMonth: BitSet64  // 1–31
  let months: BitSet64  // 1–12
  let daysOfWeek: BitSet64  // 0–6; a 7 in the source is stored as 0
  let lastDayOfMonth: Bool  // `L` in the day of month
  let nthWeekdays: BitSet64  // `FRI#2`: bit weekday * 5 + (occurrence - 1)
  let lastWeekdays: BitSet64  // `5L`: bit weekday
  let minuteStartsWithStar: Bool
  let hourStartsWithStar: Bool
  let dayOfMonthStartsWithStar: Bool
  let dayOfWeekStartsWithStar: Bool

  /// Parses a cron expression.
  ///
  /// Leading and trailing white space is ignored; fields are separated by spaces or tabs.
  ///
  /// - Parameter source: Five fields (`0 7 * * MON-FRI`), six with a leading seconds field
  ///   (`30 0 7 * * *`), or one of `@yearly`, `@annually`, `@monthly`, `@weekly`, `@daily`,
  ///   `@midnight`, `@hourly` and `@reboot`.
  /// - Throws: `CronSyntaxError` naming the field and column of the first problem, including
  ///   an expression that can never fire (`0 0 30 2 *`).
  /// - Complexity: O(*n*) in the length of `source`.
  public init(parsing source: String) throws(CronSyntaxError) {
    self = try CronParser(source: source).parse()
  }

  init(
    source: String, hasSeconds: Bool, isReboot: Bool, seconds: BitSet64, minutes: BitSet64,
    hours: BitSet64, daysOfMonth: BitSet64, months: BitSet64, daysOfWeek: BitSet64,
    lastDayOfMonth: Bool, nthWeekdays: BitSet64, lastWeekdays: BitSet64,
    minuteStartsWithStar: Bool, hourStartsWithStar: Bool, dayOfMonthStartsWithStar: Bool,
    dayOfWeekStartsWithStar: Bool
  ) {
    self.source = source
    self.hasSeconds = hasSeconds
    self.isReboot = isReboot
    self.seconds = seconds
    self.minutes = minutes
    self.hours = hours
    self.daysOfMonth = daysOfMonth
    self.months = months
    self.daysOfWeek = daysOfWeek
    self.lastDayOfMonth = lastDayOfMonth
    self.nthWeekdays = nthWeekdays
    self.lastWeekdays = lastWeekdays
    self.minuteStartsWithStar = minuteStartsWithStar
    self.hourStartsWithStar = hourStartsWithStar
    self.dayOfMonthStartsWithStar = dayOfMonthStartsWithStar
    self.dayOfWeekStartsWithStar = dayOfWeekStartsWithStar
  }

  /// Whether the job runs at fixed wall-clock times, which decides how daylight-saving
  /// changes treat it (as cronie does).
  ///
  /// An expression is fixed-time when neither its minute nor its hour field starts with `*`
  /// (the seconds field does not count). A fixed-time job whose time falls in a skipped hour
  /// runs once at the first instant after the gap, and runs only once in a repeated hour. Any
  /// other job follows the wall clock: it has no fires in a skipped hour and fires in both
  /// passes of a repeated one. `@hourly` is not fixed-time; `@daily` and the other `@` words
  /// are; `@reboot` is not.
  public var isFixedTime: Bool {
    !isReboot && !minuteStartsWithStar && !hourStartsWithStar
  }

  /// Whether the two day fields must both match (one of them starts with `*`) rather than
  /// either.
  var daysMustBothMatch: Bool {
    dayOfMonthStartsWithStar || dayOfWeekStartsWithStar
  }

  /// The source text.
  public var description: String { source }

  /// Whether the two expressions were parsed from the same text.
  public static func == (lhs: CronExpression, rhs: CronExpression) -> Bool {
    lhs.source == rhs.source
  }

  /// Hashes the source text.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(source)
  }
}
