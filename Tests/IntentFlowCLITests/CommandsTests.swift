import Foundation
import Testing

@Suite("The smaller commands")
struct CommandsTests {
  @Test("--version prints the version")
  func version() async throws {
    let result = try await CLIHarness().run(["--version"])
    #expect(result.status == 0)
    #expect(result.output == "intentflow 0.1.0\n")
  }

  @Test("an unknown command exits with 2 and suggests one")
  func unknownCommand() async throws {
    let result = try await CLIHarness().run(["shedule"])
    #expect(result.status == 2)
    #expect(result.errors.contains("unknown command 'shedule'; did you mean 'schedule'?"))
  }

  @Test("schema prints a JSON Schema naming every intent")
  func schema() async throws {
    let result = try await CLIHarness().run(["schema"])
    #expect(result.status == 0)
    let schema = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    #expect(result.output.contains(#""todos.complete""#))
    #expect(result.output.contains(#""flow.wait""#))
  }

  @Test("intents --json lists parameters with types")
  func intentsJSON() async throws {
    let result = try await CLIHarness().run(["intents", "--json"])
    let intents = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
    let add = try #require(intents.first { $0["identifier"] as? String == "todos.add" })
    let parameters = try #require(add["parameters"] as? [[String: Any]])
    #expect(parameters.map { $0["name"] as? String } == ["title", "due"])
    #expect(parameters.map { $0["type"] as? String } == ["text", "date"])
    #expect(add["output"] as? String == "Todo")
  }

  @Test("crontab prints a locked, logged line per scheduled workflow")
  func crontab() async throws {
    let harness = try CLIHarness()
    try harness.write(
      "flows/report.json",
      #"{"name": "report", "schedule": {"cron": "0 7 * * *", "timezone": "UTC"}, "steps": [{"intent": "text.uppercase", "parameters": {"input": "x"}}]}"#
    )
    try harness.write(
      "flows/manual.json",
      #"{"name": "manual", "steps": [{"intent": "text.uppercase", "parameters": {"input": "x"}}]}"#)
    let result = await harness.run(["crontab", "flows"])
    #expect(result.status == 0)
    #expect(result.output.contains("CRON_TZ=UTC\n0 7 * * * umask 077 && mkdir -p"))
    #expect(result.output.contains("flock -n \(harness.home.path)/locks/report-"))
    #expect(!result.output.contains("manual"))
  }

  @Test("history lists runs after they happen, newest first")
  func history() async throws {
    let harness = try CLIHarness()
    let empty = await harness.run(["history"])
    #expect(empty.status == 0)
    #expect(empty.errors.contains("nothing has run yet"))
    let path = try harness.write(
      "up.json",
      #"{"name": "up", "steps": [{"intent": "text.uppercase", "parameters": {"input": "x"}}]}"#)
    let long = try harness.write(
      "long.json",
      #"{"name": "long", "steps": [{"intent": "todos.add", "parameters": {"title": "\#(String(repeating: "x", count: 300))"}}]}"#
    )
    _ = await harness.run(["run", path])
    // Rejected for its input: no step ran, but the run is recorded with its reason.
    _ = await harness.run(["run", path, "--input", "nope=1"])
    _ = await harness.run(["run", long])
    let result = await harness.run(["history", "--json"])
    let runs = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
    #expect(runs.count == 3)
    #expect(runs.map { $0["status"] as? String } == ["failed", "invalid", "succeeded"])
    #expect(runs.map { $0["exitCode"] as? Int } == [1, 2, 0])
    #expect(runs.map { $0["workflow"] as? String } == ["long", "up", "up"])
    #expect(runs.first?["trigger"] as? String == "manual")
  }

  @Test("schedule --list shows each scheduled workflow's next fire time")
  func scheduleList() async throws {
    let harness = try CLIHarness()
    try harness.write(
      "flows/report.json",
      #"{"name": "report", "schedule": {"cron": "@yearly", "timezone": "UTC"}, "steps": [{"intent": "text.uppercase", "parameters": {"input": "x"}}]}"#
    )
    try harness.write("flows/broken.json", #"{"name": "broken", "steps": []}"#)
    let result = await harness.run(["schedule", "--list", "flows"])
    #expect(result.status == 2)
    #expect(result.output.hasPrefix("WORKFLOW  CRON     ZONE  NEXT"))
    #expect(result.output.contains("report    @yearly  UTC   20"))
    #expect(result.errors.contains("broken.json:1:29: error: 'steps' is empty"))
  }
}
