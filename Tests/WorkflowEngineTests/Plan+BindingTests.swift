import IntentKit
import Testing

@testable import WorkflowEngine

@Suite("Binding a step's values to its intent's parameters")
struct PlanBindingTests {
  @Test(
    "a step's arguments read back by name, in the order the file gives them",
    arguments: [
      (#"{ "intent": "math.add", "parameters": { "a": 1, "b": 2 } }"#, ["a", "b"]),
      (#"{ "intent": "math.add", "parameters": { "b": 2, "a": 1 } }"#, ["b", "a"]),
      (
        #"{ "intent": "test.note", "parameters": { "times": 2, "text": "x", "comment": "c" } }"#,
        ["times", "text", "comment"]
      ),
      (
        #"{ "intent": "test.note", "parameters": { "comment": "c", "text": "x" } }"#,
        ["comment", "text"]
      ),
    ])
  func argumentOrder(step: String, names: [String]) throws {
    let plan = try Harness.plan(workflow(step))
    guard case .action(let action) = plan.steps[0].kind else {
      Issue.record("expected an intent step")
      return
    }
    #expect(action.arguments.map(\.name) == names)
    let values = action.arguments.map { argument -> Value? in
      if case .literal(let value) = argument.value { value } else { nil }
    }
    let expected: [String: Value] = [
      "a": .integer(1), "b": .integer(2), "times": .integer(2), "text": .text("x"),
      "comment": .text("c"),
    ]
    #expect(values == names.map { expected[$0] })
  }

  @Test("a parameter left unset takes the previous step's output, and is no argument")
  func chainedInput() throws {
    let plan = try Harness.plan(
      workflow(
        #"{ "intent": "test.echo", "parameters": { "text": "a" } }"#,
        #"{ "intent": "test.echo" }"#))
    guard case .action(let action) = plan.steps[1].kind else {
      Issue.record("expected an intent step")
      return
    }
    #expect(action.arguments.isEmpty)
    #expect(action.implicitInput == "text")
    #expect(action.readsPrevious)
  }
}
