import CivilTime
import Cron
import Foundation
import IntentKit

// `swift run -c release IntentFlowBenchmarks cron`
//
// For each expression: the cost of one `nextDate(after:)` call, chained from the previous
// fire time (so every call does its own time-zone look-ups), and the time to take 10,000 fire
// times from `dates(after:)`. Then the cost of parsing and of `Timestamp.format`.

/// Prints the cron figures.
func runCronBenchmark() async throws {
  let prague = try cronBenchmarkZone("Europe/Prague")
  let utc = try cronBenchmarkZone("UTC")
  let cases: [(String, String, TimeZone)] = [
    ("* * * * *", "UTC", utc),
    ("0 7 * * MON-FRI", "UTC", utc),
    ("0 0 29 2 *", "UTC", utc),
    ("*/5 9-17 * * 1-5", "Europe/Prague", prague),
    ("*/10 * * * * *", "Europe/Prague", prague),
    ("30 2 * * *", "Europe/Prague", prague),
    ("0 0 * * 5L", "Europe/Prague", prague),
  ]
  let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
  let clock = ContinuousClock()
  let count = 10_000

  print("expression              zone             nextDate (ns/call)  10,000 dates (ms)")
  for (source, zoneName, timeZone) in cases {
    let schedule = CronSchedule(try CronExpression(parsing: source), timeZone: timeZone)
    var checksum = 0.0

    // The best of five runs, after a warm-up.
    for date in schedule.dates(after: start).prefix(100) { checksum += date.timeIntervalSince1970 }
    let chained = best(of: 5) {
      clock.measure {
        var previous = start
        for _ in 0..<count {
          guard let next = schedule.nextDate(after: previous) else { break }
          checksum += next.timeIntervalSince1970
          previous = next
        }
      }
    }
    let sequence = best(of: 5) {
      clock.measure {
        for date in schedule.dates(after: start).prefix(count) {
          checksum += date.timeIntervalSince1970
        }
      }
    }
    let name = source.padding(toLength: 22, withPad: " ", startingAt: 0)
    let zone = zoneName.padding(toLength: 15, withPad: " ", startingAt: 0)
    let perCall = nanoseconds(chained) / Double(count)
    print(
      "\(name)  \(zone)  \(format(perCall, width: 18))  "
        + "\(format(nanoseconds(sequence) / 1e6, width: 17, digits: 2))"
        + (checksum == 0 ? " (no fires)" : ""))
  }

  let sources = ["0 7 * * MON-FRI", "*/5 9-17 * * 1-5", "0 0 1,15 * FRI#2", "@daily"]
  var parsed = 0
  let parsing = best(of: 5) {
    clock.measure {
      for index in 0..<count {
        if (try? CronExpression(parsing: sources[index % sources.count])) != nil { parsed += 1 }
      }
    }
  }
  print("parse: \(format(nanoseconds(parsing) / Double(count), width: 0)) ns/expression")

  var length = 0
  let formatting = best(of: 5) {
    clock.measure {
      for index in 0..<count {
        let date = start.addingTimeInterval(Double(index) * 3_607)
        length += Timestamp.format(date, in: prague).utf8.count
      }
    }
  }
  print(
    "Timestamp.format: \(format(nanoseconds(formatting) / Double(count), width: 0)) ns/call"
      + (length == 0 ? " (empty)" : ""))
}

private func cronBenchmarkZone(_ identifier: String) throws -> TimeZone {
  guard let timeZone = TimeZone(identifier: identifier) else {
    // See TOOLCHAIN.md: a static build may strip the ICU zone data.
    throw CronBenchmarkError(message: "no time zone \(identifier) in this build")
  }
  return timeZone
}

private struct CronBenchmarkError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

private func best(of runs: Int, _ measure: () -> Duration) -> Duration {
  (0..<runs).map { _ in measure() }.min() ?? .zero
}

private func nanoseconds(_ duration: Duration) -> Double {
  duration.inSeconds * 1e9
}

private func format(_ value: Double, width: Int, digits: Int = 0) -> String {
  let text = String(format: "%.\(digits)f", value)
  return String(repeating: " ", count: max(0, width - text.count)) + text
}
