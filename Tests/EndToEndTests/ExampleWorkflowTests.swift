import Foundation
import Testing

@Suite("The example workflows in Workflows/ validate and run")
struct ExampleWorkflowTests {
  static let examples = Fixtures.exampleWorkflows

  @Test("the examples are all there")
  func exampleCount() {
    #expect(Self.examples.count >= 6, "\(Self.examples)")
  }

  @Test("validate accepts it", arguments: examples)
  func validates(name: String) async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run("validate", Fixtures.exampleWorkflow(name))
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.hasPrefix(Fixtures.exampleWorkflow(name) + ": ok, '"))
    #expect(result.stderr.isEmpty)
  }

  @Test("run --non-interactive succeeds in a fresh home and records the run", arguments: examples)
  func runs(name: String) async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run("run", Fixtures.exampleWorkflow(name), "--non-interactive")
    #expect(result.status == 0, "\(result)")
    #expect(!result.stdout.isEmpty)
    #expect(!result.stderr.contains("error"), "\(result)")
    #expect(sandbox.homeContains("runs.sqlite"))
  }

  /// The examples with a `schedule`: what a newcomer is invited to schedule as it is.
  static var scheduled: [String] {
    examples.filter { name in
      (try? String(contentsOfFile: Fixtures.exampleWorkflow(name), encoding: .utf8))?
        .contains("\"schedule\"") == true
    }
  }

  @Test(
    "run as the scheduler runs them, the scheduled examples delete nothing, add no todos, and back up only their own folder"
  )
  func safeToSchedule() async throws {
    #expect(Self.scheduled.count >= 4, "\(Self.scheduled)")
    let sandbox = try Sandbox()
    try sandbox.write("private.txt", "not for a backup")
    let backups = sandbox.root.appendingPathComponent("backups")  // ~/backups: HOME is the root
    try FileManager.default.createDirectory(at: backups, withIntermediateDirectories: true)
    let old = backups.appendingPathComponent("backup-2000-01-01.tar.gz")
    try Data("an old archive".utf8).write(to: old)
    for name in Self.scheduled {
      let result = try await IntentFlowProcess(
        executable: IntentFlowBinary.url(),
        arguments: ["run", Fixtures.exampleWorkflow(name), "--non-interactive"],
        environment: sandbox.environment.merging(["INTENTFLOW_TRIGGER": "schedule"]) { $1 },
        currentDirectory: sandbox.work, standardInput: nil
      ).finish()
      #expect(result.status == 0, "\(name): \(result)")
    }
    #expect(FileManager.default.fileExists(atPath: old.path), "an archive was deleted unasked")
    let archives = try FileManager.default.contentsOfDirectory(atPath: backups.path)
      .filter { $0 != old.lastPathComponent }
    #expect(archives.count == 1, "\(archives)")
    for archive in archives {
      let listing = try await IntentFlowProcess(
        executable: URL(fileURLWithPath: "/usr/bin/tar"),
        arguments: ["-tzf", backups.appendingPathComponent(archive).path],
        environment: sandbox.environment, currentDirectory: sandbox.work, standardInput: nil
      ).finish()
      let entries = listing.stdout.split(separator: "\n")
      #expect(entries.contains("Workflows/backup.json"), "\(listing)")
      #expect(entries.allSatisfy { $0.hasPrefix("Workflows/") }, "\(listing)")
    }
    try sandbox.write(
      "count.json",
      #"{ "name": "count", "steps": [ { "intent": "todos.find" }, { "intent": "list.count" } ] }"#)
    let todos = try await sandbox.run("run", "count.json", "--quiet")
    #expect(todos.stdout == "0\n", "the scheduled examples added todos: \(todos)")
  }

  @Test("no example's default asks a server on this machine, which nothing in the docs serves")
  func noLocalServers() throws {
    for name in Self.examples {
      let text = try String(contentsOfFile: Fixtures.exampleWorkflow(name), encoding: .utf8)
      #expect(!text.contains("localhost") && !text.contains("127.0.0.1"), "\(name)")
    }
  }

  @Test("plan-the-day prints the completed todo's title; its dialogs go to standard error")
  func planTheDay() async throws {
    let sandbox = try Sandbox()
    let path = Fixtures.exampleWorkflow("plan-the-day.json")
    let result = try await sandbox.run("run", path, "--non-interactive")
    #expect(result.status == 0)
    #expect(result.stdout == "Buy bread\n")
    #expect(result.stderr == "Added 'Buy bread'.\nCompleted 'Buy bread'.\n")

    let milk = try await sandbox.run("run", path, "--input", "title=Buy milk", "--json")
    #expect(milk.status == 0)
    let json = try JSONObject(parsing: milk.stdout)
    let output = try #require(json.object("output"))
    #expect(output.string("type") == "Todo")
    #expect(output.string("display") == "Buy milk")
    #expect(output.object("properties")?["isDone"] as? Bool == true)
    #expect(json.objects("steps")?.last?["output"] as? String == "BUY MILK")
  }

  @Test("groceries prints a list one item a line")
  func groceries() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(
      "run", Fixtures.exampleWorkflow("groceries.json"), "--input", "store=the corner shop")
    #expect(result.status == 0, "\(result)")
    let lines = ["milk", "eggs", "bread"].map { "Buy \($0) at the corner shop\n" }
    #expect(result.stdout == lines.joined())
    #expect(result.stderr.contains("Found 3 open todos.\n"))
  }

  @Test("countdown prints its dictionary output as JSON")
  func countdown() async throws {
    let sandbox = try Sandbox()
    let path = Fixtures.exampleWorkflow("countdown.json")
    let result = try await sandbox.run("run", path, "--input", "times=2", "--input", "shout=false")
    #expect(result.status == 0, "\(result)")
    let output = try JSONObject(parsing: result.stdout)
    #expect(output["passes"] as? [String] == ["PASS 1 OF 2", "PASS 2 OF 2"])
    #expect(output["count"] as? Int == 2)
    #expect(output.isNull("final"))
    #expect(result.stderr.isEmpty)
  }

  @Test("complete-by-name resolves a todo from its name")
  func completeByName() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(
      "run", Fixtures.exampleWorkflow("complete-by-name.json"), "--input", "chore=Walk the dog")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "FINISHED: WALK THE DOG\n")
    #expect(result.stderr == "Added 'Walk the dog'.\nCompleted 'Walk the dog'.\n")
  }

  @Test("morning runs word-count as a step, and changes nothing")
  func morning() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run("run", Fixtures.exampleWorkflow("morning.json"))
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "GOOD MORNING: STRETCH FOR FIVE MINUTES, 4 WORDS (4 DIFFERENT)\n")
    #expect(!sandbox.homeContains("todos.sqlite"))
  }

  @Test("triage completes the urgent todo and shouts the other")
  func triage() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run("run", Fixtures.exampleWorkflow("triage.json"), "--json")
    #expect(result.status == 0, "\(result)")
    let json = try JSONObject(parsing: result.stdout)
    #expect(json.string("status") == "succeeded")
    #expect(
      json["output"] as? [String] == ["LATER: CALL THE PLUMBER", "DONE: URGENT: RENEW PASSPORT"])
    let remaining = try #require(json.objects("steps")?.last?["output"] as? [[String: Any]])
    #expect(remaining.map { $0["display"] as? String } == ["call the plumber"])
  }
}
