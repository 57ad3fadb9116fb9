public import IntentKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension RunEnvironment {
  /// The Gregorian calendar of the date intents in `zone` (the run's when `nil`), weeks
  /// starting on Monday.
  public func calendar(in zone: TimeZone? = nil) -> Calendar {
    Self.calendar(in: zone ?? timeZone)
  }

  /// The Gregorian calendar in `zone`, weeks starting on Monday (ISO 8601 weeks).
  static func calendar(in zone: TimeZone) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    calendar.locale = Locale(identifier: "en_US_POSIX")
    calendar.firstWeekday = 2
    calendar.minimumDaysInFirstWeek = 4  // ISO 8601 weeks
    return calendar
  }
}
