public import IntentKit

/// `todos.delete`: deletes a todo after the user confirms.
public struct DeleteTodo: AppIntent {
  public static let identifier: IntentIdentifier = "todos.delete"
  public static let title = "Delete Todo"
  public static let description = "Deletes a todo for good. Asks for confirmation first."
  public static let parameterSummary: String? = "Delete {todo}"

  @Parameter(title: "Todo", requestValueDialog: "Which todo should be deleted?", isInput: true)
  public var todo: Todo

  @Dependency({ $0.todoStore }) var store: TodoStore

  public init() {}

  public func confirm() async throws -> ConfirmationResult {
    .needsUserConfirmation(prompt: "Delete the todo '\(todo.title)'?")
  }

  public func perform() async throws -> IntentResult<Todo> {
    guard let deleted = try store.delete(id: todo.id) else {
      throw IntentError("the todo '\(todo.title)' no longer exists; it may have been deleted")
    }
    return .result(value: deleted, dialog: "Deleted '\(deleted.title)'.")
  }
}
