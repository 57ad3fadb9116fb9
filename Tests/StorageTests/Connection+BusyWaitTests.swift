import CSQLite
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Storage

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Setting up a file that another connection is setting up")
struct ConnectionBusyWaitTests {
  /// A raw connection in the rollback journal holding the write lock, as a process that is
  /// still setting up a new file does; SQLite refuses a journal-mode change then at once,
  /// without calling its busy handler.
  final class LockHolder {
    var handle: OpaquePointer?

    init(path: String) throws {
      guard sqlite3_open(path, &handle) == SQLITE_OK else { throw CocoaError(.fileReadUnknown) }
      try exec("CREATE TABLE other (x); BEGIN IMMEDIATE; INSERT INTO other VALUES (1)")
    }

    func exec(_ sql: String) throws {
      guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
        throw CocoaError(.fileWriteUnknown)
      }
    }

    deinit { sqlite3_close_v2(handle) }
  }

  @Test("opening waits for the other connection to let go, then uses WAL")
  func opensAfterTheOtherLetsGo() async throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.path("new.sqlite")
    let holder = try LockHolder(path: path)
    let (retried, retry) = AsyncStream.makeStream(of: Int.self)
    let busyWait = BusyWait(
      limit: .seconds(60),
      pause: { attempt in
        retry.yield(attempt)
        usleep(1000)
      })
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        // Ends the stream whatever happens, so that a failure to wait fails the test.
        defer { retry.finish() }
        try await offPool {
          let database = try Database(path: path, busyWait: busyWait)
          try database.migrate(["CREATE TABLE mine (y)"])
          #expect(try database.query("PRAGMA journal_mode").first?[0] == .text("wal"))
          #expect(try database.query("SELECT count(*) FROM other").first?[0] == .integer(1))
        }
      }
      // The opener found the file busy and is waiting: now the holder commits.
      var attempts = retried.makeAsyncIterator()
      #expect(await attempts.next() == 1)
      try holder.exec("COMMIT")
      try await group.waitForAll()
    }
  }

  @Test("a file that stays busy fails after the limit with the busy error")
  func staysBusy() throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.path("busy.sqlite")
    let holder = try LockHolder(path: path)
    let attempts = Mutex(0)
    let busyWait = BusyWait(limit: .zero, pause: { _ in attempts.withLock { $0 += 1 } })
    #expect(throws: StorageError.self) { try Database(path: path, busyWait: busyWait) }
    #expect(attempts.withLock { $0 } == 0)
    _ = holder
  }
}
