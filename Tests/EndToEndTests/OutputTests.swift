import Foundation
import Testing

@Suite("What run prints: the output on standard output, one JSON object with --json")
struct OutputTests {
  @Test("a list of entities prints one display title a line; dialogs go to standard error")
  func entityList() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/add-two.json")
    let result = try await sandbox.run("run", file)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "Pay rent\nFeed the cat\n")
    #expect(result.stderr.hasPrefix("Added 'Feed the cat'.\nAdded 'Pay rent' (due 2030-01-31"))
    #expect(result.stderr.contains("Found 2 open todos.\n"))
  }

  @Test("--quiet leaves standard error empty; --verbose shows every step")
  func quietAndVerbose() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/add-two.json")
    let quiet = try await sandbox.run("run", file, "--quiet")
    #expect(quiet.status == 0)
    #expect(quiet.stdout == "Pay rent\nFeed the cat\n")
    #expect(quiet.stderr.isEmpty, "\(quiet)")

    let verbose = try await sandbox.run("run", file, "--verbose")
    #expect(verbose.stderr.contains("▸ open (todos.find)\n"))
    #expect(verbose.stderr.contains("✓ open "))
  }

  @Test("--json is one object: status, output, steps; entities are type, id, display, properties")
  func jsonShape() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/add-two.json")
    let result = try await sandbox.run("run", file, "--json")
    #expect(result.status == 0, "\(result)")
    let json = try JSONObject(parsing: result.stdout)
    #expect(json.keys.isSuperset(of: ["status", "output", "steps"]))
    #expect(json["error"] == nil)
    #expect(json.string("status") == "succeeded")

    let steps = try #require(json.objects("steps"))
    #expect(steps.count == 3)
    for step in steps {
      #expect(step.keys.isSuperset(of: ["id", "intent", "status", "output", "dialog"]))
      #expect(step.string("status") == "succeeded")
    }
    #expect(steps.map { $0.string("intent") } == ["todos.add", "todos.add", "todos.find"])
    #expect(steps[0].isNull("id"))
    #expect(steps[2].string("id") == "open")
    #expect(steps[0].string("dialog") == "Added 'Feed the cat'.")

    let added = try #require(steps[0].object("output"))
    #expect(added.keys == ["type", "id", "display", "properties"])
    #expect(added.string("type") == "Todo")
    #expect(UUID(uuidString: added.string("id") ?? "") != nil)
    #expect(added.string("display") == "Feed the cat")
    let properties = try #require(added.object("properties"))
    #expect(properties.string("title") == "Feed the cat")
    #expect(properties.isNull("due"))
    #expect(properties["isDone"] as? Bool == false)

    let output = try #require(json["output"] as? [[String: Any]])
    #expect(output.map { $0["display"] as? String } == ["Pay rent", "Feed the cat"])
    #expect(output.last?["id"] as? String == added.string("id"))
  }

  @Test("a failed run's --json carries the steps that ran and the error")
  func jsonFailure() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/two-milks.json")
    let result = try await sandbox.run("run", file, "--json")
    #expect(result.status == 3)
    let json = try JSONObject(parsing: result.stdout)
    #expect(json.isNull("output"))
    let steps = try #require(json.objects("steps"))
    #expect(steps.map { $0.string("status") } == ["succeeded", "succeeded", "disambiguation"])
    let error = try #require(json.object("error"))
    #expect(error.keys.isSuperset(of: ["step", "parameter", "kind", "message", "candidates"]))
  }

  @Test("every run is recorded in runs.sqlite in the IntentFlow home")
  func history() async throws {
    let sandbox = try Sandbox()
    #expect(!sandbox.homeContains("runs.sqlite"))
    let file = try sandbox.copyFixture("runs/short-wait.json")
    #expect(try await sandbox.run("run", file).status == 0)
    #expect(sandbox.homeContains("runs.sqlite"))
    let refused = try sandbox.copyFixture("runs/delete.json")
    #expect(try await sandbox.run("run", refused).status == 4)

    let history = try await sandbox.run("history", "--json")
    #expect(history.status == 0, "\(history)")
    let runs = try parseJSONArray(history.stdout)
    #expect(runs.map { $0.string("workflow") } == ["delete", "short-wait"])
    #expect(runs.map { $0.string("status") } == ["confirmationRequired", "succeeded"])
    #expect(runs.map { $0["exitCode"] as? Int } == [4, 0])
    #expect(runs.first?.string("failedStep") == "delete")
  }
}
