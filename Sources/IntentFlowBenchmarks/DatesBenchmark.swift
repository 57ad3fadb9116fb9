import DataIntents
import Foundation
import ICUSupport
import IntentKit
import StandardIntents

/// `date.format` with a Unicode pattern, per call, against formatting with one `DatePattern`
/// made once (ICU's own cost) and with a `DatePattern` made for each call (what `date.format`
/// did before it kept its formatters), measured in one run.
func runDatesBenchmark() async throws {
  let clock = ContinuousClock()
  let registry = StandardIntents.registry
  guard let descriptor = registry.intent("date.format") else { return }
  let context = IntentContext()
  let date = Date(timeIntervalSince1970: 1_790_000_000)
  let arguments: [String: Value] = [
    "date": .date(date), "format": .text("EEEE d MMMM yyyy HH:mm"),
    "timezone": .text("Europe/Prague"),
  ]
  let calls = 20_000
  for _ in 0..<100 {
    _ = try await IntentInvocation(descriptor, arguments: arguments, context: context).run()
  }
  var start = clock.now
  for _ in 0..<calls {
    _ = try await IntentInvocation(descriptor, arguments: arguments, context: context).run()
  }
  let intentTime = (clock.now - start) / calls
  let zone = TimeZone(identifier: "Europe/Prague") ?? .gmt
  let pattern = DatePattern("EEEE d MMMM yyyy HH:mm", timeZone: zone)
  start = clock.now
  for _ in 0..<calls { _ = pattern.string(from: date) }
  let patternTime = (clock.now - start) / calls
  start = clock.now
  for _ in 0..<calls / 10 {
    _ = DatePattern("EEEE d MMMM yyyy HH:mm", timeZone: zone).string(from: date)
  }
  let madeTime = (clock.now - start) / (calls / 10)
  func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
  }
  print(
    String(
      format: "date.format with a pattern: %.2f µs per call; one DatePattern reused: %.2f µs "
        + "(ratio %.2f×); a DatePattern made per call: %.2f µs (ratio %.2f×)",
      microseconds(intentTime), microseconds(patternTime),
      microseconds(intentTime) / microseconds(patternTime), microseconds(madeTime),
      microseconds(intentTime) / microseconds(madeTime)))
}
