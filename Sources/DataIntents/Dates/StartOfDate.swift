public import IntentKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// `date.startOf`: the first instant of the day, week, month or year of a date.
public struct StartOfDate: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "date.startOf"
  public static let title = "Get Start of Period"
  public static let description =
    "Returns the first instant of the day, week (weeks start on Monday), month or year that "
    + "contains the date, in the run's time zone or 'timezone'."
  public static let parameterSummary: String? = "Start of the {unit} of {date}"

  static let units = OptionList(
    "unit", ["day", "week", "month", "year"],
    aliases: ["days": "day", "weeks": "week", "months": "month", "years": "year"])

  @Parameter(title: "Date", isInput: true)
  public var date: Date

  @Parameter(
    title: "Unit", description: "day (default), week, month or year.", default: "day",
    allowedValues: StartOfDate.units.options,
    resolve: { StartOfDate.units.resolve($0) })
  public var unit: String

  @Parameter(
    title: "Time zone",
    description: "The zone whose calendar is used; the run's (TZ) when "
      + "unset.", resolve: { TimeZoneName.resolve($0) })
  public var timezone: String?

  @Dependency({ $0.runEnvironment }) var environment: RunEnvironment

  public init() {}

  public func perform() async throws -> IntentResult<Date> {
    let calendar = environment.calendar(in: timezone.flatMap(TimeZoneName.zone))
    let component: Calendar.Component
    switch unit {
    case "week": component = .weekOfYear
    case "month": component = .month
    case "year": component = .year
    default: component = .day
    }
    guard let start = calendar.dateInterval(of: component, for: date)?.start else {
      throw IntentError("the \(unit) of \(Value.date(date)) has no start in the calendar")
    }
    return .result(value: start)
  }
}
