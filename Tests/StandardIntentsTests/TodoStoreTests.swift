import Foundation
import IntentKit
import StandardIntents
import TestSupport
import Testing

@testable import DataIntents

@Suite("The todo store")
struct TodoStoreTests {
  let harness: TodoHarness
  var store: TodoStore { harness.store }

  init() throws {
    harness = try TodoHarness()
  }

  @Test("a new todo is open, keeps its title and due date, and gets a lowercase UUID")
  func add() throws {
    let due = utc("2026-12-01T09:00:00")
    let todo = try store.add(title: "Buy milk", due: due)
    #expect(todo.title == "Buy milk")
    #expect(todo.due == due)
    #expect(!todo.isDone)
    #expect(UUID(uuidString: todo.id) != nil)
    #expect(todo.id == todo.id.lowercased())
    #expect(try store.todos(ids: [todo.id]) == [todo])
  }

  @Test("every todo gets its own id")
  func uniqueIDs() throws {
    let ids = try (1...20).map { try store.add(title: "Todo \($0)", due: nil).id }
    #expect(Set(ids).count == 20)
  }

  @Test("todos are found by id in the order asked, in any case; unknown ids are left out")
  func byIDs() throws {
    let milk = try harness.add("Buy milk")
    let bread = try harness.add("Buy bread")
    #expect(
      try store.todos(ids: [bread.id, "nope", milk.id]).map(\.title) == ["Buy bread", "Buy milk"])
    #expect(try store.todos(ids: [milk.id.uppercased()]).map(\.title) == ["Buy milk"])
    #expect(try store.todos(ids: []).isEmpty)
  }

  @Test("open todos come earliest due first, undated last, then in the order they were added")
  func order() throws {
    try harness.add("Undated A")
    try harness.add("Late", due: utc("2026-12-24T18:00:00"))
    try harness.add("Early", due: utc("2026-12-01T09:00:00"))
    try harness.add("Undated B")
    try harness.add("Also early", due: utc("2026-12-01T09:00:00"))
    try harness.add("Done", due: utc("2026-11-01T09:00:00"), done: true)
    #expect(
      try harness.titles(includeDone: false)
        == ["Early", "Also early", "Late", "Undated A", "Undated B"])
    #expect(
      try harness.titles(includeDone: true)
        == ["Done", "Early", "Also early", "Late", "Undated A", "Undated B"])
  }

  @Test(
    "a query matches a part of the title, ignoring case, beyond ASCII too",
    arguments: [
      ("milk", ["Buy milk", "MILK powder"]), ("MILK", ["Buy milk", "MILK powder"]),
      ("ČAJ", ["Koupit čaj", "ČAJ zelený"]), ("čaj", ["Koupit čaj", "ČAJ zelený"]),
      ("y m", ["Buy milk"]), ("tea", []),
      ("", ["Buy milk", "MILK powder", "Koupit čaj", "ČAJ zelený"]),
    ])
  func query(text: String, titles: [String]) throws {
    for title in ["Buy milk", "MILK powder", "Koupit čaj", "ČAJ zelený"] { try harness.add(title) }
    #expect(try store.find(query: text, includeDone: false).map(\.title) == titles)
  }

  @Test("done todos are found only when asked for")
  func includeDone() throws {
    try harness.add("Buy milk", done: true)
    try harness.add("Buy more milk")
    #expect(try store.find(query: "milk", includeDone: false).map(\.title) == ["Buy more milk"])
    #expect(
      try store.find(query: "milk", includeDone: true).map(\.title) == [
        "Buy milk", "Buy more milk",
      ])
  }

  @Test("completing marks a todo done and returns it; again, it stays done")
  func complete() throws {
    let todo = try harness.add("Buy milk", due: utc("2026-12-01T09:00:00"))
    let done = try #require(try store.complete(id: todo.id))
    #expect(done.isDone)
    #expect(done.title == "Buy milk")
    #expect(done.due == todo.due)
    #expect(try store.complete(id: todo.id)?.isDone == true)
    #expect(try store.find(query: nil, includeDone: false).isEmpty)
  }

  @Test("completing or deleting an unknown todo returns nothing")
  func unknown() throws {
    #expect(try store.complete(id: "no-such-id") == nil)
    #expect(try store.delete(id: "no-such-id") == nil)
  }

  @Test("complete and delete take an id in any case, as lookups by id do")
  func idCase() throws {
    let milk = try harness.add("Buy milk")
    let bread = try harness.add("Buy bread")
    #expect(try store.complete(id: milk.id.uppercased())?.title == "Buy milk")
    #expect(try store.delete(id: bread.id.uppercased())?.title == "Buy bread")
    #expect(try harness.titles() == ["Buy milk"])
  }

  @Test("deleting returns what the todo was, and it is gone")
  func delete() throws {
    let todo = try harness.add("Buy milk", due: utc("2026-12-01T09:00:00"), done: true)
    let deleted = try #require(try store.delete(id: todo.id))
    #expect(deleted == todo)
    #expect(try store.todos(ids: [todo.id]).isEmpty)
    #expect(try store.delete(id: todo.id) == nil)
  }

  @Test("titles and dates survive the trip through SQLite exactly")
  func fidelity() throws {
    let title = "  Ünïcödé 🎉 'quotes' \"double\" ; DROP TABLE todos; -- \n"
    let due = Date(timeIntervalSince1970: 1_796_112_000.25)
    let todo = try store.add(title: title, due: due)
    let read = try #require(try store.todos(ids: [todo.id]).first)
    #expect(read.title == title)
    #expect(read.due == due)
  }

  @Test("two in-memory stores are separate")
  func separateMemoryStores() throws {
    let other = try TodoStore.inMemory()
    try harness.add("Buy milk")
    #expect(try other.find(query: nil, includeDone: true).isEmpty)
    #expect(store.path == nil)
  }

  @Test("a store on a file keeps its todos for the next store on the same file")
  func persistence() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("todos.sqlite")
    let first = TodoStore(path: path)
    let milk = try first.add(title: "Buy milk", due: utc("2026-12-01T09:00:00"))
    let bread = try first.add(title: "Buy bread", due: nil)
    _ = try first.complete(id: bread.id)
    let gone = try first.add(title: "Forget it", due: nil)
    _ = try first.delete(id: gone.id)

    let second = TodoStore(path: path)
    #expect(
      try second.find(query: nil, includeDone: true) == [
        milk, Todo(id: bread.id, title: "Buy bread", due: nil, isDone: true),
      ])
    _ = try second.complete(id: milk.id)
    #expect(try first.todos(ids: [milk.id]).first?.isDone == true)
  }

  @Test("a store on a file opens it on first use, creating missing directories")
  func lazyOpen() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("state/deep/todos.sqlite")
    let store = TodoStore(path: path)
    #expect(store.path == path)
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(try store.find(query: nil, includeDone: true).isEmpty)
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test("a store that cannot be opened says so")
  func cannotOpen() throws {
    let directory = try TemporaryDirectory()
    let file = directory.path("file")
    try Data("not a directory".utf8).write(to: URL(fileURLWithPath: file))
    let store = TodoStore(path: file + "/todos.sqlite")
    let error = try #require(throws: IntentError.self) {
      try store.find(query: nil, includeDone: true)
    }
    #expect(
      error.message.hasPrefix(
        "cannot open the todo store: cannot open database '\(file)/todos.sqlite'"))
  }

  @Test("the live store lives in the IntentFlow home")
  func live() throws {
    let directory = try TemporaryDirectory()
    let store = TodoStore.live(environment: ["INTENTFLOW_HOME": directory.url.path])
    #expect(store.path == directory.url.appendingPathComponent("todos.sqlite").path)
    let other = TodoStore.live(environment: ["INTENTFLOW_HOME": directory.url.path])
    _ = try store.add(title: "Shared", due: nil)
    #expect(try other.find(query: nil, includeDone: false).map(\.title) == ["Shared"])
  }

  @Test("the todo store dependency is the one the context sets")
  func dependency() throws {
    var dependencies = DependencyValues()
    dependencies.todoStore = store
    #expect(dependencies.todoStore === store)
  }

  @Test("a test that sets no todo store gets one that fails, saying what to set")
  func forgottenStore() async throws {
    let unset = DependencyValues().todoStore
    #expect(unset.path == nil)
    let message =
      "no todo store: this test did not set one; set `dependencies.todoStore` in the test's "
      + "dependencies (for example to `try TodoStore.inMemory()`)"
    let error = #expect(throws: IntentError.self) { try unset.add(title: "x", due: nil) }
    #expect(error?.message == message)
    // Through an intent, the step fails with the same message.
    let descriptor = try #require(StandardIntents.registry.intent("todos.add"))
    let invocation = IntentInvocation(
      descriptor, arguments: ["title": .text("Milk")], step: "add",
      interaction: NonInteractiveHandler(), context: IntentContext(dependencies: DependencyValues())
    )
    let failure = await #expect(throws: IntentFlowError.self) { _ = try await invocation.run() }
    #expect(failure?.message.contains("set `dependencies.todoStore`") == true, "\(failure)")
    // Live dependencies still default to the store in the home.
    #expect(DependencyValues(context: .live).todoStore.path != nil)
  }
}
