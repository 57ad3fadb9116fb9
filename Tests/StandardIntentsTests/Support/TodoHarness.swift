import CivilTime
import Foundation
import IntentKit
import StandardIntents

@testable import DataIntents

/// Runs standard intents against a private in-memory todo store.
struct TodoHarness {
  let store: TodoStore

  init() throws {
    store = try TodoStore.inMemory()
  }

  var context: IntentContext {
    var dependencies = DependencyValues()
    dependencies.todoStore = store
    dependencies.runEnvironment = .live  // the overdue marks compare with the machine's time
    return IntentContext(dependencies: dependencies)
  }

  func run(
    _ identifier: IntentIdentifier, _ arguments: [String: Value] = [:], step: String? = nil,
    interaction: any InteractionHandler = NonInteractiveHandler(),
    options: IntentInvocation.Options = IntentInvocation.Options()
  ) async throws(IntentFlowError) -> IntentInvocation.Result {
    try await context.runStandard(
      identifier, arguments, step: step, interaction: interaction, options: options)
  }

  /// Adds a todo straight to the store, done if asked.
  @discardableResult
  func add(_ title: String, due: Date? = nil, done: Bool = false) throws -> Todo {
    let todo = try store.add(title: title, due: due)
    guard done else { return todo }
    return try store.complete(id: todo.id) ?? todo
  }

  /// Every todo's title, open and done, in the store's order.
  func titles(includeDone: Bool = true) throws -> [String] {
    try store.find(query: nil, includeDone: includeDone).map(\.title)
  }

  /// Runs a query in this harness's context.
  func query<T: Sendable>(_ body: @Sendable (TodoQuery) async throws -> T) async throws -> T {
    try await IntentContext.$current.withValue(context) { try await body(TodoQuery()) }
  }
}

/// An instant given as UTC text.
func utc(_ text: String) -> Date {
  guard let date = Timestamp.parse(text + "Z", defaultTimeZone: .gmt) else {
    preconditionFailure("not a timestamp: \(text)")
  }
  return date
}

extension Value {
  static func todo(_ todo: Todo) -> Value { .entity(AnyEntity(todo)) }

  /// The todo this value holds, if it holds one.
  var todo: Todo? { entity?.base as? Todo }

  /// The todos of a list value.
  var todos: [Todo] { listItems.compactMap(\.todo) }
}

/// The local rendering of a due date in dialogs and subtitles.
func local(_ date: Date) -> String {
  Timestamp.format(date, in: .current)
}
