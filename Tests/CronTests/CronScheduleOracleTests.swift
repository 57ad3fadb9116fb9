import CivilTime
import Cron
import Foundation
import TestSupport
import Testing

/// Fire times computed by croniter (see `Scripts/generate-cron-fixtures.py`, which leaves out
/// or post-processes the cases where croniter and cronie disagree).
struct OracleFixture: Decodable {
  struct Group: Decodable, Sendable, CustomTestStringConvertible {
    var expression: String
    var timeZone: String
    var cases: [Case]

    var testDescription: String { "'\(expression)' in \(timeZone)" }
  }

  struct Case: Decodable, Sendable {
    /// The start, as an ISO 8601 timestamp with offset.
    var after: String
    /// Seconds from `after` to the first fire, then from each fire to the next.
    var gaps: [Int]
    /// The first fire, formatted by Python's `isoformat()`.
    var first: String
  }

  var croniter: String
  var firesPerCase: Int
  var groups: [Group]

  static func load() throws -> OracleFixture {
    let url = try #require(
      Bundle.module.url(
        forResource: "croniter-fire-times", withExtension: "json", subdirectory: "Fixtures"))
    return try JSONDecoder().decode(OracleFixture.self, from: Data(contentsOf: url))
  }
}

/// Each group's comparison runs on ``HeavyWork``'s queue, off the cooperative pool: together
/// they are seconds of CPU work.
@Suite("Fire times agree with croniter where croniter agrees with cronie", .tags(.heavy))
struct CronScheduleOracleTests {
  @Test("the fixture covers hundreds of expressions in four zones")
  func fixtureSize() throws {
    let fixture = try OracleFixture.load()
    #expect(Set(fixture.groups.map(\.expression)).count >= 200)
    #expect(
      Set(fixture.groups.map(\.timeZone))
        == ["UTC", "Europe/Prague", "America/New_York", "Australia/Lord_Howe"])
    #expect(fixture.groups.reduce(0) { $0 + $1.cases.count } >= 10_000)
  }

  @Test("the next fire times match", arguments: try OracleFixture.load().groups)
  func nextFireTimes(group: OracleFixture.Group) async throws {
    let zone = try #require(TimeZone(identifier: group.timeZone))
    let schedule = CronSchedule(try CronExpression(parsing: group.expression), timeZone: zone)
    let mismatches = try await HeavyWork.run { try Self.mismatches(group, schedule, zone) }
    #expect(mismatches == [])
  }

  /// What differs from croniter's fire times, for each case of `group`, one line each.
  private static func mismatches(
    _ group: OracleFixture.Group, _ schedule: CronSchedule, _ zone: TimeZone
  ) throws -> [String] {
    var mismatches: [String] = []
    for item in group.cases {
      guard let after = Timestamp.parse(item.after, defaultTimeZone: zone) else {
        mismatches.append("'\(item.after)' does not parse")
        continue
      }
      var expected: [Int] = []
      var instant = Int(after.timeIntervalSince1970)
      for gap in item.gaps {
        instant += gap
        expected.append(instant)
      }
      let fires = Array(schedule.dates(after: after).prefix(expected.count))
      let actual = fires.map { Int($0.timeIntervalSince1970) }
      if actual != expected {
        mismatches.append("after \(item.after): \(fires.map { Timestamp.format($0, in: zone) })")
      }
      var chained: [Int] = []
      var previous = after
      while chained.count < expected.count, let next = schedule.nextDate(after: previous) {
        chained.append(Int(next.timeIntervalSince1970))
        previous = next
      }
      if chained != expected { mismatches.append("nextDate chain after \(item.after)") }
      if let first = fires.first, Timestamp.format(first, in: zone) != item.first {
        mismatches.append("first fire after \(item.after): \(Timestamp.format(first, in: zone))")
      }
    }
    return mismatches
  }
}
