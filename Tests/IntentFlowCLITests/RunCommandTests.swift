import Foundation
import Testing

@Suite("intentflow run, in process")
struct RunCommandTests {
  @Test("on a terminal, a missing title is asked for and used")
  func asksForMissingValue() async throws {
    let harness = try CLIHarness()
    let path = try harness.write(
      "add.json",
      #"{"name": "add", "steps": [{"intent": "todos.add", "parameters": {"title": ""}}]}"#)
    let result = await harness.run(["run", path], answers: ["Water the plants"])
    #expect(result.status == 0)
    #expect(result.output == "Water the plants\n")
    #expect(result.errors.contains("todos.add › What's the title?"))
  }

  @Test("on a terminal, several matches offer a numbered choice")
  func choosesAmongCandidates() async throws {
    let harness = try CLIHarness()
    let path = try harness.write(
      "milk.json",
      #"""
      {"name": "milk", "steps": [
        {"intent": "todos.add", "parameters": {"title": "Buy milk"}},
        {"intent": "todos.add", "parameters": {"title": "Buy milk powder"}},
        {"intent": "todos.complete", "parameters": {"todo": "milk"}}]}
      """#)
    let result = await harness.run(["run", path], answers: ["2"])
    #expect(result.status == 0)
    #expect(result.output == "Buy milk powder\n")
    #expect(
      result.errors.contains(
        "Several Todos match 'milk'. Which one?\n  1. Buy milk\n  2. Buy milk powder"))
  }

  @Test("a declined confirmation exits with 4; an accepted one deletes")
  func confirmation() async throws {
    let harness = try CLIHarness()
    let path = try harness.write(
      "delete.json",
      #"{"name": "d", "steps": [{"intent": "todos.add", "parameters": {"title": "old"}}, {"intent": "todos.delete"}]}"#
    )
    let declined = await harness.run(["run", path], answers: ["n"])
    #expect(declined.status == 4)
    #expect(
      declined.errors.contains("step 'todos.delete' was not confirmed: Delete the todo 'old'?"))
    let accepted = await harness.run(["run", path], answers: ["yes"])
    #expect(accepted.status == 0)
    #expect(accepted.errors.contains("Deleted 'old'."))
  }

  @Test("end of input at a prompt stops the run with exit code 3")
  func endOfInput() async throws {
    let harness = try CLIHarness()
    let path = try harness.write(
      "add.json",
      #"{"name": "add", "steps": [{"intent": "todos.add", "parameters": {"title": " "}}]}"#)
    let result = await harness.run(["run", path], answers: [])
    #expect(result.status == 3)
    #expect(result.errors.contains("needs a value for 'title': What's the title?"))
  }

  @Test("inputs are checked before anything runs")
  func inputErrors() async throws {
    let harness = try CLIHarness()
    let path = try harness.write(
      "n.json",
      #"{"name": "n", "inputs": {"count": {"type": "integer", "default": 1}}, "steps": [{"intent": "text.uppercase", "parameters": {"input": "${inputs.count}"}}]}"#
    )
    let unknown = await harness.run(["run", path, "--input", "cuont=2"])
    #expect(unknown.status == 2)
    #expect(unknown.errors.contains("'n' has no input 'cuont'; did you mean 'count'?"))
    let badType = await harness.run(["run", path, "--input", "count=many"])
    #expect(badType.status == 2)
    #expect(
      badType.errors.contains("input 'count' expects an integer: 'many' is not a whole number"))
    let malformed = await harness.run(["run", path, "--input", "count"])
    #expect(malformed.status == 2)
    #expect(malformed.errors.contains("'count' is not NAME=VALUE"))
  }

  @Test("--json for an invalid workflow reports status invalid and the errors")
  func invalidJSON() async throws {
    let harness = try CLIHarness()
    let path = try harness.write("bad.json", #"{"name": "bad", "steps": [{"intent": "todos.ad"}]}"#)
    let result = await harness.run(["run", path, "--json"])
    #expect(result.status == 2)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(object["status"] as? String == "invalid")
    let errors = try #require(object["errors"] as? [[String: Any]])
    #expect(
      errors.first?["message"] as? String == "unknown intent 'todos.ad'; did you mean 'todos.add'?")
    #expect(errors.first?["line"] as? Int == 1)
  }
}

@Suite("Behaviours found in review")
struct ReviewFindingsTests {
  @Test("a list input given as a JSON array has its items")
  func listInputFromJSON() async throws {
    let harness = try CLIHarness()
    let path = try harness.write(
      "items.json",
      #"{"name": "items", "inputs": {"items": {"type": "list", "default": []}}, "steps": [{"intent": "list.count", "parameters": {"input": "${inputs.items}"}}]}"#
    )
    let result = await harness.run(["run", path, "--input", #"items=["tea", "jam"]"#])
    #expect(result.status == 0)
    #expect(result.output == "2\n")
    let plain = await harness.run(["run", path, "--input", "items=tea"])
    #expect(plain.output == "1\n")
  }

  @Test("an if without else whose condition is false passes the previous output on")
  func emptyBranchPassesThrough() async throws {
    let harness = try CLIHarness()
    let path = try harness.write(
      "branch.json",
      #"""
      {"name": "branch", "steps": [
        {"intent": "text.uppercase", "parameters": {"input": "kept"}},
        {"if": "false", "then": [{"intent": "text.uppercase", "parameters": {"input": "other"}}]},
        {"intent": "text.uppercase"}]}
      """#)
    let result = await harness.run(["run", path, "--non-interactive"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "KEPT\n")
  }

  @Test("timeout, retry and confirm on a block step are errors, not ignored")
  func blockOptions() async throws {
    let harness = try CLIHarness()
    let path = try harness.write(
      "loop.json",
      #"{"name": "loop", "steps": [{"forEach": [1, 2], "timeout": "100ms", "steps": [{"intent": "flow.wait", "parameters": {"duration": "1ms"}}]}]}"#
    )
    let result = await harness.run(["validate", path])
    #expect(result.status == 2)
    #expect(
      result.errors.contains(
        "error: 'timeout' applies only to intent steps, not to a 'forEach' step; set it on the intent steps it runs"
      ))
  }

  @Test("a failure that onError: continue carries past is shown as a warning")
  func continueWarns() async throws {
    let harness = try CLIHarness()
    let long = String(repeating: "x", count: 300)
    let path = try harness.write(
      "go-on.json",
      #"{"name": "go-on", "steps": [{"id": "bad", "intent": "todos.add", "onError": "continue", "parameters": {"title": "\#(long)"}}, {"intent": "text.uppercase", "parameters": {"input": "after"}}]}"#
    )
    let result = await harness.run(["run", path])
    #expect(result.status == 0)
    #expect(result.output == "AFTER\n")
    #expect(
      result.errors.contains("warning: step 'bad': 'title' is unsupported: the title is too long"))
    #expect(result.errors.contains("(the run went on: onError is continue)"))
  }

  @Test("the warning for a flow.fail that onError carried past names the step")
  func continueWarningNamesTheStep() async throws {
    let harness = try CLIHarness()
    let path = try harness.write(
      "check.json",
      #"{"name": "check", "steps": [{"id": "disk", "intent": "flow.fail", "onError": "continue", "parameters": {"message": "the disk is full"}}, {"intent": "text.uppercase", "parameters": {"input": "after"}}]}"#
    )
    let result = await harness.run(["run", path])
    #expect(result.status == 0)
    #expect(result.output == "AFTER\n")
    #expect(
      result.errors
        == "warning: step 'disk' failed: the disk is full (the run went on: onError is continue)\n"
    )
  }

  @Test("on a terminal, an input answer that does not fit its type is asked again")
  func inputAskedAgain() async throws {
    let harness = try CLIHarness()
    let path = try harness.write(
      "n.json",
      #"{"name": "n", "inputs": {"times": {"type": "integer"}}, "steps": [{"repeat": "${inputs.times}", "steps": [{"intent": "text.uppercase", "parameters": {"input": "x"}}]}, {"intent": "list.count"}]}"#
    )
    let result = await harness.run(["run", path], answers: ["many", "3"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "3\n")
    #expect(result.errors.contains("'many' is not a whole number"))
  }

  @Test("a format other than 1 is quoted in the error")
  func formatQuoted() async throws {
    let harness = try CLIHarness()
    let path = try harness.write(
      "f.json", #"{"name": "f", "format": 2, "steps": [{"intent": "todos.find"}]}"#)
    let result = await harness.run(["validate", path])
    #expect(
      result.errors.contains("unsupported format 2; this version of IntentFlow reads format 1"))
  }
}
