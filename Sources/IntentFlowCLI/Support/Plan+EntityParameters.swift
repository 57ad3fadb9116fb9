import IntentKit
import WorkflowEngine

extension Plan {
  /// Whether a step of this plan, its blocks, fallbacks or nested workflows, has a parameter
  /// that takes an entity or a list of entities: the only parameters for which a run offers
  /// suggestions, in the order of the run store's entity ranking.
  ///
  /// A run whose plan has none never reads the ranking, so it need not open the store for it.
  var takesEntities: Bool {
    !Plan.walk(steps, intoNestedWorkflows: true) { step in
      guard case .action(let action) = step.kind else { return true }
      return !action.descriptor.parameters.contains { Self.isEntity($0.type) }
    }
  }

  private static func isEntity(_ type: ValueType) -> Bool {
    switch type {
    case .entity, .list(.entity): return true
    default: return false
    }
  }
}
