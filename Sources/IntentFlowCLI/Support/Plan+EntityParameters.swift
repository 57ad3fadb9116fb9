import IntentKit
import WorkflowEngine

extension Plan {
  /// Whether a step of this plan, its blocks, fallbacks or nested workflows, has a parameter
  /// that takes an entity or a list of entities: the only parameters for which a run offers
  /// suggestions, in the order of the run store's entity ranking.
  ///
  /// A run whose plan has none never reads the ranking, so it need not open the store for it.
  var takesEntities: Bool { Self.takeEntities(steps) }

  private static func takeEntities(_ steps: [PlannedStep]) -> Bool {
    steps.contains { step in
      if let fallback = step.fallback, takeEntities(fallback.steps) { return true }
      switch step.kind {
      case .action(let action):
        return action.descriptor.parameters.contains { isEntity($0.type) }
      case .forEach(_, _, let body), .repeatLoop(_, _, let body):
        return takeEntities(body)
      case .branch(_, let then, let otherwise):
        return takeEntities(then) || takeEntities(otherwise)
      case .workflow(let plan, _):
        return plan.takesEntities
      }
    }
  }

  private static func isEntity(_ type: ValueType) -> Bool {
    switch type {
    case .entity, .list(.entity): return true
    default: return false
    }
  }
}
