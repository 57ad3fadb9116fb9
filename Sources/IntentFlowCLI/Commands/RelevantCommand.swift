import CLIKit
import IntentKit
import StandardIntents
import Storage
import Suggestions
import WorkflowEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `intentflow relevant [TYPE ID] [--clear]`: marks entities relevant for the current
/// context, so that prompts for a value offer them first, and lists the relevant and recently
/// used entities.
enum RelevantCommand: Command {
  static let type = Positional("TYPE", help: "The entity type, such as Note.", isOptional: true)
  static let id = Positional(
    "ID", help: "The entity's id (for a photo, its content hash).", isOptional: true)
  static let clear = Flag("clear", help: "Clear every relevance mark.")

  static let spec = CommandSpec(
    "relevant",
    abstract: "Mark an entity relevant, clear the marks, or list relevant and recent entities.",
    discussion: """
      When a step needs an entity and asks for one, the suggestions offer entities marked \
      relevant first, then those successful runs used most recently (the run store keeps \
      the latest 1,000), then the rest. Without arguments, lists the relevant entities, then \
      the recent ones.
      """,
    arguments: [type.spec, id.spec],
    options: [clear.spec],
    examples: [
      "intentflow relevant Note 1234", "intentflow relevant", "intentflow relevant --clear",
    ])

  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32 {
    let typeName = command[Self.type]
    let entityID = command[Self.id]
    if command[Self.clear], typeName != nil {
      throw command.usageError("--clear takes no arguments; write intentflow relevant --clear")
    }
    if typeName != nil, entityID == nil {
      throw command.usageError("'\(typeName ?? "")' needs an ID; write intentflow relevant TYPE ID")
    }
    // The entity is looked up before anything is marked: a misspelt type or an id that names
    // nothing is a mistake to report, not a mark that can never match.
    var found: AnyEntity?
    if let typeName, let entityID {
      found = try await entity(typeName, id: entityID, command: command, context: context)
    }
    let home = IntentFlowHome.resolve(
      environment: context.environment, currentDirectory: context.currentDirectory)
    do {
      let store = try RunStore(home: home)
      if command[Self.clear] {
        let count = try store.clearRelevant()
        context.print("cleared \(count) relevant \(count == 1 ? "entity" : "entities")")
      } else if let typeName, let entity = found {
        try store.markRelevant(
          typeName: typeName, id: entity.id, title: entity.displayRepresentation.title,
          at: context.now())
        context.print(
          "marked \(typeName) \(entity.id) relevant (\(entity.displayRepresentation.title))")
      } else {
        let entities = try store.entities(limit: 100)
        if entities.isEmpty { context.print("no relevant or recently used entities") }
        for entity in entities {
          let mark = entity.isRelevant ? "relevant" : "recent  "
          let title = entity.title == entity.id ? "" : "  \(entity.title)"
          context.print("\(mark)  \(entity.typeName) \(entity.id)\(title)")
        }
      }
      return ExitCode.success
    } catch {
      context.printError(context.errorStyle.red("error: ") + error.description)
      return ExitCode.failure
    }
  }

  /// The entity of type `typeName` (one that has a query) with the id `id`, as its query
  /// finds it: by its stable id, or for a photo its path too.
  ///
  /// - Throws: A usage error for an unknown type (with a suggestion) or an id that names
  ///   nothing.
  static func entity(
    _ typeName: String, id: String, command: ParsedCommand, context: CLIContext
  ) async throws(UsageError) -> AnyEntity {
    let types = context.registry.entityTypes.filter { !$0.isRecord }
    guard let type = types.first(where: { $0.name == typeName }) else {
      let names = types.map(\.name)
      var message = "unknown entity type '\(typeName)'"
      if let suggestion = Spelling.closest(to: typeName, among: names) {
        message += "; did you mean '\(suggestion)'?"
      } else {
        message += "; the types are " + names.map { "'\($0)'" }.joined(separator: ", ")
      }
      throw command.usageError(message)
    }
    var dependencies = DependencyValues()
    // The intents read the time (date.now, todos.find's overdue marks) as `run` does.
    dependencies.runEnvironment = RunCommand.runEnvironment(context)
    dependencies.installLive(StandardIntents.domains, context.liveDomains)
    let entities: [AnyEntity]
    do {
      entities = try await IntentContext.$current.withValue(
        IntentContext(dependencies: dependencies)
      ) { try await type.entities(for: [id]) }
    } catch {
      throw command.usageError("cannot look up \(typeName) '\(id)': \(error)")
    }
    guard let entity = entities.first else {
      throw command.usageError(
        "no \(typeName) has the id '\(id)'; 'intentflow relevant' lists the entities runs "
          + "used, with their ids")
    }
    return entity
  }

  /// The ranking for suggestions, from the run store: relevant entities, then recent ones.
  /// No ranking when nothing has run yet or the store cannot be read (suggestions then keep
  /// their order; a run never fails for it).
  static func ranking(context: CLIContext) -> EntityRanking {
    let home = IntentFlowHome.resolve(
      environment: context.environment, currentDirectory: context.currentDirectory)
    guard context.files.exists(home.databasePath("runs")),
      let entities = try? RunStore(home: home).entities(limit: RunStore.maximumEntities)
    else { return .none }
    let key = { (entity: EntityRecord) in
      EntityRanking.Key(typeName: entity.typeName, id: entity.id)
    }
    return EntityRanking(
      relevant: entities.filter(\.isRelevant).map(key),
      recent: entities.filter { $0.usedAt != nil }.sorted {
        ($0.usedAt ?? .distantPast) > ($1.usedAt ?? .distantPast)
      }.map(key))
  }
}
