import IntentKit
import Testing

@testable import WorkflowEngine

/// A scheduled workflow with these inputs and schedule keys, and one step.
private func scheduled(
  inputs: String, schedule: String,
  step: String = #"{ "intent": "test.echo", "parameters": { "text": "a" } }"#,
  onFailure: String? = nil
) -> String {
  let handler = onFailure.map { ",\n  \"onFailure\": [ \($0) ]" } ?? ""
  return """
    {
      "name": "nightly",
      "inputs": \(inputs),
      "schedule": { "cron": "0 3 * * *"\(schedule) },
      "steps": [
        \(step)
      ]\(handler)
    }
    """
}

@Suite("Planning: checks for workflows that run unattended")
struct PlannerUnattendedTests {
  @Test("a required input a scheduled run can never get is an error at the input")
  func unreachableInput() {
    #expect(
      Harness.diagnostics(scheduled(inputs: #"{ "title": { "type": "text" } }"#, schedule: ""))
        == [
          "test.json:3:15: error: input 'title' has no default, no \"env\" and no value in "
            + "'schedule.inputs', so a scheduled run can never get it; add \"inputs\": "
            + "{\"title\": …} to 'schedule'"
        ])
  }

  @Test("a default, an env variable or a schedule value each make the input reachable")
  func reachableInputs() {
    for inputs in [
      #"{ "title": { "type": "text", "default": "x" } }"#,
      #"{ "title": { "type": "text", "env": "TITLE" } }"#,
    ] {
      #expect(Harness.diagnostics(scheduled(inputs: inputs, schedule: "")) == [])
    }
    #expect(
      Harness.diagnostics(
        scheduled(
          inputs: #"{ "title": { "type": "text" } }"#,
          schedule: #", "inputs": { "title": "nightly" }"#)) == [])
  }

  @Test("schedule.inputs must name inputs and fit their types")
  func scheduleInputs() {
    #expect(
      Harness.diagnostics(
        scheduled(
          inputs: #"{ "count": { "type": "integer", "default": 1 } }"#,
          schedule: #", "inputs": { "cuont": 2, "count": "many" }"#)) == [
          "test.json:4:50: error: 'schedule.inputs' names 'cuont', which is not an input; did "
            + "you mean 'count'?",
          "test.json:4:62: error: 'schedule.inputs' gives input 'count' a value that is not an "
            + "integer: 'many' is not a whole number",
        ])
  }

  @Test("a step that asks for confirmation is a warning unless schedule.yes answers it")
  func confirmationWarning() throws {
    let step =
      #"{ "id": "wipe", "intent": "test.echo", "confirm": true, "parameters": { "text": "a" } }"#
    let plan = try Harness.plan(scheduled(inputs: "{}", schedule: "", step: step))
    #expect(
      plan.warnings.map(\.description) == [
        "test.json:6:5: warning: step 'wipe' (test.echo) asks for confirmation, so a scheduled "
          + "run stops before its first step with exit code 4; add \"yes\": true to "
          + "'schedule' to answer yes"
      ])
    let answered = try Harness.plan(
      scheduled(inputs: "{}", schedule: #", "yes": true"#, step: step))
    #expect(answered.warnings.isEmpty)
    #expect(answered.workflow.schedule?.yes == true)
  }

  @Test("an onFailure step that asks is a warning too: unattended, it would be refused")
  func onFailureConfirmation() throws {
    let alert =
      #"{ "id": "alert", "intent": "test.echo", "confirm": true, "parameters": { "text": "a" } }"#
    let plan = try Harness.plan(scheduled(inputs: "{}", schedule: "", onFailure: alert))
    #expect(
      plan.warnings.map(\.description) == [
        "test.json:8:18: warning: step 'alert' (test.echo) in 'onFailure' asks for confirmation, "
          + "so after a scheduled run fails it is refused and does not run; add \"yes\": true "
          + "to 'schedule' to answer yes"
      ])
    let answered = try Harness.plan(
      scheduled(inputs: "{}", schedule: #", "yes": true"#, onFailure: alert))
    #expect(answered.warnings.isEmpty)
  }
}
