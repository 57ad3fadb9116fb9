import CivilTime
import Foundation
import TestSupport
import Testing

@testable import IntentKit

// IntentKit formats and reads dates with CivilTime's `Timestamp`; these tests pin
// the behaviour that values and coercions rely on.

/// A time zone the test data needs; tzdata is installed wherever the tests run.
func zone(_ identifier: String) -> TimeZone {
  guard let zone = TimeZone(identifier: identifier) else {
    preconditionFailure("no time zone \(identifier)")
  }
  return zone
}

/// An instant given as UTC text, for readable expectations.
func utc(_ text: String) -> Date {
  guard let date = Timestamp.parse(text + "Z", defaultTimeZone: zone("UTC")) else {
    preconditionFailure("not a timestamp: \(text)")
  }
  return date
}

@Suite("Formatting timestamps")
struct TimestampFormatTests {
  @Test(
    "instants print as local time with the zone's offset at that instant",
    arguments: [
      ("2026-07-01T12:00:00", "Europe/Prague", "2026-07-01T14:00:00+02:00"),
      ("2026-01-15T12:00:00", "Europe/Prague", "2026-01-15T13:00:00+01:00"),
      ("2026-07-01T12:00:00", "America/New_York", "2026-07-01T08:00:00-04:00"),
      ("2026-01-15T03:30:00", "America/New_York", "2026-01-14T22:30:00-05:00"),
      ("2026-07-01T00:00:00", "Australia/Lord_Howe", "2026-07-01T10:30:00+10:30"),
      ("2026-01-15T00:00:00", "Australia/Lord_Howe", "2026-01-15T11:00:00+11:00"),
      ("2026-01-15T12:00:00", "America/St_Johns", "2026-01-15T08:30:00-03:30"),
      ("2026-07-01T12:00:00", "America/St_Johns", "2026-07-01T09:30:00-02:30"),
      ("2026-01-15T12:00:00", "Asia/Kathmandu", "2026-01-15T17:45:00+05:45"),
      ("2026-12-31T23:59:59", "Pacific/Kiritimati", "2027-01-01T13:59:59+14:00"),
      ("2026-01-01T00:00:00", "Pacific/Pago_Pago", "2025-12-31T13:00:00-11:00"),
      ("2026-07-01T12:00:00", "UTC", "2026-07-01T12:00:00+00:00"),
      ("2026-07-01T12:00:00", "GMT", "2026-07-01T12:00:00+00:00"),
    ])
  func zones(instant: String, zoneName: String, text: String) {
    #expect(Timestamp.format(utc(instant), in: zone(zoneName)) == text)
  }

  @Test("the offset changes exactly at a daylight-saving transition")
  func transitions() {
    let prague = zone("Europe/Prague")
    #expect(Timestamp.format(utc("2026-03-29T00:59:59"), in: prague) == "2026-03-29T01:59:59+01:00")
    #expect(Timestamp.format(utc("2026-03-29T01:00:00"), in: prague) == "2026-03-29T03:00:00+02:00")
    #expect(Timestamp.format(utc("2026-10-25T00:59:59"), in: prague) == "2026-10-25T02:59:59+02:00")
    #expect(Timestamp.format(utc("2026-10-25T01:00:00"), in: prague) == "2026-10-25T02:00:00+01:00")
    let lordHowe = zone("Australia/Lord_Howe")
    #expect(
      Timestamp.format(utc("2026-10-03T15:30:00"), in: lordHowe) == "2026-10-04T02:30:00+11:00")
    #expect(
      Timestamp.format(utc("2026-10-03T15:29:59"), in: lordHowe) == "2026-10-04T01:59:59+10:30")
  }

  @Test("fractions of a second are dropped, also before 1970")
  func fractions() {
    let utcZone = zone("UTC")
    #expect(
      Timestamp.format(Date(timeIntervalSince1970: 0.999), in: utcZone)
        == "1970-01-01T00:00:00+00:00")
    #expect(
      Timestamp.format(Date(timeIntervalSince1970: -0.5), in: utcZone)
        == "1969-12-31T23:59:59+00:00")
    #expect(
      Timestamp.format(Date(timeIntervalSince1970: -86_400 * 365), in: utcZone)
        == "1969-01-01T00:00:00+00:00")
  }

  @Test("leap days and the ends of centuries print correctly")
  func calendarEdges() {
    let utcZone = zone("UTC")
    #expect(
      Timestamp.format(utc("2024-02-29T23:59:59"), in: utcZone) == "2024-02-29T23:59:59+00:00")
    #expect(
      Timestamp.format(utc("2000-02-29T00:00:00"), in: utcZone) == "2000-02-29T00:00:00+00:00")
    #expect(
      Timestamp.format(utc("2100-03-01T00:00:00"), in: utcZone) == "2100-03-01T00:00:00+00:00")
    #expect(
      Timestamp.format(utc("1900-03-01T00:00:00"), in: utcZone) == "1900-03-01T00:00:00+00:00")
    #expect(
      Timestamp.format(utc("9999-12-31T23:59:59"), in: utcZone) == "9999-12-31T23:59:59+00:00")
  }

  @Test("formatting agrees with Foundation's calendar over many random instants in many zones")
  func agreesWithCalendar() {
    var generator = SeededRandomNumberGenerator(seed: 0x7157)
    let zones = [
      "UTC", "Europe/Prague", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu",
      "America/St_Johns", "Pacific/Chatham", "Asia/Tokyo",
    ].map(zone)
    for _ in 0..<3_000 {
      // From 1900 (the Gregorian calendar everywhere) to 2400.
      let seconds = Double(Int64.random(in: -2_208_988_800...13_569_465_600, using: &generator))
      let date = Date(timeIntervalSince1970: seconds)
      let zone = zones.randomElement(using: &generator) ?? TimeZone.gmt
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone
      let parts = calendar.dateComponents(
        [.year, .month, .day, .hour, .minute, .second], from: date)
      let text = Timestamp.format(date, in: zone)
      let expected = String(
        format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.year ?? 0, parts.month ?? 0,
        parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
      #expect(text.hasPrefix(expected), "\(seconds) in \(zone.identifier)")
    }
  }
}

@Suite("Parsing timestamps")
struct TimestampParseTests {
  let prague = zone("Europe/Prague")

  @Test(
    "every accepted form gives the instant it names",
    arguments: [
      ("2026-12-01", "2026-11-30T23:00:00"),
      ("2026-12-01T09:00", "2026-12-01T08:00:00"),
      ("2026-12-01t09:00", "2026-12-01T08:00:00"),
      ("2026-12-01 09:00", "2026-12-01T08:00:00"),
      ("2026-12-01T09:00:30", "2026-12-01T08:00:30"),
      ("2026-07-01T09:00:30", "2026-07-01T07:00:30"),
      ("2026-12-01T09:00Z", "2026-12-01T09:00:00"),
      ("2026-12-01T09:00:00z", "2026-12-01T09:00:00"),
      ("2026-12-01T09:00:00+02:00", "2026-12-01T07:00:00"),
      ("2026-12-01T09:00:00+0200", "2026-12-01T07:00:00"),
      ("2026-12-01T09:00:00+02", "2026-12-01T07:00:00"),
      ("2026-12-01T09:00:00-05:00", "2026-12-01T14:00:00"),
      ("2026-12-01T09:00+05:45", "2026-12-01T03:15:00"),
      ("2026-12-01T09:00:00-00:00", "2026-12-01T09:00:00"),
    ])
  func forms(text: String, instant: String) {
    #expect(Timestamp.parse(text, defaultTimeZone: prague) == utc(instant))
  }

  @Test("fractional seconds are kept, after a dot or a comma")
  func fractions() throws {
    let date = try #require(Timestamp.parse("2026-12-01 09:00:30.25Z", defaultTimeZone: prague))
    #expect(date == utc("2026-12-01T09:00:30").addingTimeInterval(0.25))
    let comma = try #require(
      Timestamp.parse("2026-12-01T09:00:30,5+00:00", defaultTimeZone: prague))
    #expect(comma == utc("2026-12-01T09:00:30").addingTimeInterval(0.5))
    let fine = try #require(Timestamp.parse("1970-01-01T00:00:00.123456Z", defaultTimeZone: prague))
    #expect(abs(fine.timeIntervalSince1970 - 0.123456) < 1e-6)
  }

  @Test(
    "leap days exist only in leap years",
    arguments: [
      ("2024-02-29", true), ("2000-02-29", true), ("2026-02-29", false),
      ("1900-02-29", false), ("2100-02-29", false), ("2400-02-29", true),
    ])
  func leapDays(text: String, accepted: Bool) {
    #expect((Timestamp.parse(text, defaultTimeZone: prague) != nil) == accepted)
  }

  @Test(
    "text that is not a timestamp is refused",
    arguments: [
      "", "tomorrow", "2026-13-01", "2026-00-10", "2026-04-31", "2026-12-32", "2026-12-00",
      "2026-1-01", "26-12-01", "2026/12/01", "20261201", "2026-12-01T", "2026-12-01T09",
      "2026-12-01T9:00", "2026-12-01T24:00", "2026-12-01T09:60", "2026-12-01T09:00:60",
      "2026-12-01T09:00:0", "2026-12-01T09:00:00.", "2026-12-01T09:00+25:00",
      "2026-12-01T09:00+02:60", "2026-12-01T09:00+2", "2026-12-01T09:00+02:",
      "2026-12-01T09:00+02:0", "2026-12-01T09:00+020", "2026-12-01Z", "2026-12-01+01:00",
      "2026-12-01X", "2026-12-01T09:00ZZ", "2026-12-01T09:00:00+02:00:00", "２０２６-12-01",
    ])
  func rejects(text: String) {
    #expect(Timestamp.parse(text, defaultTimeZone: prague) == nil)
  }

  @Test(
    "wall-clock time skipped by a daylight-saving change moves forward by the gap",
    arguments: [
      ("2026-03-29T02:30", "Europe/Prague", "2026-03-29T03:30:00+02:00"),
      ("2026-03-29T02:00", "Europe/Prague", "2026-03-29T03:00:00+02:00"),
      ("2026-03-29T02:59:59", "Europe/Prague", "2026-03-29T03:59:59+02:00"),
      ("2026-03-08T02:30", "America/New_York", "2026-03-08T03:30:00-04:00"),
      ("2026-10-04T02:15", "Australia/Lord_Howe", "2026-10-04T02:45:00+11:00"),
    ])
  func gap(text: String, zoneName: String, expected: String) throws {
    let zone = zone(zoneName)
    let date = try #require(Timestamp.parse(text, defaultTimeZone: zone))
    #expect(Timestamp.format(date, in: zone) == expected)
  }

  @Test(
    "wall-clock time that happens twice means its first occurrence, in every zone",
    arguments: [
      ("2026-10-25T02:30", "Europe/Prague", "2026-10-25T02:30:00+02:00"),
      ("2026-11-01T01:30", "America/New_York", "2026-11-01T01:30:00-04:00"),
      ("2026-04-05T01:45", "Australia/Lord_Howe", "2026-04-05T01:45:00+11:00"),
    ])
  func overlap(text: String, zoneName: String, expected: String) throws {
    let zone = zone(zoneName)
    let date = try #require(Timestamp.parse(text, defaultTimeZone: zone))
    #expect(Timestamp.format(date, in: zone) == expected)
  }

  @Test("text with an offset ignores the default zone")
  func offsetWins() {
    let a = Timestamp.parse("2026-12-01T09:00:00+01:00", defaultTimeZone: prague)
    let b = Timestamp.parse("2026-12-01T09:00:00+01:00", defaultTimeZone: zone("Asia/Tokyo"))
    #expect(a == b)
  }

  @Test("what format prints, parse reads back, over many random instants and zones")
  func roundTrip() throws {
    var generator = SeededRandomNumberGenerator(seed: 42)
    let zones = [
      "UTC", "Europe/Prague", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu",
    ]
    .map(zone)
    for _ in 0..<2_000 {
      // 1970 to 2100: after the zones' local mean times, whose offsets have seconds.
      let seconds = Double(Int64.random(in: 0...4_102_444_800, using: &generator))
      let zone = zones.randomElement(using: &generator) ?? TimeZone.gmt
      let text = Timestamp.format(Date(timeIntervalSince1970: seconds), in: zone)
      #expect(
        Timestamp.parse(text, defaultTimeZone: prague)?.timeIntervalSince1970 == seconds, "\(text)")
    }
  }
}
