public import IntentKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The current time and the run's time zone, as the date intents see them.
///
/// Intents read it through `@Dependency({ $0.calendarClock })`, so that tests fix the time
/// and the zone instead of depending on the machine's.
public struct CalendarClock: Sendable {
  /// Returns the current instant.
  public var now: @Sendable () -> Date
  /// The zone of calendar arithmetic when an intent's `timezone` parameter is unset.
  public var timeZone: TimeZone

  /// A clock reading `now`, in `timeZone`.
  public init(now: @escaping @Sendable () -> Date, timeZone: TimeZone) {
    self.now = now
    self.timeZone = timeZone
  }

  /// The system clock, in the zone that `TZ` names (else the system's zone).
  public static var live: CalendarClock {
    CalendarClock(now: { Date() }, timeZone: .current)
  }

  /// A clock stopped at `date`, in `timeZone`: for tests.
  public static func fixed(_ date: Date, timeZone: TimeZone) -> CalendarClock {
    CalendarClock(now: { date }, timeZone: timeZone)
  }

  /// The Gregorian calendar in `zone` (the clock's when `nil`), weeks starting on Monday.
  public func calendar(in zone: TimeZone? = nil) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone ?? timeZone
    calendar.locale = Locale(identifier: "en_US_POSIX")
    calendar.firstWeekday = 2
    calendar.minimumDaysInFirstWeek = 4  // ISO 8601 weeks
    return calendar
  }
}

private enum CalendarClockKey: DependencyKey {
  static var defaultValue: CalendarClock { .live }
}

extension DependencyValues {
  /// The clock and time zone of the date intents; the default is the system's.
  public var calendarClock: CalendarClock {
    get { self[CalendarClockKey.self] }
    set { self[CalendarClockKey.self] = newValue }
  }
}
