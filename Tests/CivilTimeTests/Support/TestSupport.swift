import CivilTime
import Foundation
import Testing

/// A named time zone, failing the test if the system does not know it.
func zone(_ identifier: String) throws -> TimeZone {
  try #require(TimeZone(identifier: identifier), "no time zone \(identifier)")
}

/// The instant of an ISO 8601 timestamp with offset.
func instant(_ text: String) throws -> Date {
  try #require(Timestamp.parse(text, defaultTimeZone: TimeZone(secondsFromGMT: 0) ?? .current))
}
