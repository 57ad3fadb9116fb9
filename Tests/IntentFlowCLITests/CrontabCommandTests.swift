import Foundation
import Testing

@Suite("intentflow crontab under hostile file names")
struct CrontabCommandTests {
  @Test("an empty file whose name holds a crontab line is skipped in an escaped comment")
  func hostileFileName() async throws {
    let harness = try CLIHarness()
    try harness.write("flows/x\n* * * * * touch pwned\n.json", "")
    let result = await harness.run(["crontab", "flows"])
    #expect(result.status == 2)
    let lines = result.output.split(separator: "\n")
    #expect(lines.allSatisfy { $0.hasPrefix("#") || $0.hasPrefix("INTENTFLOW_") })
    #expect(result.output.contains(#"x\u{A}* * * * * touch pwned\u{A}.json: it fails"#))
  }

  @Test("a scheduled workflow in a directory with a line break is refused, nothing printed")
  func hostileDirectory() async throws {
    let harness = try CLIHarness()
    try harness.write(
      "a\nb/flow.json",
      #"{"name": "f", "schedule": {"cron": "0 7 * * *", "timezone": "UTC"}, "steps": [{"intent": "text.uppercase", "parameters": {"input": "x"}}]}"#
    )
    let result = await harness.run(["crontab", "a\nb"])
    #expect(result.status == 2)
    #expect(result.output == "")
    #expect(result.errors.contains(#"error: workflow path '"#))
    #expect(result.errors.contains(#"a\u{A}b/flow.json' contains the control character U+000A"#))
  }
}
