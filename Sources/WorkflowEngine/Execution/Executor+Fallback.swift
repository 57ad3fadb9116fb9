// Hot code: running fallback steps, as any step runs. It keeps the rules of the paragraph at the
// top of `Executor.swift` (no copy or allocation per step that a plain reading would not make; see
// Docs/Performance.md).

import IntentKit

/// `onError` as a list of steps: when a step fails with an error the run may go on after,
/// its fallback steps run with `${error}` = `{step, kind, message}`, and their last output
/// becomes the step's output. The step's record keeps its error, so that `--json` and the
/// warning on standard error still show what failed.
extension RunState {
  mutating func recover(
    _ step: PlannedStep, with fallback: Fallback, from failure: IntentFlowError, previous: Value,
    ordinal: Int, prefix: String
  ) async throws(IntentFlowError) -> Value {
    // Its steps are recorded below the failed step: `2.onError.1`.
    if journal != nil { journalPrefix = prefix + String(ordinal) + ".onError." }
    defer { journalPrefix = prefix }
    slots[fallback.errorSlot] = .dictionary([
      "step": .text(failure.step ?? step.label),
      "kind": .text(failure.code.description),
      "message": .text(failure.message),
    ])
    let output = try await block(fallback.steps, previous: previous)
    slots[step.slot] = output
    records[step.index]?.output = output
    return output
  }
}
