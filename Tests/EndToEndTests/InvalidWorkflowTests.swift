import Foundation
import Testing

@Suite("Invalid workflows are reported like a compiler, and nothing runs")
struct InvalidWorkflowTests {
  /// The fixtures under `Fixtures/invalid/`, each with its golden diagnostics in a `.txt`.
  static let invalidFixtures = Fixtures.namesOrEmpty(in: "invalid", withExtension: "json")

  @Test("the invalid fixtures are all there")
  func fixtureCount() {
    #expect(Self.invalidFixtures.count == 9)
  }

  @Test(
    "validate prints FILE:LINE:COL: error:, the source line and a caret, and exits 2",
    arguments: invalidFixtures)
  func validateDiagnostics(fixture: String) async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("invalid/\(fixture)")
    let result = try await sandbox.run("validate", file)
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("\(file):"), "\(result)")
    #expect(result.stderr.contains(": error: "))
    #expect(result.stderr.hasSuffix(" error.\n") || result.stderr.hasSuffix(" errors.\n"))

    let goldenName = "invalid/" + fixture.replacingOccurrences(of: ".json", with: ".txt")
    let golden = try Fixtures.golden(goldenName, actual: result.stderr)
    #expect(result.stderr == golden)
  }

  @Test(
    "run --json prints {\"status\": \"invalid\", \"errors\": […]} with positions",
    arguments: invalidFixtures)
  func runJSON(fixture: String) async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("invalid/\(fixture)")
    let result = try await sandbox.run("run", file, "--json", "--non-interactive")
    #expect(result.status == 2, "\(result)")
    let json = try JSONObject(parsing: result.stdout)
    #expect(json.keys == ["status", "errors"])
    #expect(json.string("status") == "invalid")
    let errors = try #require(json.objects("errors"))
    #expect(!errors.isEmpty)
    for error in errors {
      #expect(error.string("severity") == "error")
      #expect(error.string("file") == file)
      #expect((error["line"] as? Int ?? 0) >= 1)
      #expect((error["column"] as? Int ?? 0) >= 1)
      #expect(!(error.string("message") ?? "").isEmpty)
    }
    // The diagnostics still go to standard error for a person reading along.
    #expect(result.stderr.contains("\(file):"))
  }

  @Test("an invalid workflow runs nothing: a workflow whose step 2 is invalid does not run step 1")
  func invalidSecondStepRunsNothing() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("runs/invalid-second-step.json")
    let result = try await sandbox.run("run", file, "--non-interactive")
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasPrefix(
        "invalid-second-step.json:6:32: error: unknown intent 'text.upercase'; "
          + "did you mean 'text.uppercase'?\n"), "\(result)")
    #expect(!result.stderr.contains("Added"))

    let find = try sandbox.copyFixture("runs/find-open.json")
    let found = try await sandbox.run("run", find, "--json", "--non-interactive")
    #expect(found.status == 0, "\(found)")
    let output = try JSONObject(parsing: found.stdout)["output"] as? [Any]
    #expect(output?.isEmpty == true, "\(found)")
  }

  @Test("validate checks several files and exits 2 if any is invalid")
  func validateSeveral() async throws {
    let sandbox = try Sandbox()
    let good = try sandbox.copyFixture("runs/delete.json")
    let bad = try sandbox.copyFixture("invalid/unknown-intent.json")
    let result = try await sandbox.run("validate", good, bad)
    #expect(result.status == 2, "\(result)")
    #expect(
      result.stdout
        == "delete.json: ok, 'delete' with 2 steps; step 'delete' (todos.delete) asks for "
        + "confirmation: without a terminal, run it with --yes\n")
    #expect(result.stderr.hasPrefix("unknown-intent.json:4:17: error: unknown intent"))

    let json = try await sandbox.run("validate", "--json", good, bad)
    #expect(json.status == 2)
    let results = try parseJSONArray(json.stdout)
    #expect(results.map { $0["valid"] as? Bool } == [true, false])
    #expect(results.first?.string("name") == "delete")
    #expect(results.last?.objects("errors")?.first?["line"] as? Int == 4)
  }

  @Test("each diagnostic is printed once")
  func duplicatedDiagnostics() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.copyFixture("invalid/wrong-types.json")
    let result = try await sandbox.run("validate", file)
    #expect(result.status == 2)
    #expect(result.stderr.components(separatedBy: "'name' must be text").count == 2)
    #expect(result.stderr.hasSuffix("\n2 errors.\n"))
  }
}
