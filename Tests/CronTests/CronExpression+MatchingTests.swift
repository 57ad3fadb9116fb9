import Cron
import Foundation
import Testing

@Suite("Matching wall-clock times")
struct CronExpressionMatchingTests {
  /// (expression, date as yyyy-mm-dd at midnight, matches)
  static let dayCases: [(String, String, Bool)] = [
    // Both day fields restricted: either may match (2026-03-06 is a Friday).
    ("0 0 13 * 5", "2026-03-06", true), ("0 0 13 * 5", "2026-01-13", true),
    ("0 0 13 * 5", "2026-03-12", false),
    ("0 0 1,15 * MON", "2026-03-02", true), ("0 0 1,15 * MON", "2026-03-15", true),
    ("0 0 1,15 * MON", "2026-03-03", false),
    // A day field that starts with '*' is unrestricted, so both must match.
    ("0 0 */2 * MON", "2026-06-01", true), ("0 0 */2 * MON", "2026-03-02", false),
    ("0 0 */2 * MON", "2026-03-03", false), ("0 0 1-31 * MON", "2026-03-03", true),
    ("0 0 * * MON", "2026-03-02", true), ("0 0 * * MON", "2026-03-03", false),
    ("0 0 13 * *", "2026-03-13", true), ("0 0 13 * *", "2026-03-06", false),
    ("0 0 13 * */2", "2026-03-13", false), ("0 0 13 * */2", "2026-01-13", true),
    ("0 0 1,*/10 * MON", "2026-03-03", false), ("0 0 1,*/10 * MON", "2026-03-02", true),
    // L: the last day of the month.
    ("0 0 L * *", "2026-02-28", true), ("0 0 L * *", "2028-02-29", true),
    ("0 0 L * *", "2028-02-28", false), ("0 0 L * *", "2026-04-30", true),
    ("0 0 L * *", "2026-05-30", false), ("0 0 L * *", "2026-12-31", true),
    ("0 0 1,L * *", "2026-06-01", true),
    // L and # restrict the field, so with another restricted day field either may match.
    ("0 0 L * FRI", "2026-03-06", true), ("0 0 L * FRI", "2026-03-31", true),
    ("0 0 L * FRI", "2026-03-30", false),
    ("0 0 1 * FRI#2", "2026-11-13", true), ("0 0 1 * FRI#2", "2026-11-01", true),
    ("0 0 1 * FRI#2", "2026-11-06", false),
    ("0 0 L * 5L", "2026-10-30", true), ("0 0 L * 5L", "2026-10-31", true),
    ("0 0 L * 5L", "2026-10-29", false),
    // The last weekday of a month.
    ("0 0 * * 5L", "2026-10-30", true), ("0 0 * * 5L", "2026-10-23", false),
    ("0 0 * * FRIL", "2026-02-27", true), ("0 0 * * 0L", "2026-05-31", true),
    ("0 0 * * 7L", "2026-05-31", true), ("0 0 * * 7L", "2026-05-24", false),
    // The nth weekday of a month.
    ("0 0 * * FRI#2", "2026-11-13", true), ("0 0 * * FRI#2", "2026-11-06", false),
    ("0 0 * * 5#2", "2026-11-13", true), ("0 0 * * 1#1", "2026-06-01", true),
    ("0 0 * * 1#1", "2026-06-08", false), ("0 0 * * 5#5", "2026-05-29", true),
    ("0 0 * * 5#5", "2026-06-26", false), ("0 0 * * SUN#5", "2026-05-31", true),
    ("0 0 * * 1#1,5L", "2026-10-05", true), ("0 0 * * 1#1,5L", "2026-10-30", true),
    ("0 0 * * 1#1,5L", "2026-10-12", false), ("0 0 * * MON,5#1", "2026-10-02", true),
    ("0 0 * * MON,5#1", "2026-10-12", true), ("0 0 * * MON,5#1", "2026-10-09", false),
    // Months.
    ("0 0 * JAN,JUL *", "2026-07-04", true), ("0 0 * JAN,JUL *", "2026-08-04", false),
    ("0 0 29 2 *", "2028-02-29", true),
  ]

  @Test("day rules", arguments: dayCases)
  func days(source: String, day: String, expected: Bool) throws {
    let parts = day.split(separator: "-").compactMap { Int($0) }
    let time = LocalDateTime(year: parts[0], month: parts[1], day: parts[2])
    #expect(try CronExpression(parsing: source).matches(time) == expected)
  }

  @Test("times of day, to the second")
  func timesOfDay() throws {
    let expression = try CronExpression(parsing: "*/15 9-17 * * *")
    #expect(expression.matches(LocalDateTime(year: 2026, month: 1, day: 1, hour: 9)))
    #expect(
      expression.matches(LocalDateTime(year: 2026, month: 1, day: 1, hour: 17, minute: 45)))
    #expect(
      !expression.matches(LocalDateTime(year: 2026, month: 1, day: 1, hour: 18, minute: 0)))
    #expect(
      !expression.matches(LocalDateTime(year: 2026, month: 1, day: 1, hour: 9, minute: 10)))
    // Without a seconds field only second 0 matches.
    #expect(
      !expression.matches(
        LocalDateTime(year: 2026, month: 1, day: 1, hour: 9, minute: 15, second: 1)))
    let withSeconds = try CronExpression(parsing: "30 * * * * *")
    #expect(withSeconds.matches(LocalDateTime(year: 2026, month: 1, day: 1, second: 30)))
    #expect(!withSeconds.matches(LocalDateTime(year: 2026, month: 1, day: 1, second: 0)))
  }

  @Test("a date that does not exist matches nothing")
  func invalidDates() throws {
    let everyMinute = try CronExpression(parsing: "* * * * *")
    #expect(!everyMinute.matches(LocalDateTime(year: 2026, month: 2, day: 30)))
    #expect(!everyMinute.matches(LocalDateTime(year: 2026, month: 13, day: 1)))
    #expect(!everyMinute.matches(LocalDateTime(year: 2026, month: 1, day: 1, hour: 24)))
    #expect(!everyMinute.matches(LocalDateTime(year: 2026, month: 1, day: 0)))
  }

  @Test("an instant matches by the wall clock of a zone")
  func instants() throws {
    let expression = try CronExpression(parsing: "0 7 * * MON-FRI")
    let mondayMorning = try instant("2026-03-30T05:00:00Z")  // 07:00 in Prague
    #expect(expression.matches(mondayMorning, in: try zone("Europe/Prague")))
    #expect(!expression.matches(mondayMorning, in: try zone("UTC")))
  }

  @Test(
    "expressions that fire rarely are accepted",
    arguments: [
      "0 0 29 2 *", "0 0 31 1-12/2 *", "0 0 30 2 MON", "0 0 L 2 *", "0 0 30,31 2,3 *",
      "0 0 29 FEB 5#5", "0 0 * 2 5#5", "0 0 */2 2 5#5",
    ])
  func rareButPossible(source: String) throws {
    _ = try CronExpression(parsing: source)
  }
}
