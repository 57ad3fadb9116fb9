import Foundation
import Testing

@Suite("intentflow say, end to end")
struct SayTests {
  /// The repository's `Workflows/`, whose `errand.json` declares phrases.
  static let examples = Fixtures.repositoryRoot.appendingPathComponent("Workflows").path

  @Test("a phrase of an example workflow runs it with the inputs it fills, and records the run")
  func runsExample() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run("say", "--workflows", Self.examples, "buy", "2", "eggs")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "Buy 2 eggs\n")
    #expect(result.stderr == "Added 'Buy 2 eggs'.\n")
    let history = try await sandbox.run("history")
    #expect(history.stdout.contains("errand"), "\(history)")
  }

  @Test("a word that is not a number for an integer input exits 2 and nothing runs")
  func coercion() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run("say", "--workflows", Self.examples, "buy a dozen eggs")
    #expect(result.status == 2)
    #expect(
      result.stderr == "error: input 'count' expects an integer: 'a' is not a whole number\n")
  }

  @Test("an intent and a workflow that both match: exit 3 without a terminal, listing both")
  func ambiguous() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "flows/mine.json",
      #"{"name": "mine", "phrases": ["Add ${title} to my todos"], "inputs": {"title": {}}, "#
        + #""steps": [{"intent": "todos.add", "parameters": {"title": "Mine: ${inputs.title}"}}]}"#)
    let result = try await sandbox.run("say", "--workflows", "flows", "add milk to my todos")
    #expect(result.status == 3)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "error: 'add milk to my todos' matches the phrases of 1 intent and 1 workflow: "
        + "'todos.add', 'mine.json'; say it more precisely\n")
  }

  @Test(
    "on a terminal, the person picks the workflow and it runs",
    .enabled(if: Sandbox.hasScript, "needs util-linux script"))
  func ambiguousOnTerminal() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "flows/mine.json",
      #"{"name": "mine", "phrases": ["Add ${title} to my todos"], "inputs": {"title": {}}, "#
        + #""steps": [{"intent": "todos.add", "parameters": {"title": "Mine: ${inputs.title}"}}]}"#)
    let result = try await sandbox.runOnTerminal(
      ["say", "--workflows", "flows", "add milk to my todos"], answers: ["2"])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout.contains(
        "'add milk to my todos' matches the phrases of 1 intent and 1 workflow. Which one?\n"
          + "  1. todos.add\n  2. mine.json\n"), "\(result)")
    #expect(result.stdout.hasSuffix("Added 'Mine: milk'.\nMine: milk\n"), "\(result)")
  }

  @Test("a broken file in the workflows directory is skipped with a warning")
  func brokenFile() async throws {
    let sandbox = try Sandbox()
    let broken = try sandbox.write("flows/broken.json", #"{"name": "broken", "steps": ["#)
    try sandbox.write(
      "flows/hello.json",
      #"{"name": "hello", "phrases": ["Say hello to ${who}"], "inputs": {"who": {}}, "#
        + #""steps": [{"intent": "text.uppercase", "parameters": {"input": "hello ${inputs.who}"}}]}"#
    )
    let result = try await sandbox.run("say", "--workflows", "flows", "say hello to Ada")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "HELLO ADA\n")
    #expect(
      result.stderr
        == "warning: skipping '\(broken)': it is not a valid workflow; run 'intentflow validate "
        + "\(broken)' to see why\n")
  }
}
