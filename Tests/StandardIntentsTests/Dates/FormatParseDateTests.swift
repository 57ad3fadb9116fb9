import Foundation
import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("date.format and date.parse")
struct FormatParseDateTests {
  let harness = DataHarness()

  @Test(
    "the named formats and patterns, on the run's wall clock",
    arguments: [
      (nil, "2026-03-25T10:00:00+01:00"), ("iso8601", "2026-03-25T10:00:00+01:00"),
      ("date", "2026-03-25"), ("YYYY-MM-DD", "2026-03-25"), ("time", "10:00"),
      ("unix", "1774429200"), ("yyyy-MM-dd HH:mm", "2026-03-25 10:00"),
      ("EEEE d MMMM yyyy", "Wednesday 25 March 2026"), ("'week' w", "week 13"),
    ] as [(String?, String)])
  func format(format: String?, text: String) async throws {
    var arguments: [String: Value] = ["date": .date(DataHarness.now)]
    if let format { arguments["format"] = .text(format) }
    #expect(try await harness.output("date.format", arguments) == .text(text))
  }

  @Test(
    "timezone picks another wall clock",
    arguments: [
      ("America/New_York", "2026-03-25T05:00:00-04:00"), ("UTC", "2026-03-25T09:00:00+00:00"),
      ("+05:30", "2026-03-25T14:30:00+05:30"), ("-0330", "2026-03-25T05:30:00-03:30"),
      ("+01", "2026-03-25T10:00:00+01:00"), ("z", "2026-03-25T09:00:00+00:00"),
    ])
  func zone(timezone: String, text: String) async throws {
    let output = try await harness.output(
      "date.format", ["date": .date(DataHarness.now), "timezone": .text(timezone)])
    #expect(output == .text(text))
  }

  @Test("a pattern used again, in another zone or among many others, formats as the first time")
  func keptFormatters() async throws {
    func formatted(_ pattern: String, in zone: String) async throws -> Value {
      try await harness.output(
        "date.format",
        ["date": .date(DataHarness.now), "format": .text(pattern), "timezone": .text(zone)])
    }
    let pattern = "yyyy-MM-dd HH:mm zzz"
    #expect(try await formatted(pattern, in: "Europe/Prague") == .text("2026-03-25 10:00 GMT+1"))
    #expect(try await formatted(pattern, in: "Asia/Tokyo") == .text("2026-03-25 18:00 GMT+9"))
    // More patterns than are kept, so the kept ones are let go at least once.
    for minutes in 0..<80 {
      let other = "'\(minutes)' HH:mm"
      #expect(try await formatted(other, in: "UTC") == .text("\(minutes) 09:00"))
    }
    #expect(try await formatted(pattern, in: "Europe/Prague") == .text("2026-03-25 10:00 GMT+1"))
  }

  @Test(
    "offsets that are not two or four digits are no time zones",
    arguments: ["+1", "+-01", "+25:00", "+01:60"])
  func badOffset(timezone: String) async throws {
    let error = try #require(
      await harness.error(
        "date.format", ["date": .date(DataHarness.now), "timezone": .text(timezone)]))
    #expect(error.code == .unsupported)
    #expect(error.message.contains("'\(timezone)' is not a time zone"))
  }

  @Test(
    "the date intents take the tz database's zones, as schedules do, and refuse offset names",
    arguments: [
      ("Asia/Kolkata", "2026-03-25 14:30"), ("US/Eastern", "2026-03-25 05:00"),
      ("Asia/Calcutta", "2026-03-25 14:30"),
    ])
  func databaseZones(zone: String, expected: String) async throws {
    let output = try await harness.output(
      "date.format",
      [
        "date": .date(DataHarness.now), "format": .text("yyyy-MM-dd HH:mm"),
        "timezone": .text(zone),
      ])
    #expect(output == .text(expected))
  }

  @Test("an offset name such as GMT+5 is no time zone of the date intents")
  func offsetName() async throws {
    let error = try #require(
      await harness.error(
        "date.format", ["date": .date(DataHarness.now), "timezone": .text("GMT+5")]))
    #expect(error.code == .unsupported)
    #expect(error.message.contains("'GMT+5' is not a time zone"))
    let misspelt = try #require(
      await harness.error(
        "date.format", ["date": .date(DataHarness.now), "timezone": .text("Asia/Kolkatta")]))
    #expect(
      misspelt.message.hasSuffix("'Asia/Kolkatta' is not a time zone; did you mean 'Asia/Kolkata'?")
    )
  }

  @Test("a format with letters that are no pattern fields is unsupported")
  func badFormat() async throws {
    let error = try #require(
      await harness.error("date.format", ["date": .date(DataHarness.now), "format": .text("iso")]))
    #expect(error.code == .unsupported)
    #expect(
      error.message.hasSuffix(
        "'iso' is not a date format: 'i' is not a pattern letter; use iso8601, date, time, unix "
          + "or a Unicode pattern such as yyyy-MM-dd HH:mm (put literal letters in single "
          + "quotes); did you mean 'iso8601'?"))
  }

  @Test(
    "week-based years and days of the year are refused where yyyy and dd were meant",
    arguments: [
      (
        "DD.MM.YYYY",
        "in 'DD.MM.YYYY', Y is the year of week-based dates, which differs from the calendar "
          + "year around New Year; write yyyy (or add w for week-based dates)"
      ),
      (
        "yyyy/MM/DD", "in 'yyyy/MM/DD', D is the day of the year; write dd for the day of the month"
      ),
    ])
  func slips(format: String, reason: String) async throws {
    let error = try #require(
      await harness.error(
        "date.format", ["date": .date(DataHarness.now), "format": .text(format)]))
    #expect(error.code == .unsupported)
    #expect(error.message.hasSuffix(reason))
    let week = try await harness.output(
      "date.format", ["date": .date(utc("2026-12-31T12:00:00")), "format": .text("YYYY-'W'ww")])
    #expect(week == .text("2026-W53"))
  }

  @Test(
    "parse reads each format; text without an offset is on the run's wall clock",
    arguments: [
      ("2026-03-29 09:30", nil, "2026-03-29T07:30:00Z"),
      ("2026-03-29T09:30:00-05:00", nil, "2026-03-29T14:30:00Z"),
      ("2026-03-29", "date", "2026-03-28T23:00:00Z"),
      ("14:15", "time", "2026-03-25T13:15:00Z"),
      ("1774429200", "unix", "2026-03-25T09:00:00Z"),
      ("29.03.2026 09:30", "dd.MM.yyyy HH:mm", "2026-03-29T07:30:00Z"),
    ] as [(String, String?, String)])
  func parse(text: String, format: String?, expected: String) async throws {
    var arguments: [String: Value] = ["input": .text(text)]
    if let format { arguments["format"] = .text(format) }
    let expectedDate = try #require(Value.text(expected).coercedDate)
    #expect(try await harness.output("date.parse", arguments) == .date(expectedDate))
  }

  @Test(
    "a unix time outside the years 1 to 9999 fails the step",
    arguments: ["99999999999999999999", "-100000000000000"])
  func unixOutOfRange(text: String) async throws {
    let error = try #require(
      await harness.error("date.parse", ["input": .text(text), "format": .text("unix")]))
    #expect(error.code == .failed)
    #expect(
      error.message.hasSuffix(
        "'\(text)' as unix time is out of the range of dates (the years 1 to 9999)"))
  }

  @Test("parse in another zone")
  func parseZone() async throws {
    let output = try await harness.output(
      "date.parse", ["input": .text("2026-03-29 09:30"), "timezone": .text("America/New_York")])
    #expect(output == .date(local("2026-03-29T09:30", .newYork)))
  }

  @Test("text that does not match fails, showing what the format looks like")
  func mismatch() async throws {
    let error = try #require(
      await harness.error(
        "date.parse", ["input": .text("29/03/2026"), "format": .text("dd.MM.yyyy")]))
    #expect(error.code == .failed)
    #expect(
      error.message.hasSuffix(
        "'29/03/2026' does not match the format 'dd.MM.yyyy' (for example '29.03.2026')"))
    let iso = try #require(await harness.error("date.parse", ["input": .text("next tuesday")]))
    #expect(
      iso.message.hasSuffix(
        "'next tuesday' does not match the format 'iso8601' (for example "
          + "'2026-03-29T10:00:00+02:00')"))
  }

  @Test(
    "format then parse gives the same instant",
    arguments: ["iso8601", "unix", "yyyy-MM-dd HH:mm:ss"])
  func roundTrip(format: String) async throws {
    let text = try await harness.output(
      "date.format", ["date": .date(DataHarness.now), "format": .text(format)])
    let date = try await harness.output("date.parse", ["input": text, "format": .text(format)])
    #expect(date == .date(DataHarness.now))
  }
}

extension Value {
  /// This text as a date, as coercion reads it (a `Z` suffix is UTC).
  fileprivate var coercedDate: Date? {
    guard case .date(let date)? = try? coerced(to: .date) else { return nil }
    return date
  }
}
