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

  /// Whether a step of this plan may receive or return an entity: a parameter or an output
  /// whose type is or may hold one (an entity, `any`, a list or a dictionary). A run whose plan
  /// has none has no entities to donate, so its events need not be searched for them.
  var mayHandleEntities: Bool {
    !Plan.walk(steps, intoNestedWorkflows: true) { step in
      guard case .action(let action) = step.kind else { return true }
      return !Self.mayHold(action.descriptor.outputType)
        && !action.descriptor.parameters.contains { Self.mayHold($0.type) }
    }
  }

  private static func mayHold(_ type: ValueType) -> Bool {
    switch type {
    case .entity, .any, .list, .dictionary: return true
    default: return false
    }
  }

  private static func isEntity(_ type: ValueType) -> Bool {
    switch type {
    case .entity, .list(.entity): return true
    default: return false
    }
  }
}
