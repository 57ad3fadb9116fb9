import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite("Keeping the write-ahead log short")
struct DatabaseLogTests {
  @Test("a log longer than the limit is emptied into the database; a shorter one is left")
  func trims() throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.path("log.sqlite")
    let database = try Database(path: path)
    try database.execute("CREATE TABLE t (x TEXT)")
    for index in 0..<50 {
      try database.run(
        "INSERT INTO t (x) VALUES (?)", [.text(String(repeating: "x", count: 500) + "\(index)")])
    }
    let before = try logSize(path)
    #expect(before > 16 << 10)
    #expect(!database.trimLog(longerThan: before))
    #expect(try logSize(path) == before)
    #expect(database.trimLog(longerThan: 16 << 10))
    #expect(try logSize(path) == 0)
    #expect(try database.query("PRAGMA busy_timeout").first?[0] == .integer(5000))
    let reopened = try Database(path: path)
    #expect(try reopened.query("SELECT count(*) FROM t").first?[0] == .integer(50))
  }

  @Test("a log is left while another connection writes, without waiting for it")
  func givesWayToAWriter() throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.path("busy.sqlite")
    let trimmer = try Database(path: path)
    let writer = try Database(path: path)
    try writer.execute("CREATE TABLE t (x INTEGER)")
    var trimmedDuringWrite = true
    try writer.transaction { transaction in
      try transaction.run("INSERT INTO t (x) VALUES (1)")
      trimmedDuringWrite = trimmer.trimLog(longerThan: 0)
    }
    #expect(!trimmedDuringWrite)
    #expect(try logSize(path) > 0)
    #expect(trimmer.trimLog(longerThan: 0))
    #expect(try writer.query("SELECT x FROM t").first?[0] == .integer(1))
  }

  @Test("a database in memory has no log to trim")
  func inMemory() throws {
    #expect(!(try Database.inMemory()).trimLog(longerThan: 0))
  }

  private func logSize(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path + "-wal")
    return (attributes[.size] as? Int) ?? -1
  }
}
