import IntentKit
import WorkflowEngine

extension RunHistory {
  /// The entities a run used, each once: those already `seen` (what its steps received as
  /// resolved parameters and returned, noted from its events in step order), then any other
  /// in its step records and its output. This is what a successful run donates to the run
  /// store, so that suggestions can put recently used entities first.
  static func usedEntities(_ result: RunResult, seen: UsedEntities = UsedEntities())
    -> [(typeName: String, id: String, title: String)]
  {
    var used = seen
    for step in result.steps { used.visit(step.output) }
    used.visit(result.output)
    return used.found
  }
}

/// Entities found in values, each once (by type and stable id), in the order found.
///
/// Records (entities without a stable identity) are left out, and so are the ids of an
/// `EntityCollection` parameter: they reach the step as plain text (a local id or a stable
/// one, unchecked), and a collection may hold a hundred thousand of them, which would push
/// everything else out of the store's bounded table. Entities an earlier step returned are
/// recorded as that step's output.
struct UsedEntities: Sendable {
  private var seen = Set<AnyEntity>()
  private(set) var found: [(typeName: String, id: String, title: String)] = []

  /// Adds the entities in `value`: the value itself, a list's items, a dictionary's values
  /// (by key).
  ///
  /// - Complexity: O(n) in the size of the value.
  mutating func visit(_ value: Value) {
    switch value {
    case .entity(let entity):
      guard !entity.isRecord, seen.insert(entity).inserted else { return }
      found.append((entity.typeName, entity.id, entity.displayRepresentation.title))
    case .list(let items): for item in items { visit(item) }
    case .dictionary(let entries):
      for key in entries.keys.sorted() { entries[key].map { visit($0) } }
    default: break
    }
  }
}

extension Value {
  /// Whether the value is or holds an entity, cheaply: text, numbers and dates never do.
  var mayHoldEntities: Bool {
    switch self {
    case .entity, .list, .dictionary: true
    default: false
    }
  }
}
