import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite("Opening a database")
struct DatabaseTests {
  @Test("opening creates the file and its missing parent directories")
  func createsFileAndDirectories() throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.path("a/b/c/test.sqlite")
    let database = try Database(path: path)
    #expect(database.path == path)
    #expect(FileManager.default.fileExists(atPath: path))
    try database.execute("CREATE TABLE t (x)")
    #expect(FileManager.default.fileExists(atPath: path + "-wal"))
  }

  @Test("a connection uses WAL, synchronous=NORMAL, a 5 s busy timeout and foreign keys")
  func connectionSettings() throws {
    let temporary = try TemporaryDirectory()
    let database = try Database(path: temporary.path("settings.sqlite"))
    #expect(try database.query("PRAGMA journal_mode").first?[0] == .text("wal"))
    #expect(try database.query("PRAGMA synchronous").first?[0] == .integer(1))
    #expect(try database.query("PRAGMA busy_timeout").first?[0] == .integer(5000))
    #expect(try database.query("PRAGMA foreign_keys").first?[0] == .integer(1))
  }

  @Test("a page size applies to a new file, and a file made before keeps its own")
  func pageSize() throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.path("pages.sqlite")
    do {
      let database = try Database(path: path, pageSize: 16_384)
      try database.execute("CREATE TABLE t (x)")
      #expect(try database.query("PRAGMA page_size").first?[0] == .integer(16_384))
      #expect(try database.query("PRAGMA journal_mode").first?[0] == .text("wal"))
    }
    let older = temporary.path("older.sqlite")
    do {
      let database = try Database(path: older)
      try database.execute("CREATE TABLE t (x)")
    }
    let reopened = try Database(path: older, pageSize: 16_384)
    #expect(try reopened.query("PRAGMA page_size").first?[0] == .integer(4_096))
    #expect(try reopened.query("SELECT count(*) FROM t").first?[0] == .integer(0))
  }

  @Test("a database reopened from its file keeps its data")
  func reopen() throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.path("reopen.sqlite")
    do {
      let database = try Database(path: path)
      try database.execute("CREATE TABLE t (x TEXT)")
      try database.run("INSERT INTO t VALUES (?)", ["kept"])
    }
    let database = try Database(path: path)
    #expect(try database.query("SELECT x FROM t").map { try $0.text("x") } == ["kept"])
  }

  @Test("a parent that is a regular file gives a clear error")
  func parentIsAFile() throws {
    let temporary = try TemporaryDirectory()
    let file = temporary.path("file")
    try Data("not a directory".utf8).write(to: URL(fileURLWithPath: file))
    let path = file + "/state/runs.sqlite"
    let error = try #require(throws: StorageError.self) { try Database(path: path) }
    #expect(error.code == StorageError.Code.cannotOpen)
    #expect(
      error.description
        == "cannot open database '\(path)': cannot create directory '\(file)': not a directory; "
        + "check that the directory exists and is writable")
  }

  @Test("a directory where the file should be gives a clear error")
  func directoryInsteadOfFile() throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.path("runs.sqlite")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let error = try #require(throws: StorageError.self) { try Database(path: path) }
    #expect(error.code == StorageError.Code.cannotOpen)
    #expect(
      error.description
        == "cannot open database '\(path)': unable to open database file; "
        + "check that the directory exists and is writable")
  }

  @Test(
    "an unwritable directory gives a clear error",
    .enabled(if: getuid() != 0, "root may write to any directory"))
  func unwritableDirectory() throws {
    let temporary = try TemporaryDirectory()
    let directory = temporary.path("locked")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    chmod(directory, 0o555)
    defer { chmod(directory, 0o755) }
    let path = directory + "/runs.sqlite"
    let error = try #require(throws: StorageError.self) { try Database(path: path) }
    #expect(
      error.description
        == "cannot open database '\(path)': unable to open database file; "
        + "check that the directory exists and is writable")
    let nested = directory + "/deeper/runs.sqlite"
    let nestedError = try #require(throws: StorageError.self) { try Database(path: nested) }
    #expect(
      nestedError.description
        == "cannot open database '\(nested)': cannot create directory '\(directory)/deeper': "
        + "permission denied; check that the directory exists and is writable")
  }

  @Test("a file that is not a database gives a clear error")
  func notADatabase() throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.path("notes.sqlite")
    try Data(String(repeating: "these are my notes, not a database\n", count: 40).utf8)
      .write(to: URL(fileURLWithPath: path))
    let error = try #require(throws: StorageError.self) { try Database(path: path) }
    #expect(error.code == StorageError.Code.notADatabase)
    #expect(error.path == path)
    #expect(error.localizedDescription == error.description)
    #expect(
      error.description
        == "cannot open database '\(path)': file is not a database; "
        + "move it aside or set INTENTFLOW_HOME to another directory")
  }

  @Test("an in-memory database works and is called ':memory:'")
  func inMemory() throws {
    let database = try Database.inMemory()
    #expect(database.path == ":memory:")
    try database.execute("CREATE TABLE t (x)")
    #expect(try database.run("INSERT INTO t VALUES (1)").changes == 1)
    let other = try Database.inMemory()
    #expect(throws: StorageError.self) { try other.query("SELECT * FROM t") }
  }
}
