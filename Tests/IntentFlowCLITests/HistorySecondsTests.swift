import Foundation
import Testing

@testable import IntentFlowCLI

@Suite("history shows a run's duration as %.3fs wrote it")
struct HistorySecondsTests {
  @Test(
    "three decimals and the unit",
    arguments: [
      0, 0.0004, 0.0005, 0.0015, 0.001, 0.25, 1, 1.2345, 9.9999, 59.9995, 61.5, 3_600.125,
      86_400.5, 123_456.789,
    ])
  func seconds(value: Double) {
    #expect(HistoryCommand.seconds(value) == String(format: "%.3fs", value))
  }

  @Test("a duration that is not a number is shown as the C library writes it")
  func notANumber() {
    #expect(HistoryCommand.seconds(.nan) == String(format: "%.3fs", Double.nan))
    #expect(HistoryCommand.seconds(-.infinity) == String(format: "%.3fs", -Double.infinity))
    #expect(HistoryCommand.seconds(1e300).count > 300)
  }
}
