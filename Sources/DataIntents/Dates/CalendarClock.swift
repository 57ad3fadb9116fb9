public import IntentKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The current time and the run's time zone, as the date intents saw them before they read
/// ``IntentKit/DependencyValues/runEnvironment``: kept so that code written against it still
/// builds, and now a view of that environment.
@available(*, deprecated, message: "read 'dependencies.runEnvironment' (its clock and timeZone)")
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
    RunEnvironment.calendar(in: zone ?? timeZone)
  }
}

extension DependencyValues {
  /// The clock and time zone of ``runEnvironment``.
  @available(*, deprecated, message: "read and set 'runEnvironment' (its clock and timeZone)")
  public var calendarClock: CalendarClock {
    get {
      let environment = runEnvironment
      return CalendarClock(now: environment.clock.now, timeZone: environment.timeZone)
    }
    set {
      runEnvironment.clock.now = newValue.now
      runEnvironment.timeZone = newValue.timeZone
    }
  }
}
