public import IntentKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// `date.adjust`: a date moved by some amount of time.
public struct AdjustDate: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "date.adjust"
  public static let title = "Adjust Date"
  public static let description =
    "Adds an amount of time to a date (a negative amount subtracts). seconds, minutes and "
    + "hours add elapsed time; days, weeks, months and years keep the wall-clock time across "
    + "daylight-saving changes; weekdays skip Saturdays and Sundays; a month after Jan 31 is "
    + "the last day of February."
  public static let parameterSummary: String? = "Add {amount} {unit} to {date}"

  static let units = OptionList(
    "unit", ["seconds", "minutes", "hours", "days", "weekdays", "weeks", "months", "years"],
    aliases: [
      "second": "seconds", "minute": "minutes", "hour": "hours", "day": "days",
      "weekday": "weekdays", "week": "weeks", "month": "months", "year": "years",
    ])

  @Parameter(title: "Date", isInput: true)
  public var date: Date

  @Parameter(
    title: "Amount", description: "How many units; negative to go back.",
    requestValueDialog: "By how much?")
  public var amount: Int

  @Parameter(
    title: "Unit",
    description: "seconds, minutes, hours, days (default), weekdays, weeks, "
      + "months or years.", default: "days", allowedValues: AdjustDate.units.options,
    resolve: { AdjustDate.units.resolve($0) })
  public var unit: String

  @Parameter(
    title: "Time zone",
    description: "The zone whose calendar counts days; the run's (TZ) "
      + "when unset.", resolve: { TimeZoneName.resolve($0) })
  public var timezone: String?

  @Dependency({ $0.runEnvironment }) var environment: RunEnvironment

  public init() {}

  public func perform() async throws -> IntentResult<Date> {
    let calendar = environment.calendar(in: timezone.flatMap(TimeZoneName.zone))
    guard let result = Self.adjust(date, by: amount, unit: unit, calendar: calendar),
      CheckedArithmetic.dates.contains(result)
    else {
      throw IntentError(
        "\(amount) \(unit) from \(Value.date(date).textDescription) is out of the range of "
          + "dates (the years 1 to 9999)")
    }
    return .result(value: result)
  }

  /// How many of each calendar unit span the range of dates (years 1 to 9999), rounded up: a
  /// larger amount cannot give a date in range, and Foundation's calendar answers one with
  /// the date unchanged or a wrapped value rather than an error.
  private static let spans: [String: Int] = [
    "days": 3_652_060, "weekdays": 2_608_615, "weeks": 521_724, "months": 119_988,
    "years": 9_999,
  ]

  /// `date` moved by `amount` units in `calendar`, or `nil` when the result is out of range.
  static func adjust(_ date: Date, by amount: Int, unit: String, calendar: Calendar) -> Date? {
    switch unit {
    case "seconds", "minutes", "hours":
      let scale = unit == "seconds" ? 1.0 : unit == "minutes" ? 60 : 3600
      return try? CheckedArithmetic.date(date, adding: Double(amount) * scale, from: "")
    default:
      break
    }
    guard amount.magnitude <= spans[unit] ?? 3_652_060 else { return nil }
    switch unit {
    case "weeks": return calendar.date(byAdding: .day, value: amount * 7, to: date)
    case "months": return calendar.date(byAdding: .month, value: amount, to: date)
    case "years": return calendar.date(byAdding: .year, value: amount, to: date)
    case "weekdays": return addingWeekdays(amount, to: date, calendar: calendar)
    default: return calendar.date(byAdding: .day, value: amount, to: date)
    }
  }

  /// Steps over days, counting only Monday to Friday. From a weekday, five weekdays are
  /// always one week, so whole weeks are skipped at once.
  private static func addingWeekdays(_ amount: Int, to date: Date, calendar: Calendar) -> Date? {
    let step = amount < 0 ? -1 : 1
    var remaining = amount.magnitude
    var cursor = date
    while remaining > 0 {
      if isWeekday(cursor, calendar), remaining >= 5 {
        let (days, overflow) = Int(remaining / 5).multipliedReportingOverflow(by: 7 * step)
        guard !overflow, let next = calendar.date(byAdding: .day, value: days, to: cursor) else {
          return nil
        }
        cursor = next
        remaining %= 5
        continue
      }
      guard let next = calendar.date(byAdding: .day, value: step, to: cursor) else { return nil }
      cursor = next
      if isWeekday(cursor, calendar) { remaining -= 1 }
    }
    return cursor
  }

  private static func isWeekday(_ date: Date, _ calendar: Calendar) -> Bool {
    // Gregorian weekdays are 1 (Sunday) to 7 (Saturday), whatever the first day of the week.
    (2...6).contains(calendar.component(.weekday, from: date))
  }
}
