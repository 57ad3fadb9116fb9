import CivilTime
import Foundation
import Testing

@testable import Cron

extension CronExpression {
  /// The values a field selects, in increasing order (days of the week 0–6).
  func values(_ field: CronField) -> [Int] {
    switch field {
    case .second: seconds.values
    case .minute: minutes.values
    case .hour: hours.values
    case .dayOfMonth: daysOfMonth.values
    case .month: months.values
    case .dayOfWeek: daysOfWeek.values
    }
  }
}

/// A named time zone, failing the test if the system does not know it.
func zone(_ identifier: String) throws -> TimeZone {
  try #require(TimeZone(identifier: identifier), "no time zone \(identifier)")
}

/// The instant of an ISO 8601 timestamp with offset.
func instant(_ text: String) throws -> Date {
  try #require(Timestamp.parse(text, defaultTimeZone: TimeZone(secondsFromGMT: 0) ?? .current))
}

/// The first `count` fire times after `start`, formatted in the schedule's zone.
func fires(
  _ expression: String, in identifier: String, after start: String, count: Int
) throws -> [String] {
  let timeZone = try zone(identifier)
  let schedule = CronSchedule(try CronExpression(parsing: expression), timeZone: timeZone)
  return schedule.dates(after: try instant(start)).prefix(count).map {
    Timestamp.format($0, in: timeZone)
  }
}
