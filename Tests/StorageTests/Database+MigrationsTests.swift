import Storage
import TestSupport
import Testing

@Suite("Migrations")
struct MigrationTests {
  static let first = "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)"
  static let second = """
    ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX notes_pinned ON notes (pinned);
    """

  @Test("migrations run once each and record the schema version")
  func runOnce() throws {
    let database = try Database.inMemory()
    #expect(try database.schemaVersion() == 0)
    try database.migrate([Self.first, Self.second])
    #expect(try database.schemaVersion() == 2)
    try database.run("INSERT INTO notes (body, pinned) VALUES ('hello', 1)")
    // Again: nothing runs (CREATE TABLE would fail if it did), nothing is lost.
    try database.migrate([Self.first, Self.second])
    #expect(try database.schemaVersion() == 2)
    #expect(try database.query("SELECT body FROM notes").first?.text("body") == "hello")
  }

  @Test("only the migrations after the database's version are run")
  func upgrade() throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.path("notes.sqlite")
    try Database(path: path).migrate([Self.first])
    let database = try Database(path: path)
    try database.migrate([Self.first, Self.second])
    #expect(try database.schemaVersion() == 2)
    #expect(
      try database.query("PRAGMA table_info(notes)").compactMap { try $0.text("name") }
        == ["id", "body", "pinned"])
  }

  @Test("a database newer than the known migrations is refused")
  func newerIsRefused() throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.path("notes.sqlite")
    try Database(path: path).migrate([Self.first, Self.second])
    let error = try #require(throws: StorageError.self) {
      try Database(path: path).migrate([Self.first])
    }
    #expect(
      error.description
        == "cannot use database '\(path)': its schema version 2 is newer than this intentflow "
        + "knows (1); it was written by a newer intentflow; upgrade intentflow, or set "
        + "INTENTFLOW_HOME to another directory")
  }

  @Test("a failing migration leaves the database as it was")
  func failureIsAtomic() throws {
    let database = try Database.inMemory()
    let error = try #require(throws: StorageError.self) {
      try database.migrate([Self.first, "CREATE INDEX x ON notes (body); CREATE TABEL oops (x)"])
    }
    #expect(
      error.description
        == "cannot migrate to schema version 2 with 'CREATE TABEL oops (x)' in database "
        + "':memory:': near \"TABEL\": syntax error")
    #expect(try database.schemaVersion() == 0)
    #expect(try database.query("SELECT name FROM sqlite_schema").isEmpty)
  }

  @Test("processes opening a new file at once migrate it exactly once")
  func concurrentMigration() async throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.path("new/notes.sqlite")
    // Not idempotent: a second run would fail or insert a second row.
    let migrations = [Self.first + "; INSERT INTO notes (body) VALUES ('created')", Self.second]
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<6 {
        group.addTask { try Database(path: path).migrate(migrations) }
      }
      try await group.waitForAll()
    }
    let database = try Database(path: path)
    #expect(try database.schemaVersion() == 2)
    #expect(try database.query("SELECT count(*) AS n FROM notes").first?.int("n") == 1)
  }
}
