import CivilTime
public import IntentKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `todos.find`: lists todos, earliest due first, with the seed's "open todos" snippet.
public struct FindTodos: AppIntent {
  public static let identifier: IntentIdentifier = "todos.find"
  public static let title = "Find Todos"
  public static let description =
    "Returns the todos whose title contains the query (all when empty), earliest due first."
  public static let parameterSummary: String? = "Find todos matching {query}"

  @Parameter(title: "Query", description: "Text to look for in titles, ignoring case.")
  public var query: String?

  @Parameter(
    title: "Include done", description: "Whether finished todos are listed too.", default: false)
  public var includeDone: Bool

  @Dependency({ $0.todoStore }) var store: TodoStore
  @Dependency({ $0.runEnvironment }) var environment: RunEnvironment

  public init() {}

  public func perform() async throws -> IntentResult<[Todo]> {
    let todos = try store.find(query: query, includeDone: includeDone)
    let noun = todos.count == 1 ? "todo" : "todos"
    let kind = includeDone ? "" : " open"
    return .result(
      value: todos, dialog: "Found \(todos.count)\(kind) \(noun).",
      snippet: todos.isEmpty
        ? nil : Self.snippet(todos, now: environment.clock.now(), in: environment.timeZone))
  }

  /// One line a todo: a box, the title, the due date; overdue open ones are marked.
  static func snippet(_ todos: [Todo], now: Date, in zone: TimeZone) -> String {
    todos.map { todo in
      var line = (todo.isDone ? "[x] " : "[ ] ") + todo.title
      if let due = todo.due {
        line += "  (due \(Timestamp.format(due, in: zone))"
        line += !todo.isDone && due < now ? ", overdue)" : ")"
      }
      return line
    }.joined(separator: "\n")
  }
}
