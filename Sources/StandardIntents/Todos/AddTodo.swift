import CivilTime
public import IntentKit
import Suggestions

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// `todos.add`: adds a todo, as the seed's `AddTodoIntent`.
public struct AddTodo: AppIntent {
  public static let identifier: IntentIdentifier = "todos.add"
  public static let title = "Add Todo"
  public static let description = "Adds a new open todo and returns it."
  public static let parameterSummary: String? = "Add {title} due {due}"

  /// The longest title the store accepts.
  public static let maximumTitleLength = 255

  @Parameter(
    title: "Title", description: "What to do.", requestValueDialog: "What's the title?",
    isInput: true,
    resolve: { text in
      // The limit applies to the title as stored, after trimming.
      let title = text.trimming(.whitespacesAndNewlines)
      return title.count > AddTodo.maximumTitleLength
        ? .unsupported(
          reason: "the title is too long (\(title.count) characters; at most "
            + "\(AddTodo.maximumTitleLength))")
        : .success(title)
    })
  public var title: String

  @Parameter(title: "Due date", description: "When it is due; none if unset.")
  public var due: Date?

  @Dependency({ $0.todoStore }) var store: TodoStore

  public init() {}

  public func perform() async throws -> IntentResult<Todo> {
    let todo = try store.add(title: title, due: due)
    let when = due.map { " (due \(Timestamp.format($0, in: .current)))" } ?? ""
    return .result(value: todo, dialog: "Added '\(todo.title)'\(when).")
  }
}
