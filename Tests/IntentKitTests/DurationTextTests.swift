import TestSupport
import Testing

@testable import IntentKit

@Suite("Durations as text")
struct DurationTextTests {
  @Test(
    "durations are read as people type them",
    arguments: [
      ("90s", 90_000), ("5m", 300_000), ("1h30m", 5_400_000), ("250ms", 250), ("2d", 172_800_000),
      ("1w", 604_800_000), ("1.5h", 5_400_000), ("0.5s", 500), ("90", 90_000), ("1.5", 1_500),
      ("0", 0), ("0s", 0), ("5 min", 300_000), ("1 hour 30 minutes", 5_400_000),
      ("2 days 3 hrs", 183_600_000), ("1h 30m 15s", 5_415_000), (" 5m ", 300_000),
      ("5M", 300_000), ("3 Seconds", 3_000), ("1.0005s", 1_001), ("1e3", 1_000_000),
      ("10 secs", 10_000), ("2 weeks", 1_209_600_000), ("1millisecond", 1),
    ])
  func parse(text: String, milliseconds: Int64) {
    #expect(DurationText.parse(text) == .milliseconds(milliseconds))
  }

  @Test(
    "ISO 8601 durations are read too, in either case, with a dot or a comma",
    arguments: [
      ("PT1H30M", 5_400_000), ("P1DT2H", 93_600_000), ("pt5m", 300_000), ("PT0.5S", 500),
      ("PT1,5S", 1_500), ("P2W", 1_209_600_000), ("P1D", 86_400_000), ("PT36H", 129_600_000),
      ("P1DT1H1M1S", 90_061_000),
    ])
  func parseISO(text: String, milliseconds: Int64) {
    #expect(DurationText.parse(text) == .milliseconds(milliseconds))
  }

  @Test(
    "text that is not a duration is refused",
    arguments: [
      "", "   ", "soon", "-5s", "-5", "5x", "m", "5m3", "1h 30", "1..5s", "nan", "inf", "1e400",
      "5 parsecs", "s5", "P", "PT", "P1M", "P1Y", "PT1D", "P1H", "PT1H2", "PT1HT2M", "P1DT",
      "P-1D", "PT1.2.3S",
    ])
  func rejects(text: String) {
    #expect(DurationText.parse(text) == nil)
  }

  @Test(
    "durations print compactly, largest unit first",
    arguments: [
      (0, "0s"), (45_000, "45s"), (90_000, "1m30s"), (3_600_000, "1h"), (5_400_000, "1h30m"),
      (86_400_000, "1d"), (90_061_000, "1d1h1m1s"), (250, "250ms"), (1_500, "1.5s"),
      (1_050, "1.05s"), (1_005, "1.005s"), (61_500, "1m1.5s"), (3_600_250, "1h0.25s"),
      (-90_000, "-1m30s"), (-250, "-250ms"), (1_209_600_000, "14d"), (60_000, "1m"),
    ])
  func format(milliseconds: Int64, text: String) {
    #expect(DurationText.format(.milliseconds(milliseconds)) == text)
  }

  @Test("what format prints, parse reads back, for random durations to the millisecond")
  func roundTrip() {
    var generator = SeededRandomNumberGenerator(seed: 90)
    for _ in 0..<5_000 {
      let milliseconds = Int64.random(in: 0...10_000_000_000, using: &generator)
      let duration = Duration.milliseconds(milliseconds)
      let text = DurationText.format(duration)
      #expect(DurationText.parse(text) == duration, "\(milliseconds) ms printed as \(text)")
    }
  }
}
