import ICUSupport
public import IntentKit
import Storage

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The todos, in SQLite under the IntentFlow home (`todos.sqlite`), shared by every run.
///
/// The database opens on first use, so runs that never touch todos never create it.
public final class TodoStore: Sendable {
  /// Where the database lives, or `nil` for a private in-memory store.
  public let path: String?
  private let storage: DomainDatabase
  /// Where the times and ids of new records come from: the run environment.
  private let runEnvironment: RunEnvironment

  /// A store in the file at `path`.
  ///
  /// - Parameter runEnvironment: Gives the times and ids of new records.
  public init(path: String, runEnvironment: RunEnvironment = .live) {
    self.path = path
    storage = DomainDatabase(path: path, name: "todo store", schema: Self.schema)
    self.runEnvironment = runEnvironment
  }

  private init(storage: DomainDatabase, runEnvironment: RunEnvironment = .live) {
    path = nil
    self.storage = storage
    self.runEnvironment = runEnvironment
  }

  /// A store whose every use throws `message`: the default in tests, so that a test that
  /// forgets to set its own store fails instead of writing to the user's home.
  public static func failing(_ message: String) -> TodoStore {
    TodoStore(storage: .failing(message, name: "todo store"))
  }

  /// A private store that lives as long as this object: for tests.
  ///
  /// - Parameter runEnvironment: Gives the times and ids of new records.
  public static func inMemory(runEnvironment: RunEnvironment = .live) throws -> TodoStore {
    TodoStore(
      storage: try .inMemory(name: "todo store", schema: schema), runEnvironment: runEnvironment)
  }

  /// The store in the IntentFlow home that `environment` names.
  ///
  /// - Parameters:
  ///   - environment: The environment variables that name the home.
  ///   - runEnvironment: Gives the times and ids of new records.
  public static func live(
    environment: [String: String], runEnvironment: RunEnvironment = .live
  ) -> TodoStore {
    TodoStore(
      path: IntentFlowHome.resolve(environment: environment).databasePath("todos"),
      runEnvironment: runEnvironment)
  }

  static let schema = [
    """
    CREATE TABLE todos (
      id TEXT PRIMARY KEY,
      title TEXT NOT NULL,
      due REAL,
      is_done INTEGER NOT NULL DEFAULT 0,
      created_at REAL NOT NULL,
      completed_at REAL
    );
    CREATE INDEX todos_open_due ON todos (is_done, due);
    """
  ]

  /// Adds an open todo.
  ///
  /// - Parameter now: When it was added; by default the run environment's time.
  public func add(title: String, due: Date?, now: Date? = nil) throws -> Todo {
    let now = now ?? runEnvironment.clock.now()
    let todo = Todo(
      id: runEnvironment.makeID().lowercased(), title: title, due: due, isDone: false)
    // Through the step's lease: a timed-out or cancelled step never adds a todo afterwards.
    try IntentContext.commit {
      try db().run(
        "INSERT INTO todos (id, title, due, is_done, created_at) VALUES (?, ?, ?, 0, ?)",
        [.text(todo.id), .text(title), SQLValue(due), .date(now)])
    }
    return todo
  }

  /// The todos with these ids, in the order asked; unknown ids are left out.
  public func todos(ids: [String]) throws -> [Todo] {
    guard !ids.isEmpty else { return [] }
    let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ", ")
    let rows = try db().query(
      "SELECT id, title, due, is_done FROM todos WHERE id IN (\(placeholders))",
      ids.map { .text($0.lowercased()) })
    let found = Dictionary(try rows.map(Self.todo).map { ($0.id, $0) }) { first, _ in first }
    return ids.compactMap { found[$0.lowercased()] }
  }

  /// Todos whose title contains `query` (ignoring case; all when `nil`), earliest due first,
  /// then oldest first; done ones only when `includeDone`.
  public func find(query: String?, includeDone: Bool) throws -> [Todo] {
    let rows = try db().query(
      """
      SELECT id, title, due, is_done FROM todos
      WHERE (? OR is_done = 0)
      ORDER BY due IS NULL, due, created_at, rowid
      """, [.integer(includeDone ? 1 : 0)])
    let todos = try rows.map(Self.todo)
    guard let query, !query.isEmpty else { return todos }
    return todos.filter { TextComparison.containsIgnoringCase($0.title, query) }
  }

  /// Marks a todo done; returns it, or `nil` when there is no such todo.
  ///
  /// - Parameter now: When it was done; by default the run environment's time.
  public func complete(id: String, now: Date? = nil) throws -> Todo? {
    let now = now ?? runEnvironment.clock.now()
    let id = id.lowercased()  // ids are stored lowercase; lookups ignore case
    let changes = try IntentContext.commit {
      try db().run(
        "UPDATE todos SET is_done = 1, completed_at = coalesce(completed_at, ?) WHERE id = ?",
        [.date(now), .text(id)]
      ).changes
    }
    guard changes > 0 else { return nil }
    return try todos(ids: [id]).first
  }

  /// Deletes a todo; returns what it was, or `nil` when there is no such todo.
  public func delete(id: String) throws -> Todo? {
    let id = id.lowercased()
    return try IntentContext.commit { try deleteNow(id: id) }
  }

  private func deleteNow(id: String) throws -> Todo? {
    try db().transaction { transaction in
      let rows = try transaction.query(
        "SELECT id, title, due, is_done FROM todos WHERE id = ?", [.text(id)])
      guard let row = rows.first else { return nil }
      try transaction.run("DELETE FROM todos WHERE id = ?", [.text(id)])
      return try Self.todo(row)
    }
  }

  private func db() throws -> Database { try storage.open() }

  private static func todo(_ row: Row) throws(StorageError) -> Todo {
    try Todo(
      id: row.text("id") ?? "", title: row.text("title") ?? "", due: row.date("due"),
      isDone: (row.int("is_done") ?? 0) != 0)
  }
}

private enum TodoStoreKey: DependencyKey {
  /// One store per process, so that every read of the dependency shares one connection.
  static let defaultValue = TodoStore.live(environment: ProcessInfo.processInfo.environment)
  /// In a test process, a store that fails loudly: tests set their own.
  static let testValue = TodoStore.failing(
    "no todo store: this test did not set one; set `dependencies.todoStore` in the test's "
      + "dependencies (for example to `try TodoStore.inMemory()`)")
}

extension DependencyValues {
  /// The todo store intents use; the default is the one in the IntentFlow home.
  public var todoStore: TodoStore {
    get { self[TodoStoreKey.self] }
    set { self[TodoStoreKey.self] = newValue }
  }
}
