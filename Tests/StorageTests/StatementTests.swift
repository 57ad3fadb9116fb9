import Synchronization
import Testing

@testable import Storage

@Suite("Running statements")
struct StatementTests {
  let database: Database

  init() throws {
    database = try Database.inMemory()
    try database.execute(
      """
      CREATE TABLE todos (id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE, done INTEGER);
      INSERT INTO todos (title, done) VALUES ('Buy bread', 0), ('Buy milk', 1);
      """)
  }

  @Test("run reports the rows it changed and the inserted row id")
  func runReportsChanges() throws {
    let insert = try database.run("INSERT INTO todos (title) VALUES (?)", ["Call Ann"])
    #expect(insert.changes == 1)
    #expect(insert.lastInsertRowID == 3)
    #expect(try database.run("UPDATE todos SET done = ?", [1]).changes == 3)
    #expect(try database.run("DELETE FROM todos WHERE title LIKE ?", ["Buy %"]).changes == 2)
  }

  @Test("a statement that changes no rows reports no changes")
  func noChanges() throws {
    try database.run("INSERT INTO todos (title) VALUES ('x')")
    #expect(try database.run("CREATE TABLE other (x)").changes == 0)
    #expect(try database.run("UPDATE todos SET done = 1 WHERE id = ?", [99]).changes == 0)
    #expect(try database.run("SELECT * FROM todos").changes == 0)
  }

  @Test("rows are read by column name, by position and through typed helpers")
  func readingRows() throws {
    let rows = try database.query(
      "SELECT id, title, done, NULL AS empty FROM todos ORDER BY id")
    #expect(rows.count == 2)
    let row = try #require(rows.first)
    #expect(row.columnNames == ["id", "title", "done", "empty"])
    #expect(try row.value("title") == .text("Buy bread"))
    #expect(try row.value("TITLE") == .text("Buy bread"))
    #expect(row[1] == .text("Buy bread"))
    #expect(row[9] == .null)
    #expect(try row.int("id") == 1)
    #expect(try row.text("title") == "Buy bread")
    #expect(try row.double("done") == 0)
    #expect(try row.text("id") == nil)
    #expect(try row.int("empty") == nil)
    #expect(row.description == "(id: 1, title: 'Buy bread', done: 0, empty: NULL)")
  }

  @Test("reading a column the result does not have throws, naming the columns it has")
  func unknownColumn() throws {
    let row = try #require(try database.query("SELECT id, title FROM todos").first)
    let message =
      "cannot read a row: the result has no column 'titel'; its columns are 'id', 'title'"
    #expect(throws: StorageError.self) { _ = try row.value("titel") }
    #expect(throws: StorageError.self) { _ = try row.date("titel") }
    let error = #expect(throws: StorageError.self) { _ = try row.text("titel") }
    #expect(error?.description == message)
  }

  @Test("a query with no rows returns an empty list")
  func emptyResult() throws {
    #expect(try database.query("SELECT * FROM todos WHERE id = ?", [42]).isEmpty)
  }

  @Test("execute runs several statements and names the one that fails")
  func executeNamesFailingStatement() throws {
    let error = try #require(throws: StorageError.self) {
      try database.execute(
        "CREATE TABLE a (x); -- a comment\n INSERT INTO missing VALUES (1); CREATE TABLE b (y)")
    }
    #expect(
      error.description
        == "cannot run 'INSERT INTO missing VALUES (1); CREATE TABLE b …' on database "
        + "':memory:': "
        + "no such table: missing")
    #expect(
      try database.query("SELECT name FROM sqlite_schema WHERE name IN ('a', 'b')").count == 1)
  }

  @Test("a syntax error names the statement's first words and the path")
  func syntaxError() throws {
    let sql = """
      SELEC id, title, done FROM todos WHERE title = ? AND done = ? ORDER BY id DESC LIMIT 10
      """
    let error = try #require(throws: StorageError.self) {
      try database.query(sql, ["x", 0])
    }
    #expect(error.code == StorageError.Code.error)
    #expect(error.sql == sql)
    #expect(error.path == ":memory:")
    #expect(
      error.description
        == "cannot run 'SELEC id, title, done FROM todos WHERE title = ? …' on database "
        + "':memory:': near \"SELEC\": syntax error")
  }

  @Test("a constraint failure carries SQLite's extended code")
  func constraintFailure() throws {
    let error = try #require(throws: StorageError.self) {
      try database.run("INSERT INTO todos (title) VALUES (?)", ["Buy bread"])
    }
    #expect(error.primaryCode == StorageError.Code.constraint)
    #expect(error.code == 2067)  // SQLITE_CONSTRAINT_UNIQUE
    #expect(
      error.description
        == "cannot run 'INSERT INTO todos (title) VALUES (?)' on database ':memory:': "
        + "UNIQUE constraint failed: todos.title")
    // The failed statement was reset: the same statement works again at once.
    #expect(try database.run("INSERT INTO todos (title) VALUES (?)", ["New"]).changes == 1)
  }

  @Test("run and query take exactly one statement")
  func oneStatementOnly() throws {
    let error = try #require(throws: StorageError.self) {
      try database.run("DELETE FROM todos; DROP TABLE todos")
    }
    #expect(
      error.description
        == "cannot run 'DELETE FROM todos; DROP TABLE todos' on database ':memory:': "
        + "run and query take one statement; use execute for several")
    #expect(try database.query("SELECT count(*) FROM todos").first?[0] == .integer(2))
    // Trailing semicolons, spaces and comments are not a second statement.
    #expect(try database.query("SELECT 1; -- the answer\n ").first?[0] == .integer(1))
    #expect(throws: StorageError.self) { try database.query("  -- nothing\n") }
  }

  @Test("the number of bindings must match the statement's parameters")
  func bindingCount() throws {
    let error = try #require(throws: StorageError.self) {
      try database.run("INSERT INTO todos (title, done) VALUES (?, ?)", ["only one"])
    }
    #expect(error.code == StorageError.Code.range)
    #expect(
      error.description
        == "cannot run 'INSERT INTO todos (title, done) VALUES (?, ?)' on database ':memory:': "
        + "the statement has 2 parameters but 1 values were given")
    // A cached statement's earlier bindings never leak into a later call.
    try database.run("UPDATE todos SET done = ? WHERE id = ?", [5, 1])
    #expect(throws: StorageError.self) {
      try database.run("UPDATE todos SET done = ? WHERE id = ?", [5])
    }
  }

  @Test("a repeated statement is prepared once and then reused from the cache")
  func statementCacheReuse() throws {
    let (hitsBefore, missesBefore) = database.connection.withLock { ($0.cacheHits, $0.cacheMisses) }
    for number in 0..<100 {
      try database.run("INSERT INTO todos (title) VALUES (?)", [.text("todo \(number)")])
      _ = try database.query("SELECT count(*) AS n FROM todos WHERE done IS ?", [.null])
    }
    let (hits, misses) = database.connection.withLock { ($0.cacheHits, $0.cacheMisses) }
    #expect(misses - missesBefore == 2)
    #expect(hits - hitsBefore == 198)
    #expect(try database.query("SELECT count(*) FROM todos").first?[0] == .integer(102))
  }

  @Test("the statement cache keeps the most recently used statements, up to its capacity")
  func statementCacheCapacity() throws {
    _ = try database.query("SELECT 'kept'")
    for number in 0..<(Connection.cacheCapacity * 2) {
      _ = try database.query("SELECT \(number)")
      _ = try database.query("SELECT 'kept'")
    }
    let (count, misses) = database.connection.withLock { ($0.cachedStatementCount, $0.cacheMisses) }
    #expect(count == Connection.cacheCapacity)
    _ = try database.query("SELECT 'kept'")
    #expect(database.connection.withLock { $0.cacheMisses } == misses)
  }

  @Test("a cached query sees the columns of a changed schema")
  func schemaChange() throws {
    #expect(
      try database.query("SELECT * FROM todos").first?.columnNames == ["id", "title", "done"])
    try database.execute("ALTER TABLE todos ADD COLUMN note TEXT DEFAULT 'none'")
    let row = try #require(try database.query("SELECT * FROM todos").first)
    #expect(row.columnNames == ["id", "title", "done", "note"])
    #expect(try row.text("note") == "none")
  }
}
