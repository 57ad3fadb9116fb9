import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 22, points 3 and 5: `list`, `run NAME` and `cancel RUN`.
@Suite("Workflows by name, and cancelling a run")
struct WorkflowsByNameTests {
  /// A sandbox whose workflows directory (INTENTFLOW_WORKFLOWS) holds two workflows and a
  /// broken file.
  func sandboxWithWorkflows() throws -> (Sandbox, directory: String) {
    let sandbox = try Sandbox()
    let directory = sandbox.work.appendingPathComponent("flows").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try
      #"{ "name": "morning", "description": "Says good morning.", "schedule": "30 7 * * *", "steps": [ { "intent": "text.uppercase", "parameters": { "input": "good morning" } } ] }"#
      .write(toFile: directory + "/wake.json", atomically: true, encoding: .utf8)
    try
      #"{ "name": "evening", "steps": [ { "intent": "text.lowercase", "parameters": { "input": "GOOD NIGHT" } } ] }"#
      .write(toFile: directory + "/evening.json", atomically: true, encoding: .utf8)
    try #"{ "name": "broken", "steps": [ { "intent": "text.upcase" } ] }"#
      .write(toFile: directory + "/broken.json", atomically: true, encoding: .utf8)
    return (sandbox, directory)
  }

  @Test("run NAME runs the workflow of that name, or file name, from the workflows directory")
  func runByName() async throws {
    let (sandbox, directory) = try sandboxWithWorkflows()
    let byName = try await sandbox.run("run", "morning", "--workflows", directory)
    #expect(byName.status == 0, "\(byName)")
    #expect(byName.stdout == "GOOD MORNING\n")
    let byFile = try await sandbox.run("run", "evening", "--workflows", directory)
    #expect(byFile.stdout == "good night\n", "\(byFile)")
    let history = try parseJSONArray(try await sandbox.run("history", "--json").stdout)
    #expect(history.first?.string("path") == directory + "/evening.json")
    let typo = try await sandbox.run("run", "mornin", "--workflows", directory)
    #expect(typo.status == 2)
    #expect(
      typo.stderr.contains(
        "no file 'mornin' and no workflow named 'mornin' in \(directory); did you mean 'morning'?"),
      "\(typo.stderr)")
  }

  @Test("list shows each workflow's name, schedule, next fire time and last run")
  func list() async throws {
    let (sandbox, directory) = try sandboxWithWorkflows()
    #expect(try await sandbox.run("run", "morning", "--workflows", directory).status == 0)
    let listed = try await sandbox.run("list", "--workflows", directory, "--json")
    #expect(listed.status == 0, "\(listed)")
    let items = try parseJSONArray(listed.stdout)
    #expect(items.map { $0.string("file") ?? "" } == ["broken.json", "evening.json", "wake.json"])
    #expect(items[0]["valid"] as? Bool == false)
    let morning = items[2]
    #expect(morning.string("name") == "morning")
    #expect(morning.string("description") == "Says good morning.")
    #expect(morning.string("schedule") == "30 7 * * *")
    #expect(morning.string("next")?.contains("T07:30:00") == true)
    #expect(morning.object("lastRun")?.string("status") == "succeeded")
    #expect(items[1].isNull("lastRun"))
    let text = try await sandbox.run("list", "--workflows", directory)
    let lines = text.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("WORKFLOW") == true, "\(text.stdout)")
    #expect(lines.contains { $0.hasPrefix("morning") && $0.contains("succeeded") })
  }

  @Test("cancel RUN stops a running run as SIGTERM would; a run not running is refused")
  func cancel() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/wait-for-signal.json")
    let run = try sandbox.start(["run", file, "--verbose"])
    let waiting = try await run.waitForStandardError(containing: "▸ pause (flow.wait)")
    #expect(waiting, "never started waiting: \(run.stderrSoFar)")
    let cancelled = try await sandbox.run("cancel", "1")
    #expect(cancelled.status == 0, "\(cancelled)")
    #expect(cancelled.stdout.hasPrefix("cancelling run 1 (wait-for-signal, process "))
    let result = await run.finish(timeout: .seconds(10))
    #expect(result.status == 143, "\(result)")
    let history = try parseJSONArray(try await sandbox.run("history", "--json").stdout)
    #expect(history.first?.string("status") == "cancelled")
    let again = try await sandbox.run("cancel", "1")
    #expect(again.status == 2)
    #expect(again.stderr.contains("run 1 is not running: it ended cancelled"))
    let missing = try await sandbox.run("cancel", "9")
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("there is no run 9 in history"))
  }
}
