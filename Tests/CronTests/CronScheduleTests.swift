import CivilTime
import Foundation
import Testing

@testable import Cron

@Suite("Next fire times")
struct CronScheduleTests {
  @Test("the next fire time is strictly after the given instant")
  func strictlyAfter() throws {
    let utc = try zone("UTC")
    let schedule = CronSchedule(try CronExpression(parsing: "0 7 * * *"), timeZone: utc)
    let seven = try instant("2026-05-04T07:00:00Z")
    #expect(schedule.nextDate(after: seven) == (try instant("2026-05-05T07:00:00Z")))
    #expect(schedule.nextDate(after: seven.addingTimeInterval(-0.001)) == seven)
    #expect(schedule.nextDate(after: seven.addingTimeInterval(-1)) == seven)
    #expect(
      schedule.nextDate(after: seven.addingTimeInterval(0.5))
        == (try instant("2026-05-05T07:00:00Z")))
  }

  @Test("fire times are whole seconds even after a fractional start")
  func wholeSeconds() throws {
    let schedule = CronSchedule(
      try CronExpression(parsing: "* * * * * *"), timeZone: try zone("UTC"))
    let start = try instant("2026-05-04T07:00:00.250Z")
    let next = try #require(schedule.nextDate(after: start))
    #expect(next == (try instant("2026-05-04T07:00:01Z")))
  }

  @Test("dates(after:) is increasing and agrees with repeated nextDate(after:)")
  func sequenceAgreesWithNextDate() throws {
    let prague = try zone("Europe/Prague")
    for source in ["*/7 * * * *", "0 7 * * MON-FRI", "@hourly", "*/10 * 2 * * *", "0 0 L * *"] {
      let schedule = CronSchedule(try CronExpression(parsing: source), timeZone: prague)
      let start = try instant("2026-03-28T20:00:00Z")
      let sequence = Array(schedule.dates(after: start).prefix(200))
      var chained: [Date] = []
      var previous = start
      while chained.count < 200, let next = schedule.nextDate(after: previous) {
        chained.append(next)
        previous = next
      }
      #expect(sequence == chained, "\(source)")
      #expect(zip(sequence, sequence.dropFirst()).allSatisfy { $0 < $1 }, "\(source)")
    }
  }

  @Test("the sequence can be iterated again from the start")
  func sequenceRestarts() throws {
    let schedule = CronSchedule(try CronExpression(parsing: "@daily"), timeZone: try zone("UTC"))
    let dates = schedule.dates(after: try instant("2026-01-01T12:00:00Z"))
    #expect(Array(dates.prefix(2)) == Array(dates.prefix(2)))
  }

  @Test(
    "common schedules",
    arguments: [
      (
        "0 7 * * MON-FRI", "2026-05-01T08:00:00+00:00",
        [
          "2026-05-04T07:00:00+00:00",
          "2026-05-05T07:00:00+00:00",
        ]
      ),
      (
        "*/15 * * * *", "2026-05-01T08:07:00+00:00",
        [
          "2026-05-01T08:15:00+00:00",
          "2026-05-01T08:30:00+00:00",
        ]
      ),
      (
        "0 0 1 * *", "2026-12-15T00:00:00+00:00",
        [
          "2027-01-01T00:00:00+00:00",
          "2027-02-01T00:00:00+00:00",
        ]
      ),
      ("59 23 31 12 *", "2026-12-31T23:59:00+00:00", ["2027-12-31T23:59:00+00:00"]),
      ("0 0 1 1 *", "2026-12-31T23:59:59+00:00", ["2027-01-01T00:00:00+00:00"]),
      ("0 12 * * 0", "2026-05-01T00:00:00+00:00", ["2026-05-03T12:00:00+00:00"]),
      ("0 12 * * 7", "2026-05-01T00:00:00+00:00", ["2026-05-03T12:00:00+00:00"]),
      (
        "0 0 31 * *", "2026-04-01T00:00:00+00:00",
        [
          "2026-05-31T00:00:00+00:00",
          "2026-07-31T00:00:00+00:00",
        ]
      ),
      (
        "@weekly", "2026-05-01T00:00:00+00:00",
        [
          "2026-05-03T00:00:00+00:00",
          "2026-05-10T00:00:00+00:00",
        ]
      ),
      ("@yearly", "2026-05-01T00:00:00+00:00", ["2027-01-01T00:00:00+00:00"]),
      ("0 0 * * *", "1969-12-31T12:00:00+00:00", ["1970-01-01T00:00:00+00:00"]),
      ("0 0 29 2 *", "2096-03-01T00:00:00+00:00", ["2104-02-29T00:00:00+00:00"]),
    ])
  func commonSchedules(source: String, after: String, expected: [String]) throws {
    #expect(try fires(source, in: "UTC", after: after, count: expected.count) == expected)
  }

  @Test("a leap-day schedule finds the next leap year")
  func leapDay() throws {
    #expect(
      try fires("0 0 29 2 *", in: "Europe/Prague", after: "2026-03-01T00:00:00+01:00", count: 4)
        == [
          "2028-02-29T00:00:00+01:00", "2032-02-29T00:00:00+01:00", "2036-02-29T00:00:00+01:00",
          "2040-02-29T00:00:00+01:00",
        ])
    #expect(
      try fires("0 0 29 2 *", in: "UTC", after: "2028-02-29T00:00:00+00:00", count: 1)
        == ["2032-02-29T00:00:00+00:00"])
  }

  @Test("a rare pattern is found arithmetically: a fifth Friday in February")
  func fifthFridayOfFebruary() throws {
    // February has five Fridays only in a leap year that starts the month on a Friday.
    #expect(
      try fires("0 0 * 2 5#5", in: "UTC", after: "2026-01-01T00:00:00+00:00", count: 2)
        == ["2036-02-29T00:00:00+00:00", "2064-02-29T00:00:00+00:00"])
  }

  @Test("expressions that can never fire are rejected when parsed")
  func neverFires() {
    for source in ["0 0 30 2 *", "0 0 31 4,6,9,11 *", "0 0 30-31 FEB *", "0 0 */3 2 5#5"] {
      #expect(throws: CronSyntaxError.self, "\(source)") { try CronExpression(parsing: source) }
    }
  }

  @Test("a search that cannot succeed ends instead of looping")
  func boundedSearch() throws {
    // The parser rejects such an expression; build one directly to check the bound.
    let never = CronExpression(
      source: "0 0 30 2 *", hasSeconds: false, isReboot: false, seconds: BitSet64(0...0),
      minutes: BitSet64(0...0), hours: BitSet64(0...0), daysOfMonth: BitSet64(30...30),
      months: BitSet64(2...2), daysOfWeek: BitSet64(0...6), lastDayOfMonth: false,
      nthWeekdays: BitSet64(), lastWeekdays: BitSet64(), minuteStartsWithStar: false,
      hourStartsWithStar: false, dayOfMonthStartsWithStar: false, dayOfWeekStartsWithStar: true)
    for identifier in ["UTC", "Europe/Prague", "Australia/Lord_Howe"] {
      let schedule = CronSchedule(never, timeZone: try zone(identifier))
      #expect(schedule.nextDate(after: try instant("2026-01-01T00:00:00Z")) == nil)
    }
  }

  @Test("instants far from today work, and non-finite ones give nil")
  func extremes() throws {
    let schedule = CronSchedule(try CronExpression(parsing: "@daily"), timeZone: try zone("UTC"))
    let far = try #require(schedule.nextDate(after: try instant("9999-12-30T12:00:00Z")))
    #expect(Timestamp.format(far, in: try zone("UTC")) == "9999-12-31T00:00:00+00:00")
    let early = try #require(schedule.nextDate(after: try instant("1900-02-28T12:00:00Z")))
    #expect(Timestamp.format(early, in: try zone("UTC")) == "1900-03-01T00:00:00+00:00")
    #expect(schedule.nextDate(after: Date(timeIntervalSince1970: .infinity)) == nil)
    #expect(schedule.nextDate(after: Date(timeIntervalSince1970: .nan)) == nil)
  }

  @Test("a schedule keeps its expression and zone, and is hashable")
  func properties() throws {
    let expression = try CronExpression(parsing: "0 7 * * *")
    let prague = try zone("Europe/Prague")
    let schedule = CronSchedule(expression, timeZone: prague)
    #expect(schedule.expression == expression)
    #expect(schedule.timeZone == prague)
    #expect(Set([schedule, CronSchedule(expression, timeZone: prague)]).count == 1)
    #expect(CronSchedule(expression).timeZone == TimeZone.current)
  }
}
