import Foundation
import Testing

@Suite("intentflow run with a fixed clock: every reading of the time agrees with it")
struct RunFixedClockTests {
  @Test("${now}, ${today} and a date.now step read the context's clock and zone")
  func fixedClock() async throws {
    var harness = try CLIHarness()
    // 2026-06-15 23:30 UTC: already the 16th in Tokyo, so `today` (the start of the day in
    // Tokyo, shown in UTC) and date.format (in the run's zone) show the zone too.
    harness.now = { Date(timeIntervalSince1970: 1_781_566_200) }
    harness.timeZone = try #require(TimeZone(identifier: "Asia/Tokyo"))
    let path = try harness.write(
      "clock.json",
      #"""
      {"name": "clock", "steps": [
        {"id": "stamp", "intent": "date.now"},
        {"id": "day", "intent": "date.format",
         "parameters": {"date": "${stamp}", "format": "yyyy-MM-dd HH:mm"}}],
       "output": "now ${now}\ntoday ${today}\ndate.now ${day}"}
      """#)
    let result = await harness.run(["run", path])
    #expect(result.errors == "")
    #expect(result.status == 0)
    #expect(
      result.output
        == "now 2026-06-15T23:30:00+00:00\ntoday 2026-06-15T15:00:00+00:00\n"
        + "date.now 2026-06-16 08:30\n")
  }
}
