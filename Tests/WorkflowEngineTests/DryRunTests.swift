import IntentKit
import Testing

@testable import WorkflowEngine

@Suite("Dry runs: what a run would do, without performing")
struct DryRunUnitTests {
  @Test("known values are shown; loops, branches and fallbacks list their steps")
  func listing() throws {
    let plan = try Harness.plan(
      workflow(
        inputs: #"{ "n": { "type": "integer", "default": 2 } }"#,
        #"{ "id": "found", "intent": "items.find" }"#,
        #"{ "forEach": "${found}", "as": "it", "where": "it.title contains 'milk'", "#
          + #""concurrency": 2, "steps": [{ "intent": "items.show" }] }"#,
        #"{ "if": "inputs.n > 1", "then": [{ "intent": "test.echo", "parameters": "#
          + #"{ "text": "${inputs.n * 10} at ${env.HOST ?? 'here'}" } }] }"#,
        #"{ "id": "f", "intent": "test.fail", "onError": [{ "intent": "test.echo", "#
          + #""parameters": { "text": "${error.message}" } }] }"#))
    let lines = DryRun(
      plan: plan, environment: EvaluationEnvironment(variables: ["HOST": "box"]),
      redactor: Redactor(secrets: [])
    ).lines(inputs: ["n": .integer(2)])
    #expect(
      lines == [
        "dry run of 'demo': nothing is performed",
        "  input n = 2",
        "  found (items.find)",
        "  forEach [forEach]",
        "    for each of (depends on 'found', known only when the run gets there)",
        "    keeping the items its 'where' holds for",
        "    up to 2 passes at once",
        "    items.show",
        "      item = (the item, known only when the run gets there)",
        "  if [if]",
        "    test.echo",
        "      text = \"20 at box\"",
        "  f (test.fail)",
        "    on error:",
        "      test.echo",
        "        text = (depends on 'error.message', known only when the run gets there)",
      ])
  }
}
