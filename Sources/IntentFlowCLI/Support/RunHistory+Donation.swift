import IntentKit
import WorkflowEngine

extension RunHistory {
  /// The entities a run's steps returned, each once, in step order: what a successful run
  /// donates to the run store, so that suggestions can put recently used entities first.
  /// Records (entities without a stable identity) are left out.
  static func usedEntities(_ result: RunResult) -> [(typeName: String, id: String, title: String)] {
    var seen = Set<AnyEntity>()
    var found: [(typeName: String, id: String, title: String)] = []
    func visit(_ value: Value) {
      switch value {
      case .entity(let entity):
        guard !entity.isRecord, seen.insert(entity).inserted else { return }
        found.append((entity.typeName, entity.id, entity.displayRepresentation.title))
      case .list(let items): items.forEach(visit)
      case .dictionary(let entries):
        for key in entries.keys.sorted() { entries[key].map(visit) }
      default: break
      }
    }
    for step in result.steps { visit(step.output) }
    visit(result.output)
    return found
  }
}
