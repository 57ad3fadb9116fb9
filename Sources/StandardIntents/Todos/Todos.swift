public import IntentKit

extension IntentDomain {
  /// The seeds' todo app: todos in `todos.sqlite` in the home.
  public static let todos = IntentDomain(
    name: "Todos", prefixes: ["todos"],
    intents: [AddTodo.self, FindTodos.self, CompleteTodo.self, DeleteTodo.self]
  ) { dependencies, live in
    dependencies.todoStore = TodoStore.live(
      environment: live.environment, runEnvironment: live.runEnvironment)
  }
}
