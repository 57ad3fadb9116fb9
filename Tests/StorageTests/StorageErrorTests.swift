import Testing

@testable import Storage

@Suite("Error messages")
struct StorageErrorTests {
  @Test(
    "a statement is named by its first words",
    arguments: [
      ("SELECT 1", "SELECT 1"),
      ("  SELECT\n  id,\ttitle\nFROM todos  ", "SELECT id, title FROM todos"),
      (
        "INSERT INTO runs (workflow_name, workflow_path, trigger, started_at) VALUES (?, ?, ?, ?)",
        "INSERT INTO runs (workflow_name, workflow_path, …"
      ),
      (String(repeating: "x", count: 60), String(repeating: "x", count: 48) + "…"),
    ])
  func firstWords(sql: String, expected: String) {
    #expect(StorageError.firstWords(of: sql) == expected)
  }

  @Test("an error made by another module reads like the library's own")
  func publicInitializer() {
    let statement = StorageError(
      code: StorageError.Code.constraint, message: "no such todo", path: "/h/todos.sqlite",
      sql: "UPDATE todos SET done = 1 WHERE id = ?")
    #expect(
      statement.description
        == "cannot run 'UPDATE todos SET done = 1 WHERE id = ?' on database '/h/todos.sqlite': "
        + "no such todo")
    let busy = StorageError(
      code: StorageError.Code.busy, message: "database is locked", path: "/h/todos.sqlite")
    #expect(
      busy.description
        == "cannot use database '/h/todos.sqlite': database is locked; another process kept the "
        + "database locked for more than 5 seconds; try again")
    let advised = StorageError(
      code: StorageError.Code.full, message: "database or disk is full", remedy: "delete old runs")
    #expect(advised.description == "cannot use database: database or disk is full; delete old runs")
  }

  @Test("extended codes keep their primary code")
  func primaryCode() {
    let error = StorageError(code: 2067, message: "UNIQUE constraint failed: t.x")
    #expect(error.primaryCode == StorageError.Code.constraint)
  }

  @Test("leading comments are not part of a statement's name")
  func leadingComments() {
    #expect(
      Connection.droppingLeadingComments("  -- one\n/* two */ -- three\n  SELECT 1 -- four")
        == "SELECT 1 -- four")
    #expect(Connection.droppingLeadingComments("/* unterminated") == "/* unterminated")
  }
}
