import Foundation
import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("date.now and date.adjust")
struct AdjustDateTests {
  let harness = DataHarness()

  func adjust(_ date: Date, _ amount: Int, _ unit: String, timezone: String? = nil)
    async throws -> Value
  {
    var arguments: [String: Value] = [
      "date": .date(date), "amount": .integer(amount), "unit": .text(unit),
    ]
    if let timezone { arguments["timezone"] = .text(timezone) }
    return try await harness.output("date.adjust", arguments)
  }

  func prague(_ text: String) -> Date { local(text, .prague) }

  @Test("now is the clock's time")
  func now() async throws {
    #expect(try await harness.output("date.now") == .date(DataHarness.now))
  }

  @Test(
    "across the spring-forward night, a day keeps the wall time and hours add elapsed time",
    arguments: [
      (1, "days", "2026-03-29T12:00"), (24, "hours", "2026-03-29T13:00"),
      (1, "weeks", "2026-04-04T12:00"), (1440, "minutes", "2026-03-29T13:00"),
      (3600, "seconds", "2026-03-28T13:00"),
    ])
  func springForward(amount: Int, unit: String, expected: String) async throws {
    #expect(try await adjust(prague("2026-03-28T12:00"), amount, unit) == .date(prague(expected)))
  }

  @Test("across the fall-back night, a day is 25 hours and keeps the wall time")
  func fallBack() async throws {
    let start = prague("2026-10-24T12:00")
    let next = try await adjust(start, 1, "days")
    #expect(next == .date(prague("2026-10-25T12:00")))
    #expect(next == .date(start.addingTimeInterval(25 * 3600)))
  }

  @Test(
    "a month after the 31st is the last day of the shorter month",
    arguments: [
      ("2026-01-31T09:00", 1, "months", "2026-02-28T09:00"),
      ("2024-01-31T09:00", 1, "months", "2024-02-29T09:00"),
      ("2026-03-31T09:00", 1, "months", "2026-04-30T09:00"),
      ("2026-03-31T09:00", -1, "months", "2026-02-28T09:00"),
      ("2024-02-29T09:00", 1, "years", "2025-02-28T09:00"),
      ("2026-01-31T09:00", 13, "month", "2027-02-28T09:00"),
    ])
  func months(start: String, amount: Int, unit: String, expected: String) async throws {
    #expect(try await adjust(prague(start), amount, unit) == .date(prague(expected)))
  }

  @Test(
    "weekdays skip Saturdays and Sundays, forwards and backwards",
    arguments: [
      ("2026-03-25", 3, "2026-03-30"),  // Wednesday + 3 → Monday
      ("2026-03-27", 1, "2026-03-30"),  // Friday + 1 → Monday
      ("2026-03-28", 1, "2026-03-30"),  // Saturday + 1 → Monday
      ("2026-03-29", 1, "2026-03-30"),  // Sunday + 1 → Monday
      ("2026-03-25", 5, "2026-04-01"),  // a week
      ("2026-03-25", 12, "2026-04-10"),  // two weeks and two days
      ("2026-03-28", 5, "2026-04-03"),  // Saturday + 5 → Friday
      ("2026-03-30", -1, "2026-03-27"),  // Monday - 1 → Friday
      ("2026-03-29", -1, "2026-03-27"),  // Sunday - 1 → Friday
      ("2026-04-01", -5, "2026-03-25"),
      ("2026-03-28", 0, "2026-03-28"),
    ])
  func weekdays(start: String, amount: Int, expected: String) async throws {
    let output = try await adjust(prague(start + "T09:30"), amount, "weekdays")
    #expect(output == .date(prague(expected + "T09:30")))
  }

  @Test("the calendar is the run's zone, or the one named by timezone")
  func timezone() async throws {
    // 8 March 2026 is the American spring-forward day; Prague changes three weeks later.
    let start = local("2026-03-07T12:00", .newYork)
    let inNewYork = try await adjust(start, 1, "days", timezone: "America/New_York")
    #expect(inNewYork == .date(local("2026-03-08T12:00", .newYork)))
    let inPrague = try await adjust(start, 1, "days")
    #expect(inPrague == .date(start.addingTimeInterval(86_400)))
  }

  @Test("a unit that is not listed is unsupported, with the list and a suggestion")
  func badUnit() async throws {
    let error = try #require(
      await harness.error(
        "date.adjust",
        ["date": .date(DataHarness.now), "amount": .integer(1), "unit": .text("fortnights")]))
    #expect(error.code == .unsupported)
    #expect(
      error.message.hasSuffix(
        "'fortnights' is not a unit; use one of seconds, minutes, hours, days, weekdays, weeks, "
          + "months, years"))
  }

  @Test("an unknown time zone is unsupported, with examples")
  func badZone() async throws {
    let error = try #require(
      await harness.error(
        "date.adjust",
        ["date": .date(DataHarness.now), "amount": .integer(1), "timezone": .text("Mars/Base")]))
    #expect(error.code == .unsupported)
    #expect(error.parameter == "timezone")
    #expect(
      error.message.hasSuffix(
        "'Mars/Base' is not a time zone; use an IANA name such as Europe/Prague or "
          + "America/New_York, UTC, or an offset such as +02:00"))
  }

  @Test(
    "an amount that leaves the years 1 to 9999 fails the step, naming the amount",
    arguments: [
      (9_000_000_000_000_000_000, "days"), (Int.max, "months"), (Int.min, "years"),
      (Int.max, "seconds"), (Int.min, "hours"), (-3_700_000, "days"), (Int.max, "weekdays"),
      (600_000, "weeks"),
    ])
  func outOfRange(amount: Int, unit: String) async throws {
    let error = try #require(
      await harness.error(
        "date.adjust",
        ["date": .date(DataHarness.now), "amount": .integer(amount), "unit": .text(unit)]))
    #expect(error.message.contains("\(amount) \(unit) from "))
    #expect(error.message.hasSuffix("is out of the range of dates (the years 1 to 9999)"))
  }

  @Test("days is the default unit; text dates work as input")
  func defaults() async throws {
    let output = try await harness.output(
      "date.adjust", ["date": .text("2026-03-25T10:00:00+01:00"), "amount": .integer(-1)])
    #expect(output == .date(prague("2026-03-24T10:00")))
  }
}
