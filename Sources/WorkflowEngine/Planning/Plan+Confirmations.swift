import IntentKit

/// The steps that the plan shows will ask for a confirmation: what `validate` notes, what a
/// scheduled workflow is warned about (`PlanBuilder+Unattended.swift`), and what stops a run
/// that nobody can answer before its first step (`Executor`), so that nothing is half-done.
extension Plan {
  /// Every step that asks for a confirmation whenever it runs, nested workflows' included,
  /// in file order: an intent that always confirms (given what the step sets: `files.delete`
  /// with `"confirmBeforeDeleting": false` does not), or a step with `"confirm": true`.
  ///
  /// - Complexity: O(*n*) in the number of steps.
  public var confirmingSteps: [PlannedStep] { Self.confirmingSteps(in: steps) }

  static func confirmingSteps(in steps: [PlannedStep]) -> [PlannedStep] {
    var result: [PlannedStep] = []
    walk(steps, intoNestedWorkflows: true) { step in
      if case .action(let action) = step.kind, step.options.confirm || asks(action) {
        result.append(step)
      }
      return true
    }
    return result
  }

  /// How messages name a step that asks: `step 'todos.delete'`, or `step 'gone'
  /// (todos.delete)` when it has an id.
  public static func confirmationName(of step: PlannedStep) -> String {
    let intent = step.intent?.rawValue ?? step.kindName
    return step.label == intent ? "step '\(intent)'" : "step '\(step.label)' (\(intent))"
  }

  /// Whether the intent asks for confirmation, given what the step sets.
  private static func asks(_ action: ActionPlan) -> Bool {
    let descriptor = action.descriptor
    guard descriptor.asksForConfirmation else { return false }
    guard let name = descriptor.confirmationParameter,
      let given = action.arguments.first(where: { $0.name == name })
    else { return true }
    if case .literal(.boolean(false)) = given.value { return false }
    return true
  }
}

extension Executor {
  /// The stop of a run that nobody can answer (no terminal, `--non-interactive`) and that
  /// would ask for confirmations without `--yes`: before its first step, naming them all.
  static func unanswerableConfirmations(_ steps: [PlannedStep], in plan: Plan)
    -> IntentFlowError?
  {
    guard let first = steps.first else { return nil }
    let message: String
    if steps.count == 1 {
      message =
        "\(Plan.confirmationName(of: first)) would stop for a confirmation that this run "
        + "cannot ask for; nothing ran"
    } else {
      let names = steps.map { step in
        let name = Plan.confirmationName(of: step).dropFirst("step ".count)
        let file = step.location.file
        let place =
          file == nil || file == plan.workflow.source.path
          ? "line \(step.location.line)" : "\(file ?? ""):\(step.location.line)"
        return "\(name) at \(place)"
      }
      message =
        "\(steps.count) steps would stop for a confirmation that this run cannot ask for; "
        + "nothing ran: " + names.joined(separator: ", ")
    }
    return IntentFlowError(
      .confirmationRequired, message, location: first.location, step: first.label)
  }
}
