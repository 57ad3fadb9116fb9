import Foundation
import Testing

@Suite("intentflow next")
struct NextCommandTests {
  @Test("without --after and --timezone, fire times follow the context's clock and zone")
  func contextClockAndZone() async throws {
    var harness = try CLIHarness()
    // 2026-01-05T06:59:30Z, a Monday.
    harness.now = { Date(timeIntervalSince1970: 1_767_596_370) }
    harness.timeZone = try #require(TimeZone(identifier: "Asia/Tokyo"))
    let result = await harness.run(["next", "0 7 * * *", "-n", "2"])
    #expect(result.status == 0)
    #expect(result.output == "2026-01-06T07:00:00+09:00\n2026-01-07T07:00:00+09:00\n")
  }

  @Test("prints fire times with offsets across a spring-forward gap")
  func springForward() async throws {
    let result = try await CLIHarness().run([
      "next", "30 2 * * *", "--timezone", "Europe/Prague", "--after", "2026-03-28T00:00", "-n", "3",
    ])
    #expect(result.status == 0)
    #expect(
      result.output == """
        2026-03-28T02:30:00+01:00
        2026-03-29T03:00:00+02:00
        2026-03-30T02:30:00+02:00

        """)
  }

  @Test("a fixed-time job runs once in a fall-back hour; a '*' minute job runs in both")
  func fallBack() async throws {
    let harness = try CLIHarness()
    let fixed = await harness.run([
      "next", "30 2 * * *", "--timezone", "Europe/Prague", "--after", "2026-10-25T00:00", "-n", "2",
    ])
    #expect(fixed.output == "2026-10-25T02:30:00+02:00\n2026-10-26T02:30:00+01:00\n")
    let wall = await harness.run([
      "next", "30 * * * *", "--timezone", "Europe/Prague", "--after", "2026-10-25T01:00", "-n", "3",
    ])
    #expect(
      wall.output
        == "2026-10-25T01:30:00+02:00\n2026-10-25T02:30:00+02:00\n2026-10-25T02:30:00+01:00\n")
  }

  @Test("a workflow file's schedule and zone are used")
  func workflowFile() async throws {
    let harness = try CLIHarness()
    let path = try harness.write(
      "report.json",
      #"{"name": "report", "schedule": {"cron": "0 9 * * MON", "timezone": "America/New_York"}, "steps": [{"intent": "text.uppercase", "parameters": {"input": "x"}}]}"#
    )
    let result = await harness.run(["next", path, "--after", "2026-11-30T00:00:00Z", "-n", "2"])
    #expect(result.status == 0)
    #expect(result.output == "2026-11-30T09:00:00-05:00\n2026-12-07T09:00:00-05:00\n")
  }

  @Test("a bad expression exits with 2 and a caret under the field")
  func badExpression() async throws {
    let result = try await CLIHarness().run(["next", "0 25 * * *"])
    #expect(result.status == 2)
    #expect(
      result.errors == "error: hour: 25 is out of range 0-23 (column 3)\n  0 25 * * *\n    ^\n")
  }

  @Test("an unknown zone is a usage error with a suggestion")
  func unknownZone() async throws {
    let result = try await CLIHarness().run(["next", "* * * * *", "--timezone", "Europe/Prag"])
    #expect(result.status == 2)
    #expect(
      result.errors.contains("unknown time zone 'Europe/Prag'; did you mean 'Europe/Prague'?"))
  }

  @Test(
    "bad --count and --after values are usage errors",
    arguments: [["-n", "0"], ["--after", "soon"]])
  func badOptions(extra: [String]) async throws {
    let result = try await CLIHarness().run(["next", "* * * * *"] + extra)
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("error: "))
  }
}
