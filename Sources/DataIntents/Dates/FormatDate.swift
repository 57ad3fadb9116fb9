public import IntentKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// `date.format`: a date as text.
public struct FormatDate: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "date.format"
  public static let title = "Format Date"
  public static let description =
    "Writes a date as text: iso8601 (default, 2026-03-29T09:00:00+02:00), date "
    + "(2026-03-29), time (09:00), unix (seconds since 1970) or a Unicode pattern such as "
    + "yyyy-MM-dd HH:mm or EEEE d MMMM (English names)."
  public static let parameterSummary: String? = "Format {date} as {format}"

  @Parameter(title: "Date", isInput: true)
  public var date: Date

  @Parameter(
    title: "Format",
    description: "iso8601, date, time, unix, or a pattern (yyyy year, MM "
      + "month, dd day, HH hour, mm minute, ss second, EEE weekday; 'quote' literal letters).",
    default: "iso8601", resolve: { DateFormat.resolve($0) })
  public var format: String

  @Parameter(
    title: "Time zone", description: "Whose wall clock to show; the run's (TZ) when unset.",
    resolve: { TimeZoneName.resolve($0) })
  public var timezone: String?

  @Dependency({ $0.runEnvironment }) var environment: RunEnvironment

  public init() {}

  public func perform() async throws -> IntentResult<String> {
    let zone = timezone.flatMap(TimeZoneName.zone) ?? environment.timeZone
    return .result(value: DateFormat(format).string(from: date, in: zone))
  }
}
