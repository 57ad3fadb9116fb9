import CivilTime
import Cron
import ICUSupport
public import IntentKit
import Suggestions

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// `date.parse`: text to a date.
public struct ParseDate: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "date.parse"
  public static let title = "Get Date from Text"
  public static let description =
    "Reads a date from text in a format: iso8601 (default; a date, a date and time, with or "
    + "without an offset), date, time (today), unix, or a Unicode pattern. Text without an "
    + "offset is read on the wall clock of 'timezone', else the run's (TZ)."
  public static let parameterSummary: String? = "Read {input} as {format}"

  @Parameter(title: "Text", isInput: true)
  public var input: String

  @Parameter(
    title: "Format",
    description: "iso8601, date, time, unix, or a pattern such as "
      + "dd.MM.yyyy HH:mm.", default: "iso8601", resolve: { DateFormat.resolve($0) })
  public var format: String

  @Parameter(
    title: "Time zone",
    description: "The zone of text without an offset; the run's (TZ) "
      + "when unset.", resolve: { TimeZoneName.resolve($0) })
  public var timezone: String?

  @Dependency({ $0.runEnvironment }) var environment: RunEnvironment

  public init() {}

  public func perform() async throws -> IntentResult<Date> {
    let zone = timezone.flatMap(TimeZoneName.zone) ?? environment.timeZone
    let text = input.trimming(.whitespacesAndNewlines)
    let parsed: Date?
    do {
      parsed = try parse(text, in: zone)
    } catch {
      throw IntentError("\(error)")
    }
    guard let date = parsed else {
      throw IntentError(
        "'\(text)' does not match the format '\(format)'\(Self.example(format, in: zone))")
    }
    return .result(value: date)
  }

  private func parse(_ text: String, in zone: TimeZone) throws -> Date? {
    switch DateFormat(format) {
    case .iso8601:
      return Timestamp.parse(text, defaultTimeZone: zone)
    case .unix:
      guard text.allSatisfy({ "0123456789+-.".contains($0) }), let seconds = Double(text),
        seconds.isFinite
      else { return nil }
      return try CheckedArithmetic.date(unixSeconds: seconds, from: "'\(text)' as unix time")
    case .pattern("yyyy-MM-dd"):
      // Midnight as Timestamp reads it: a day whose midnight is skipped starts after the gap.
      guard text.count == 10 else { return nil }
      return Timestamp.parse(text, defaultTimeZone: zone)
    case .pattern("HH:mm"):
      let parts = text.split(separator: ":")
      guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }), let hour = Int(parts[0]),
        let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
      else { return nil }
      return environment.calendar(in: zone).date(
        bySettingHour: hour, minute: minute, second: 0, of: environment.clock.now())
    case .pattern(let pattern):
      // ICU reads some text that does not follow the pattern (other separators, for one);
      // written back, such a date differs from the text, and that is how it is caught.
      let formatter = DateFormat.formatter(pattern, in: zone)
      guard let date = formatter.date(from: text),
        TextComparison.order(formatter.string(from: date), text, ignoringCase: true) == 0
      else { return nil }
      return date
    }
  }

  /// ` (for example '…')`: the current time in the format, to show what it expects.
  private static func example(_ format: String, in zone: TimeZone) -> String {
    let sample = DateFormat(format).string(
      from: Date(timeIntervalSince1970: 1_774_771_200), in: zone)
    return sample.isEmpty ? "" : " (for example '\(sample)')"
  }
}
