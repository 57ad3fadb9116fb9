import Foundation
import IntentKit
import TestSupport
import Testing
import WorkflowEngine

@Suite("Loading workflow files")
struct WorkflowLoaderTests {
  @Test("JSON syntax errors pass through with their position")
  func syntaxErrors() {
    #expect(
      Harness.diagnostics(#"{"name": "demo",}"#) == [
        "test.json:1:16: error: trailing comma before '}'; remove it"
      ])
    #expect(
      Harness.diagnostics("{\n  \"name\": \"a\",\n  \"name\": \"b\"\n}") == [
        "test.json:3:3: error: duplicate key 'name' (first at line 2, column 3)"
      ])
    #expect(
      Harness.diagnostics("") == [
        "test.json:1:1: error: not a workflow file: it is empty; a workflow is a JSON object, "
          + "starting with '{'"
      ])
  }

  @Test("after decode errors the loader goes on and reports planner errors too, in file order")
  func decodeAndPlanErrorsTogether() {
    let diagnostics = Harness.diagnostics(
      """
      {
        "name": "demo",
        "steps": [
          { "intent": "test.ecko", "timeout": "soon" },
          { "intent": "test.echo", "parameters": { "text": "${missing}" }, "retyr": 2 }
        ]
      }
      """)
    #expect(
      diagnostics == [
        "test.json:4:17: error: unknown intent 'test.ecko'; did you mean 'test.echo'?",
        "test.json:4:41: error: 'timeout': 'soon' is not a duration; write 30s, 5m, 1h30m or a "
          + "number of seconds",
        "test.json:5:57: error: no step, input or loop variable named 'missing'",
        "test.json:5:70: error: unknown key 'retyr' in an 'intent' step; did you mean 'retry'?",
      ])
  }

  @Test("a step that could not be decoded does not make references to it errors as well")
  func brokenStepsAreNotReportedTwice() {
    let diagnostics = Harness.diagnostics(
      """
      {
        "name": "demo",
        "steps": [
          { "id": "first", "intnet": "test.echo" },
          { "intent": "test.echo", "parameters": { "text": "${first}" } }
        ]
      }
      """)
    #expect(
      diagnostics == [
        "test.json:4:5: error: a step needs 'intent' (run an intent), 'forEach', 'if' with "
          + "'then', 'repeat' or 'workflow'",
        "test.json:4:22: error: unknown key 'intnet' in a step; did you mean 'intent'?",
      ])
  }

  @Test("decode errors alone make the workflow invalid")
  func decodeErrorsAlone() {
    #expect(
      Harness.diagnostics(
        #"{"name": "demo", "steps": [{"intent": "test.echo", "parameters": {"text": "x"}, "#
          + #""confirm": 1}]}"#
      ) == ["test.json:1:92: error: 'confirm' must be true or false, not a number"])
  }

  @Test("loading by path reads the file and names it in diagnostics")
  func loadByPath() throws {
    let directory = try WorkflowDirectory()
    let path = try directory.write(
      "flow.json", #"{"name": "demo", "steps": [{"intent": "test.ecko"}]}"#)
    do {
      _ = try Harness.loader.load(path: path)
      Issue.record("an unknown intent loaded")
    } catch {
      #expect(
        error.description
          == "\(path):1:39: error: unknown intent 'test.ecko'; did you mean 'test.echo'?")
      #expect(error.sources[path]?.line(1)?.hasPrefix(#"{"name": "demo""#) == true)
    }
    try directory.write("ok.json", #"{"name": "ok", "steps": [{"intent": "test.nothing"}]}"#)
    let plan = try Harness.loader.load(path: directory.path("ok.json"))
    #expect(plan.workflow.name == "ok")
    #expect(plan.workflow.source.path == directory.path("ok.json"))
  }

  @Test("a missing file or a directory cannot be read, and the message says why")
  func unreadableFiles() throws {
    let directory = try WorkflowDirectory()
    let missing = directory.path("missing.json")
    #expect(
      loadError(missing)
        == ["error: cannot read workflow '\(missing)': no such file; check the path"])
    #expect(
      loadError(directory.url.path)
        == [
          "error: cannot read workflow '\(directory.url.path)': it is a directory, not a "
            + "workflow file"
        ])
  }

  private func loadError(_ path: String) -> [String] {
    do {
      _ = try Harness.loader.load(path: path)
      return []
    } catch {
      return error.diagnostics.map(\.description)
    }
  }

  @Test("fixture workflows in the test bundle load, sub-workflows included")
  func fixtures() throws {
    let plan = try Harness.loader.load(path: try fixturePath("greet-twice.json"))
    #expect(plan.workflow.name == "greet-twice")
    #expect(plan.steps.map(\.label) == ["first", "second", "shout"])
    guard case .workflow(let child, let inputs) = plan.steps[0].kind else {
      Issue.record("expected a workflow step")
      return
    }
    #expect(child.workflow.name == "greet")
    #expect(inputs.map(\.name) == ["who"])
  }

  @Test("an invalid fixture reports every problem in its file")
  func invalidFixture() throws {
    let path = try fixturePath("invalid.json")
    #expect(
      loadError(path) == [
        "\(path):5:17: error: unknown intent 'test.ehco'; did you mean 'test.echo'?",
        "\(path):6:46: error: 'test.echo' has no parameter 'txt'; did you mean 'text'?",
      ])
  }

  @Test("a string with 20,000 references loads, and each keeps its own column")
  func manyReferencesInOneString() {
    let references = Array(repeating: "${a}", count: 20_000).joined(separator: " é ")
    let diagnostics = Harness.diagnostics(
      workflow(
        #"{ "id": "a", "intent": "test.echo", "parameters": { "text": "x" } }"#,
        #"{ "intent": "test.echo", "parameters": { "text": "\#(references) \n ${b}" } }"#))
    // The text starts after the quote at 54: "${a}", 19,999 times " é ${a}", " \n ${b}".
    let column: Int = 55 + 4 + 19_999 * 7 + 1 + 2 + 1 + 2
    #expect(
      diagnostics == [
        "test.json:5:\(column): error: no step, input or loop variable "
          + "named 'b'; did you mean 'a'?"
      ])
  }

  @Test("a 10 MB workflow loads, every step planned", .tags(.heavy))
  func largeWorkflow() async throws {
    // Seconds of CPU work: off the cooperative pool.
    let (plan, count) = try await HeavyWork.run {
      let filler = String(repeating: "lorem ipsum ", count: 20)
      var json = #"{"name": "large", "inputs": {"who": {"default": "you"}}, "steps": ["#
      var count = 0
      while json.utf8.count < 10_000_000 {
        if count > 0 { json += ",\n" }
        let previous = count > 0 ? " after ${s\(count - 1)}" : ""
        json +=
          #"  {"id": "s\#(count)", "intent": "test.echo", "parameters": {"text": "#
          + #""\#(filler)${inputs.who}\#(previous)"}}"#
        count += 1
      }
      json += "\n], \"output\": \"${s\(count - 1)}\"}"
      return (try Harness.plan(json), count)
    }
    #expect(plan.steps.count == count)
    #expect(plan.stepCount == count)
    #expect(plan.steps.last?.id == "s\(count - 1)")
    #expect(plan.outputType == .text)
  }
}
