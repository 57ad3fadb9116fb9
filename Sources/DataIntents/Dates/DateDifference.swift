public import IntentKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// `date.between`: how many whole units lie between two dates.
public struct DateDifference: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "date.between"
  public static let title = "Get Time Between Dates"
  public static let description =
    "Counts the whole units from start to end (negative when end is earlier): seconds, "
    + "minutes and hours of elapsed time, or calendar days (default), weeks, months or years."
  public static let parameterSummary: String? = "{unit} between {start} and {end}"

  static let units = OptionList(
    "unit", ["seconds", "minutes", "hours", "days", "weeks", "months", "years"],
    aliases: [
      "second": "seconds", "minute": "minutes", "hour": "hours", "day": "days",
      "week": "weeks", "month": "months", "year": "years",
    ])

  @Parameter(title: "Start", isInput: true)
  public var start: Date

  @Parameter(title: "End", requestValueDialog: "Until when?")
  public var end: Date

  @Parameter(
    title: "Unit",
    description: "seconds, minutes, hours, days (default), weeks, months or "
      + "years.", default: "days", allowedValues: DateDifference.units.options,
    resolve: { DateDifference.units.resolve($0) })
  public var unit: String

  @Parameter(
    title: "Time zone",
    description: "The zone whose calendar counts days; the run's (TZ) "
      + "when unset.", resolve: { TimeZoneName.resolve($0) })
  public var timezone: String?

  @Dependency({ $0.runEnvironment }) var environment: RunEnvironment

  public init() {}

  public func perform() async throws -> IntentResult<Int> {
    let seconds = end.timeIntervalSince(start)
    switch unit {
    case "seconds": return .result(value: Int(seconds.rounded(.towardZero)))
    case "minutes": return .result(value: Int((seconds / 60).rounded(.towardZero)))
    case "hours": return .result(value: Int((seconds / 3600).rounded(.towardZero)))
    default: break
    }
    let calendar = environment.calendar(in: timezone.flatMap(TimeZoneName.zone))
    let component: Calendar.Component =
      unit == "months" ? .month : unit == "years" ? .year : .day
    let count = calendar.dateComponents([component], from: start, to: end).value(for: component)
    guard let count else {
      throw IntentError(
        "cannot count the \(unit) between \(Value.date(start)) and \(Value.date(end))")
    }
    return .result(value: unit == "weeks" ? count / 7 : count)
  }
}
