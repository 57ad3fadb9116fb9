import IntentKit
import TestSupport
import Testing
import WorkflowEngine

@Suite("Walking a plan")
struct PlanWalkTests {
  /// A step of each kind that holds steps, with a fallback, and a nested workflow.
  static func plan(in directory: WorkflowDirectory) throws -> Plan {
    try directory.write(
      "child.json",
      Harness.workflow(#"{ "id": "inner", "intent": "test.echo", "parameters": {"text": "x"} }"#))
    try directory.write(
      "parent.json",
      Harness.workflow(
        #"{ "id": "loop", "forEach": [1], "steps": [{ "id": "body", "intent": "test.echo", "parameters": {"text": "x"} }] }"#,
        #"{ "id": "choose", "if": true, "then": [{ "id": "yes", "intent": "test.echo", "parameters": {"text": "x"} }], "else": [{ "id": "no", "intent": "test.echo", "parameters": {"text": "x"} }] }"#,
        #"{ "id": "again", "repeat": 2, "steps": [{ "id": "pass", "intent": "test.echo", "parameters": {"text": "x"} }] }"#,
        #"{ "id": "nested", "workflow": "child.json", "onError": [{ "id": "rescue", "intent": "test.echo", "parameters": {"text": "x"} }] }"#
      ))
    return try Harness.loader.load(path: directory.path("parent.json"))
  }

  @Test("every step is visited depth first in file order, nested workflows' after their step")
  func order() throws {
    let plan = try Self.plan(in: WorkflowDirectory())
    var labels: [String] = []
    Plan.walk(plan.steps) { step in
      labels.append(step.label)
      return true
    }
    #expect(labels == ["loop", "body", "choose", "yes", "no", "again", "pass", "nested", "rescue"])
    #expect(plan.allSteps.map(\.label) == labels)
    labels = []
    Plan.walk(plan.steps, intoNestedWorkflows: true) { step in
      labels.append(step.label)
      return true
    }
    #expect(
      labels == [
        "loop", "body", "choose", "yes", "no", "again", "pass", "nested", "inner", "rescue",
      ])
  }

  @Test("a walk stops at the first step its visitor refuses, and says so")
  func stops() throws {
    let plan = try Self.plan(in: WorkflowDirectory())
    var labels: [String] = []
    let finished = Plan.walk(plan.steps, intoNestedWorkflows: true) { step in
      labels.append(step.label)
      return step.label != "yes"
    }
    #expect(!finished)
    #expect(labels == ["loop", "body", "choose", "yes"])
  }
}
