// Hot code: the checks of scheduled workflows, once per file. It keeps the rules of the paragraph
// at the top of `PlanBuilder.swift` (no copy or allocation per step that a plain reading would not
// make; see Docs/Performance.md).

import IntentKit
import Suggestions

/// The checks for workflows that run unattended (they have a `schedule`): a scheduled run
/// gets its inputs only from `schedule.inputs`, `env` and defaults, and nobody answers its
/// confirmations unless `schedule.yes` does, its `onFailure` steps' included.
extension PlanBuilder {
  mutating func checkUnattended(
    _ schedule: WorkflowSchedule, steps: [PlannedStep], onFailure: [PlannedStep]
  ) {
    for given in schedule.inputs {
      guard let input = inputs.first(where: { $0.name == given.name }) else {
        var message = "'schedule.inputs' names '\(given.name)', which is not an input"
        if let suggestion = Spelling.closest(to: given.name, among: inputs.map(\.name)) {
          message += "; did you mean '\(suggestion)'?"
        } else if inputs.isEmpty {
          message += "; the workflow declares no inputs"
        } else {
          message += "; the inputs are " + Diagnostic.list(inputs.map(\.name), joinedBy: "and")
        }
        error(message, at: given.location)
        continue
      }
      do {
        _ = try Executor.structured(given.value, for: input.type).coerced(to: input.type)
      } catch {
        self.error(
          "'schedule.inputs' gives input '\(input.name)' a value that is not \(input.type.article) "
            + "\(input.type): \(error.message)", at: given.location)
      }
    }
    let scheduled = Set(schedule.inputs.map(\.name))
    for input in inputs
    where input.defaultValue == nil && input.environmentName == nil
      && !scheduled.contains(input.name)
    {
      error(
        "input '\(input.name)' has no default, no \"env\" and no value in 'schedule.inputs', "
          + "so a scheduled run can never get it; add \"inputs\": {\"\(input.name)\": …} to "
          + "'schedule'", at: input.location)
    }
    guard !schedule.yes else { return }
    for step in Plan.confirmingSteps(in: steps) {
      diagnostics.append(
        Diagnostic(
          .warning,
          "\(Plan.confirmationName(of: step)) asks for confirmation, so a scheduled run stops "
            + "before its first step with exit code 4; add \"yes\": true to 'schedule' to "
            + "answer yes", at: step.location))
    }
    // These are not checked before the run starts: the run goes on, and only the alert fails.
    for step in Plan.confirmingSteps(in: onFailure) {
      diagnostics.append(
        Diagnostic(
          .warning,
          "\(Plan.confirmationName(of: step)) in 'onFailure' asks for confirmation, so after a "
            + "scheduled run fails it is refused and does not run; add \"yes\": true to "
            + "'schedule' to answer yes", at: step.location))
    }
  }
}
