import IntentKit
import Testing
import WorkflowEngine

/// A workflow whose schedule is written on line 3.
private func scheduled(_ schedule: String) -> String {
  """
  {
    "name": "demo",
    "schedule": \(schedule),
    "steps": [{ "intent": "test.nothing" }]
  }
  """
}

@Suite("Checking schedules")
struct ScheduleCheckTests {
  @Test(
    "valid schedules plan",
    arguments: [
      #""0 7 * * MON-FRI""#, #""@daily""#,
      #"{ "cron": "*/15 * * * *", "timezone": "Europe/Prague" }"#,
      #"{ "cron": "0 0 1 1 *", "timezone": "UTC" }"#,
    ])
  func validSchedules(schedule: String) throws {
    let plan = try Harness.plan(scheduled(schedule))
    #expect(plan.workflow.schedule != nil)
  }

  @Test(
    "a bad cron expression is reported at the column of the problem inside the string",
    arguments: [
      (#""0 61 * * *""#, 18, "hour: 61 is out of range 0-23 (column 3)"),
      (#""* * * *""#, 23, "expected 5 fields (or 6 with seconds), found 4 (column 8)"),
      (
        #"{ "cron": "0 7 * * FRU" }"#, 34,
        "day of week: unknown name 'FRU' (column 9); did you mean 'FRI'?"
      ),
    ])
  func badCron(schedule: String, column: Int, message: String) {
    #expect(
      Harness.diagnostics(scheduled(schedule)) == [
        "test.json:3:\(column): error: invalid schedule: \(message)"
      ])
  }

  @Test("an unknown time zone gets a suggestion, or an example of a good one")
  func unknownTimeZones() {
    #expect(
      Harness.diagnostics(scheduled(#"{ "cron": "0 7 * * *", "timezone": "Europe/Pragu" }"#)) == [
        "test.json:3:50: error: unknown time zone 'Europe/Pragu'; did you mean 'Europe/Prague'?"
      ])
    #expect(
      Harness.diagnostics(scheduled(#"{ "cron": "0 7 * * *", "timezone": "Nowhere/Atlantis" }"#))
        == [
          "test.json:3:50: error: unknown time zone 'Nowhere/Atlantis'; use an IANA name such as "
            + "'Europe/Prague' or 'UTC'"
        ])
  }

  @Test("the schedule is checked with everything else")
  func scheduleWithOtherErrors() {
    #expect(
      Harness.diagnostics(
        """
        {
          "name": "demo",
          "schedule": { "cron": "99 * * * *", "timezone": "Mars/Base" },
          "steps": [{ "intent": "test.nothin" }]
        }
        """) == [
          "test.json:3:26: error: invalid schedule: minute: 99 is out of range 0-59 (column 1)",
          "test.json:3:51: error: unknown time zone 'Mars/Base'; use an IANA name such as "
            + "'Europe/Prague' or 'UTC'",
          "test.json:4:25: error: unknown intent 'test.nothin'; did you mean 'test.nothing'?",
        ])
  }
}
