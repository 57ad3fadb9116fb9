import IntentKit
import Testing

@Suite("Durations in seconds")
struct DurationSecondsTests {
  @Test(
    "a duration reads as seconds and milliseconds, fractions included",
    arguments: [
      (Duration.zero, 0.0), (.seconds(90), 90), (.milliseconds(1_500), 1.5),
      (.milliseconds(-250), -0.25), (.microseconds(1), 0.000_001),
    ])
  func seconds(duration: Duration, seconds: Double) {
    #expect(duration.inSeconds == seconds)
    #expect(duration.inMilliseconds == seconds * 1000)
  }
}
