import Foundation
import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("date.startOf and date.between")
struct StartOfDateTests {
  let harness = DataHarness()

  func prague(_ text: String) -> Date { local(text, .prague) }

  @Test(
    "the start of the day, week (a Monday), month and year",
    arguments: [
      ("2026-03-25T10:00", "day", "2026-03-25T00:00"),
      ("2026-03-25T10:00", "week", "2026-03-23T00:00"),
      ("2026-03-29T23:59", "week", "2026-03-23T00:00"),  // Sunday: still Monday's week
      ("2026-03-23T00:00", "week", "2026-03-23T00:00"),
      ("2026-03-29T15:00", "day", "2026-03-29T00:00"),  // summer time began at 02:00
      ("2026-03-25T10:00", "month", "2026-03-01T00:00"),
      ("2026-03-25T10:00", "year", "2026-01-01T00:00"),
      ("2026-01-01T00:30", "weeks", "2025-12-29T00:00"),
    ])
  func start(date: String, unit: String, expected: String) async throws {
    let output = try await harness.output(
      "date.startOf", ["date": .date(prague(date)), "unit": .text(unit)])
    #expect(output == .date(prague(expected)))
  }

  @Test("the day by default, in the zone asked for")
  func zone() async throws {
    let output = try await harness.output(
      "date.startOf", ["date": .date(DataHarness.now), "timezone": .text("America/New_York")])
    #expect(output == .date(local("2026-03-25T00:00", .newYork)))
  }

  @Test(
    "between counts whole units, negative when the end is earlier",
    arguments: [
      ("2026-03-28T12:00", "2026-03-29T12:00", "days", 1),  // 23 hours, one calendar day
      ("2026-03-28T12:00", "2026-03-29T12:00", "hours", 23),
      ("2026-03-29T12:00", "2026-03-28T12:00", "days", -1),
      ("2026-03-25T10:00", "2026-03-25T10:59", "hours", 0),
      ("2026-03-25T10:00", "2026-03-25T09:00", "minutes", -60),
      ("2026-03-25T10:00", "2026-03-25T10:00:30", "seconds", 30),
      ("2026-03-01T00:00", "2026-03-14T00:00", "weeks", 1),
      ("2026-03-14T00:00", "2026-03-01T00:00", "weeks", -1),
      ("2026-01-31T00:00", "2026-03-01T00:00", "months", 1),
      ("2024-02-29T00:00", "2026-02-28T00:00", "years", 2),  // as date.adjust adds 2 years
      ("2024-02-29T00:00", "2025-02-27T00:00", "years", 0),
    ])
  func between(start: String, end: String, unit: String, count: Int) async throws {
    let output = try await harness.output(
      "date.between",
      ["start": .date(prague(start)), "end": .date(prague(end)), "unit": .text(unit)])
    #expect(output == .integer(count))
  }

  @Test("days is the default unit")
  func betweenDefault() async throws {
    let output = try await harness.output(
      "date.between",
      ["start": .date(prague("2026-03-20T10:00")), "end": .date(DataHarness.now)])
    #expect(output == .integer(5))
  }
}
