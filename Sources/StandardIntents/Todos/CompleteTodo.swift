public import IntentKit

/// `todos.complete`: marks a todo done, as the seed's `MarkTodoDoneIntent`.
public struct CompleteTodo: AppIntent {
  public static let identifier: IntentIdentifier = "todos.complete"
  public static let title = "Complete Todo"
  /// Completing a todo that is done already changes nothing.
  public static let isIdempotent = true
  public static let description =
    "Marks a todo as done. The todo may be an entity from an earlier step, an id, or text "
    + "that names it."
  public static let parameterSummary: String? = "Complete {todo}"

  @Parameter(title: "Todo", requestValueDialog: "Which todo?", isInput: true)
  public var todo: Todo

  @Dependency({ $0.todoStore }) var store: TodoStore

  public init() {}

  public func perform() async throws -> IntentResult<Todo> {
    guard let updated = try store.complete(id: todo.id) else {
      throw IntentError("the todo '\(todo.title)' no longer exists; it may have been deleted")
    }
    let dialog = todo.isDone ? "'\(todo.title)' was already done." : "Completed '\(updated.title)'."
    return .result(value: updated, dialog: dialog)
  }
}
