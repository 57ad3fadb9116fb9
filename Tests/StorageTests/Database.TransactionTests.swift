import Storage
import Testing

@Suite("Transactions")
struct TransactionTests {
  struct Refusal: Error {}

  let database: Database

  init() throws {
    database = try Database.inMemory()
    try database.execute("CREATE TABLE t (x INTEGER UNIQUE)")
  }

  func values() throws -> [Int64] {
    try database.query("SELECT x FROM t ORDER BY x").compactMap { try $0.int("x") }
  }

  @Test("a transaction commits what its body did and returns the body's value")
  func commits() throws {
    let total = try database.transaction { transaction in
      for number in 1...3 {
        try transaction.run("INSERT INTO t VALUES (?)", [.integer(Int64(number))])
      }
      return try transaction.query("SELECT sum(x) AS total FROM t").first?.int("total")
    }
    #expect(total == 6)
    #expect(try values() == [1, 2, 3])
  }

  @Test("a transaction rolls back when its body throws, and rethrows the body's error")
  func rollsBackOnThrow() throws {
    try database.run("INSERT INTO t VALUES (1)")
    #expect(throws: Refusal.self) {
      try database.transaction { transaction in
        try transaction.run("INSERT INTO t VALUES (2)")
        try transaction.execute("INSERT INTO t VALUES (3); INSERT INTO t VALUES (4)")
        throw Refusal()
      }
    }
    #expect(try values() == [1])
    // The connection is usable again, and not stuck in a transaction.
    try database.transaction { try $0.run("INSERT INTO t VALUES (5)") }
    #expect(try values() == [1, 5])
  }

  @Test("a failing statement in the body rolls back the statements before it")
  func rollsBackOnStatementError() throws {
    try database.run("INSERT INTO t VALUES (1)")
    let error = try #require(throws: StorageError.self) {
      try database.transaction { transaction in
        try transaction.run("INSERT INTO t VALUES (2)")
        try transaction.run("INSERT INTO t VALUES (1)")
      }
    }
    #expect(error.primaryCode == StorageError.Code.constraint)
    #expect(try values() == [1])
  }

  @Test("using the database itself inside a transaction's body is refused, not a deadlock")
  func reentrancyIsRefused() throws {
    let error = try #require(throws: StorageError.self) {
      try database.transaction { transaction in
        try transaction.run("INSERT INTO t VALUES (1)")
        try database.run("INSERT INTO t VALUES (2)")
      }
    }
    #expect(error.code == StorageError.Code.misuse)
    #expect(
      error.description
        == "cannot use database ':memory:': a transaction on it is running on this thread; "
        + "inside a transaction's body, use the transaction the body is given")
    #expect(throws: StorageError.self) {
      try database.transaction { _ in try database.transaction { _ in } }
    }
    #expect(try values() == [])
  }

  @Test("a transaction used after its body has returned is refused")
  func escapedTransaction() throws {
    var escaped: Database.Transaction?
    try database.transaction { escaped = $0 }
    let transaction = try #require(escaped)
    let error = try #require(throws: StorageError.self) {
      try transaction.run("INSERT INTO t VALUES (1)")
    }
    #expect(
      error.description
        == "cannot use a transaction on database ':memory:': its transaction has ended; "
        + "use a transaction only inside the body it is given to")
    #expect(throws: StorageError.self) { try transaction.query("SELECT 1") }
    #expect(throws: StorageError.self) { try transaction.execute("SELECT 1") }
  }

  @Test("other tasks wait for a transaction and then see all of it")
  func otherTasksWait() async throws {
    let database = self.database
    try await withThrowingTaskGroup(of: Void.self) { group in
      for worker in 0..<4 {
        group.addTask {
          for round in 0..<50 {
            try database.transaction { transaction in
              let base = Int64(worker * 1000 + round * 10)
              try transaction.run("INSERT INTO t VALUES (?)", [.integer(base)])
              try transaction.run("INSERT INTO t VALUES (?)", [.integer(base + 1)])
            }
            let count = try database.query("SELECT count(*) AS n FROM t").first?.int("n") ?? 1
            #expect(count % 2 == 0)
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(try values().count == 400)
  }
}
