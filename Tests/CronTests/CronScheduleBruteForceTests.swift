import CivilTime
import Cron
import Foundation
import TestSupport
import Testing

/// Fire times checked against a minute-by-minute (or second-by-second) scan of the wall
/// clock, which applies the daylight-saving rules in their plainest form. Unlike the croniter
/// fixture, this covers the cases where croniter differs from cronie.
///
/// The scans are CPU-bound for seconds, so they run on ``HeavyWork``'s queue, off the
/// cooperative pool, and report their mismatches back to the test.
@Suite("Fire times agree with a brute-force scan of the wall clock", .tags(.heavy))
struct CronScheduleBruteForceTests {
  static let expressions = [
    // The day rule when a day field starts with '*': both must match.
    "0 0 */2 * MON", "30 2 */3 * 1-5", "*/20 2 * * */2", "0 12 1,*/10 * SUN",
    // Weekday steps over 0-7.
    "0 12 * * 1/2", "0 2 * * 3/3",
    // Extensions.
    "0 0 L * *", "30 2 * * 0L", "30 2 * * SUN#5", "0 2 1 * 5#1", "15 2 L * SUN",
    // Fixed-time jobs in and around the changes.
    "30 2 * * *", "0,30 2 * * *", "0 2,3 * * *", "45 1 * * *", "15 1 * * *", "0-59 2 * * *",
    "59 1 * * *", "0 3 * * *", "10-40/10 1-3 * * *",
    // Jobs that follow the wall clock.
    "*/15 * * * *", "30 * * * *", "* 2 * * *", "8-54 * * * *", "*/20 1-2 * * *", "@hourly",
    "0 */2 * * *",
  ]

  static let secondsExpressions = [
    "15 30 2 * * *", "*/20 30 1 * * *", "0 * 2 * * *", "*/30 * * * * *", "59 59 1 * * *",
  ]

  static let zones = ["UTC", "Europe/Prague", "America/New_York", "Australia/Lord_Howe"]

  @Test("five-field expressions, a day either side of each 2026 clock change", arguments: zones)
  func minutes(identifier: String) async throws {
    let timeZone = try zone(identifier)
    let windows = try Self.windows(in: timeZone, halfWidth: 86_400)
    let mismatches = try await HeavyWork.run {
      try windows.flatMap { window in
        try Self.expressions.compactMap { source in
          try Self.mismatch(
            source, in: timeZone, from: window.lowerBound, to: window.upperBound, step: 60)
        }
      }
    }
    #expect(mismatches == [])
  }

  @Test("six-field expressions, three hours either side of each change", arguments: zones)
  func seconds(identifier: String) async throws {
    let timeZone = try zone(identifier)
    let windows = try Self.windows(in: timeZone, halfWidth: 3 * 3_600)
    let mismatches = try await HeavyWork.run {
      try windows.flatMap { window in
        try Self.secondsExpressions.compactMap { source in
          try Self.mismatch(
            source, in: timeZone, from: window.lowerBound, to: window.upperBound, step: 1)
        }
      }
    }
    #expect(mismatches == [])
  }

  /// Windows around the zone's 2026 transitions (or around the Prague dates, for UTC).
  private static func windows(in timeZone: TimeZone, halfWidth: Int) throws -> [ClosedRange<Int>] {
    var centers: [Int] = []
    var probe = try instant("2026-01-01T00:00:00Z")
    while let change = timeZone.nextDaylightSavingTimeTransition(after: probe),
      change < (try instant("2027-01-01T00:00:00Z"))
    {
      centers.append(Int(change.timeIntervalSince1970))
      probe = change
    }
    if centers.isEmpty {
      centers = [1_774_746_000, 1_792_890_000]
    }
    return centers.map { ($0 - halfWidth)...($0 + halfWidth) }
  }

  /// How the schedule's fire times differ from the scan's in (start, end], or `nil` when
  /// they agree.
  private static func mismatch(
    _ source: String, in timeZone: TimeZone, from start: Int, to end: Int, step: Int
  ) throws -> String? {
    let expression = try CronExpression(parsing: source)
    let schedule = CronSchedule(expression, timeZone: timeZone)
    let expected = scan(expression, in: timeZone, from: start, to: end, step: step)
    let actual = schedule.dates(after: Date(timeIntervalSince1970: Double(start)))
      .prefix { $0.timeIntervalSince1970 <= Double(end) }
      .map { Int($0.timeIntervalSince1970) }
    guard actual != expected else { return nil }
    return """
      '\(source)' in \(timeZone.identifier) from \(start): \
      extra \(Set(actual).subtracting(expected).sorted().map { text($0, timeZone) }), \
      missing \(Set(expected).subtracting(actual).sorted().map { text($0, timeZone) })
      """
  }

  /// Every instant in (start, end] whose wall-clock time matches, with cronie's rules for
  /// fixed-time jobs: a wall-clock time that was already shown does not fire again, and a gap
  /// that skipped a matching time fires once at its end. Scanning starts a day early so that
  /// the wall-clock times shown before `start` are known.
  private static func scan(
    _ expression: CronExpression, in timeZone: TimeZone, from start: Int, to end: Int, step: Int
  ) -> [Int] {
    var fires: [Int] = []
    var latestWallClock = Int.min
    var previousOffset = offset(timeZone, start - 86_400)
    for instant in stride(from: start - 86_400 + step, through: end, by: step) {
      let offset = offset(timeZone, instant)
      let wallClock = instant + offset
      var firesHere = expression.matches(local(wallClock))
      if expression.isFixedTime {
        if offset > previousOffset {
          // The clock jumped from `instant + previousOffset` to `wallClock`.
          let skipped = stride(from: instant + previousOffset, to: wallClock, by: step)
          if skipped.contains(where: { expression.matches(local($0)) }) { firesHere = true }
        }
        if wallClock <= latestWallClock { firesHere = false }
        latestWallClock = max(latestWallClock, wallClock)
      }
      previousOffset = offset
      if firesHere, instant > start { fires.append(instant) }
    }
    return fires
  }

  private static func offset(_ timeZone: TimeZone, _ instant: Int) -> Int {
    timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant)))
  }

  private static func local(_ wallClock: Int) -> LocalDateTime {
    LocalDateTime(
      Date(timeIntervalSince1970: Double(wallClock)), in: TimeZone(secondsFromGMT: 0) ?? .current)
  }

  private static func text(_ instant: Int, _ timeZone: TimeZone) -> String {
    Timestamp.format(Date(timeIntervalSince1970: Double(instant)), in: timeZone)
  }
}
