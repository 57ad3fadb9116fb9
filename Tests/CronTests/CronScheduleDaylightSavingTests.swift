import CivilTime
import Cron
import Foundation
import Testing

/// Hand-checked fire times around daylight-saving changes, cronie's way: a fixed-time job in a
/// skipped hour runs once right after the gap, and once in a repeated hour; any other job
/// follows the wall clock.
@Suite("Daylight saving")
struct CronScheduleDaylightSavingTests {
  // Europe/Prague, 2026: 02:00 CET becomes 03:00 CEST on 29 March; 03:00 CEST becomes
  // 02:00 CET on 25 October.

  @Test("Prague, spring: a fixed-time job in the gap runs at 03:00, once")
  func pragueSpringFixed() throws {
    #expect(
      try fires("30 2 * * *", in: "Europe/Prague", after: "2026-03-28T12:00:00+01:00", count: 3)
        == [
          "2026-03-29T03:00:00+02:00", "2026-03-30T02:30:00+02:00", "2026-03-31T02:30:00+02:00",
        ])
    #expect(
      try fires("0,30 2 * * *", in: "Europe/Prague", after: "2026-03-29T00:00:00+01:00", count: 3)
        == [
          "2026-03-29T03:00:00+02:00", "2026-03-30T02:00:00+02:00", "2026-03-30T02:30:00+02:00",
        ])
    // 02:00 is skipped and 03:00 exists: one run at 03:00 serves both.
    #expect(
      try fires("0 2,3 * * *", in: "Europe/Prague", after: "2026-03-29T00:00:00+01:00", count: 3)
        == [
          "2026-03-29T03:00:00+02:00", "2026-03-30T02:00:00+02:00", "2026-03-30T03:00:00+02:00",
        ])
    // Every minute of the skipped hour, as a fixed-time job: still one run.
    #expect(
      try fires("0-59 2 * * *", in: "Europe/Prague", after: "2026-03-29T01:59:00+01:00", count: 2)
        == ["2026-03-29T03:00:00+02:00", "2026-03-30T02:00:00+02:00"])
  }

  @Test("Prague, spring: the run after the gap is found from just before and not repeated after")
  func pragueSpringAtTheChange() throws {
    // The change is at 2026-03-29T01:00:00Z.
    #expect(
      try fires("30 2 * * *", in: "Europe/Prague", after: "2026-03-29T01:59:59+01:00", count: 2)
        == ["2026-03-29T03:00:00+02:00", "2026-03-30T02:30:00+02:00"])
    #expect(
      try fires("30 2 * * *", in: "Europe/Prague", after: "2026-03-29T03:00:00+02:00", count: 1)
        == ["2026-03-30T02:30:00+02:00"])
    #expect(
      try fires("30 2 * * *", in: "Europe/Prague", after: "2026-03-29T01:59:59.5+01:00", count: 1)
        == ["2026-03-29T03:00:00+02:00"])
  }

  @Test("Prague, spring: a job whose minute or hour starts with '*' skips the missing hour")
  func pragueSpringWildcard() throws {
    #expect(
      try fires("*/15 * * * *", in: "Europe/Prague", after: "2026-03-29T01:30:00+01:00", count: 3)
        == [
          "2026-03-29T01:45:00+01:00", "2026-03-29T03:00:00+02:00", "2026-03-29T03:15:00+02:00",
        ])
    #expect(
      try fires("30 * * * *", in: "Europe/Prague", after: "2026-03-29T01:00:00+01:00", count: 2)
        == ["2026-03-29T01:30:00+01:00", "2026-03-29T03:30:00+02:00"])
    #expect(
      try fires("* 2 * * *", in: "Europe/Prague", after: "2026-03-29T00:00:00+01:00", count: 2)
        == ["2026-03-30T02:00:00+02:00", "2026-03-30T02:01:00+02:00"])
    #expect(
      try fires("@hourly", in: "Europe/Prague", after: "2026-03-29T00:30:00+01:00", count: 3)
        == [
          "2026-03-29T01:00:00+01:00", "2026-03-29T03:00:00+02:00", "2026-03-29T04:00:00+02:00",
        ])
  }

  @Test("Prague, autumn: a fixed-time job runs once, in the first pass")
  func pragueAutumnFixed() throws {
    #expect(
      try fires("30 2 * * *", in: "Europe/Prague", after: "2026-10-25T00:00:00+02:00", count: 2)
        == ["2026-10-25T02:30:00+02:00", "2026-10-26T02:30:00+01:00"])
    // Starting between the two passes, or inside the second, does not bring it back.
    #expect(
      try fires("30 2 * * *", in: "Europe/Prague", after: "2026-10-25T02:45:00+02:00", count: 1)
        == ["2026-10-26T02:30:00+01:00"])
    #expect(
      try fires("30 2 * * *", in: "Europe/Prague", after: "2026-10-25T02:10:00+01:00", count: 1)
        == ["2026-10-26T02:30:00+01:00"])
    #expect(
      try fires("0 2 * * *", in: "Europe/Prague", after: "2026-10-25T02:00:00+02:00", count: 1)
        == ["2026-10-26T02:00:00+01:00"])
    // From the very instant the clocks go back (2026-10-25T01:00:00Z).
    #expect(
      try fires("30 2 * * *", in: "Europe/Prague", after: "2026-10-25T02:00:00+01:00", count: 1)
        == ["2026-10-26T02:30:00+01:00"])
    #expect(
      try fires("30 2 * * *", in: "Europe/Prague", after: "2026-10-25T02:59:59+02:00", count: 1)
        == ["2026-10-26T02:30:00+01:00"])
    #expect(
      try fires("0,30 2 * * *", in: "Europe/Prague", after: "2026-10-25T01:00:00+02:00", count: 3)
        == [
          "2026-10-25T02:00:00+02:00", "2026-10-25T02:30:00+02:00", "2026-10-26T02:00:00+01:00",
        ])
  }

  @Test("Prague, autumn: '*/15 * * * *' runs through both passes of the repeated hour")
  func pragueAutumnWildcard() throws {
    #expect(
      try fires("*/15 * * * *", in: "Europe/Prague", after: "2026-10-25T01:50:00+02:00", count: 9)
        == [
          "2026-10-25T02:00:00+02:00", "2026-10-25T02:15:00+02:00", "2026-10-25T02:30:00+02:00",
          "2026-10-25T02:45:00+02:00", "2026-10-25T02:00:00+01:00", "2026-10-25T02:15:00+01:00",
          "2026-10-25T02:30:00+01:00", "2026-10-25T02:45:00+01:00", "2026-10-25T03:00:00+01:00",
        ])
    #expect(
      try fires("@hourly", in: "Europe/Prague", after: "2026-10-25T01:30:00+02:00", count: 3)
        == [
          "2026-10-25T02:00:00+02:00", "2026-10-25T02:00:00+01:00", "2026-10-25T03:00:00+01:00",
        ])
    #expect(
      try fires("30 * * * *", in: "Europe/Prague", after: "2026-10-25T02:10:00+01:00", count: 1)
        == ["2026-10-25T02:30:00+01:00"])
  }

  @Test("Prague: with seconds, the fixed-time rule looks at the minute and the hour")
  func pragueSeconds() throws {
    #expect(
      try fires("15 30 2 * * *", in: "Europe/Prague", after: "2026-03-29T00:00:00+01:00", count: 2)
        == ["2026-03-29T03:00:00+02:00", "2026-03-30T02:30:15+02:00"])
    #expect(
      try fires(
        "*/20 30 2 * * *", in: "Europe/Prague", after: "2026-03-29T00:00:00+01:00", count: 2)
        == ["2026-03-29T03:00:00+02:00", "2026-03-30T02:30:00+02:00"])
    #expect(
      try fires(
        "*/20 30 2 * * *", in: "Europe/Prague", after: "2026-10-25T02:30:30+02:00", count: 2)
        == ["2026-10-25T02:30:40+02:00", "2026-10-26T02:30:00+01:00"])
    #expect(
      try fires("0 * 2 * * *", in: "Europe/Prague", after: "2026-10-25T02:58:30+02:00", count: 3)
        == [
          "2026-10-25T02:59:00+02:00", "2026-10-25T02:00:00+01:00", "2026-10-25T02:01:00+01:00",
        ])
  }

  // America/New_York, 2026: 02:00 EST becomes 03:00 EDT on 8 March; 02:00 EDT becomes
  // 01:00 EST on 1 November.

  @Test("New York: spring gap and autumn overlap")
  func newYork() throws {
    #expect(
      try fires("30 2 * * *", in: "America/New_York", after: "2026-03-07T12:00:00-05:00", count: 2)
        == ["2026-03-08T03:00:00-04:00", "2026-03-09T02:30:00-04:00"])
    #expect(
      try fires("30 1 * * *", in: "America/New_York", after: "2026-10-31T12:00:00-04:00", count: 2)
        == ["2026-11-01T01:30:00-04:00", "2026-11-02T01:30:00-05:00"])
    #expect(
      try fires(
        "*/30 * * * *", in: "America/New_York", after: "2026-11-01T00:50:00-04:00", count: 5)
        == [
          "2026-11-01T01:00:00-04:00", "2026-11-01T01:30:00-04:00", "2026-11-01T01:00:00-05:00",
          "2026-11-01T01:30:00-05:00", "2026-11-01T02:00:00-05:00",
        ])
    #expect(
      try fires(
        "0 7 * * MON-FRI", in: "America/New_York", after: "2026-03-06T08:00:00-05:00", count: 2)
        == ["2026-03-09T07:00:00-04:00", "2026-03-10T07:00:00-04:00"])
  }

  // Australia/Lord_Howe moves by 30 minutes: 02:00 (+10:30) becomes 02:30 (+11:00) on
  // 4 October 2026, and 02:00 (+11:00) becomes 01:30 (+10:30) on 5 April 2026.

  @Test("Lord Howe, spring: a 30-minute gap")
  func lordHoweSpring() throws {
    #expect(
      try fires(
        "15 2 * * *", in: "Australia/Lord_Howe", after: "2026-10-03T12:00:00+10:30", count: 2)
        == ["2026-10-04T02:30:00+11:00", "2026-10-05T02:15:00+11:00"])
    #expect(
      try fires(
        "*/20 2 * * *", in: "Australia/Lord_Howe", after: "2026-10-03T12:00:00+10:30", count: 3)
        == [
          "2026-10-04T02:40:00+11:00", "2026-10-05T02:00:00+11:00", "2026-10-05T02:20:00+11:00",
        ])
    #expect(
      try fires(
        "45 2 * * *", in: "Australia/Lord_Howe", after: "2026-10-03T12:00:00+10:30", count: 1)
        == ["2026-10-04T02:45:00+11:00"])
  }

  @Test("Lord Howe, autumn: a repeated half hour")
  func lordHoweAutumn() throws {
    #expect(
      try fires(
        "*/15 1-2 * * *", in: "Australia/Lord_Howe", after: "2026-04-04T12:00:00+11:00",
        count: 8)
        == [
          "2026-04-05T01:00:00+11:00", "2026-04-05T01:15:00+11:00", "2026-04-05T01:30:00+11:00",
          "2026-04-05T01:45:00+11:00", "2026-04-05T01:30:00+10:30", "2026-04-05T01:45:00+10:30",
          "2026-04-05T02:00:00+10:30", "2026-04-05T02:15:00+10:30",
        ])
    #expect(
      try fires(
        "45 1 * * *", in: "Australia/Lord_Howe", after: "2026-04-04T12:00:00+11:00", count: 2)
        == ["2026-04-05T01:45:00+11:00", "2026-04-06T01:45:00+10:30"])
    // 01:15 is not repeated (only 01:30–02:00 is).
    #expect(
      try fires(
        "15 1 * * *", in: "Australia/Lord_Howe", after: "2026-04-04T12:00:00+11:00", count: 2)
        == ["2026-04-05T01:15:00+11:00", "2026-04-06T01:15:00+10:30"])
    // croniter misses this second pass when it starts in the first.
    #expect(
      try fires(
        "8-54 * * * *", in: "Australia/Lord_Howe", after: "2026-04-05T01:58:30+11:00", count: 3)
        == [
          "2026-04-05T01:30:00+10:30", "2026-04-05T01:31:00+10:30", "2026-04-05T01:32:00+10:30",
        ])
  }

  @Test("a zone without daylight saving has a fire every day", arguments: ["UTC", "Asia/Tokyo"])
  func zoneWithoutDaylightSaving(identifier: String) throws {
    let timeZone = try zone(identifier)
    let schedule = CronSchedule(try CronExpression(parsing: "30 2 * * *"), timeZone: timeZone)
    let start = try #require(Timestamp.parse("2026-01-01", defaultTimeZone: timeZone))
    let dates = Array(schedule.dates(after: start).prefix(365))
    #expect(dates.count == 365)
    for (index, date) in dates.enumerated() {
      #expect(date.timeIntervalSince(start) == Double(index * 86_400 + 9_000))
    }
  }

  @Test("a fixed offset zone")
  func fixedOffset() throws {
    let kolkata = try #require(TimeZone(secondsFromGMT: 19_800))
    let schedule = CronSchedule(try CronExpression(parsing: "0 9 * * *"), timeZone: kolkata)
    let next = try #require(schedule.nextDate(after: try instant("2026-03-29T00:00:00Z")))
    #expect(Timestamp.format(next, in: kolkata) == "2026-03-29T09:00:00+05:30")
  }

  @Test("named time zones load in this build")
  func namedZonesLoad() {
    // A `--static-swift-stdlib` build that uses no FoundationInternationalization API strips
    // the ICU zone data, and `TimeZone(identifier:)` then returns nil; test the release binary
    // too.
    #expect(TimeZone(identifier: "Europe/Prague") != nil)
    #expect(TimeZone(identifier: "Australia/Lord_Howe") != nil)
  }
}
