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

  @Test("morning runs plan-the-day as a step")
  func morning() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run("run", Fixtures.exampleWorkflow("morning.json"))
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "GOOD MORNING: STRETCH FOR FIVE MINUTES\n")
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
