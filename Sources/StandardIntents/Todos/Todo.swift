import CivilTime
public import IntentKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A todo: the sample domain's entity, as in the seed's `TodoEntity`.
public struct Todo: AppEntity, Hashable {
  public static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Todo")
  public static var defaultQuery: TodoQuery { TodoQuery() }
  public static var properties: EntityProperties<Todo> {
    EntityProperties(
      .init("title") { $0.title }, .init("due") { $0.due }, .init("isDone") { $0.isDone })
  }

  /// A UUID, the same on every machine that shares the store.
  public var id: String
  public var title: String
  public var due: Date?
  public var isDone: Bool

  public init(id: String, title: String, due: Date?, isDone: Bool) {
    self.id = id
    self.title = title
    self.due = due
    self.isDone = isDone
  }

  /// The title, with the due date (and whether it is done) as the subtitle.
  public var displayRepresentation: DisplayRepresentation {
    var subtitle: [String] = []
    if let due { subtitle.append("due \(Timestamp.format(due, in: .current))") }
    if isDone { subtitle.append("done") }
    return DisplayRepresentation(
      title: title, subtitle: subtitle.isEmpty ? nil : subtitle.joined(separator: ", "))
  }
}

/// Finds todos in the store: by id, by text in the title, and the open ones as suggestions.
public struct TodoQuery: EntityQuery {
  @Dependency({ $0.todoStore }) var store: TodoStore

  public init() {}

  public func entities(for identifiers: [String]) async throws -> [Todo] {
    try store.todos(ids: identifiers)
  }

  /// The open todos, earliest due first.
  public func suggestedEntities() async throws -> [Todo] {
    try store.find(query: nil, includeDone: false)
  }

  /// Todos whose title contains the text, ignoring case; open ones win over done ones, and a
  /// single exact title wins over partial matches.
  public func entities(matching string: String) async throws -> [Todo] {
    let matches = try store.find(query: string, includeDone: true)
    let open = matches.filter { !$0.isDone }
    let candidates = open.isEmpty ? matches : open
    let exact = candidates.filter { $0.title.lowercased() == string.lowercased() }
    return exact.count == 1 ? exact : candidates
  }
}
